//! The KenKen generator's Python face: one call makes one puzzle. The policy (the level's
//! style, the caps, the work limits, the level table) comes from Python; the engine runs
//! the whole generation without the GIL, asking its Watch between rounds whether a
//! signal is pending and whether the caller's Deadline has passed (the Budget's own
//! clock, the process's CPU time, so time is measured exactly as before).

use std::time::{Duration, Instant};

use pyo3::prelude::*;

use super::errors::{Error, Result};
use super::grid::Ladder;
use super::stop::{Deadline, Halt as Stopped, Watch};
use crate::families::Family;
use crate::grader::Ending;
use crate::kenken::generate::{self, Halt, Limits, Made, Settings, Watched};
use crate::kenken::proof;
use crate::search::cages::Op;
use crate::search::{Budget, CageSpec, Stop};

/// How often at most a generation asks its watch (signals, the caller's deadline).
const WATCH_EVERY: Duration = Duration::from_millis(2);

/// A cage as Python builds it: cells as (row, column), operation sign, target.
type CageOut = (Vec<(usize, usize)>, &'static str, i64);
/// A puzzle as Python builds it: its cages and its solution's rows.
type PuzzleOut = (Vec<CageOut>, Vec<Vec<u8>>);

/// One KenKen of `size` at level index `level` of `ladder` (a KenKen ladder): (cages,
/// solution rows). Raises NotFound when no attempt succeeded within the work limits or
/// before the deadline, DeadlinePassed when it passed while a caging was being settled,
/// and whatever a pending signal's handler raised.
/// `limits`: (attempts, rounds, search nodes, harden tries, harden grades, loose share,
/// proof levels up, balance tries). Called by keyword from Python.
#[pyfunction]
#[pyo3(signature = (*, size, level, operations, hidden, cage_limit, single_cap, size_decay, giveaway_weight, limits, ladder, deadline, seed))]
#[allow(clippy::too_many_arguments)]
pub fn kenken_generate(
    py: Python<'_>,
    size: usize,
    level: usize,
    operations: Vec<String>,
    hidden: bool,
    cage_limit: usize,
    single_cap: usize,
    size_decay: f64,
    giveaway_weight: f64,
    limits: (usize, usize, u64, usize, usize, f64, usize, usize),
    ladder: &Ladder,
    deadline: &Deadline,
    seed: u64,
) -> Result<PuzzleOut> {
    if ladder.family != Family::KenKen {
        return Err(Error::invalid("a KenKen is graded with a KenKen ladder"));
    }
    let request = Request {
        size,
        level,
        levels: ladder.levels.len(),
        operations,
        hidden,
        cage_limit,
        single_cap,
        size_decay,
        giveaway_weight,
    };
    let settings = request.settings(limits)?;
    let mut watch = Watch::new(Some(deadline));
    let made = py.detach(|| {
        // The watch takes Python's lock and calls the Budget: asked at the first round and
        // then at most once every WATCH_EVERY (a small puzzle's rounds take microseconds,
        // and asking each one cost about a tenth of a 4x4's generation). Time can stop the
        // work, never change the puzzle, so asking less often changes none.
        let mut last: Option<Instant> = None;
        let mut check = || {
            if last.is_some_and(|at| at.elapsed() < WATCH_EVERY) {
                return Watched::Running;
            }
            last = Some(Instant::now());
            match watch.check() {
                Ok(()) => Watched::Running,
                Err(Stopped::Expired) => Watched::Expired,
                Err(Stopped::Raised) => Watched::Interrupted,
            }
        };
        generate::generate(&settings, &ladder.levels, seed, &mut check)
    });
    match made {
        Ok(Some(made)) => Ok(puzzle_out(&made, size)),
        Ok(None) => Err(Error::NotFound(
            "no attempt made a KenKen at the level asked",
        )),
        Err(Halt::Interrupted) => Err(watch.error("the deadline passed")),
        Err(Halt::BudgetSpent) => Err(Error::DeadlinePassed(
            "the deadline passed while a caging was being made unique and graded",
        )),
    }
}

/// What a section asks for, as it crosses the boundary.
struct Request {
    size: usize,
    level: usize,
    levels: usize,
    operations: Vec<String>,
    hidden: bool,
    cage_limit: usize,
    single_cap: usize,
    size_decay: f64,
    giveaway_weight: f64,
}

type LimitsIn = (usize, usize, u64, usize, usize, f64, usize, usize);

impl Request {
    fn settings(self, limits: LimitsIn) -> Result<Settings> {
        let mut ops = Vec::new();
        for text in &self.operations {
            match Op::parse(text) {
                Some(op @ (Op::Add | Op::Sub | Op::Mul | Op::Div)) => ops.push(op),
                _ => return Err(Error::invalid(format!("not a KenKen operation: {text:?}"))),
            }
        }
        if ops.is_empty()
            || !(3..=12).contains(&self.size)
            || !(2..=generate::MAX_CAGE).contains(&self.cage_limit)
            || self.level >= self.levels
        {
            return Err(Error::invalid(
                "a KenKen is 3x3 to 12x12 with some operation, its cages of 2 to 6 cells, at a level of its ladder",
            ));
        }
        let (
            attempts,
            rounds,
            search_nodes,
            harden_tries,
            harden_grades,
            loose_share,
            proof_levels_up,
            balance_tries,
        ) = limits;
        Ok(Settings {
            n: self.size,
            level: self.level,
            ops,
            hidden: self.hidden,
            cage_limit: self.cage_limit,
            single_cap: self.single_cap,
            size_decay: self.size_decay,
            giveaway_weight: self.giveaway_weight,
            limits: Limits {
                attempts,
                rounds,
                search_nodes,
                harden_tries,
                harden_grades,
                loose_share,
                proof_levels_up,
                balance_tries,
            },
        })
    }
}

fn puzzle_out(made: &Made, size: usize) -> PuzzleOut {
    let cages = made
        .cages
        .iter()
        .map(|k| {
            (
                k.cells.iter().map(|c| (c / size, c % size)).collect(),
                sign(k.op),
                k.target,
            )
        })
        .collect();
    let rows = made.solution.chunks(size).map(|row| row.to_vec()).collect();
    (cages, rows)
}

/// A random caging of a random Latin square (digits 1..size), clued for an even mix of
/// `operations`, never graded: (cages, solution rows), or None when the layout left more
/// than `single_cap` one-cell cages (a draw that has no answer, not a failure). Fodder
/// for tests of the grader's soundness.
#[pyfunction]
#[pyo3(signature = (*, size, max_cage, single_cap, size_decay, operations, seed))]
pub fn kenken_random_caging(
    size: usize,
    max_cage: usize,
    single_cap: usize,
    size_decay: f64,
    operations: Vec<String>,
    seed: u64,
) -> Result<Option<PuzzleOut>> {
    let request = Request {
        size,
        level: 0,
        levels: 1,
        operations,
        hidden: false,
        cage_limit: max_cage,
        single_cap,
        size_decay,
        giveaway_weight: 1.0,
    };
    let settings = request.settings((1, 0, 0, 0, 0, 0.0, 0, 0))?;
    Ok(generate::random_caging(&settings, seed).map(|made| puzzle_out(&made, size)))
}

fn sign(op: Op) -> &'static str {
    match op {
        Op::Add => "+",
        Op::Sub => "-",
        Op::Mul => "*",
        Op::Div => "/",
        _ => "=",
    }
}

/// A cage as Python hands it for a proof: cell numbers (reading order), sign ("?" for a
/// hidden one), target.
type CageIn = (Vec<usize>, String, i128);

/// A proof's answer to Python: (ending, hardest level or -1, the grader's grid as rows of
/// digits when solved, the search's solutions as rows, up to two, or None).
type Proved = (&'static str, i32, Vec<Vec<u8>>, Option<Vec<Vec<Vec<u8>>>>);

/// A printed KenKen of side `size` proved again in one crossing (its `certify` and
/// `solve`): graded from an empty board with every level of `ladder`, and its solutions
/// counted by the search from an empty grid (with `always_count`, else only when the
/// grader did not solve it).
#[pyfunction]
#[pyo3(signature = (*, size, cages, ladder, always_count))]
pub fn kenken_prove(
    py: Python<'_>,
    size: usize,
    cages: Vec<CageIn>,
    ladder: &Ladder,
    always_count: bool,
) -> Result<Proved> {
    if ladder.family != Family::KenKen || !(1..=generate::MAX_SIDE).contains(&size) {
        return Err(Error::invalid(
            "a KenKen of side 1 to 15 is proved with a KenKen ladder",
        ));
    }
    let mut specs = Vec::with_capacity(cages.len());
    for (cells, op, target) in cages {
        if cells.is_empty() || cells.iter().any(|&c| c >= size * size) {
            return Err(Error::invalid(
                "a cage names no cell or one outside the grid",
            ));
        }
        specs.push(CageSpec {
            cells,
            op: super::cages::operation(&op)?,
            target,
            distinct: false,
        });
    }
    let mut watch = Watch::new(None);
    let proved = py.detach(|| {
        let mut check = || watch.stop();
        proof::prove(
            size,
            &specs,
            &ladder.levels,
            always_count,
            &mut Budget::new(None, &mut check),
        )
    });
    let proof = match proved {
        Ok(Some(proof)) => proof,
        Ok(None) => return Err(Error::invalid("no grid of that size")),
        Err(Stop::NodeLimit) => return Err(Error::SearchAborted("the node limit ran out")),
        Err(Stop::Interrupted) => return Err(watch.error("the search was interrupted")),
    };
    let ending = match proof.ending {
        Ending::Solved => "solved",
        Ending::Impossible => "impossible",
        Ending::Unfinished => "unfinished",
    };
    // Digits 1..size in rows, as Python's grids hold them.
    let rows = |values: &[u8]| -> Vec<Vec<u8>> {
        values
            .chunks(size)
            .map(|row| row.iter().map(|&v| v + 1).collect())
            .collect()
    };
    let counted = proof
        .count
        .map(|c| c.solutions.iter().map(|s| rows(s)).collect());
    Ok((ending, proof.level, rows(&proof.values), counted))
}
