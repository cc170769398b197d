//! The Python face of the engine (`bookgen._engine`): a compiled grid, its search, the
//! grader's board and level ladder. Whole boards cross the boundary, never single cells
//! or steps; long searches run without the GIL and look for a pending interrupt (Ctrl-C,
//! SIGTERM) now and then, so stopping works exactly as it does for Python code.

mod convert;
mod kenken_generate;

use std::sync::{Arc, OnceLock};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

use crate::families::{self, Family, Technique};
use crate::grader::shape::{GroupSpec, Line, Shape};
use crate::inequality::Inequality;
use crate::regions::{self, Topology};
use crate::rng::Rng;
use crate::search::cages::{self, Op};
use crate::search::{Budget, CageSpec, Solver, Stop};

create_exception!(
    _engine,
    Contradiction,
    PyException,
    "A cell lost its last candidate: the clues contradict."
);
create_exception!(
    _engine,
    CageTooLarge,
    PyValueError,
    "A cage has too many ways to make its target to list: no person would list them either, so it is not graded."
);
create_exception!(
    _engine,
    SearchAborted,
    PyException,
    "The branching budget ran out before the search finished."
);

/// A grid compiled once per shape: the search's solver and the grader's shape tables.
/// The solver is compiled on first use: a puzzle the grader solves needs no search, and
/// compiling lists every cage's assignments.
#[pyclass(frozen, module = "bookgen._engine")]
pub struct Grid {
    n: usize,
    parts: SolverParts,
    solver: OnceLock<Solver>,
    shape: Arc<Shape>,
}

/// What the solver is compiled from.
struct SolverParts {
    symbols: Vec<i64>,
    groups: Vec<Vec<usize>>,
    cages: Vec<CageSpec>,
    inequalities: Vec<Inequality>,
}

impl Grid {
    /// The search's solver, compiled the first time a search asks for it.
    fn solver(&self) -> &Solver {
        self.solver.get_or_init(|| {
            let parts = &self.parts;
            Solver::new(self.n, &parts.symbols, &parts.groups, &parts.cages)
                .with_inequalities(&parts.inequalities)
        })
    }
}

#[pymethods]
impl Grid {
    /// `groups`: (cells, kind, compact) per group; `cages`: (cells, op, target, distinct);
    /// `inequalities`: (smaller cell, larger cell) per greater-than sign, symbols then
    /// compared by their order, which must be increasing.
    #[new]
    #[pyo3(signature = (n, symbols, groups, cages, inequalities=Vec::new()))]
    fn new(
        n: usize,
        symbols: Vec<i64>,
        groups: Vec<(Vec<usize>, String, bool)>,
        cages: Vec<(Vec<usize>, String, i128, bool)>,
        inequalities: Vec<(usize, usize)>,
    ) -> PyResult<Grid> {
        if symbols.is_empty() || symbols.len() > 64 || n > crate::cellset::MAX_CELLS {
            return Err(PyValueError::new_err(
                "a grid has 1 to 64 symbols and at most 640 cells",
            ));
        }
        let in_grid = |cells: &[usize]| cells.iter().all(|&c| c < n);
        let mut specs = Vec::new();
        for (cells, kind, compact) in &groups {
            if !in_grid(cells) {
                return Err(PyValueError::new_err(
                    "a group names a cell outside the grid",
                ));
            }
            let line = match kind.as_str() {
                "row" => Line::Row,
                "column" => Line::Column,
                _ => Line::Other,
            };
            specs.push(GroupSpec {
                cells: cells.clone(),
                line,
                compact: *compact,
            });
        }
        let mut cage_specs = Vec::new();
        for (cells, op, target, distinct) in cages {
            let op = Op::parse(&op)
                .ok_or_else(|| PyValueError::new_err(format!("unknown cage operation {op:?}")))?;
            if !in_grid(&cells) {
                return Err(PyValueError::new_err(
                    "a cage names a cell outside the grid",
                ));
            }
            cage_specs.push(CageSpec {
                cells,
                op,
                target,
                distinct,
            });
        }
        let inequalities = signs(n, &symbols, &inequalities)?;
        let group_cells: Vec<Vec<usize>> = groups.into_iter().map(|(cells, _, _)| cells).collect();
        Ok(Grid {
            n,
            shape: Arc::new(
                Shape::new(n, &symbols, &specs, &cage_specs).with_inequalities(&inequalities),
            ),
            parts: SolverParts {
                symbols,
                groups: group_cells,
                cages: cage_specs,
                inequalities,
            },
            solver: OnceLock::new(),
        })
    }

    /// Solutions with these givens ((cell, symbol index)), counting up to `limit`:
    /// (solutions as symbol indices per cell, whether the search ran to its end).
    #[pyo3(signature = (givens, limit=2, node_limit=None))]
    fn count(
        &self,
        py: Python<'_>,
        givens: Vec<(usize, usize)>,
        limit: usize,
        node_limit: Option<u64>,
    ) -> PyResult<(Vec<Vec<u8>>, bool)> {
        let mut interrupt = None;
        let found = py.detach(|| {
            let mut check = || interrupted(&mut interrupt);
            self.solver()
                .count(&givens, limit, &mut Budget::new(node_limit, &mut check))
        });
        match found {
            Ok(count) => Ok((count.solutions, count.complete)),
            Err(_) => Err(interrupt.unwrap_or_else(|| SearchAborted::new_err("interrupted"))),
        }
    }

    /// Candidates (masks per cell) narrowed by the search's propagation to its fixpoint;
    /// None when they contradict.
    fn narrowed(&self, domains: Vec<u64>) -> PyResult<Option<Vec<u64>>> {
        if domains.len() != self.n {
            return Err(PyValueError::new_err("one candidate mask per cell"));
        }
        Ok(self.solver().narrowed(&domains))
    }

    /// `count` from candidates already narrowed by sound reasoning (masks per cell).
    #[pyo3(signature = (domains, limit=2, node_limit=None))]
    fn count_from(
        &self,
        py: Python<'_>,
        domains: Vec<u64>,
        limit: usize,
        node_limit: Option<u64>,
    ) -> PyResult<(Vec<Vec<u8>>, bool)> {
        if domains.len() != self.n {
            return Err(PyValueError::new_err("one candidate mask per cell"));
        }
        let mut interrupt = None;
        let found = py.detach(|| {
            let mut check = || interrupted(&mut interrupt);
            self.solver()
                .count_from(&domains, limit, &mut Budget::new(node_limit, &mut check))
        });
        match found {
            Ok(count) => Ok((count.solutions, count.complete)),
            Err(_) => Err(interrupt.unwrap_or_else(|| SearchAborted::new_err("interrupted"))),
        }
    }

    /// One solution chosen at random: each branching's symbols in the order the engine's
    /// random source, seeded with `seed`, shuffles them; None when the grid has none.
    /// Raises SearchAborted past `node_limit` branchings.
    #[pyo3(signature = (seed, node_limit=None))]
    fn random_solution(
        &self,
        py: Python<'_>,
        seed: u64,
        node_limit: Option<u64>,
    ) -> PyResult<Option<Vec<u8>>> {
        let mut interrupt = None;
        let found = py.detach(|| {
            let mut rng = Rng::new(seed);
            let mut order = |mut bits: Vec<u64>| {
                rng.shuffle(&mut bits);
                bits
            };
            let mut check = || interrupted(&mut interrupt);
            self.solver()
                .random_solution(&mut Budget::new(node_limit, &mut check), &mut order)
        });
        match found {
            Ok(solution) => Ok(solution),
            Err(Stop::NodeLimit) => Err(SearchAborted::new_err("the node limit ran out")),
            Err(Stop::Interrupted) => {
                Err(interrupt.unwrap_or_else(|| SearchAborted::new_err("interrupted")))
            }
        }
    }
}

/// Greater-than signs from Python: two different cells of the grid each, over symbols in
/// increasing order (the engine compares symbols by their index).
fn signs(n: usize, symbols: &[i64], pairs: &[(usize, usize)]) -> PyResult<Vec<Inequality>> {
    if pairs.is_empty() {
        return Ok(Vec::new());
    }
    if !symbols.windows(2).all(|w| w[0] < w[1]) {
        return Err(PyValueError::new_err(
            "a grid with inequalities lists its symbols in increasing order",
        ));
    }
    pairs
        .iter()
        .map(|&(smaller, larger)| {
            if smaller >= n || larger >= n || smaller == larger {
                Err(PyValueError::new_err(
                    "an inequality is between two different cells of the grid",
                ))
            } else {
                Ok(Inequality { smaller, larger })
            }
        })
        .collect()
}

/// Whether a signal is pending for Python (its handler then raised, e.g. KeyboardInterrupt):
/// the error is kept, to be raised once the search has stopped.
fn interrupted(kept: &mut Option<PyErr>) -> bool {
    match Python::attach(|py| py.check_signals()) {
        Ok(()) => false,
        Err(err) => {
            *kept = Some(err);
            true
        }
    }
}

fn family(name: &str) -> PyResult<Family> {
    Family::named(name)
        .ok_or_else(|| PyValueError::new_err(format!("no family of rules named {name:?}")))
}

/// A type's level table, by technique names, easiest level first, for boards of a family.
#[pyclass(frozen, module = "bookgen._engine")]
pub struct Ladder {
    levels: Vec<Vec<Technique>>,
}

#[pymethods]
impl Ladder {
    #[new]
    #[pyo3(signature = (levels, family="plain"))]
    fn new(levels: Vec<Vec<String>>, family: &str) -> PyResult<Ladder> {
        let family = self::family(family)?;
        let mut table = Vec::new();
        for level in levels {
            let mut techniques = Vec::new();
            for name in level {
                techniques.push(Technique::named(&name, family).ok_or_else(|| {
                    PyValueError::new_err(format!("no technique named {name:?}"))
                })?);
            }
            table.push(techniques);
        }
        Ok(Ladder { levels: table })
    }
}

/// The grader's board: pencil marks over a compiled grid.
#[pyclass(module = "bookgen._engine")]
pub struct Board {
    board: families::Board,
}

#[pymethods]
impl Board {
    /// An empty board of the grid with these givens ((cell, symbol index)) written in;
    /// raises Contradiction when they clash.
    #[new]
    #[pyo3(signature = (grid, givens, family="plain"))]
    fn new(grid: &Grid, givens: Vec<(usize, usize)>, family: &str) -> PyResult<Board> {
        let board = families::Board::new(Arc::clone(&grid.shape), &givens, self::family(family)?)
            .map_err(|_| Contradiction::new_err("the givens clash"))?;
        if let families::Rules::KenKen(kenken) = &board.rules {
            if let Some(k) = kenken.compiled.unlisted {
                return Err(CageTooLarge::new_err(format!(
                    "cage {k} has too many ways to make its target to list"
                )));
            }
        }
        Ok(Board { board })
    }

    fn copy(&self) -> Board {
        Board {
            board: self.board.clone(),
        }
    }

    /// Write the symbol `bit` (a single-bit mask) in cell `i`; raises Contradiction.
    fn place(&mut self, i: usize, bit: u64) -> PyResult<()> {
        self.board
            .place(i, bit)
            .map_err(|_| Contradiction::new_err("no room for that symbol"))
    }

    /// Cross the candidates `bits` (a mask) out of cell `i`, as a person crossing out
    /// pencil marks by hand (how a test sets up a position): true when one went; raises
    /// Contradiction when the cell is left with none.
    fn eliminate(&mut self, i: usize, bits: u64) -> PyResult<bool> {
        if i >= self.board.cand.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err("no such cell"));
        }
        self.board
            .eliminate(i, bits)
            .map_err(|_| Contradiction::new_err("a cell lost its last candidate"))
    }

    #[getter]
    fn cand(&self) -> Vec<u64> {
        self.board.cand.clone()
    }

    #[getter]
    fn placed(&self) -> Vec<bool> {
        self.board.placed.clone()
    }

    fn solved(&self) -> bool {
        self.board.solved()
    }

    /// Grade with the ladder's levels up to `up_to`: (ending, hardest level index or -1,
    /// technique names in order of first use, steps when recorded). The board is left
    /// where the techniques stopped.
    #[pyo3(signature = (ladder, up_to=None, record=false))]
    fn grade(
        &mut self,
        py: Python<'_>,
        ladder: &Ladder,
        up_to: Option<usize>,
        record: bool,
    ) -> PyResult<(String, i32, Vec<String>, Py<PyAny>)> {
        let graded = py.detach(|| families::grade(&mut self.board, &ladder.levels, up_to, record));
        let ending = match graded.ending {
            families::Ending::Solved => "solved",
            families::Ending::Impossible => "impossible",
            families::Ending::Unfinished => "unfinished",
        };
        let steps = convert::steps(py, &graded.steps)?;
        Ok((
            ending.to_string(),
            graded.level,
            graded.used.iter().map(|s| s.to_string()).collect(),
            steps,
        ))
    }

    /// One step of the grader with the ladder's levels up to `up_to`: true when a
    /// technique made progress; raises Contradiction.
    #[pyo3(signature = (ladder, up_to=None))]
    fn step(&mut self, ladder: &Ladder, up_to: Option<usize>) -> PyResult<bool> {
        let allowed = &ladder.levels
            [..up_to.map_or(ladder.levels.len(), |u| (u + 1).min(ladder.levels.len()))];
        match families::next_step(&mut self.board, allowed) {
            Ok(found) => Ok(found.is_some()),
            Err(_) => Err(Contradiction::new_err("a cell lost its last candidate")),
        }
    }

    /// Steps with the ladder's levels up to `up_to` until every one of `cells` is written
    /// in: true when they all are, false when no technique makes progress before that;
    /// raises Contradiction. (A generator's question "do the level's techniques still
    /// work out what I removed?", asked without a crossing per step.)
    #[pyo3(signature = (ladder, cells, up_to=None))]
    fn work_out(
        &mut self,
        ladder: &Ladder,
        cells: Vec<usize>,
        up_to: Option<usize>,
    ) -> PyResult<bool> {
        if cells.iter().any(|&i| i >= self.board.placed.len()) {
            return Err(PyValueError::new_err("a cell number past the grid"));
        }
        let allowed = &ladder.levels
            [..up_to.map_or(ladder.levels.len(), |u| (u + 1).min(ladder.levels.len()))];
        while !cells.iter().all(|&i| self.board.placed[i]) {
            match families::next_step(&mut self.board, allowed) {
                Ok(Some(_)) => {}
                Ok(None) => return Ok(false),
                Err(_) => return Err(Contradiction::new_err("a cell lost its last candidate")),
            }
        }
        Ok(true)
    }
}

/// Every assignment of symbols to a cage's cells that makes its target, in the listing
/// order (see search::cages); None when too large to list. `differ[a][b]`: cells a and b
/// never repeat a symbol.
#[pyfunction]
fn value_tuples(
    op: &str,
    target: i128,
    symbols: Vec<i64>,
    differ: Vec<Vec<bool>>,
) -> PyResult<Option<Vec<Vec<i64>>>> {
    let op = Op::parse(op)
        .ok_or_else(|| PyValueError::new_err(format!("unknown cage operation {op:?}")))?;
    Ok(cages::value_tuples(op, target, &symbols, &differ))
}

/// A jigsaw layout: the partition `start` (a region index per cell, reading order) of a
/// size x size grid (a torus when `torus`) shuffled by `swaps` region swaps, the second
/// half biased towards compact pieces by `compact`, drawn from the engine's random source
/// seeded with `seed`.
#[pyfunction]
fn shuffle_regions(
    size: usize,
    torus: bool,
    start: Vec<u8>,
    swaps: usize,
    compact: f64,
    seed: u64,
) -> PyResult<Vec<u8>> {
    if size == 0 || size * size > crate::cellset::MAX_CELLS || start.len() != size * size {
        return Err(PyValueError::new_err(
            "a layout is one region per cell of a square grid",
        ));
    }
    if start.iter().any(|&r| r as usize >= size) {
        return Err(PyValueError::new_err(
            "a region index is below the grid's size",
        ));
    }
    let mut region_of = start;
    regions::shuffle(
        &mut region_of,
        &Topology::new(size, torus),
        swaps,
        compact,
        &mut Rng::new(seed),
    );
    Ok(region_of)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Grid>()?;
    m.add_class::<Ladder>()?;
    m.add_class::<Board>()?;
    m.add_function(wrap_pyfunction!(value_tuples, m)?)?;
    m.add_function(wrap_pyfunction!(shuffle_regions, m)?)?;
    m.add("Contradiction", m.py().get_type::<Contradiction>())?;
    m.add("SearchAborted", m.py().get_type::<SearchAborted>())?;
    m.add("CageTooLarge", m.py().get_type::<CageTooLarge>())?;
    kenken_generate::register(m)
}
