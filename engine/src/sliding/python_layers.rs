//! The small boards' layers and the count of shortest solutions, for Python
//! (bookgen/puzzles/sliding/scramble.py and shortest.py): positions in tile numbers,
//! 0 the blank, as tuples in and out.
//!
//! Both run with Python's lock released, taking it back every 65,536 positions to run
//! the signal handlers (python.rs's watch, with no deadline: neither had one in Python).

use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::board::Geometry;
use super::count::{self, Bound as CountBound};
use super::layers::Layers;
use super::python::{PythonWatch, Stop};

fn value_error(message: String) -> PyErr {
    PyValueError::new_err(message)
}

fn position_of(board: &Geometry, tiles: &[u8], what: &str) -> PyResult<()> {
    board
        .check_position(tiles, 0)
        .map_err(|why| value_error(format!("the {what}: {why}")))
}

fn stopped(stop: Stop) -> PyErr {
    match stop {
        Stop::Raised(error) => error,
        // No deadline is given here, so this does not happen.
        Stop::Expired => PyRuntimeError::new_err("the search was stopped"),
    }
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
    fn build(py: Python<'_>, goal: Vec<u8>, rows: usize, cols: usize) -> PyResult<Self> {
        let board = Geometry::new(rows, cols).map_err(value_error)?;
        Layers::check(&board, &goal).map_err(value_error)?;
        let built = py.detach(|| {
            let mut watch = PythonWatch { expired: None };
            Layers::build(&board, &goal, &mut watch)
        });
        built
            .map(|layers| SlidingLayers { layers })
            .map_err(stopped)
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
    fn size(&self, distance: usize) -> PyResult<usize> {
        self.layers.size(distance).ok_or_else(|| {
            PyIndexError::new_err(format!(
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
    ) -> PyResult<Bound<'py, PyTuple>> {
        let size = self.size(distance)?;
        let position = self.layers.position(distance, k).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "layer {distance} has {size} positions, not {}",
                k + 1
            ))
        })?;
        PyTuple::new(py, position)
    }

    /// A position's distance from the goal; None when the goal cannot reach it.
    fn distance(&self, position: Vec<u8>) -> PyResult<Option<u8>> {
        let board = Geometry::new(self.layers.rows, self.layers.cols).map_err(value_error)?;
        position_of(&board, &position, "position")?;
        Ok(self.layers.distance(&position))
    }
}

/// How many different sequences of `length` moves (the shortest distance) take `start`
/// to `goal` (tiles, 0 the blank): bounded by `layers`' exact distances when given
/// (they must be this goal's), else by the Manhattan distance with at most `budget`
/// counts remembered (None: no limit). None when the budget ran out (count.rs).
#[pyfunction]
#[pyo3(signature = (start, goal, rows, cols, length, budget = None, layers = None))]
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
) -> PyResult<Option<u128>> {
    let board = Geometry::new(rows, cols).map_err(value_error)?;
    position_of(&board, &start, "start")?;
    position_of(&board, &goal, "goal")?;
    let layers = layers.map(|l| &l.layers);
    if let Some(layers) = layers {
        if (layers.rows, layers.cols) != (rows, cols) || layers.goal != goal {
            return Err(value_error(format!(
                "the layers are of goal {:?} on a {}x{} board, not of this goal",
                layers.goal, layers.rows, layers.cols
            )));
        }
    }
    let counted = py.detach(|| {
        let mut watch = PythonWatch { expired: None };
        let bound = match layers {
            Some(layers) => CountBound::Exact(layers),
            None => CountBound::Manhattan,
        };
        count::count_shortest(&board, &start, &goal, length, bound, budget, &mut watch)
    });
    counted.map_err(stopped)
}
