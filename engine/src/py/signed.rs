//! Full grids drawn for a greater-than sudoku's signs: a grid's signs alone (no givens)
//! already decide how hard a puzzle on it can be, since givens only ever make a puzzle
//! easier. A generator aiming at a level wants a grid whose signs alone take the level's
//! own techniques and still stall, then an orbit of givens that lets the level finish
//! it while the level below still cannot; grids whose signs alone are easier are
//! hopeless, and on a 6x6 they are half of all grids. Drawn and graded here, a grid
//! crosses to Python only with an orbit that makes it a puzzle of the level.

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
/// graded with the ladder's levels up to `level`, are exactly at `level`, or are so once
/// one of `orbits` (cells given together) is given its symbols: (that grid as symbol
/// indices per cell and the orbit's index, None for no givens; or None when `tries` grids
/// were drawn first or the grid has no solution at all; how many grids were drawn). Each
/// orbit is tried on the grader's stalled boards, at the level and the level below. The
/// search's branchings are shuffled by the engine's random source seeded with `seed`.
#[pyfunction]
#[pyo3(signature = (grid, pairs, ladder, level, orbits, seed, tries, deadline=None))]
#[allow(clippy::too_many_arguments)]
pub fn signed_grid(
    py: Python<'_>,
    grid: &Grid,
    pairs: Vec<(usize, usize)>,
    ladder: &Ladder,
    level: usize,
    orbits: Vec<Vec<usize>>,
    seed: u64,
    tries: u32,
    deadline: Option<&Deadline>,
) -> Result<Found> {
    let n = grid.cells();
    let outside = |cells: &[usize]| cells.iter().any(|&c| c >= n);
    if pairs.iter().any(|&(a, b)| a >= n || b >= n || a == b) || orbits.iter().any(|o| outside(o)) {
        return Err(Error::invalid(
            "a pair or orbit names a cell outside the grid",
        ));
    }
    if !grid.is_bare() || level == 0 || level >= ladder.levels.len() {
        return Err(Error::invalid(
            "signs are drawn on a grid without signs or cages, for a level of the ladder past the first",
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
            if let Some(given) = aimed(grid, &solution, &pairs, ladder, level, &orbits) {
                return Ok((Some((solution, given)), drawn));
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

/// What `signed_grid` answers: the grid and the orbit given (None: no givens), or None;
/// and how many grids were drawn.
type Found = (Option<(Vec<u8>, Option<usize>)>, u32);

/// For a full grid's signs: None (no givens) when they alone are exactly at `level`;
/// Some(k) when they are with orbit k given; nothing when neither (or when its signs
/// alone never take a technique of `level`: then no givens can make it that hard).
fn aimed(
    grid: &Grid,
    solution: &[u8],
    pairs: &[(usize, usize)],
    ladder: &Ladder,
    level: usize,
    orbits: &[Vec<usize>],
) -> Option<Option<usize>> {
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
    // No givens, and the signs hold in the grid: a board is always made.
    let mut within = families::Board::new(Arc::clone(&shape), &[], ladder.family).ok()?;
    let graded = families::grade(&mut within, &ladder.levels, Some(level), false);
    if graded.level != level as i32 || graded.ending == Ending::Impossible {
        return None;
    }
    if graded.ending == Ending::Solved {
        return Some(None);
    }
    let mut below = families::Board::new(shape, &[], ladder.family).ok()?;
    families::grade(&mut below, &ladder.levels, Some(level - 1), false);
    let solved_with = |board: &families::Board, orbit: &[usize], up_to: usize| {
        let mut board = board.clone();
        for &i in orbit {
            if !board.placed[i] && board.place(i, 1 << solution[i]).is_err() {
                return false; // the answer's symbols never clash: kept as `given` has it
            }
        }
        let graded = families::grade(&mut board, &ladder.levels, Some(up_to), false);
        graded.ending == Ending::Solved
    };
    orbits
        .iter()
        .position(|orbit| {
            !orbit.iter().all(|&i| within.placed[i])
                && solved_with(&within, orbit, level)
                && !solved_with(&below, orbit, level - 1)
        })
        .map(Some)
}
