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
pub mod python;
pub mod python_layers;
pub mod tables;

#[cfg(test)]
mod tests;
