//! Killer's techniques on hand-made positions: a sudoku grid with only the cages under
//! test (the other cells in no cage), each technique where exactly it makes progress.

use std::sync::Arc;

use super::{fit, Killer, KillerTechnique};
use crate::cellset::Mask;
use crate::grader::shape::{GroupSpec, Line, Shape};
use crate::grader::{self, Apply, Position, Technique};

type Board = Position<Killer>;
use crate::search::cages::{distinct_sum_subsets as combinations, Op};
use crate::search::CageSpec;

fn bits(values: &[usize]) -> Mask {
    values.iter().fold(0, |m, &v| m | 1 << (v - 1))
}

/// A sudoku of side n (boxes 2x2, 2x3 or 3x3) with these cages ((row, col) cells, sum)
/// and givens ((row, col), digit).
fn board(
    n: usize,
    cages: &[(&[(usize, usize)], i128)],
    givens: &[((usize, usize), usize)],
) -> Board {
    let (bh, bw) = match n {
        4 => (2, 2),
        6 => (2, 3),
        _ => (3, 3),
    };
    let mut groups = Vec::new();
    for r in 0..n {
        groups.push(GroupSpec {
            cells: (0..n).map(|c| r * n + c).collect(),
            line: Line::Row,
            compact: false,
        });
    }
    for c in 0..n {
        groups.push(GroupSpec {
            cells: (0..n).map(|r| r * n + c).collect(),
            line: Line::Column,
            compact: false,
        });
    }
    for br in (0..n).step_by(bh) {
        for bc in (0..n).step_by(bw) {
            let cells = (0..bh)
                .flat_map(|r| (0..bw).map(move |c| (br + r) * n + bc + c))
                .collect();
            groups.push(GroupSpec {
                cells,
                line: Line::Other,
                compact: true,
            });
        }
    }
    let specs: Vec<CageSpec> = cages
        .iter()
        .map(|&(cells, target)| CageSpec {
            cells: cells.iter().map(|&(r, c)| r * n + c).collect(),
            op: Op::Add,
            target,
            distinct: true,
        })
        .collect();
    let symbols: Vec<i64> = (1..=n as i64).collect();
    let shape = Arc::new(Shape::new(n * n, &symbols, &groups, &specs));
    let givens: Vec<(usize, usize)> = givens
        .iter()
        .map(|&((r, c), v)| (r * n + c, v - 1))
        .collect();
    Board::start(shape, &givens).expect("a consistent position")
}

fn cand(b: &Board, (r, c): (usize, usize)) -> Mask {
    b.cand[r * b.nsym() + c]
}

fn apply(b: &mut Board, t: KillerTechnique) -> bool {
    let Position { board, rules } = b;
    t.apply(board, rules).expect("no contradiction")
}

/// Apply these techniques (killer's by name, or shared) until none progresses.
fn exhaust(b: &mut Board, names: &[&str]) {
    let ts: Vec<Technique<KillerTechnique>> = names
        .iter()
        .map(|n| grader::technique::<Killer>(n).expect("a technique"))
        .collect();
    while ts.iter().any(|t| t.apply(b).expect("no contradiction")) {}
}

const BELOW_MEDIUM: [&str; 5] = [
    "one-cell cage",
    "naked single",
    "hidden single",
    "last cell of a cage",
    "cage combinations",
];

#[test]
fn combinations_are_the_digit_sets_of_the_size_making_the_sum_in_listing_order() {
    let digits: Vec<i64> = (1..=9).collect();
    assert_eq!(combinations(&digits, 2, 3), vec![bits(&[1, 2])]);
    assert_eq!(combinations(&digits, 3, 24), vec![bits(&[7, 8, 9])]);
    assert_eq!(
        combinations(&digits, 2, 10),
        vec![bits(&[1, 9]), bits(&[2, 8]), bits(&[3, 7]), bits(&[4, 6])]
    );
    assert_eq!(
        combinations(&digits, 9, 45),
        vec![bits(&[1, 2, 3, 4, 5, 6, 7, 8, 9])]
    );
    assert!(combinations(&digits, 2, 18).is_empty());
    assert!(combinations(&digits, 10, 45).is_empty());
}

#[test]
fn fit_needs_each_digit_of_the_combination_placed_once() {
    let (ab, abc) = (bits(&[1, 2]), bits(&[1, 2, 3]));
    assert_eq!(fit(&[ab, ab, abc], abc), Some(vec![ab, ab, bits(&[3])]));
    assert_eq!(fit(&[bits(&[1]), bits(&[1, 3])], ab), None);
}

#[test]
fn cage_mates_are_peers_so_a_given_leaves_its_cage() {
    let b = board(9, &[(&[(0, 0), (1, 1)], 10)], &[((0, 0), 3)]);
    assert_eq!(cand(&b, (1, 1)) & bits(&[3]), 0);
    assert!(b.peers[0].contains(&10));
}

#[test]
fn a_killer_board_refuses_a_grid_that_is_not_a_full_square() {
    let groups = vec![GroupSpec {
        cells: vec![0, 1, 2],
        line: Line::Row,
        compact: false,
    }];
    let shape = Arc::new(Shape::new(3, &[1, 2, 3], &groups, &[]));
    assert!(Board::start(shape, &[]).is_err());
}

#[test]
fn one_cell_cage_writes_its_sum() {
    let mut b = board(9, &[(&[(4, 4)], 7)], &[]);
    assert!(apply(&mut b, KillerTechnique::OneCellCage));
    assert_eq!(cand(&b, (4, 4)), bits(&[7]));
    assert!(b.placed[40]);
}

#[test]
fn last_cell_of_a_cage_is_the_sum_less_the_digits_written() {
    let mut b = board(4, &[(&[(0, 0), (0, 1)], 7)], &[((0, 0), 3)]);
    assert!(apply(&mut b, KillerTechnique::CageLastCell));
    assert_eq!(cand(&b, (0, 1)), bits(&[4]));
}

#[test]
fn cage_combinations_keep_the_digits_that_can_make_the_sum() {
    let mut b = board(
        9,
        &[(&[(0, 0), (1, 0)], 3), (&[(4, 4), (4, 5), (5, 5)], 7)],
        &[],
    );
    assert!(apply(&mut b, KillerTechnique::CageCombinations));
    assert_eq!(cand(&b, (0, 0)), bits(&[1, 2]));
    assert_eq!(cand(&b, (1, 0)), bits(&[1, 2]));
    while apply(&mut b, KillerTechnique::CageCombinations) {}
    assert_eq!(cand(&b, (4, 4)), bits(&[1, 2, 4]));
    assert_eq!(cand(&b, (5, 5)), bits(&[1, 2, 4]));
}

#[test]
fn a_cage_claims_its_required_digits_in_its_box() {
    // 6 in three cells is 1+2+3; the L-shaped cage lies across two rows but in one box.
    let mut b = board(9, &[(&[(0, 0), (0, 1), (1, 1)], 6)], &[]);
    exhaust(&mut b, &BELOW_MEDIUM);
    assert_ne!(cand(&b, (2, 2)) & bits(&[1, 2, 3]), 0);
    assert!(apply(&mut b, KillerTechnique::CageClaims));
    while apply(&mut b, KillerTechnique::CageClaims) {}
    assert_eq!(cand(&b, (2, 2)) & bits(&[1, 2, 3]), 0);
    assert_ne!(cand(&b, (0, 5)) & bits(&[1, 2, 3]), 0);
}

#[test]
fn a_box_pins_its_nine_into_the_only_cage_that_can_hold_it() {
    // Box 0 holds its 9 only in (2,1) and (2,2), both in one cage: the cage's third cell
    // (3,2), outside the box, cannot be 9, and every combination left has a 9.
    let cage: &[(usize, usize)] = &[(2, 1), (2, 2), (3, 2)];
    let mut b = board(9, &[(cage, 15)], &[((0, 4), 9), ((1, 7), 9), ((7, 0), 9)]);
    exhaust(&mut b, &BELOW_MEDIUM);
    assert_ne!(cand(&b, (3, 2)) & bits(&[9]), 0);
    assert!(apply(&mut b, KillerTechnique::HousePins));
    assert_eq!(cand(&b, (3, 2)) & bits(&[9]), 0);
    assert!(b.rules.alive[0].iter().all(|&s| s & bits(&[9]) != 0));
}

#[test]
fn rule_of_45_gives_the_one_cell_sticking_out_of_a_row() {
    // Row 0: two cages of four cells making 20 each, and (0,8) in a cage going down: 5.
    let a: &[(usize, usize)] = &[(0, 0), (0, 1), (0, 2), (0, 3)];
    let c: &[(usize, usize)] = &[(0, 4), (0, 5), (0, 6), (0, 7)];
    let mut b = board(9, &[(a, 20), (c, 20), (&[(0, 8), (1, 8)], 9)], &[]);
    exhaust(&mut b, &BELOW_MEDIUM);
    assert_ne!(cand(&b, (0, 8)), bits(&[5]));
    assert!(apply(&mut b, KillerTechnique::Rule45House));
    assert_eq!(cand(&b, (0, 8)), bits(&[5]));
}

#[test]
fn rule_of_45_on_two_innies_keeps_the_pairs_that_make_their_sum() {
    // Row 0 less its cages making 35 leaves 10 to (0,7) and (0,8): no 5 (it would
    // repeat), no 9.
    let a: &[(usize, usize)] = &[(0, 0), (0, 1), (0, 2), (0, 3)];
    let c: &[(usize, usize)] = &[(0, 4), (0, 5), (0, 6)];
    let cages = [
        (a, 20),
        (c, 15),
        (&[(0, 7), (1, 7)][..], 11),
        (&[(0, 8), (1, 8)][..], 11),
    ];
    let mut b = board(9, &cages, &[]);
    exhaust(&mut b, &BELOW_MEDIUM);
    assert_ne!(cand(&b, (0, 7)) & bits(&[5, 9]), 0);
    assert!(!apply(&mut b, KillerTechnique::Rule45House));
    assert!(apply(&mut b, KillerTechnique::Rule45));
    assert_eq!(cand(&b, (0, 7)) & bits(&[5, 9]), 0);
    assert_eq!(cand(&b, (0, 8)) & bits(&[5, 9]), 0);
}

#[test]
fn rule_of_45_works_on_two_rows_together() {
    // Rows 0 and 1 make 90; cages inside them make 84, so the lone innie (1,8) is 6,
    // though neither row alone has a single unknown cell.
    let cages: [(&[(usize, usize)], i128); 6] = [
        (&[(0, 0), (0, 1), (0, 2), (0, 3)], 20),
        (&[(0, 4), (0, 5), (1, 4), (1, 5)], 20),
        (&[(0, 6), (0, 7), (0, 8)], 12),
        (&[(1, 0), (1, 1), (1, 2), (1, 3)], 18),
        (&[(1, 6), (1, 7)], 14),
        (&[(1, 8), (2, 8)], 10),
    ];
    let mut b = board(9, &cages, &[]);
    exhaust(&mut b, &BELOW_MEDIUM);
    assert_ne!(cand(&b, (1, 8)), bits(&[6]));
    while apply(&mut b, KillerTechnique::Rule45) {}
    assert_eq!(cand(&b, (1, 8)), bits(&[6]));
}

#[test]
fn innies_and_outies_give_a_difference() {
    // Row 0: a cage mostly inside pokes out at (1,2); (0,8) belongs to a cage mostly
    // below. Counting the poking cage whole: (0,8) - (1,2) = 45 - 15 - 11 - 20 = -1.
    let cages: [(&[(usize, usize)], i128); 4] = [
        (&[(0, 0), (0, 1), (0, 2), (1, 2)], 20),
        (&[(0, 3), (0, 4), (0, 5)], 15),
        (&[(0, 6), (0, 7)], 11),
        (&[(0, 8), (1, 8), (2, 8)], 15),
    ];
    let mut b = board(9, &cages, &[]);
    exhaust(&mut b, &BELOW_MEDIUM);
    assert_ne!(cand(&b, (0, 8)) & bits(&[9]), 0);
    assert_ne!(cand(&b, (1, 2)) & bits(&[1]), 0);
    assert!(apply(&mut b, KillerTechnique::InniesOuties));
    assert_eq!(cand(&b, (0, 8)) & bits(&[9]), 0);
    assert_eq!(cand(&b, (1, 2)) & bits(&[1]), 0);
}

#[test]
fn two_cages_in_one_row_share_no_digit() {
    // 6 in two is {1,5} or {2,4}; 7 in two is {1,6}, {2,5} or {3,4}: {2,5} meets both
    // combinations of the 6, so the 7 loses 2 and 5.
    let mut b = board(9, &[(&[(0, 0), (0, 1)], 6), (&[(0, 2), (0, 3)], 7)], &[]);
    exhaust(&mut b, &BELOW_MEDIUM);
    assert_ne!(cand(&b, (0, 2)) & bits(&[2, 5]), 0);
    assert!(apply(&mut b, KillerTechnique::CagesInHouse));
    assert_eq!(cand(&b, (0, 2)), bits(&[1, 3, 4, 6]));
    assert_eq!(cand(&b, (0, 3)), bits(&[1, 3, 4, 6]));
}

#[test]
fn a_step_names_the_models_cage_and_its_combinations() {
    // The killer board keeps only sum cages: a product cage before it keeps the model's
    // numbering in the step's detail.
    let groups: Vec<GroupSpec> = (0..4)
        .map(|r| GroupSpec {
            cells: (0..4).map(|c| r * 4 + c).collect(),
            line: Line::Row,
            compact: false,
        })
        .collect();
    let cages = vec![
        CageSpec {
            cells: vec![14, 15],
            op: Op::Mul,
            target: 2,
            distinct: false,
        },
        CageSpec {
            cells: vec![0, 1],
            op: Op::Add,
            target: 3,
            distinct: true,
        },
    ];
    let shape = Arc::new(Shape::new(16, &[1, 2, 3, 4], &groups, &cages));
    let mut b = Board::start(shape, &[]).expect("consistent");
    let ladder = vec![vec![Technique::Own(KillerTechnique::CageCombinations)]];
    let graded = crate::grader::grade(&mut b, &ladder, None, true);
    let detail = &graded.steps[0].detail;
    assert_eq!(detail.cage, Some(1));
    assert_eq!(detail.ways, vec![vec![1, 2]]);
    assert_eq!(detail.fit, vec![vec![1, 2]]);
}
