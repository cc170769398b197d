//! The small boards' layers and the count of shortest solutions, for Python
//! (bookgen/puzzles/sliding/scramble.py and shortest.py): positions in tile numbers,
//! 0 the blank, as tuples in and out.
//!
//! Both run with Python's lock released, taking it back every 65,536 positions through
//! the engine's one Watch (py/stop.rs): the signal handlers, and the Deadline if given.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::board::Geometry;
use super::count::{self, Bound as CountBound};
use super::layers::Layers;
use super::python::geometry;
use crate::py::errors::{Error, Result};
use crate::py::stop::{Deadline, Watch};

fn position_of(board: &Geometry, tiles: &[u8], what: &str) -> Result<()> {
    board
        .check_position(tiles, 0)
        .map_err(|why| Error::Invalid(format!("the {what}: {why}")))
}

/// Every position of a small board grouped by its exact distance from `goal`, each
/// layer in ascending order (layers.rs). Python keeps a few (scramble.distance_layers).
#[pyclass(frozen, name = "SlidingLayers", module = "bookgen._engine")]
pub struct SlidingLayers {
    layers: Layers,
}

#[pymethods]
impl SlidingLayers {
    /// Breadth-first search from `goal` (tiles, 0 the blank) on a board of at most 9 cells.
    #[staticmethod]
    #[pyo3(signature = (goal, rows, cols, deadline = None))]
    fn build(
        py: Python<'_>,
        goal: Vec<u8>,
        rows: usize,
        cols: usize,
        deadline: Option<&Deadline>,
    ) -> Result<Self> {
        let board = geometry(rows, cols)?;
        Layers::check(&board, &goal).map_err(Error::Invalid)?;
        let mut watch = Watch::new(deadline);
        let built = py.detach(|| Layers::build(&board, &goal, &mut watch));
        match built {
            Ok(layers) => Ok(SlidingLayers { layers }),
            Err(_) => Err(watch.error("the deadline passed during the build")),
        }
    }

    /// How many layers: the longest distance plus one.
    fn __len__(&self) -> usize {
        self.layers.len()
    }

    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.layers.goal)
    }

    #[getter]
    fn rows(&self) -> usize {
        self.layers.rows
    }

    #[getter]
    fn cols(&self) -> usize {
        self.layers.cols
    }

    /// How many positions are exactly `distance` moves from the goal.
    fn size(&self, distance: usize) -> Result<usize> {
        self.layers.size(distance).ok_or_else(|| {
            Error::Invalid(format!(
                "no layer {distance}: the longest distance is {}",
                self.layers.len() - 1
            ))
        })
    }

    /// The `k`-th position (from 0) of layer `distance`, in ascending order of the tuples.
    fn position<'py>(
        &self,
        py: Python<'py>,
        distance: usize,
        k: usize,
    ) -> Result<Bound<'py, PyTuple>> {
        let size = self.size(distance)?;
        let position = self.layers.position(distance, k).ok_or_else(|| {
            Error::Invalid(format!(
                "layer {distance} has {size} positions, not {}",
                k + 1
            ))
        })?;
        PyTuple::new(py, position).map_err(Error::Raised)
    }

    /// A position's distance from the goal; None when the goal cannot reach it.
    fn distance(&self, position: Vec<u8>) -> Result<Option<u8>> {
        let board = geometry(self.layers.rows, self.layers.cols)?;
        position_of(&board, &position, "position")?;
        Ok(self.layers.distance(&position))
    }
}

/// How many different sequences of `length` moves (the shortest distance) take `start`
/// to `goal` (tiles, 0 the blank): bounded by `layers`' exact distances when given
/// (they must be this goal's), else by the Manhattan distance with at most `budget`
/// counts remembered (None: no limit). None when that budget ran out (count.rs): the
/// count is then not known, an answer rather than a failure.
#[pyfunction]
#[pyo3(signature = (start, goal, rows, cols, length, budget = None, layers = None, deadline = None))]
#[allow(clippy::too_many_arguments)]
pub fn sliding_count_shortest(
    py: Python<'_>,
    start: Vec<u8>,
    goal: Vec<u8>,
    rows: usize,
    cols: usize,
    length: u32,
    budget: Option<usize>,
    layers: Option<&SlidingLayers>,
    deadline: Option<&Deadline>,
) -> Result<Option<u128>> {
    let board = geometry(rows, cols)?;
    position_of(&board, &start, "start")?;
    position_of(&board, &goal, "goal")?;
    let layers = layers.map(|l| &l.layers);
    if let Some(layers) = layers {
        if (layers.rows, layers.cols) != (rows, cols) || layers.goal != goal {
            return Err(Error::Invalid(format!(
                "the layers are of goal {:?} on a {}x{} board, not of this goal",
                layers.goal, layers.rows, layers.cols
            )));
        }
    }
    let mut watch = Watch::new(deadline);
    let counted = py.detach(|| {
        let bound = match layers {
            Some(layers) => CountBound::Exact(layers),
            None => CountBound::Manhattan,
        };
        count::count_shortest(&board, &start, &goal, length, bound, budget, &mut watch)
    });
    counted.map_err(|_| watch.error("the deadline passed during the count"))
}
