//! The Python face of the engine (`bookgen._engine`), registered here and only here:
//! every name Python sees is added by `_engine` below, and typed by bookgen/_engine.pyi
//! (which a test checks against this module with mypy's stubtest).
//!
//! Whole boards cross the boundary, never single cells or steps. A call returns its
//! answer or raises one of the exceptions of `errors` (one enum here, one exception
//! family there, which bookgen's bridge turns into bookgen.errors' own); a long call
//! runs without the GIL and is stopped one way, by its `stop::Watch` (signals, and the
//! caller's Deadline).

mod aim;
mod cages;
mod convert;
pub mod errors;
pub mod grid;
mod kenken_generate;
mod kenken_proof;
mod regions;
mod signed;
pub mod stop;
mod sudoku_proof;

use pyo3::prelude::*;

use crate::killer::generate::python as killer;
use crate::sliding::{python as sliding, python_layers as sliding_layers};

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
    let py = m.py();
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(source_digest, m)?)?;
    // How a call fails, and how a long one is stopped.
    m.add("EngineError", py.get_type::<errors::EngineError>())?;
    m.add("InvalidRequest", py.get_type::<errors::InvalidRequest>())?;
    m.add("Contradiction", py.get_type::<errors::Contradiction>())?;
    m.add("CageTooLarge", py.get_type::<errors::CageTooLarge>())?;
    m.add("SearchAborted", py.get_type::<errors::SearchAborted>())?;
    m.add("DeadlinePassed", py.get_type::<errors::DeadlinePassed>())?;
    m.add("NotFound", py.get_type::<errors::NotFound>())?;
    m.add_class::<stop::Deadline>()?;
    // Grids, their search and the grader.
    m.add_class::<grid::Grid>()?;
    m.add_class::<grid::Ladder>()?;
    m.add_class::<grid::Board>()?;
    m.add_function(wrap_pyfunction!(cages::value_tuples, m)?)?;
    m.add_function(wrap_pyfunction!(regions::shuffle_regions, m)?)?;
    m.add_function(wrap_pyfunction!(signed::signed_grid, m)?)?;
    m.add_function(wrap_pyfunction!(aim::aim_plain, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_proof::plain_prove, m)?)?;
    // The families' generators.
    m.add_class::<kenken_generate::KenKenRequest>()?;
    m.add_function(wrap_pyfunction!(kenken_generate::kenken_generate, m)?)?;
    m.add_function(wrap_pyfunction!(kenken_generate::kenken_random_caging, m)?)?;
    m.add_function(wrap_pyfunction!(kenken_proof::kenken_prove, m)?)?;
    m.add_function(wrap_pyfunction!(kenken_proof::kenken_certify, m)?)?;
    m.add_function(wrap_pyfunction!(killer::generate_killer, m)?)?;
    // Sliding tiles.
    m.add_class::<sliding::SlidingPatterns>()?;
    m.add_function(wrap_pyfunction!(sliding::sliding_search, m)?)?;
    m.add_function(wrap_pyfunction!(sliding::sliding_lower_bound, m)?)?;
    m.add_class::<sliding_layers::SlidingLayers>()?;
    m.add_function(wrap_pyfunction!(sliding_layers::sliding_count_shortest, m)?)?;
    Ok(())
}
