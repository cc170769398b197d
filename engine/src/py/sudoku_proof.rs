//! A printed sudoku (or any puzzle of groups and signs alone) proved again in one
//! crossing, for its `certify`: graded from its givens with every level of the ladder,
//! and its solutions counted by the search from the same givens. Python paid for the two
//! the long way (a model rebuilt, a board made, the grid's values read back cell by cell,
//! the givens converted twice), which cost a 9x9 easy sudoku more than both proofs did.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::errors::{Error, Result};
use super::grid::{Grid, Ladder};
use super::stop::Watch;
use crate::families::{self, Family};
use crate::grader::Ending;
use crate::search::{Budget, Count, Stop};

/// A proof's answer: (how the grader ended: "solved", "impossible" or "unfinished"; the
/// hardest level it used, or -1; its grid when it solved the puzzle, else None; the
/// search's solutions, up to two). Each grid a tuple of rows of symbols, as Python's
/// grids are, so the caller compares them with the printed answer as they come.
type Proved<'py> = (
    &'static str,
    i32,
    Option<Bound<'py, PyTuple>>,
    Bound<'py, PyTuple>,
);

/// The puzzle on `grid` (its cells numbered row by row, `cols` to a row) with `givens`
/// as the model holds them, (row, column, symbol), graded with every level of `ladder`
/// (a plain one) and its solutions counted up to two.
#[pyfunction]
#[pyo3(signature = (grid, ladder, cols, givens))]
pub fn plain_prove<'py>(
    py: Python<'py>,
    grid: &Grid,
    ladder: &Ladder,
    cols: usize,
    givens: Vec<(usize, usize, i64)>,
) -> Result<Proved<'py>> {
    let n = grid.cells();
    if ladder.family != Family::Plain || cols == 0 || !n.is_multiple_of(cols) || !grid.cages_free()
    {
        return Err(Error::invalid(
            "a plain puzzle is proved on a grid of whole rows without cages, with a plain ladder",
        ));
    }
    let symbols = grid.symbols();
    let mut pairs = Vec::with_capacity(givens.len());
    for (r, c, v) in givens {
        let k = symbols.iter().position(|&s| s == v);
        match k {
            Some(k) if c < cols && r * cols + c < n => pairs.push((r * cols + c, k)),
            _ => return Err(Error::invalid("a given outside the grid or not a symbol")),
        }
    }
    let mut watch = Watch::new(None);
    // The grid's own tables, shared: a copy of them cost more than the proof.
    let shape = grid.shared_shape();
    let (graded, counted) = py.detach(|| {
        let graded = families::Board::new(shape, &pairs, Family::Plain)
            .ok()
            .map(|mut board| {
                let grade = families::grade(&mut board, &ladder.levels, None, false);
                (grade.ending, grade.level, board.board.cand)
            });
        let mut check = || watch.stop();
        (graded, count(grid, &pairs, &mut check))
    });
    let count = match counted {
        Ok(count) => count,
        Err(Stop::NodeLimit) => return Err(Error::SearchAborted("the node limit ran out")),
        Err(Stop::Interrupted) => return Err(watch.error("the search was interrupted")),
    };
    let (ending, level, grid_out) = match graded {
        None => ("impossible", -1, None),
        Some((ending, level, cand)) => {
            let said = match ending {
                Ending::Solved => "solved",
                Ending::Impossible => "impossible",
                Ending::Unfinished => "unfinished",
            };
            let values = match ending {
                Ending::Solved => {
                    let indices: Vec<u8> = cand.iter().map(|&m| m.trailing_zeros() as u8).collect();
                    Some(rows_out(py, &indices, cols, symbols)?)
                }
                _ => None,
            };
            (said, level, values)
        }
    };
    let mut grids = Vec::with_capacity(count.solutions.len());
    for solution in &count.solutions {
        grids.push(rows_out(py, solution, cols, symbols)?);
    }
    Ok((
        ending,
        level,
        grid_out,
        PyTuple::new(py, grids).map_err(Error::Raised)?,
    ))
}

/// Solutions from the givens, up to two, by the grid's own search.
fn count(
    grid: &Grid,
    givens: &[(usize, usize)],
    check: &mut dyn FnMut() -> bool,
) -> std::result::Result<Count, Stop> {
    match grid.own_search() {
        Some(own) => own.count(givens, 2, None, check),
        None => grid
            .solver()
            .count(givens, 2, &mut Budget::new(None, check)),
    }
}

/// Symbol indices in cell order as rows of symbols.
fn rows_out<'py>(
    py: Python<'py>,
    indices: &[u8],
    cols: usize,
    symbols: &[i64],
) -> Result<Bound<'py, PyTuple>> {
    let mut rows = Vec::with_capacity(indices.len() / cols);
    for row in indices.chunks(cols) {
        rows.push(
            PyTuple::new(py, row.iter().map(|&k| symbols[k as usize])).map_err(Error::Raised)?,
        );
    }
    PyTuple::new(py, rows).map_err(Error::Raised)
}
