//! Plain puzzles of a grid (sudoku and its kin: groups alone) aimed at a level in one
//! crossing: full grids drawn and aimed (grader::aim) until one is exactly at the level.
//! Python grades the puzzle from scratch again and proves it unique before print.

use std::sync::Arc;

use pyo3::prelude::*;

use super::errors::{Error, Result};
use super::grid::{Grid, Ladder};
use super::stop::{Deadline, Watch};
use crate::families;
use crate::grader::aim::{Aim, Stopped, Target};
use crate::rng::Rng;
use crate::search::{Budget, Stop};

/// Random full grids of `grid` aimed at `level` of the ladder with `floor` to `ceiling`
/// givens, `orbits` (cells given together: the symmetry) removed in an order shuffled
/// per grid, until one is exactly at the level: (that grid as symbol indices per cell
/// and the cells given; or None when `tries` grids were aimed first, or the grid has
/// no solution at all; how many grids were drawn). The engine's random source is
/// seeded with `seed`.
#[pyfunction]
#[pyo3(signature = (grid, ladder, level, floor, ceiling, orbits, seed, tries, deadline=None))]
#[allow(clippy::too_many_arguments)]
pub fn aim_plain(
    py: Python<'_>,
    grid: &Grid,
    ladder: &Ladder,
    level: usize,
    floor: usize,
    ceiling: Option<usize>,
    orbits: Vec<Vec<usize>>,
    seed: u64,
    tries: u32,
    deadline: Option<&Deadline>,
) -> Result<Aimed> {
    let n = grid.cells();
    let mut seen = vec![false; n];
    for &i in orbits.iter().flatten() {
        if i >= n || seen[i] {
            return Err(Error::invalid(
                "the orbits name each cell of the grid at most once",
            ));
        }
        seen[i] = true;
    }
    if orbits.iter().any(|o| o.is_empty()) || !seen.iter().all(|&s| s) {
        return Err(Error::invalid("the orbits cover the grid, none empty"));
    }
    if !grid.is_bare() || level >= ladder.levels.len() {
        return Err(Error::invalid(
            "a plain puzzle is aimed on a grid without signs or cages, at a level of the ladder",
        ));
    }
    let mut watch = Watch::new(deadline);
    // The grid's own tables, shared: copying them cost a 9x9 easy sudoku a tenth of its time.
    let shape = grid.shared_shape();
    let family = ladder.family;
    let found = py.detach(|| {
        let mut rng = Rng::new(seed);
        let mut check = || watch.stop();
        let target = Target {
            levels: &ladder.levels,
            level,
            floor,
            ceiling,
        };
        let make =
            |givens: &[(usize, usize)]| families::Board::new(Arc::clone(&shape), givens, family);
        for drawn in 1..=tries {
            let solution = {
                let mut order = |mut bits: Vec<u64>| {
                    rng.shuffle(&mut bits);
                    bits
                };
                let mut budget = Budget::new(None, &mut check);
                match grid.solver().random_solution(&mut budget, &mut order)? {
                    Some(solution) => solution,
                    None => return Ok((None, drawn)),
                }
            };
            let mut order = orbits.clone();
            rng.shuffle(&mut order);
            let aim = Aim::new(&target, &make, &solution, order, &mut rng, &mut check);
            match aim.run() {
                Ok(Some(cells)) => return Ok((Some((solution, cells)), drawn)),
                Ok(None) => {}
                Err(Stopped) => return Err(Stop::Interrupted),
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

/// What `aim_plain` answers: the grid and the cells given, or None; how many grids were drawn.
type Aimed = (Option<(Vec<u8>, Vec<usize>)>, u32);
