//! The grader: it solves the way a person with pencil marks does, applying at each step
//! the easiest technique that makes progress; a puzzle's level is that of the hardest
//! technique it needed. The level tables belong to the puzzle types (Python), which
//! name their techniques; `Technique::named` finds them here.

pub mod board;
pub mod shape;
pub mod step;

pub use board::{Board, Contradiction, Outcome};
use step::{Change, Step};

use crate::cellset::Mask;
use crate::techniques::Shared;

/// Which rules a board keeps beyond all-different groups: a family of puzzle types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Groups alone (sudoku, its variants and samurai).
    Plain,
    /// Sum cages without repeats (killer sudoku).
    Killer,
    /// Arithmetic cages whose digits may repeat off a line (KenKen).
    KenKen,
}

impl Family {
    pub fn named(name: &str) -> Option<Family> {
        match name {
            "plain" => Some(Family::Plain),
            "killer" => Some(Family::Killer),
            "kenken" => Some(Family::KenKen),
            _ => None,
        }
    }
}

/// A family's own state beyond all-different groups, kept by its board.
#[derive(Clone)]
pub enum Rules {
    Plain,
    Killer(Box<crate::killer::Killer>),
    KenKen(crate::kenken::KenKen),
}

impl Rules {
    /// The family's state for a board just made (its givens written in).
    pub fn for_board(family: Family, board: &mut Board) -> Outcome<Rules> {
        match family {
            Family::Plain => Ok(Rules::Plain),
            Family::Killer => Ok(Rules::Killer(Box::new(crate::killer::Killer::new(board)?))),
            Family::KenKen => Ok(Rules::KenKen(crate::kenken::KenKen::new(board))),
        }
    }
}

/// A technique, by the family that owns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Technique {
    Shared(Shared),
    Killer(crate::killer::KillerTechnique),
    KenKen(crate::kenken::Technique),
}

impl Technique {
    /// The technique a level table names (the names the hint sentences are keyed by):
    /// the family's own first (two families may name different techniques alike), then
    /// the shared ones.
    pub fn named(name: &str, family: Family) -> Option<Technique> {
        if family == Family::Killer {
            if let Some(t) = crate::killer::KillerTechnique::named(name) {
                return Some(Technique::Killer(t));
            }
        }
        if family == Family::KenKen {
            if let Some(t) = crate::kenken::Technique::named(name) {
                return Some(Technique::KenKen(t));
            }
        }
        Shared::named(name).map(Technique::Shared)
    }

    pub fn name(self) -> &'static str {
        match self {
            Technique::Shared(t) => t.name(),
            Technique::Killer(t) => t.name(),
            Technique::KenKen(t) => t.name(),
        }
    }

    /// Apply once; true when it made progress.
    pub fn apply(self, board: &mut Board) -> Outcome<bool> {
        match self {
            Technique::Shared(t) => t.apply(board),
            Technique::Killer(t) => t.apply(board),
            Technique::KenKen(t) => t.apply(board),
        }
    }
}

/// How grading ended: solved, impossible (a contradiction), or stuck short of the end
/// with the techniques allowed (too hard, or not unique).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Solved,
    Impossible,
    Unfinished,
}

pub struct Grade {
    pub ending: Ending,
    /// The index of the hardest level used (-1 when nothing was needed).
    pub level: i32,
    /// Technique names, in order of first use.
    pub used: Vec<&'static str>,
    /// The steps taken, when recorded.
    pub steps: Vec<Step>,
}

/// Solve with the levels' techniques, easiest first, at most level `up_to`; the board is
/// left where the techniques stopped. With `record`, every step taken is kept.
pub fn grade(
    board: &mut Board,
    levels: &[Vec<Technique>],
    up_to: Option<usize>,
    record: bool,
) -> Grade {
    let allowed = &levels[..up_to.map_or(levels.len(), |u| (u + 1).min(levels.len()))];
    let mut hardest: i32 = -1;
    let mut used: Vec<&'static str> = Vec::new();
    let mut steps = Vec::new();
    if record {
        board.log = Some(Vec::new());
    }
    let ending = loop {
        if board.solved() {
            break Ending::Solved;
        }
        match next_step(board, allowed) {
            Err(Contradiction) => break Ending::Impossible,
            Ok(None) => break Ending::Unfinished,
            Ok(Some((li, technique))) => {
                if record {
                    steps.push(take_step(board, technique.name()));
                }
                hardest = hardest.max(li as i32);
                if !used.contains(&technique.name()) {
                    used.push(technique.name());
                }
            }
        }
    };
    if record {
        board.log = None;
        board.detail = None;
    }
    Grade {
        ending,
        level: hardest,
        used,
        steps,
    }
}

/// One step of the grader: the easiest technique of these levels that makes progress,
/// with its level's index; None when none does.
pub fn next_step(
    board: &mut Board,
    levels: &[Vec<Technique>],
) -> Outcome<Option<(usize, Technique)>> {
    for (li, level) in levels.iter().enumerate() {
        for &technique in level {
            if technique.apply(board)? {
                return Ok(Some((li, technique)));
            }
        }
    }
    Ok(None)
}

/// The changes logged since the last step, as a Step; the log starts afresh.
fn take_step(board: &mut Board, technique: &'static str) -> Step {
    let log = board.log.replace(Vec::new()).unwrap_or_default();
    let detail = board.detail.take().unwrap_or_default();
    let mut placed = Vec::new();
    let mut removed: Vec<(usize, Mask)> = Vec::new();
    let mut touched: Vec<usize> = Vec::new();
    for change in log {
        match change {
            Change::Place(i, b) => placed.push((i, b.trailing_zeros() as usize)),
            Change::Remove(i, bits) => {
                removed.push((i, bits));
                if !touched.contains(&i) {
                    touched.push(i);
                }
            }
        }
    }
    let left = touched.into_iter().map(|i| (i, board.cand[i])).collect();
    Step {
        technique,
        placed,
        removed,
        left,
        detail,
    }
}
