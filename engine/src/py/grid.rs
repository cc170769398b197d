//! A grid compiled once per shape (its search and the grader's shape tables), the
//! grader's level ladder and its board, as Python holds them.

use std::sync::{Arc, OnceLock};

use pyo3::prelude::*;

use super::convert;
use super::errors::{Error, Result};
use super::stop::{Deadline, Watch};
use crate::families::{self, Family, Technique};
use crate::grader::shape::{GroupSpec, Line, Shape};
use crate::inequality::Inequality;
use crate::killer::search::KillerSearch;
use crate::rng::Rng;
use crate::search::{Budget, CageSpec, Count, Solver, Stop};

/// A grid compiled once per shape: the search's solver and the grader's shape tables.
/// The solver is compiled on first use: a puzzle the grader solves needs no search, and
/// compiling lists every cage's assignments.
#[pyclass(frozen, module = "bookgen._engine")]
pub struct Grid {
    n: usize,
    parts: SolverParts,
    solver: OnceLock<Solver>,
    /// Killer's own search, where it takes the grid (up to 128 cells, sum cages without
    /// repeats or none, no signs): the same solutions in the same order, faster.
    own: OnceLock<Option<KillerSearch>>,
    shape: Arc<Shape>,
}

/// What the solver is compiled from.
struct SolverParts {
    symbols: Vec<i64>,
    groups: Vec<GroupSpec>,
    cages: Vec<CageSpec>,
    inequalities: Vec<Inequality>,
}

impl Grid {
    /// The search's solver, compiled the first time a search asks for it.
    pub(super) fn solver(&self) -> &Solver {
        self.solver.get_or_init(|| {
            let parts = &self.parts;
            let groups: Vec<Vec<usize>> = parts.groups.iter().map(|g| g.cells.clone()).collect();
            Solver::new(self.n, &parts.symbols, &groups, &parts.cages)
                .with_inequalities(&parts.inequalities)
        })
    }

    /// The grader's shape tables.
    pub(super) fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The grader's shape tables, shared (a board of them copies no table).
    pub(super) fn shared_shape(&self) -> Arc<Shape> {
        Arc::clone(&self.shape)
    }

    /// Killer's own search for this grid, if it takes it (compiled on first use).
    pub(super) fn own_search(&self) -> Option<&KillerSearch> {
        self.own
            .get_or_init(|| {
                let parts = &self.parts;
                let groups: Vec<Vec<usize>> =
                    parts.groups.iter().map(|g| g.cells.clone()).collect();
                if !parts.inequalities.is_empty() {
                    return None;
                }
                KillerSearch::new(self.n, &parts.symbols, &groups, &parts.cages)
            })
            .as_ref()
    }

    /// How many cells.
    pub fn cells(&self) -> usize {
        self.n
    }

    pub fn symbols(&self) -> &[i64] {
        &self.parts.symbols
    }

    /// The groups as the grid was compiled with them (a generator's frame).
    pub fn groups(&self) -> &[GroupSpec] {
        &self.parts.groups
    }

    /// Whether the grid has no cages (signs it may have).
    pub fn cages_free(&self) -> bool {
        self.parts.cages.is_empty()
    }

    /// Whether the grid has cages or signs (a generator that adds its own wants none).
    pub fn is_bare(&self) -> bool {
        self.parts.cages.is_empty() && self.parts.inequalities.is_empty()
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
    ) -> Result<Grid> {
        if symbols.is_empty() || symbols.len() > 64 || n > crate::cellset::MAX_CELLS {
            return Err(Error::invalid(
                "a grid has 1 to 64 symbols and at most 640 cells",
            ));
        }
        let in_grid = |cells: &[usize]| cells.iter().all(|&c| c < n);
        let mut specs = Vec::new();
        for (cells, kind, compact) in groups {
            if !in_grid(&cells) {
                return Err(Error::invalid("a group names a cell outside the grid"));
            }
            let line = match kind.as_str() {
                "row" => Line::Row,
                "column" => Line::Column,
                _ => Line::Other,
            };
            specs.push(GroupSpec {
                cells,
                line,
                compact,
            });
        }
        let mut cage_specs = Vec::new();
        for (cells, op, target, distinct) in cages {
            let op = super::cages::operation(&op)?;
            if !in_grid(&cells) {
                return Err(Error::invalid("a cage names a cell outside the grid"));
            }
            cage_specs.push(CageSpec {
                cells,
                op,
                target,
                distinct,
            });
        }
        let inequalities = signs(n, &symbols, &inequalities)?;
        Ok(Grid {
            n,
            shape: Arc::new(
                Shape::new(n, &symbols, &specs, &cage_specs).with_inequalities(&inequalities),
            ),
            parts: SolverParts {
                symbols,
                groups: specs,
                cages: cage_specs,
                inequalities,
            },
            solver: OnceLock::new(),
            own: OnceLock::new(),
        })
    }

    /// Solutions with these givens ((cell, symbol index)), counting up to `limit`:
    /// (solutions as symbol indices per cell, whether the search ran to its end).
    #[pyo3(signature = (givens, limit=2, node_limit=None, deadline=None))]
    fn count(
        &self,
        py: Python<'_>,
        givens: Vec<(usize, usize)>,
        limit: usize,
        node_limit: Option<u64>,
        deadline: Option<&Deadline>,
    ) -> Result<(Vec<Vec<u8>>, bool)> {
        let mut watch = Watch::new(deadline);
        let found = py.detach(|| {
            let mut check = || watch.stop();
            match self.own_search() {
                Some(own) => own.count(&givens, limit, node_limit, &mut check),
                None => {
                    self.solver()
                        .count(&givens, limit, &mut Budget::new(node_limit, &mut check))
                }
            }
        });
        counted(found, watch)
    }

    /// Candidates (masks per cell) narrowed by the search's propagation to its fixpoint;
    /// None when they contradict.
    fn narrowed(&self, domains: Vec<u64>) -> Result<Option<Vec<u64>>> {
        if domains.len() != self.n {
            return Err(Error::invalid("one candidate mask per cell"));
        }
        Ok(self.solver().narrowed(&domains))
    }

    /// `count` from candidates already narrowed by sound reasoning (masks per cell).
    #[pyo3(signature = (domains, limit=2, node_limit=None, deadline=None))]
    fn count_from(
        &self,
        py: Python<'_>,
        domains: Vec<u64>,
        limit: usize,
        node_limit: Option<u64>,
        deadline: Option<&Deadline>,
    ) -> Result<(Vec<Vec<u8>>, bool)> {
        if domains.len() != self.n {
            return Err(Error::invalid("one candidate mask per cell"));
        }
        let mut watch = Watch::new(deadline);
        let found = py.detach(|| {
            let mut check = || watch.stop();
            match self.own_search() {
                Some(own) => own.count_from(&domains, limit, node_limit, &mut check),
                None => self.solver().count_from(
                    &domains,
                    limit,
                    &mut Budget::new(node_limit, &mut check),
                ),
            }
        });
        counted(found, watch)
    }

    /// One solution chosen at random: each branching's symbols in the order the engine's
    /// random source, seeded with `seed`, shuffles them; None when the grid has none.
    /// Raises SearchAborted past `node_limit` branchings.
    #[pyo3(signature = (seed, node_limit=None, deadline=None))]
    fn random_solution(
        &self,
        py: Python<'_>,
        seed: u64,
        node_limit: Option<u64>,
        deadline: Option<&Deadline>,
    ) -> Result<Option<Vec<u8>>> {
        let mut watch = Watch::new(deadline);
        let found = py.detach(|| {
            let mut rng = Rng::new(seed);
            let mut order = |mut bits: Vec<u64>| {
                rng.shuffle(&mut bits);
                bits
            };
            let mut check = || watch.stop();
            self.solver()
                .random_solution(&mut Budget::new(node_limit, &mut check), &mut order)
        });
        match found {
            Ok(solution) => Ok(solution),
            Err(Stop::NodeLimit) => Err(Error::SearchAborted("the node limit ran out")),
            Err(Stop::Interrupted) => Err(watch.error("the deadline passed during the search")),
        }
    }
}

/// A count's answer to Python: (solutions as symbol indices per cell, whether the search
/// ran to its end), or why it stopped.
fn counted(found: std::result::Result<Count, Stop>, watch: Watch) -> Result<(Vec<Vec<u8>>, bool)> {
    match found {
        Ok(count) => Ok((count.solutions, count.complete)),
        Err(Stop::NodeLimit) => Err(Error::SearchAborted("the node limit ran out")),
        Err(Stop::Interrupted) => Err(watch.error("the deadline passed during the search")),
    }
}

/// Greater-than signs from Python: two different cells of the grid each, over symbols in
/// increasing order (the engine compares symbols by their index).
fn signs(n: usize, symbols: &[i64], pairs: &[(usize, usize)]) -> Result<Vec<Inequality>> {
    if pairs.is_empty() {
        return Ok(Vec::new());
    }
    if !symbols.windows(2).all(|w| w[0] < w[1]) {
        return Err(Error::invalid(
            "a grid with inequalities lists its symbols in increasing order",
        ));
    }
    pairs
        .iter()
        .map(|&(smaller, larger)| {
            if smaller >= n || larger >= n || smaller == larger {
                Err(Error::invalid(
                    "an inequality is between two different cells of the grid",
                ))
            } else {
                Ok(Inequality { smaller, larger })
            }
        })
        .collect()
}

fn family(name: &str) -> Result<Family> {
    Family::named(name).ok_or_else(|| Error::invalid(format!("no family of rules named {name:?}")))
}

/// A type's level table, by technique names, easiest level first, for boards of a
/// family: made once per table (by bookgen's bridge) and handed to every grader and
/// generator of that table.
#[pyclass(frozen, module = "bookgen._engine")]
pub struct Ladder {
    pub levels: Vec<Vec<Technique>>,
    pub family: Family,
}

#[pymethods]
impl Ladder {
    #[new]
    #[pyo3(signature = (levels, family="plain"))]
    fn new(levels: Vec<Vec<String>>, family: &str) -> Result<Ladder> {
        let family = self::family(family)?;
        let mut table = Vec::new();
        for level in levels {
            let mut techniques = Vec::new();
            for name in level {
                techniques.push(
                    Technique::named(&name, family)
                        .ok_or_else(|| Error::invalid(format!("no technique named {name:?}")))?,
                );
            }
            table.push(techniques);
        }
        Ok(Ladder {
            levels: table,
            family,
        })
    }
}

impl Ladder {
    /// The levels up to `up_to` (all of them for None).
    fn allowed(&self, up_to: Option<usize>) -> &[Vec<Technique>] {
        let len = self.levels.len();
        &self.levels[..up_to.map_or(len, |u| (u + 1).min(len))]
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
    fn new(grid: &Grid, givens: Vec<(usize, usize)>, family: &str) -> Result<Board> {
        let board = families::Board::new(Arc::clone(&grid.shape), &givens, self::family(family)?)
            .map_err(|_| Error::Contradiction("the givens clash"))?;
        if let families::Rules::KenKen(kenken) = &board.rules {
            if let Some(k) = kenken.compiled.unlisted {
                return Err(Error::CageTooLarge(format!(
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
    fn place(&mut self, i: usize, bit: u64) -> Result<()> {
        self.board
            .place(i, bit)
            .map_err(|_| Error::Contradiction("no room for that symbol"))
    }

    /// Cross the candidates `bits` (a mask) out of cell `i`, as a person crossing out
    /// pencil marks by hand (how a test sets up a position): true when one went; raises
    /// Contradiction when the cell is left with none.
    fn eliminate(&mut self, i: usize, bits: u64) -> Result<bool> {
        if i >= self.board.cand.len() {
            return Err(Error::invalid("no such cell"));
        }
        self.board
            .eliminate(i, bits)
            .map_err(|_| Error::Contradiction("a cell lost its last candidate"))
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
    fn step(&mut self, ladder: &Ladder, up_to: Option<usize>) -> Result<bool> {
        match families::next_step(&mut self.board, ladder.allowed(up_to)) {
            Ok(found) => Ok(found.is_some()),
            Err(_) => Err(Error::Contradiction("a cell lost its last candidate")),
        }
    }

    /// A copy of the board with `bits[k]` (single-bit masks) written in `cells[k]`, the
    /// cells already written in left as they are, graded with the ladder's levels up to
    /// `up_to`: (the copy, or None when every cell was already written in and nothing
    /// changed; whether the grid is solved). Raises Contradiction when a symbol has no
    /// room. A generator's "what if I gave these back?", asked in one crossing instead
    /// of a copy, a placing per cell and a grading.
    #[pyo3(signature = (cells, bits, ladder, up_to=None))]
    fn given(
        &self,
        cells: Vec<usize>,
        bits: Vec<u64>,
        ladder: &Ladder,
        up_to: Option<usize>,
    ) -> Result<(Option<Board>, bool)> {
        let placed = &self.board.placed;
        if cells.len() != bits.len() || cells.iter().any(|&i| i >= placed.len()) {
            return Err(Error::invalid(
                "a cell number past the grid, or not one symbol a cell",
            ));
        }
        if cells.iter().all(|&i| placed[i]) {
            return Ok((None, self.board.solved()));
        }
        let mut board = self.board.clone();
        for (&i, &bit) in cells.iter().zip(&bits) {
            // Writing a symbol in writes no other cell, so each fresh one is still open.
            if !board.placed[i] {
                board
                    .place(i, bit)
                    .map_err(|_| Error::Contradiction("no room for that symbol"))?;
            }
        }
        let graded = families::grade(&mut board, &ladder.levels, up_to, false);
        let solved = matches!(graded.ending, families::Ending::Solved);
        Ok((Some(Board { board }), solved))
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
    ) -> Result<bool> {
        if cells.iter().any(|&i| i >= self.board.placed.len()) {
            return Err(Error::invalid("a cell number past the grid"));
        }
        let allowed = ladder.allowed(up_to);
        while !cells.iter().all(|&i| self.board.placed[i]) {
            match families::next_step(&mut self.board, allowed) {
                Ok(Some(_)) => {}
                Ok(None) => return Ok(false),
                Err(_) => return Err(Error::Contradiction("a cell lost its last candidate")),
            }
        }
        Ok(true)
    }
}
