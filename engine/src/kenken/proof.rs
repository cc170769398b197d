//! A printed KenKen proved again before it goes in a book, in one go: graded from an
//! empty board by the ladder, and its solutions counted by the search from an empty grid.
//! The two share nothing but the cages they read (the grader's pencil marks never seed
//! the search), so each is a proof of its own; the caller compares them, and checks the
//! printed answer against the rules with its own checker.

use super::generate::grading::Grid;
use super::KenKen;
use crate::grader::{Apply, Ending};
use crate::search::{Budget, CageSpec, Count, Stop};

/// What the grader and the search found.
pub struct Proof {
    pub ending: Ending,
    /// The hardest level the grader used (-1: none).
    pub level: i32,
    /// The grader's grid (symbol index per cell) when it solved the puzzle, else empty.
    pub values: Vec<u8>,
    /// The search's count, when asked for (or needed: the grader did not solve it).
    pub count: Option<Count>,
}

/// Grade the cages of an n x n KenKen (as the solver reads them, in the printed order)
/// with every level of `levels`, and count its solutions up to two by the search: always
/// with `always_count`, else only when the grader did not solve it. None for a size the
/// engine has no grid of.
pub fn prove<T: Apply<KenKen>>(
    n: usize,
    specs: &[CageSpec],
    levels: &[Vec<T>],
    always_count: bool,
    budget: &mut Budget,
) -> Result<Option<Proof>, Stop> {
    let Some(grid) = Grid::shared(n) else {
        return Ok(None);
    };
    let graded = grid.grade_specs(specs, levels, levels.len().saturating_sub(1));
    let values = if graded.ending == Ending::Solved {
        graded
            .board
            .board
            .cand
            .iter()
            .map(|d| d.trailing_zeros() as u8)
            .collect()
    } else {
        Vec::new()
    };
    let count = if always_count || graded.ending != Ending::Solved {
        Some(grid.count(specs, 2, budget)?)
    } else {
        None
    };
    Ok(Some(Proof {
        ending: graded.ending,
        level: graded.level,
        values,
        count,
    }))
}
