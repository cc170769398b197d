//! The grader: it solves the way a person with pencil marks does, applying at each step
//! the easiest technique that makes progress; a puzzle's level is that of the hardest
//! technique it needed. The level tables belong to the puzzle types (Python), which
//! name their techniques; `technique` finds them here.
//!
//! The grader names no family of puzzle types. A family (arithmetic cages, sum cages...)
//! plugs in through `Rules` and `Family` (family.rs): it keeps its state beside the
//! shared board and brings its own techniques, as Tatham's latin solver takes a cage
//! puzzle's techniques without knowing the puzzle. The grader is generic over the
//! family, so its techniques are called directly, not through a table of functions.

pub mod aim;
pub mod board;
pub mod family;
pub mod shape;
pub mod step;
pub mod techniques;
#[cfg(test)]
pub(crate) mod test_shapes;

pub use board::{Board, Contradiction, Outcome};
pub use family::{Family, Plain, Position, Rules};
use step::{Change, Step};
pub use techniques::Shared;

use crate::cellset::Mask;

/// A technique on a ladder of a family with own techniques `T`: a shared one (groups,
/// signs) or the family's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Technique<T> {
    Shared(Shared),
    Own(T),
}

/// The technique of this name for family `F`'s boards: the family's own first (two
/// families may name different techniques alike), then the shared ones.
pub fn technique<F: Family>(name: &str) -> Option<Technique<F::Technique>> {
    F::technique(name)
        .map(Technique::Own)
        .or_else(|| Shared::named(name).map(Technique::Shared))
}

/// What a ladder holds: a technique the grader can apply to a position of rules `R`.
/// A technique of `R`'s own kind applies as it is; a ladder of another kind (one naming
/// techniques of several families) says what it does on `R`'s positions.
pub trait Apply<R>: Copy {
    fn name(self) -> &'static str;

    /// Apply once; true when it made progress.
    fn apply(self, position: &mut Position<R>) -> Outcome<bool>;
}

impl<R: Rules> Apply<R> for Technique<R::Technique> {
    fn name(self) -> &'static str {
        match self {
            Technique::Shared(t) => t.name(),
            Technique::Own(t) => R::name(t),
        }
    }

    fn apply(self, position: &mut Position<R>) -> Outcome<bool> {
        match self {
            Technique::Shared(t) => t.apply(&mut position.board),
            Technique::Own(t) => position.rules.apply(t, &mut position.board),
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
pub fn grade<R, T: Apply<R>>(
    position: &mut Position<R>,
    levels: &[Vec<T>],
    up_to: Option<usize>,
    record: bool,
) -> Grade {
    let allowed = &levels[..up_to.map_or(levels.len(), |u| (u + 1).min(levels.len()))];
    let mut hardest: i32 = -1;
    // Room for a ladder's worth of names at once (most gradings use a handful).
    let mut used: Vec<&'static str> = Vec::with_capacity(8);
    let mut steps = Vec::new();
    if record {
        position.board.log = Some(Vec::new());
    }
    let ending = loop {
        if position.board.solved() {
            break Ending::Solved;
        }
        match next_step(position, allowed) {
            Err(Contradiction) => break Ending::Impossible,
            Ok(None) => break Ending::Unfinished,
            Ok(Some((li, technique))) => {
                if record {
                    steps.push(take_step(&mut position.board, technique.name()));
                }
                hardest = hardest.max(li as i32);
                if !used.contains(&technique.name()) {
                    used.push(technique.name());
                }
            }
        }
    };
    if record {
        position.board.log = None;
        position.board.detail = None;
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
pub fn next_step<R, T: Apply<R>>(
    position: &mut Position<R>,
    levels: &[Vec<T>],
) -> Outcome<Option<(usize, T)>> {
    for (li, level) in levels.iter().enumerate() {
        for &technique in level {
            if technique.apply(position)? {
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
