//! A printed KenKen proved again before print, as Python asks it: `kenken_prove` answers
//! with the grader's grid and the search's solutions (the general way, which says what
//! is wrong), `kenken_certify` with whether both agree with the printed answer (every
//! puzzle's `certify`, nothing built for Python). Both grade from an empty board with
//! every level and count the solutions from an empty grid (engine/src/kenken/proof.rs).

use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use super::errors::{Error, Result};
use super::grid::Ladder;
use super::kenken_generate::rows_out;
use super::stop::Watch;
use crate::families::Family;
use crate::grader::Ending;
use crate::kenken::generate;
use crate::kenken::proof::{self, Proof};
use crate::search::{Budget, CageSpec, Stop};

/// A cage as Python's model holds it, for a proof: cells as (row, column), sign ("?" for
/// a hidden one), target.
type CageIn = (Vec<(usize, usize)>, String, i128);

/// A proof's answer to Python: (ending, hardest level or -1, the grader's grid when it
/// solved the puzzle, else None, and the search's solutions, up to two, or None); each
/// grid a tuple of rows of digits, as Python's grids are.
type Proved<'py> = (
    &'static str,
    i32,
    Option<Bound<'py, PyTuple>>,
    Option<Bound<'py, PyTuple>>,
);

/// A printed KenKen of side `size` proved again in one crossing (its `certify` and
/// `solve`): graded from an empty board with every level of `ladder`, and its solutions
/// counted by the search from an empty grid (with `always_count`, else only when the
/// grader did not solve it).
#[pyfunction]
#[pyo3(signature = (*, size, cages, ladder, always_count))]
pub fn kenken_prove<'py>(
    py: Python<'py>,
    size: usize,
    cages: Vec<CageIn>,
    ladder: &Ladder,
    always_count: bool,
) -> Result<Proved<'py>> {
    check_size(ladder, size)?;
    let mut specs = Vec::with_capacity(cages.len());
    for (cells, op, target) in cages {
        let numbers = cells
            .iter()
            .map(|&(r, c)| cell_number(size, r, c))
            .collect::<Result<Vec<usize>>>()?;
        specs.push(spec(numbers, &op, target)?);
    }
    let proof = run(py, size, &specs, ladder, always_count)?;
    let ending = match proof.ending {
        Ending::Solved => "solved",
        Ending::Impossible => "impossible",
        Ending::Unfinished => "unfinished",
    };
    // Digits 1..size (the engine's symbol indices plus one) in rows.
    let graded = match proof.ending {
        Ending::Solved => Some(rows_out(py, &proof.values, size, 1)?),
        _ => None,
    };
    let counted = match proof.count {
        Some(count) => {
            let mut grids = Vec::with_capacity(count.solutions.len());
            for s in &count.solutions {
                grids.push(rows_out(py, s, size, 1)?);
            }
            Some(PyTuple::new(py, grids).map_err(Error::Raised)?)
        }
        None => None,
    };
    Ok((ending, proof.level, graded, counted))
}

/// `kenken_prove` with its solutions always counted, read from the model's own cages
/// (objects with `cells`, `op` and `target`, as bookgen.model.Cage) and compared here
/// with the printed `answer` (a tuple of rows, tuples of digits): the hardest level the
/// grader used (-1: none) when it solved the puzzle to `answer` and the search found
/// `answer` and no other solution, else None (the caller then asks `kenken_prove`,
/// which says what is wrong). Nothing is built for Python either way.
#[pyfunction]
pub fn kenken_certify(
    py: Python<'_>,
    size: usize,
    cages: &Bound<'_, PyTuple>,
    ladder: &Ladder,
    answer: &Bound<'_, PyAny>,
) -> Result<Option<i32>> {
    check_size(ladder, size)?;
    let mut specs = Vec::with_capacity(cages.len());
    for cage in cages.iter() {
        let cells = cage
            .getattr(pyo3::intern!(py, "cells"))
            .map_err(Error::Raised)?
            .cast_into::<PyTuple>()
            .map_err(|_| Error::invalid("a cage's cells are a tuple"))?;
        let mut numbers = Vec::with_capacity(cells.len());
        for cell in cells.iter() {
            let (r, c): (usize, usize) = cell.extract().map_err(Error::Raised)?;
            numbers.push(cell_number(size, r, c)?);
        }
        let op = cage
            .getattr(pyo3::intern!(py, "op"))
            .map_err(Error::Raised)?;
        let op = op
            .cast::<PyString>()
            .map_err(|_| Error::invalid("a cage's sign is a string"))?
            .to_str()
            .map_err(Error::Raised)?;
        // Read as i64 first (a printed KenKen's target fits), i128's conversion cost
        // 1.5 k instructions a puzzle.
        let target = cage
            .getattr(pyo3::intern!(py, "target"))
            .map_err(Error::Raised)?;
        let target: i128 = match target.extract::<i64>() {
            Ok(target) => i128::from(target),
            Err(_) => target.extract().map_err(Error::Raised)?,
        };
        specs.push(spec(numbers, op, target)?);
    }
    let Some(answer) = digits_of(answer, size) else {
        return Ok(None); // not a grid of tuples of numbers: the general way says what
    };
    let proof = run(py, size, &specs, ladder, true)?;
    let alone = proof
        .count
        .as_ref()
        .is_some_and(|count| count.solutions.len() == 1 && same(&count.solutions[0], &answer));
    let agreed = proof.ending == Ending::Solved && same(&proof.values, &answer) && alone;
    Ok(agreed.then_some(proof.level))
}

/// The answer's digits in reading order, when it is a tuple of `size` tuples of `size`
/// numbers (a grid as Python's models hold them), else None.
fn digits_of(answer: &Bound<'_, PyAny>, size: usize) -> Option<Vec<i64>> {
    let rows = answer.cast::<PyTuple>().ok()?;
    if rows.len() != size {
        return None;
    }
    let mut digits = Vec::with_capacity(size * size);
    for row in rows.iter() {
        let row = row.cast_into::<PyTuple>().ok()?;
        if row.len() != size {
            return None;
        }
        for value in row.iter() {
            digits.push(value.extract::<i64>().ok()?);
        }
    }
    Some(digits)
}

/// Symbol indices (digit minus one) against digits.
fn same(indices: &[u8], digits: &[i64]) -> bool {
    indices.len() == digits.len()
        && indices
            .iter()
            .zip(digits)
            .all(|(&k, &d)| i64::from(k) + 1 == d)
}

fn check_size(ladder: &Ladder, size: usize) -> Result<()> {
    if ladder.family != Family::KenKen || !(1..=generate::MAX_SIDE).contains(&size) {
        return Err(Error::invalid(
            "a KenKen of side 1 to 15 is proved with a KenKen ladder",
        ));
    }
    Ok(())
}

fn cell_number(size: usize, r: usize, c: usize) -> Result<usize> {
    if r >= size || c >= size {
        return Err(Error::invalid(
            "a cage names no cell or one outside the grid",
        ));
    }
    Ok(r * size + c)
}

fn spec(cells: Vec<usize>, op: &str, target: i128) -> Result<CageSpec> {
    if cells.is_empty() {
        return Err(Error::invalid(
            "a cage names no cell or one outside the grid",
        ));
    }
    Ok(CageSpec {
        cells,
        op: super::cages::operation(op)?,
        target,
        distinct: false,
    })
}

/// Graded and counted without the GIL, stopped only by a signal.
fn run(
    py: Python<'_>,
    size: usize,
    specs: &[CageSpec],
    ladder: &Ladder,
    always_count: bool,
) -> Result<Proof> {
    let mut watch = Watch::new(None);
    let proved = py.detach(|| {
        let mut check = || watch.stop();
        proof::prove(
            size,
            specs,
            &ladder.levels,
            always_count,
            &mut Budget::new(None, &mut check),
        )
    });
    match proved {
        Ok(Some(proof)) => Ok(proof),
        Ok(None) => Err(Error::invalid("no grid of that size")),
        Err(Stop::NodeLimit) => Err(Error::SearchAborted("the node limit ran out")),
        Err(Stop::Interrupted) => Err(watch.error("the search was interrupted")),
    }
}
