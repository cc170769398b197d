//! Killer sudoku's own rules and techniques: sum cages without repeats (board.rs), the
//! techniques on cages and houses (cages.rs), the rule of 45 (rule45.rs), and the
//! generator (generate/). The shared techniques (singles, subsets, fish, wings, chains)
//! work on a killer board as on any other; cage-mates are among a cell's peers, so wings
//! and chains see them.

mod board;
mod cages;
pub mod generate;
mod rule45;
pub mod search;
#[cfg(test)]
mod tests;

pub use board::{fit, Killer};

use crate::grader::{self, Board, Outcome};
use rule45::{Scope, SUM_CELLS_HARD, SUM_CELLS_MEDIUM};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KillerTechnique {
    OneCellCage,
    CageLastCell,
    CageCombinations,
    CageClaims,
    HousePins,
    CagesInHouse,
    Rule45House,
    Rule45,
    InniesOuties,
}

const ALL: [KillerTechnique; 9] = [
    KillerTechnique::OneCellCage,
    KillerTechnique::CageLastCell,
    KillerTechnique::CageCombinations,
    KillerTechnique::CageClaims,
    KillerTechnique::HousePins,
    KillerTechnique::CagesInHouse,
    KillerTechnique::Rule45House,
    KillerTechnique::Rule45,
    KillerTechnique::InniesOuties,
];

impl KillerTechnique {
    pub fn named(name: &str) -> Option<KillerTechnique> {
        ALL.into_iter().find(|t| t.name() == name)
    }

    /// The name killer's level table and the hint sentences use.
    pub fn name(self) -> &'static str {
        match self {
            KillerTechnique::OneCellCage => "one-cell cage",
            KillerTechnique::CageLastCell => "last cell of a cage",
            KillerTechnique::CageCombinations => "cage combinations",
            KillerTechnique::CageClaims => "cage claims a digit in a house",
            KillerTechnique::HousePins => "house pins a digit into a cage",
            KillerTechnique::CagesInHouse => "two cages in one house",
            KillerTechnique::Rule45House => "rule of 45 (one house)",
            KillerTechnique::Rule45 => "rule of 45",
            KillerTechnique::InniesOuties => "innies and outies",
        }
    }

    /// Apply once to a board and its killer state; true when it made progress.
    pub fn apply(self, board: &mut Board, state: &mut Killer) -> Outcome<bool> {
        let houses = board.shape.covering.len();
        match self {
            KillerTechnique::OneCellCage => cages::one_cell_cage(board, state),
            KillerTechnique::CageLastCell => cages::cage_last_cell(board, state),
            KillerTechnique::CageCombinations => cages::cage_combinations(board, state),
            KillerTechnique::CageClaims => cages::cage_claims_digit(board, state),
            KillerTechnique::HousePins => cages::house_pins_digit(board, state),
            KillerTechnique::CagesInHouse => cages::cages_in_one_house(board, state),
            KillerTechnique::Rule45House => rule45::apply_equations(
                board,
                state,
                Scope {
                    max_houses: 1,
                    max_cells: SUM_CELLS_MEDIUM,
                    mixed: false,
                },
            ),
            KillerTechnique::Rule45 => rule45::apply_equations(
                board,
                state,
                Scope {
                    max_houses: houses,
                    max_cells: SUM_CELLS_HARD,
                    mixed: false,
                },
            ),
            KillerTechnique::InniesOuties => rule45::apply_equations(
                board,
                state,
                Scope {
                    max_houses: houses,
                    max_cells: SUM_CELLS_HARD,
                    mixed: true,
                },
            ),
        }
    }
}

/// Killer plugs into the grader: the board keeps every cage's combinations beside the
/// marks (and cage-mates among the peers), and the techniques above work on both.
impl grader::Rules for Killer {
    type Technique = KillerTechnique;

    fn name(technique: KillerTechnique) -> &'static str {
        technique.name()
    }

    fn apply(&mut self, technique: KillerTechnique, board: &mut Board) -> Outcome<bool> {
        technique.apply(board, self)
    }
}

impl grader::Family for Killer {
    fn for_board(board: &mut Board) -> Outcome<Killer> {
        Killer::new(board)
    }

    fn technique(name: &str) -> Option<KillerTechnique> {
        KillerTechnique::named(name)
    }
}
