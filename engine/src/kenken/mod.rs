//! KenKen's rules beyond the rows and columns, and the techniques on its ladder: the
//! board keeps every cage's live combinations (cages), the techniques from beginner to
//! hard reason about one cage at a time (techniques), the expert ones about lines and
//! pairs of cages (lines). The level table itself belongs to the puzzle type (Python),
//! which names these techniques.

pub mod cages;
pub mod generate;
mod lines;
pub mod proof;
mod techniques;
#[cfg(test)]
mod tests;

pub use cages::KenKen;

use crate::grader::{self, Board, Outcome};
use lines::Combine;

/// Beginner "cage single" only looks at cages with at most this many empty cells: the
/// arithmetic a beginner does in their head ("7+ with a 3 already in: the other is 4").
pub const BEGINNER_OPEN_CELLS: usize = 2;

/// Two-cage reasoning compares every pair of live combinations; pairs of cages with more
/// pairs than this are skipped (a person would not try them either). A count, not a
/// time, so grading never depends on machine speed.
pub const PAIR_LIMIT: usize = 4000;

/// The line sum and product rules try every filling of a line's leftover cells; more
/// than this many is not something a person would add up.
pub const LINE_RULE_CELLS: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Technique {
    OneCellCage,
    CageSingle,
    CageArithmetic,
    CageClaims,
    LinePins,
    CagePairs,
    LineSum,
    LineProduct,
}

const ALL: [Technique; 8] = [
    Technique::OneCellCage,
    Technique::CageSingle,
    Technique::CageArithmetic,
    Technique::CageClaims,
    Technique::LinePins,
    Technique::CagePairs,
    Technique::LineSum,
    Technique::LineProduct,
];

impl Technique {
    pub fn named(name: &str) -> Option<Technique> {
        ALL.into_iter().find(|t| t.name() == name)
    }

    /// The name the level table and the hint sentences use.
    pub fn name(self) -> &'static str {
        match self {
            Technique::OneCellCage => "one-cell cage",
            Technique::CageSingle => "cage single",
            Technique::CageArithmetic => "cage arithmetic",
            Technique::CageClaims => "cage claims a digit in its line",
            Technique::LinePins => "line pins a digit into a cage",
            Technique::CagePairs => "two cages in a line",
            Technique::LineSum => "line sum rule",
            Technique::LineProduct => "line product rule",
        }
    }

    /// Apply once to a board and its cages; true when it made progress.
    fn run(self, board: &mut Board, kk: &mut KenKen) -> Outcome<bool> {
        match self {
            Technique::OneCellCage => techniques::one_cell_cage(board, kk),
            Technique::CageSingle => techniques::cage_single(board, kk),
            Technique::CageArithmetic => techniques::cage_arithmetic(board, kk),
            Technique::CageClaims => techniques::cage_claims(board, kk),
            Technique::LinePins => techniques::line_pins(board, kk),
            Technique::CagePairs => lines::cage_pairs(board, kk),
            Technique::LineSum => lines::line_rule(board, kk, Combine::Sum),
            Technique::LineProduct => lines::line_rule(board, kk, Combine::Product),
        }
    }
}

/// KenKen plugs into the grader: the board keeps every cage's live combinations beside the
/// marks, and the techniques above work on both.
impl grader::Rules for KenKen {
    type Technique = Technique;

    fn name(technique: Technique) -> &'static str {
        technique.name()
    }

    fn apply(&mut self, technique: Technique, board: &mut Board) -> Outcome<bool> {
        technique.run(board, self)
    }
}

impl grader::Family for KenKen {
    fn for_board(board: &mut Board) -> Outcome<KenKen> {
        Ok(KenKen::new(board))
    }

    fn technique(name: &str) -> Option<Technique> {
        Technique::named(name)
    }
}
