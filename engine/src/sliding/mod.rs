//! Sliding-tile puzzles: optimal and weighted IDA* over Manhattan distance + linear
//! conflict, or over additive pattern databases looked up with the mirror position too.
//!
//! Python keeps the puzzles' policy (bookgen/puzzles/sliding/): which goal, the label
//! frame a position is searched in, the scrambles' randomness, the tables' disk cache,
//! the constructive fallback. Here is only the search and the tables' building.

pub mod board;
pub mod count;
pub mod ida;
pub mod layers;
pub mod manhattan;
pub mod patterns;
mod python;
mod python_layers;
pub mod tables;

#[cfg(test)]
mod tests;

use pyo3::prelude::*;

/// Adds the sliding engine to the Python module `bookgen._engine`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<python::SlidingPatterns>()?;
    module.add_function(wrap_pyfunction!(python::sliding_search, module)?)?;
    module.add_function(wrap_pyfunction!(python::sliding_lower_bound, module)?)?;
    module.add_class::<python_layers::SlidingLayers>()?;
    module.add_function(wrap_pyfunction!(
        python_layers::sliding_count_shortest,
        module
    )?)?;
    Ok(())
}
