//! The KenKen generator's Python face: one call makes one puzzle. The policy (the level's
//! style, the caps, the work limits, the level table) comes from Python; the engine runs
//! the whole generation without the GIL, asking its Watch between rounds whether a
//! signal is pending and whether the caller's Deadline has passed (the Budget's own
//! clock, the process's CPU time, so time is measured exactly as before).

use std::time::{Duration, Instant};

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::errors::{Error, Result};
use super::grid::Ladder;
use super::stop::{Deadline, Halt as Stopped, Watch};
use crate::families::Family;
use crate::kenken::generate::{self, Halt, Limits, Made, Settings, Watched};
use crate::search::cages::Op;

/// How often at most a generation asks its watch (signals, the caller's deadline).
const WATCH_EVERY: Duration = Duration::from_millis(2);

/// A cage as Python's model holds it: cells as a tuple of (row, column), operation sign,
/// target.
type CageOut<'py> = (Bound<'py, PyTuple>, &'static str, i64);
/// A puzzle as Python's model holds it: its cages in the order of their top-left cells,
/// and its solution as a tuple of rows (tuples of digits), made here so Python converts
/// nothing.
type PuzzleOut<'py> = (Vec<CageOut<'py>>, Bound<'py, PyTuple>);

/// A section's request, checked and compiled once (bookgen keeps one per section's
/// options) and handed to every `kenken_generate` of the section: nothing of it is
/// converted again per puzzle (reading these keywords for each 4x4 cost about 7 k
/// instructions, a tenth of its Python side).
/// `limits`: (attempts, rounds, search nodes, harden tries, harden grades, loose share,
/// proof levels up, balance tries). `ladder`: a KenKen ladder, `level` an index of it.
/// `cells`: the grid's cells in reading order, as the model holds them (the cages are
/// made of these very objects, not of new ones), or None.
#[pyclass(frozen, module = "bookgen._engine")]
pub struct KenKenRequest {
    settings: Settings,
    ladder: Py<Ladder>,
    cells: Option<Py<PyTuple>>,
}

#[pymethods]
impl KenKenRequest {
    #[new]
    #[pyo3(signature = (*, size, level, operations, hidden, cage_limit, single_cap, size_decay, giveaway_weight, limits, ladder, cells=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        size: usize,
        level: usize,
        operations: Vec<String>,
        hidden: bool,
        cage_limit: usize,
        single_cap: usize,
        size_decay: f64,
        giveaway_weight: f64,
        limits: LimitsIn,
        ladder: Bound<'_, Ladder>,
        cells: Option<Bound<'_, PyTuple>>,
    ) -> Result<KenKenRequest> {
        if ladder.get().family != Family::KenKen {
            return Err(Error::invalid("a KenKen is graded with a KenKen ladder"));
        }
        if cells
            .as_ref()
            .is_some_and(|cells| cells.len() != size * size)
        {
            return Err(Error::invalid("a KenKen's cells are size x size"));
        }
        let request = Request {
            size,
            level,
            levels: ladder.get().levels.len(),
            operations,
            hidden,
            cage_limit,
            single_cap,
            size_decay,
            giveaway_weight,
        };
        Ok(KenKenRequest {
            settings: request.settings(limits)?,
            ladder: ladder.unbind(),
            cells: cells.map(Bound::unbind),
        })
    }
}

/// One KenKen as `request` asks: (cages, solution rows). Raises NotFound when no attempt
/// succeeded within the work limits or before the deadline, DeadlinePassed when it
/// passed while a caging was being settled, and whatever a pending signal's handler
/// raised. The deadline is first asked after WATCH_EVERY: the caller asks it before the
/// call.
#[pyfunction]
pub fn kenken_generate<'py>(
    py: Python<'py>,
    request: &KenKenRequest,
    deadline: &Deadline,
    seed: u64,
) -> Result<PuzzleOut<'py>> {
    let settings = &request.settings;
    let ladder = request.ladder.get();
    let mut watch = Watch::new(Some(deadline));
    let made = py.detach(|| {
        // The watch takes Python's lock and calls the Budget: at most once every
        // WATCH_EVERY, the first after WATCH_EVERY (a small puzzle's rounds take
        // microseconds, and asking each one cost about a tenth of a 4x4's generation; the
        // caller asked just before the call). Time can stop the work, never change the
        // puzzle, so asking less often changes none.
        let mut last = Instant::now();
        let mut check = || {
            if last.elapsed() < WATCH_EVERY {
                return Watched::Running;
            }
            last = Instant::now();
            match watch.check() {
                Ok(()) => Watched::Running,
                Err(Stopped::Expired) => Watched::Expired,
                Err(Stopped::Raised) => Watched::Interrupted,
            }
        };
        generate::generate(settings, &ladder.levels, seed, &mut check)
    });
    let cells = request.cells.as_ref().map(|cells| cells.bind(py));
    match made {
        Ok(Some(made)) => puzzle_out(py, &made, settings.n, cells),
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

/// The puzzle as Python's model holds it; each cage's cells the objects of `grid` (the
/// cells in reading order) when given, else new (row, column) tuples.
fn puzzle_out<'py>(
    py: Python<'py>,
    made: &Made,
    size: usize,
    grid: Option<&Bound<'py, PyTuple>>,
) -> Result<PuzzleOut<'py>> {
    let mut order: Vec<&_> = made.cages.iter().collect();
    // By top-left cell, as the model keeps them (a cage's least cell number is its least
    // (row, column)).
    order.sort_by_key(|k| k.cells.iter().min());
    let mut cages = Vec::with_capacity(order.len());
    for k in order {
        let cells = match grid {
            Some(grid) => {
                let known: PyResult<Vec<Bound<'py, PyAny>>> =
                    k.cells.iter().map(|c| grid.get_item(c)).collect();
                PyTuple::new(py, known.map_err(Error::Raised)?)
            }
            None => {
                let cells: Vec<(usize, usize)> =
                    k.cells.iter().map(|c| (c / size, c % size)).collect();
                PyTuple::new(py, cells)
            }
        };
        cages.push((cells.map_err(Error::Raised)?, sign(k.op), k.target));
    }
    Ok((cages, rows_out(py, &made.solution, size, 0)?))
}

/// Values in reading order as a tuple of rows (tuples), each value plus `offset`.
pub(super) fn rows_out<'py>(
    py: Python<'py>,
    values: &[u8],
    size: usize,
    offset: u8,
) -> Result<Bound<'py, PyTuple>> {
    let mut rows = Vec::with_capacity(size);
    for row in values.chunks(size) {
        rows.push(PyTuple::new(py, row.iter().map(|&v| v + offset)).map_err(Error::Raised)?);
    }
    PyTuple::new(py, rows).map_err(Error::Raised)
}

/// A random caging of a random Latin square (digits 1..size), clued for an even mix of
/// `operations`, never graded: (cages, solution rows), or None when the layout left more
/// than `single_cap` one-cell cages (a draw that has no answer, not a failure). Fodder
/// for tests of the grader's soundness.
#[pyfunction]
#[pyo3(signature = (*, size, max_cage, single_cap, size_decay, operations, seed))]
pub fn kenken_random_caging<'py>(
    py: Python<'py>,
    size: usize,
    max_cage: usize,
    single_cap: usize,
    size_decay: f64,
    operations: Vec<String>,
    seed: u64,
) -> Result<Option<PuzzleOut<'py>>> {
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
    generate::random_caging(&settings, seed)
        .map(|made| puzzle_out(py, &made, size, None))
        .transpose()
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
