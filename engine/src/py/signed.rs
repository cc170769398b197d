//! Full grids drawn for a greater-than sudoku's signs: a grid's signs alone (no givens)
//! already decide how hard a puzzle on it can be, since givens only ever make a puzzle
//! easier. A generator aiming at a level wants a grid whose signs alone take the level's
//! own techniques and still stall (then givens can finish it at that level); grids whose
//! signs alone are easier are hopeless, and on a 6x6 they are half of all grids. Drawn
//! and graded here, the signs never cross to Python for a grid that is thrown away.

use std::sync::Arc;

use pyo3::prelude::*;

use super::errors::{Error, Result};
use super::grid::{Grid, Ladder};
use super::stop::{Deadline, Watch};
use crate::families::{self, Ending};
use crate::inequality::Inequality;
use crate::rng::Rng;
use crate::search::{Budget, Stop};

/// Random full grids of a grid without signs, each given a sign between the two cells of
/// every pair of `pairs` (pointing at the smaller symbol), until one whose signs alone,
/// graded with the ladder's levels up to `level`, use a technique of `level` itself:
/// (that grid as symbol indices per cell, or None when `tries` grids were drawn first or
/// the grid has no solution at all; how many grids were drawn). The search's branchings
/// are shuffled by the engine's random source seeded with `seed`.
#[pyfunction]
#[pyo3(signature = (grid, pairs, ladder, level, seed, tries, deadline=None))]
#[allow(clippy::too_many_arguments)]
pub fn signed_grid(
    py: Python<'_>,
    grid: &Grid,
    pairs: Vec<(usize, usize)>,
    ladder: &Ladder,
    level: usize,
    seed: u64,
    tries: u32,
    deadline: Option<&Deadline>,
) -> Result<(Option<Vec<u8>>, u32)> {
    let n = grid.cells();
    if pairs.iter().any(|&(a, b)| a >= n || b >= n || a == b) {
        return Err(Error::invalid("a pair is two different cells of the grid"));
    }
    if !grid.is_bare() || level >= ladder.levels.len() {
        return Err(Error::invalid(
            "signs are drawn on a grid without signs or cages, for a level of the ladder",
        ));
    }
    let mut watch = Watch::new(deadline);
    let found = py.detach(|| {
        let mut rng = Rng::new(seed);
        let mut order = |mut bits: Vec<u64>| {
            rng.shuffle(&mut bits);
            bits
        };
        let mut check = || watch.stop();
        let mut budget = Budget::new(None, &mut check);
        for drawn in 1..=tries {
            let Some(solution) = grid.solver().random_solution(&mut budget, &mut order)? else {
                return Ok((None, drawn));
            };
            if reaches(grid, &solution, &pairs, ladder, level) {
                return Ok((Some(solution), drawn));
            }
        }
        Ok((None, tries))
    });
    match found {
        Ok(answer) => Ok(answer),
        Err(Stop::NodeLimit) => Err(Error::SearchAborted("the node limit ran out")),
        Err(Stop::Interrupted) => Err(watch.error("the deadline passed during the search")),
    }
}

/// Whether the signs a full grid puts on `pairs`, with no givens, take a technique of
/// `level` (graded easiest first, up to `level`) and are not solved below it.
fn reaches(
    grid: &Grid,
    solution: &[u8],
    pairs: &[(usize, usize)],
    ladder: &Ladder,
    level: usize,
) -> bool {
    let signs: Vec<Inequality> = pairs
        .iter()
        .map(|&(a, b)| {
            if solution[a] < solution[b] {
                Inequality {
                    smaller: a,
                    larger: b,
                }
            } else {
                Inequality {
                    smaller: b,
                    larger: a,
                }
            }
        })
        .collect();
    let shape = Arc::new(grid.shape().clone().with_inequalities(&signs));
    let Ok(mut board) = families::Board::new(shape, &[], ladder.family) else {
        return false; // no givens, and the signs hold in the grid: never
    };
    let graded = families::grade(&mut board, &ladder.levels, Some(level), false);
    graded.level == level as i32 && graded.ending != Ending::Impossible
}
