//! The human techniques every grid type shares, over all-different groups: singles,
//! subsets, pointing and claiming, fish, wings and chains; and over greater-than signs,
//! their bounds and chains of them in a house (nothing to do on a grid without signs). Each walks the grid in a fixed
//! order and stops at its first progress, so the grader takes the same steps every time.

mod chains;
mod fish;
mod inequality;
mod locked;
mod singles;
mod subsets;
mod wings;

use crate::grader::board::{Board, Outcome};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    FullHouse,
    HiddenSingleInBox,
    NakedSingle,
    HiddenSingle,
    LockedCandidates,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    XWing,
    Swordfish,
    XyWing,
    XyzWing,
    XChain,
    XyChain,
    Inequality,
    InequalityChain,
}

const ALL: [Shared; 17] = [
    Shared::FullHouse,
    Shared::HiddenSingleInBox,
    Shared::NakedSingle,
    Shared::HiddenSingle,
    Shared::LockedCandidates,
    Shared::NakedPair,
    Shared::HiddenPair,
    Shared::NakedTriple,
    Shared::HiddenTriple,
    Shared::XWing,
    Shared::Swordfish,
    Shared::XyWing,
    Shared::XyzWing,
    Shared::XChain,
    Shared::XyChain,
    Shared::Inequality,
    Shared::InequalityChain,
];

impl Shared {
    pub fn named(name: &str) -> Option<Shared> {
        ALL.into_iter().find(|t| t.name() == name)
    }

    /// The name the level tables and the hint sentences use.
    pub fn name(self) -> &'static str {
        match self {
            Shared::FullHouse => "full house",
            Shared::HiddenSingleInBox => "hidden single in a box",
            Shared::NakedSingle => "naked single",
            Shared::HiddenSingle => "hidden single",
            Shared::LockedCandidates => "pointing and claiming",
            Shared::NakedPair => "naked pair",
            Shared::HiddenPair => "hidden pair",
            Shared::NakedTriple => "naked triple",
            Shared::HiddenTriple => "hidden triple",
            Shared::XWing => "X-wing",
            Shared::Swordfish => "swordfish",
            Shared::XyWing => "XY-wing",
            Shared::XyzWing => "XYZ-wing",
            Shared::XChain => "X-chain",
            Shared::XyChain => "XY-chain",
            Shared::Inequality => "inequality",
            Shared::InequalityChain => "inequality chain",
        }
    }

    pub fn apply(self, board: &mut Board) -> Outcome<bool> {
        match self {
            Shared::FullHouse => singles::full_house(board),
            Shared::HiddenSingleInBox => {
                let shape = std::sync::Arc::clone(&board.shape);
                singles::hidden_single_in(board, &shape.compact)
            }
            Shared::NakedSingle => singles::naked_single(board),
            Shared::HiddenSingle => {
                let shape = std::sync::Arc::clone(&board.shape);
                singles::hidden_single_in(board, &shape.covering)
            }
            Shared::LockedCandidates => locked::locked_candidates(board),
            Shared::NakedPair => subsets::naked_subset(board, 2),
            Shared::HiddenPair => subsets::hidden_subset(board, 2),
            Shared::NakedTriple => subsets::naked_subset(board, 3),
            Shared::HiddenTriple => subsets::hidden_subset(board, 3),
            Shared::XWing => fish::fish(board, 2),
            Shared::Swordfish => fish::fish(board, 3),
            Shared::XyWing => wings::wing(board, false),
            Shared::XyzWing => wings::wing(board, true),
            Shared::XChain => chains::x_chain(board),
            Shared::XyChain => chains::xy_chain(board),
            Shared::Inequality => inequality::bounds(board),
            Shared::InequalityChain => inequality::chain(board),
        }
    }
}
