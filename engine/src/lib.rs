//! bookgen's engine, exposed to Python as `bookgen._engine`: the constraint model over
//! bitsets, propagation and solution counting (search), the human-technique grader with
//! a step log (grader, techniques), and the Python face (py). This file only registers
//! the module.

pub mod cellset;
pub mod grader;
pub mod killer;
pub mod py;
pub mod search;
pub mod techniques;

use pyo3::prelude::*;

/// The engine's version, to check the extension matches the Python package.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    py::register(m)
}
