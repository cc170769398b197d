//! The sliding engine's face to Python (bookgen's bridge, for sliding/search.py and
//! patterns.py): whole positions in, whole answers out, one call a search.
//!
//! Searches and table builds run with Python's lock released. Every 65,536 nodes they
//! take it back for a moment through the engine's one Watch (py/stop.rs): the signal
//! handlers run (Ctrl-C, SIGTERM and `bookgen solve`'s SIGALRM raise their exceptions
//! there, exactly as in Python code) and the caller's Deadline, if any, is asked. Bad
//! arguments raise InvalidRequest; a deadline that passes, DeadlinePassed.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use super::board::Geometry;
use super::ida::{self, Failure, Heuristic, Solution};
use super::manhattan::ManhattanConflict;
use super::patterns::{Pattern, PatternDatabase, PatternHeuristic};
use super::tables::{build_table, buildable};
use crate::py::errors::{Error, Result};
use crate::py::stop::{Deadline, Halt, Watch};

impl ida::Watch for Watch<'_> {
    type Stop = Halt;

    fn check(&mut self) -> std::result::Result<(), Halt> {
        Watch::check(self)
    }
}

/// The largest weight of a weighted search (search.py asks for 2 and 4).
const MAX_WEIGHT: u32 = 64;

fn value_error(message: String) -> Error {
    Error::Invalid(message)
}

pub(super) fn geometry(rows: usize, cols: usize) -> Result<Geometry> {
    Geometry::new(rows, cols).map_err(value_error)
}

/// A partition of the tiles into patterns with their tables, held by Python between
/// searches (patterns.py caches the bytes on disk and keeps one of these in memory).
#[pyclass(frozen, name = "SlidingPatterns", module = "bookgen._engine")]
pub struct SlidingPatterns {
    database: Arc<PatternDatabase>,
}

#[pymethods]
impl SlidingPatterns {
    /// Builds every pattern's table here (about a second for the 4x4's 6-6-3).
    #[staticmethod]
    #[pyo3(signature = (rows, cols, blank, patterns, deadline = None))]
    fn build(
        py: Python<'_>,
        rows: usize,
        cols: usize,
        blank: u8,
        patterns: Vec<Vec<u8>>,
        deadline: Option<&Deadline>,
    ) -> Result<Self> {
        let board = geometry(rows, cols)?;
        let patterns = checked_patterns(&board, blank, patterns)?;
        if let Some(large) = patterns.iter().find(|p| !buildable(&board, p)) {
            return Err(value_error(format!(
                "pattern {:?} is too large to build on a {rows}x{cols} board",
                large.labels
            )));
        }
        let mut watch = Watch::new(deadline);
        let built = py.detach(|| {
            patterns
                .iter()
                .map(|pattern| build_table(&board, blank, pattern, &mut watch))
                .collect::<std::result::Result<Vec<_>, Halt>>()
        });
        let tables = built.map_err(|_| watch.error("the deadline passed during the build"))?;
        let database = PatternDatabase::new(board, blank, patterns, tables).map_err(value_error)?;
        Ok(SlidingPatterns {
            database: Arc::new(database),
        })
    }

    /// Tables read from the cache, one `bytes` a pattern, checked for their lengths.
    #[staticmethod]
    fn from_tables(
        rows: usize,
        cols: usize,
        blank: u8,
        patterns: Vec<Vec<u8>>,
        tables: Vec<Bound<'_, PyBytes>>,
    ) -> Result<Self> {
        let board = geometry(rows, cols)?;
        let patterns = checked_patterns(&board, blank, patterns)?;
        let tables = tables.iter().map(|t| t.as_bytes().to_vec()).collect();
        let database = PatternDatabase::new(board, blank, patterns, tables).map_err(value_error)?;
        Ok(SlidingPatterns {
            database: Arc::new(database),
        })
    }

    /// The table of pattern `i`, to be cached.
    fn table<'py>(&self, py: Python<'py>, i: usize) -> Result<Bound<'py, PyBytes>> {
        match self.database.tables.get(i) {
            Some(table) => Ok(PyBytes::new(py, table)),
            None => Err(value_error(format!("there is no pattern {i}"))),
        }
    }

    /// The tables' sums on a position (labels) and on its mirror image (0 without one).
    fn lookup(&self, labels: Vec<u8>) -> Result<(u32, u32)> {
        let database = &self.database;
        database
            .board
            .check_position(&labels, database.blank)
            .map_err(value_error)?;
        Ok(database.lookup(&labels))
    }
}

fn checked_patterns(board: &Geometry, blank: u8, patterns: Vec<Vec<u8>>) -> Result<Vec<Pattern>> {
    patterns
        .into_iter()
        .map(|labels| Pattern::new(board, blank, labels).map_err(value_error))
        .collect()
}

/// IDA* from `labels` (a position in the label frame; `blank` the blank's label) to the
/// identity: `(labels slid, nodes expanded)`; raises DeadlinePassed when `deadline` did.
///
/// With `patterns` the heuristic is their tables (max of the position and its mirror
/// image), else Manhattan distance + linear conflict; `weight` > 1 inflates it for a
/// quicker, longer answer. With weight 1 the path is the lexicographically first
/// shortest one, whatever the heuristic (see ida.rs).
#[pyfunction]
#[pyo3(signature = (labels, rows, cols, blank, weight = 1, patterns = None, deadline = None))]
#[allow(clippy::too_many_arguments)]
pub fn sliding_search(
    py: Python<'_>,
    labels: Vec<u8>,
    rows: usize,
    cols: usize,
    blank: u8,
    weight: u32,
    patterns: Option<&SlidingPatterns>,
    deadline: Option<&Deadline>,
) -> Result<(Vec<u8>, u64)> {
    let board = geometry(rows, cols)?;
    board.check_position(&labels, blank).map_err(value_error)?;
    if !(1..=MAX_WEIGHT).contains(&weight) {
        return Err(value_error(format!(
            "weight {weight}: expected 1 to {MAX_WEIGHT}"
        )));
    }
    let database = patterns.map(|p| Arc::clone(&p.database));
    if let Some(database) = &database {
        let made_for = (database.board.rows, database.board.cols, database.blank);
        if made_for != (rows, cols, blank) {
            return Err(value_error(format!(
                "pattern tables made for {made_for:?}, not for {:?}",
                (rows, cols, blank)
            )));
        }
        if !database.covers_every_tile() {
            return Err(value_error(
                "a search needs pattern tables covering every tile".into(),
            ));
        }
    }
    let mut watch = Watch::new(deadline);
    let found = py.detach(|| match &database {
        Some(database) => {
            let mut heuristic = PatternHeuristic::new(database, weight);
            run(&board, &labels, blank, &mut heuristic, &mut watch)
        }
        None => {
            let mut heuristic = ManhattanConflict::new(&board, blank, weight);
            run(&board, &labels, blank, &mut heuristic, &mut watch)
        }
    });
    match found {
        Ok(solution) => Ok((solution.path, solution.nodes)),
        Err(Failure::Stopped(_)) => Err(watch.error("the deadline passed during the search")),
        Err(Failure::Unsolvable) => Err(value_error(
            "the position cannot reach the goal (check its parity first)".into(),
        )),
    }
}

fn run<H: Heuristic>(
    board: &Geometry,
    labels: &[u8],
    blank: u8,
    heuristic: &mut H,
    watch: &mut Watch<'_>,
) -> std::result::Result<Solution, Failure<Halt>> {
    ida::solve(board, labels, blank, heuristic, watch)
}

/// Manhattan distance + linear conflict of a position (labels): no solution is shorter.
#[pyfunction]
pub fn sliding_lower_bound(labels: Vec<u8>, rows: usize, cols: usize, blank: u8) -> Result<u32> {
    let board = geometry(rows, cols)?;
    board.check_position(&labels, blank).map_err(value_error)?;
    Ok(ManhattanConflict::new(&board, blank, 1).value(&labels))
}
