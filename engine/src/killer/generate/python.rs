//! The Python face of killer's generator: `bookgen._engine.generate_killer`. The policy
//! (plan, largest cage) comes in from the killer type, the grid and the level ladder as
//! the objects bookgen's bridge compiled once (no names or groups parsed again here);
//! the whole generation runs without the GIL, its Watch taking it back between rounds to
//! run the signal handlers and ask the Deadline (the Budget's clock), so Ctrl-C, SIGTERM
//! and a timeout stop it as they stop Python code, and the budget ends it as it ended
//! the Python loop.

use pyo3::prelude::*;

use super::{generate, Failure, Frame, Halt, Plan, Spec};
use crate::families::Family;
use crate::py::errors::{Error, Result};
use crate::py::grid::{Grid, Ladder};
use crate::py::stop::{Deadline, Halt as Stopped, Watch};

/// The largest cage asked for: the killer board lists no longer cage's combinations, and
/// the splits of a cage are tried one by one (2^(cells-1) of them).
const MAX_CAGE: usize = 16;

fn plan(sizes: Vec<usize>, weights: Vec<f64>, single_cap: usize, givens: usize) -> Result<Plan> {
    if sizes.is_empty() || sizes.len() != weights.len() || sizes.contains(&0) {
        return Err(Error::invalid(
            "a plan has one weight per cage size, sizes of 1 or more",
        ));
    }
    if weights.iter().any(|w| !w.is_finite() || *w < 0.0) || weights.iter().sum::<f64>() <= 0.0 {
        return Err(Error::invalid(
            "a plan's weights are not negative and add up to more than 0",
        ));
    }
    Ok(Plan {
        sizes,
        weights,
        single_cap,
        givens,
    })
}

/// The frame a killer is made on: a square grid of groups alone, its cells numbered row
/// by row, one symbol per cell of a row.
fn frame(grid: &Grid) -> Result<Frame> {
    let n = grid.cells();
    let side = grid.symbols().len();
    if side == 0 || side * side != n || n > 128 || !grid.is_bare() {
        return Err(Error::invalid(
            "a killer grid is square, at most 11 cells a side, with one symbol per row cell and no cages",
        ));
    }
    let groups = grid
        .groups()
        .iter()
        .map(|g| (g.cells.clone(), g.line, g.compact))
        .collect();
    Ok(Frame::new(side, grid.symbols().to_vec(), groups))
}

/// A killer sudoku at level `level` of `ladder` (a killer ladder) on `grid` (a bare
/// sudoku grid, cells numbered row by row), shaped by the plan (cage sizes and weights,
/// one-cell cages allowed, givens allowed) with cages of at most `max_cage` cells, drawn
/// from the engine's random source seeded with `seed`, until `deadline`. Returns (cages
/// as sorted cell numbers ordered by first cell, given cells ascending, solution as
/// symbol indices per cell). Raises NotFound when every attempt failed or the time ran
/// out between attempts, DeadlinePassed when it ran out while cages were being shaped.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (grid, ladder, level, sizes, weights, single_cap, givens, max_cage, seed, deadline))]
#[allow(clippy::type_complexity)]
pub fn generate_killer(
    py: Python<'_>,
    grid: &Grid,
    ladder: &Ladder,
    level: usize,
    sizes: Vec<usize>,
    weights: Vec<f64>,
    single_cap: usize,
    givens: usize,
    max_cage: usize,
    seed: u64,
    deadline: &Deadline,
) -> Result<(Vec<Vec<usize>>, Vec<usize>, Vec<u8>)> {
    if ladder.family != Family::Killer {
        return Err(Error::invalid("a killer is graded with a killer ladder"));
    }
    if level >= ladder.levels.len() || max_cage == 0 || max_cage > MAX_CAGE {
        return Err(Error::invalid(
            "the level is one of the ladder's, the largest cage 1 to 16 cells",
        ));
    }
    let frame = frame(grid)?;
    let spec = Spec {
        ladder: ladder.levels.clone(),
        level,
        plan: plan(sizes, weights, single_cap, givens)?,
        max_cage,
    };
    let mut watch = Watch::new(Some(deadline));
    let made = py.detach(|| {
        let mut check = || match watch.check() {
            Ok(()) => None,
            Err(Stopped::Expired) => Some(Halt::TimeUp),
            Err(Stopped::Raised) => Some(Halt::Interrupted),
        };
        generate(&frame, &spec, seed, &mut check)
    });
    match made {
        Ok(made) => Ok((made.cages, made.givens, made.solution)),
        Err(Failure::NotFound) => Err(Error::NotFound(
            "no attempt made a killer at the level asked",
        )),
        Err(Failure::TimeSpent) => Err(Error::DeadlinePassed(
            "the deadline passed while the cages were being shaped",
        )),
        Err(Failure::Interrupted) => Err(watch.error("the deadline passed")),
    }
}
