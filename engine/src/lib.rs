//! bookgen's engine, exposed to Python as `bookgen._engine`: the constraint model over
//! bitsets (groups, cages, inequalities), propagation and solution counting (search), the human-technique grader with
//! a step log and the shared techniques (grader), the families that plug their own rules
//! and techniques into it (kenken, killer; chosen by name in families), and the Python
//! face (py). This file only registers the module.

pub mod cellset;
pub mod families;
pub mod grader;
pub mod inequality;
pub mod kenken;
pub mod killer;
pub mod py;
pub mod regions;
pub mod rng;
pub mod search;
pub mod sliding;

use pyo3::prelude::*;

/// The engine's version, to check the extension matches the Python package.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// A digest of the engine's source at build time (see build.rs): part of the key of every
/// puzzle kept between builds, so a changed engine never serves a puzzle an older one made.
#[pyfunction]
fn source_digest() -> &'static str {
    env!("ENGINE_SOURCE_DIGEST")
}

#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(source_digest, m)?)?;
    sliding::register(m)?;
    killer::generate::python::register(m)?;
    py::register(m)
}
