//! What a new family of grid puzzles touches in the engine: a family defined here alone
//! ("pair sums": a Latin square whose dominoes show the sum of their two digits) plugs
//! its state and one technique into the shared grader through `grader::Family`, and is
//! registered beside the plain family by one line of `families!`. The shared grader, its
//! board and the other families are not edited for it.

use std::sync::Arc;

use bookgen_engine::cellset::{bit_indices, Mask};
use bookgen_engine::grader::shape::{GroupSpec, Line, Shape};
use bookgen_engine::grader::{self, Board, Ending, Outcome, Position};
use bookgen_engine::search::cages::Op;
use bookgen_engine::search::CageSpec;

/// The family's state beside the board: its dominoes (two cells and their sum), read once
/// from the shape's two-cell sum cages, and which are done (both digits written).
#[derive(Clone)]
struct PairSums {
    pairs: Arc<Vec<(usize, usize, i64)>>,
    done: Vec<bool>,
}

/// Its one technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PairSum;

impl grader::Rules for PairSums {
    type Technique = PairSum;

    fn name(_: PairSum) -> &'static str {
        "pair sum"
    }

    /// In the first domino not done where it crosses a mark out: each cell keeps only the
    /// digits the other cell can complete to the sum.
    fn apply(&mut self, _: PairSum, board: &mut Board) -> Outcome<bool> {
        let pairs = Arc::clone(&self.pairs);
        for (k, &(a, b, sum)) in pairs.iter().enumerate() {
            if self.done[k] {
                continue;
            }
            if board.placed[a] && board.placed[b] {
                self.done[k] = true;
                continue;
            }
            let keep = |board: &Board, mine: usize, other: usize| -> Mask {
                bit_indices(board.cand[mine])
                    .filter(|&d| {
                        let need = sum - board.shape.symbols[d];
                        bit_indices(board.cand[other]).any(|e| board.shape.symbols[e] == need)
                    })
                    .fold(0, |m, d| m | 1 << d)
            };
            let (keep_a, keep_b) = (keep(board, a, b), keep(board, b, a));
            let progress = board.restrict(a, keep_a)? | board.restrict(b, keep_b)?;
            if progress {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

impl grader::Family for PairSums {
    fn for_board(board: &mut Board) -> Outcome<PairSums> {
        let pairs: Vec<(usize, usize, i64)> = board
            .shape
            .cages
            .iter()
            .filter(|cage| cage.cells.len() == 2 && cage.op == Op::Add)
            .map(|cage| (cage.cells[0], cage.cells[1], cage.target as i64))
            .collect();
        Ok(PairSums {
            done: vec![false; pairs.len()],
            pairs: Arc::new(pairs),
        })
    }

    fn technique(name: &str) -> Option<PairSum> {
        (name == "pair sum").then_some(PairSum)
    }
}

/// A run-time registry of the new family alone: the engine's own (families.rs) is the same
/// macro with one such line a family. (A registry outside the engine can only list
/// families defined beside it.)
mod registry {
    bookgen_engine::families! {
        PairSums = "pair sums" => super::PairSums;
    }
}

const N: usize = 4;

/// The solution: a 4x4 Latin square.
const GRID: [[i64; N]; N] = [[1, 2, 3, 4], [2, 3, 4, 1], [4, 1, 2, 3], [3, 4, 1, 2]];

/// The dominoes ((row, column) of both cells), their sums read from GRID.
const DOMINOES: [[(usize, usize); 2]; 8] = [
    [(0, 0), (0, 1)],
    [(0, 2), (0, 3)],
    [(1, 0), (2, 0)],
    [(1, 1), (1, 2)],
    [(1, 3), (2, 3)],
    [(2, 1), (2, 2)],
    [(3, 0), (3, 1)],
    [(3, 2), (3, 3)],
];

/// The rows and columns, and the dominoes as two-cell sum cages.
fn shape() -> Arc<Shape> {
    let rows = (0..N).map(|r| GroupSpec {
        cells: (0..N).map(|c| r * N + c).collect(),
        line: Line::Row,
        compact: false,
    });
    let columns = (0..N).map(|c| GroupSpec {
        cells: (0..N).map(|r| r * N + c).collect(),
        line: Line::Column,
        compact: false,
    });
    let groups: Vec<GroupSpec> = rows.chain(columns).collect();
    let cages: Vec<CageSpec> = DOMINOES
        .iter()
        .map(|cells| CageSpec {
            cells: cells.iter().map(|&(r, c)| r * N + c).collect(),
            op: Op::Add,
            target: cells.iter().map(|&(r, c)| i128::from(GRID[r][c])).sum(),
            distinct: false,
        })
        .collect();
    let symbols: Vec<i64> = (1..=N as i64).collect();
    Arc::new(Shape::new(N * N, &symbols, &groups, &cages))
}

/// The digit written in each cell (0 where none is).
fn written(board: &Board) -> Vec<i64> {
    (0..N * N)
        .map(|i| match board.placed[i] {
            true => board.shape.symbols[board.cand[i].trailing_zeros() as usize],
            false => 0,
        })
        .collect()
}

fn solution() -> Vec<i64> {
    GRID.iter().flatten().copied().collect()
}

/// No digit is given: the sums alone settle the square.
const GIVENS: [(usize, usize); 0] = [];

#[test]
fn the_shared_grader_grades_a_family_it_does_not_know() {
    // Level 0 the shared singles, level 1 adds the family's technique.
    let singles = ["naked single", "hidden single"];
    let mut ladder: Vec<Vec<_>> = vec![singles
        .iter()
        .map(|&name| grader::technique::<PairSums>(name).expect("a shared technique"))
        .collect()];
    ladder.push(vec![
        grader::technique::<PairSums>("pair sum").expect("the family's own technique")
    ]);

    let mut position =
        Position::<PairSums>::start(shape(), &GIVENS).expect("nothing given to clash");
    let graded = grader::grade(&mut position, &ladder, None, true);
    assert_eq!(graded.ending, Ending::Solved);
    assert_eq!(graded.level, 1, "the family's technique was needed");
    assert!(graded.used.contains(&"pair sum"));
    assert_eq!(written(&position), solution());
    // Its steps are logged like any other: the first pair-sum step crossed marks out.
    let first = graded
        .steps
        .iter()
        .find(|step| step.technique == "pair sum")
        .expect("a pair-sum step");
    assert!(!first.removed.is_empty());

    // Without it (the shared singles alone) the same puzzle stalls.
    let mut stalled =
        Position::<PairSums>::start(shape(), &GIVENS).expect("nothing given to clash");
    let graded = grader::grade(&mut stalled, &ladder, Some(0), false);
    assert_eq!(graded.ending, Ending::Unfinished);
}

#[test]
fn one_registration_line_makes_it_a_family_chosen_by_name() {
    use registry::Family;
    let family = Family::named("pair sums").expect("registered");
    let ladder: Vec<Vec<_>> = [&["naked single", "hidden single"][..], &["pair sum"]]
        .iter()
        .map(|level| {
            level
                .iter()
                .map(|&name| family.technique(name).expect("a technique of the family"))
                .collect()
        })
        .collect();
    let mut position = family
        .position(shape(), &GIVENS)
        .expect("nothing given to clash");
    let graded = grader::grade(&mut position, &ladder, None, false);
    assert_eq!(graded.ending, Ending::Solved);
    assert_eq!(graded.level, 1);
    assert_eq!(written(&position), solution());
    assert_eq!(Family::named("killer"), None, "only what is registered");
}
