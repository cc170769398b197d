//! bookgen's engine, exposed to Python as `bookgen._engine`. This file only registers
//! the module; each area of the domain lives in its own module.

use pyo3::prelude::*;

/// The engine's version, to check the extension matches the Python package.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    Ok(())
}
