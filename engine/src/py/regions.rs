//! Jigsaw layouts for Python: a partition of the grid shuffled by the engine.

use pyo3::prelude::*;

use super::errors::{Error, Result};
use crate::regions::{self, Topology};
use crate::rng::Rng;

/// A jigsaw layout: the partition `start` (a region index per cell, reading order) of a
/// size x size grid (a torus when `torus`) shuffled by `swaps` region swaps, the second
/// half biased towards compact pieces by `compact`, drawn from the engine's random source
/// seeded with `seed`.
#[pyfunction]
pub fn shuffle_regions(
    size: usize,
    torus: bool,
    start: Vec<u8>,
    swaps: usize,
    compact: f64,
    seed: u64,
) -> Result<Vec<u8>> {
    if size == 0 || size * size > crate::cellset::MAX_CELLS || start.len() != size * size {
        return Err(Error::invalid(
            "a layout is one region per cell of a square grid",
        ));
    }
    if start.iter().any(|&r| r as usize >= size) {
        return Err(Error::invalid("a region index is below the grid's size"));
    }
    let mut region_of = start;
    regions::shuffle(
        &mut region_of,
        &Topology::new(size, torus),
        swaps,
        compact,
        &mut Rng::new(seed),
    );
    Ok(region_of)
}
