//! The Python face of killer's generator: `bookgen._engine.generate_killer`. The policy
//! (plan, largest cage, level ladder) comes in from the killer type; the whole generation
//! runs without the GIL, taking it back between rounds to look for a pending signal and
//! at the process's CPU clock (the Budget's clock), so Ctrl-C, SIGTERM and a timeout stop
//! it as they stop Python code, and the budget ends it as it ended the Python loop.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::{generate, Failure, Frame, Halt, Plan, Spec};
use crate::families::{Family, Technique};
use crate::grader::shape::Line;

/// The largest cage asked for: the killer board lists no longer cage's combinations, and
/// the splits of a cage are tried one by one (2^(cells-1) of them).
const MAX_CAGE: usize = 16;

/// The process's CPU time in seconds, as Python's `time.process_time` reads it.
fn process_time(py: Python<'_>) -> PyResult<f64> {
    py.import("time")?
        .getattr("process_time")?
        .call0()?
        .extract::<f64>()
}

fn invalid(message: &str) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// The killer family's techniques per level, by the names the level table uses.
fn ladder(levels: Vec<Vec<String>>) -> PyResult<Vec<Vec<Technique>>> {
    levels
        .into_iter()
        .map(|level| {
            level
                .into_iter()
                .map(|name| {
                    Technique::named(&name, Family::Killer).ok_or_else(|| {
                        PyValueError::new_err(format!("no technique named {name:?}"))
                    })
                })
                .collect()
        })
        .collect()
}

/// The grid's groups as the grader's shape takes them, checked against the grid.
fn groups(
    n: usize,
    groups: Vec<(Vec<usize>, String, bool)>,
) -> PyResult<Vec<(Vec<usize>, Line, bool)>> {
    groups
        .into_iter()
        .map(|(cells, kind, compact)| {
            if cells.iter().any(|&c| c >= n) {
                return Err(invalid("a group names a cell outside the grid"));
            }
            let line = match kind.as_str() {
                "row" => Line::Row,
                "column" => Line::Column,
                _ => Line::Other,
            };
            Ok((cells, line, compact))
        })
        .collect()
}

fn plan(sizes: Vec<usize>, weights: Vec<f64>, single_cap: usize, givens: usize) -> PyResult<Plan> {
    if sizes.is_empty() || sizes.len() != weights.len() || sizes.contains(&0) {
        return Err(invalid(
            "a plan has one weight per cage size, sizes of 1 or more",
        ));
    }
    if weights.iter().any(|w| !w.is_finite() || *w < 0.0) || weights.iter().sum::<f64>() <= 0.0 {
        return Err(invalid(
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

/// A killer sudoku at level `level` of `levels` (technique names per level) on the
/// side x side grid of these symbols and groups ((cells, kind, compact), cells numbered
/// row by row), shaped by the plan (cage sizes and weights, one-cell cages allowed,
/// givens allowed) with cages of at most `max_cage` cells, drawn from the engine's random
/// source seeded with `seed`, within `seconds` of CPU time. Returns ("made", (cages as
/// sorted cell numbers ordered by first cell, given cells ascending, solution as symbol
/// indices per cell)); ("not found", None) when every attempt failed or the time ran out
/// between attempts; ("time spent", None) when it ran out while cages were being shaped.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (side, symbols, groups, levels, level, sizes, weights, single_cap, givens, max_cage, seed, seconds))]
#[allow(clippy::type_complexity)]
fn generate_killer(
    py: Python<'_>,
    side: usize,
    symbols: Vec<i64>,
    groups: Vec<(Vec<usize>, String, bool)>,
    levels: Vec<Vec<String>>,
    level: usize,
    sizes: Vec<usize>,
    weights: Vec<f64>,
    single_cap: usize,
    givens: usize,
    max_cage: usize,
    seed: u64,
    seconds: f64,
) -> PyResult<(&'static str, Option<(Vec<Vec<usize>>, Vec<usize>, Vec<u8>)>)> {
    if side == 0 || side * side > 128 || symbols.len() != side {
        return Err(invalid(
            "a killer grid is square, at most 11 cells a side, with one symbol per row cell",
        ));
    }
    if level >= levels.len() || max_cage == 0 || max_cage > MAX_CAGE {
        return Err(invalid(
            "the level is one of the ladder's, the largest cage 1 to 16 cells",
        ));
    }
    let frame = Frame::new(side, symbols, self::groups(side * side, groups)?);
    let spec = Spec {
        ladder: ladder(levels)?,
        level,
        plan: plan(sizes, weights, single_cap, givens)?,
        max_cage,
    };
    let deadline = process_time(py)? + seconds;
    let mut kept: Option<PyErr> = None;
    let made = py.detach(|| {
        let mut check = || {
            Python::attach(|py| {
                let stop = py.check_signals().and_then(|()| process_time(py));
                match stop {
                    Ok(now) if now > deadline => Some(Halt::TimeUp),
                    Ok(_) => None,
                    Err(err) => {
                        kept = Some(err);
                        Some(Halt::Interrupted)
                    }
                }
            })
        };
        generate(&frame, &spec, seed, &mut check)
    });
    match made {
        Ok(made) => Ok(("made", Some((made.cages, made.givens, made.solution)))),
        Err(Failure::NotFound) => Ok(("not found", None)),
        Err(Failure::TimeSpent) => Ok(("time spent", None)),
        Err(Failure::Interrupted) => {
            Err(kept.unwrap_or_else(|| invalid("the generation was interrupted")))
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(generate_killer, m)?)
}
