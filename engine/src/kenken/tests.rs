//! KenKen's techniques on hand-made positions: a 4x4 (or larger) grid with only the cages
//! under test (the other cells in no cage).

use std::sync::Arc;

use super::{KenKen, Technique};
use crate::cellset::Mask;
use crate::grader::shape::{GroupSpec, Line, Shape};
use crate::grader::{self, Ending, Position, Rules};
use crate::search::cages::Op;
use crate::search::CageSpec;

type Cell = (usize, usize);

type Board = Position<KenKen>;

fn board(n: usize, cages: &[(&[Cell], Op, i128)]) -> Board {
    let rows = (0..n).map(|r| GroupSpec {
        cells: (0..n).map(|c| r * n + c).collect(),
        line: Line::Row,
        compact: false,
    });
    let cols = (0..n).map(|c| GroupSpec {
        cells: (0..n).map(|r| r * n + c).collect(),
        line: Line::Column,
        compact: false,
    });
    let groups: Vec<GroupSpec> = rows.chain(cols).collect();
    let specs: Vec<CageSpec> = cages
        .iter()
        .map(|(cells, op, target)| CageSpec {
            cells: cells.iter().map(|&(r, c)| r * n + c).collect(),
            op: *op,
            target: *target,
            distinct: false,
        })
        .collect();
    let symbols: Vec<i64> = (1..=n as i64).collect();
    let shape = Shape::new(n * n, &symbols, &groups, &specs);
    Board::start(Arc::new(shape), &[]).expect("no givens to clash")
}

fn bit(v: u32) -> Mask {
    1 << (v - 1)
}

fn at(board: &Board, (r, c): Cell) -> Mask {
    let n = board.nsym();
    board.cand[r * n + c]
}

fn place(board: &mut Board, (r, c): Cell, v: u32) {
    let n = board.nsym();
    board.place(r * n + c, bit(v)).expect("room for the digit");
}

fn apply(board: &mut Board, name: &str) -> bool {
    let technique = Technique::named(name).expect("a KenKen technique");
    let Position { board, rules } = board;
    rules.apply(technique, board).expect("no contradiction")
}

#[test]
fn cage_arithmetic_keeps_the_digits_of_some_combination() {
    let mut b = board(4, &[(&[(0, 0), (0, 1)], Op::Sub, 3)]);
    assert!(apply(&mut b, "cage arithmetic"));
    assert_eq!(at(&b, (0, 0)), bit(1) | bit(4));
    assert_eq!(at(&b, (0, 1)), bit(1) | bit(4));
}

#[test]
fn a_one_cell_cage_shows_its_digit() {
    let mut b = board(4, &[(&[(2, 1)], Op::Eq, 3)]);
    assert!(apply(&mut b, "one-cell cage"));
    assert!(b.placed[9] && at(&b, (2, 1)) == bit(3));
    assert!(!apply(&mut b, "one-cell cage"));
}

#[test]
fn cage_single_writes_the_last_digit_of_a_cage() {
    let mut b = board(4, &[(&[(0, 0), (0, 1)], Op::Add, 7)]);
    place(&mut b, (0, 0), 4);
    assert!(apply(&mut b, "cage single"));
    assert!(b.placed[1] && at(&b, (0, 1)) == bit(3));
}

#[test]
fn cage_single_leaves_a_cage_with_three_open_cells_alone() {
    // 1+2+3 = 6 is forced up to order, but no cell is: three open cells are not beginner.
    let mut b = board(4, &[(&[(0, 0), (0, 1), (0, 2)], Op::Add, 6)]);
    place(&mut b, (0, 3), 4);
    assert!(!apply(&mut b, "cage single"));
}

#[test]
fn a_cage_claims_its_digits_in_its_row() {
    let mut b = board(4, &[(&[(0, 0), (0, 1)], Op::Add, 3)]);
    assert!(apply(&mut b, "cage claims a digit in its line"));
    assert_eq!(at(&b, (0, 2)), bit(3) | bit(4));
    assert_eq!(at(&b, (0, 3)), bit(3) | bit(4));
}

#[test]
fn a_row_pins_a_digit_into_the_only_cage_that_can_hold_it() {
    // Column 4s bar 4 from (0,2) and (0,3), so row 0's 4 is in the L-shaped 7+ cage's top
    // cells; the combinations putting 4 in its bottom cell go, and with them 3 and 4 there.
    let mut b = board(4, &[(&[(0, 0), (0, 1), (1, 0)], Op::Add, 7)]);
    place(&mut b, (2, 2), 4);
    place(&mut b, (3, 3), 4);
    apply(&mut b, "cage arithmetic");
    assert!(at(&b, (1, 0)) & bit(4) != 0);
    assert!(apply(&mut b, "line pins a digit into a cage"));
    assert_eq!(at(&b, (1, 0)), bit(1) | bit(2));
}

#[test]
fn line_sum_gives_the_rest_of_the_row_its_total() {
    // A row of 1..4 totals 10; a 3+ cage inside it leaves 7 for the other two cells.
    let mut b = board(4, &[(&[(0, 0), (0, 1)], Op::Add, 3)]);
    assert!(apply(&mut b, "line sum rule"));
    assert_eq!(at(&b, (0, 2)), bit(3) | bit(4));
    assert_eq!(at(&b, (0, 3)), bit(3) | bit(4));
}

#[test]
fn line_product_divides_out_the_product_cages() {
    // A row of 1..4 multiplies to 24; a 4x cage inside it leaves 6 for the other two.
    let mut b = board(4, &[(&[(0, 0), (0, 1)], Op::Mul, 4)]);
    assert!(apply(&mut b, "line product rule"));
    assert_eq!(at(&b, (0, 2)), bit(2) | bit(3));
    assert_eq!(at(&b, (0, 3)), bit(2) | bit(3));
}

#[test]
fn two_cages_in_a_row_must_agree() {
    // 3+ uses 1 and 2 in row 0, so the upright 5+ beside it cannot put 1 or 2 in row 0:
    // only 4 over 1 or 3 over 2 remain.
    let mut b = board(
        4,
        &[
            (&[(0, 0), (0, 1)], Op::Add, 3),
            (&[(0, 2), (1, 2)], Op::Add, 5),
        ],
    );
    assert!(apply(&mut b, "two cages in a line"));
    assert_eq!(at(&b, (0, 2)), bit(3) | bit(4));
    assert_eq!(at(&b, (1, 2)), bit(1) | bit(2));
}

#[test]
fn a_recorded_step_names_the_cage_its_digit_sets_and_the_line() {
    let mut b = board(4, &[(&[(0, 0), (0, 1)], Op::Add, 3)]);
    b.log = Some(Vec::new());
    assert!(apply(&mut b, "cage claims a digit in its line"));
    let detail = b.detail.clone().expect("a recorded step notes its detail");
    assert_eq!(detail.cage, Some(0));
    assert_eq!(detail.ways, vec![vec![1, 2]]);
    assert_eq!(detail.fit, vec![vec![1, 2]]);
    assert_eq!(detail.groups, vec![0]); // row 0
    assert_eq!(detail.digits, vec![1, 2]);
}

#[test]
fn hidden_signs_allow_every_operation_that_makes_the_target() {
    // 2 in two cells of a row: 1+1 repeats, so 4-2, 3-1, 2/1 or 4/2.
    let alive = |b: &Board| b.rules.alive[0].len();
    let mut b = board(4, &[(&[(0, 0), (0, 1)], Op::Hidden, 2)]);
    assert_eq!(alive(&b), 6);
    assert!(!apply(&mut b, "cage arithmetic")); // every digit still fits somewhere
                                                // Off a common line 1+1 is allowed too.
    assert_eq!(alive(&board(4, &[(&[(0, 0), (1, 1)], Op::Hidden, 2)])), 7);
}

#[test]
fn a_cage_too_large_to_list_is_reported_not_graded() {
    let cells: Vec<Cell> = (0..9).map(|c| (0, c)).collect();
    let b = board(9, &[(&cells, Op::Add, 45)]);
    assert_eq!(b.rules.compiled.unlisted, Some(0));
}

#[test]
fn a_contradiction_ends_grading_as_impossible() {
    // 7+ in two cells of 1..3 cannot be made.
    let mut b = board(3, &[(&[(0, 0), (0, 1)], Op::Add, 7)]);
    let ladder = vec![vec![
        grader::technique::<KenKen>("cage arithmetic").expect("named")
    ]];
    let graded = grader::grade(&mut b, &ladder, None, false);
    assert_eq!(graded.ending, Ending::Impossible);
}
