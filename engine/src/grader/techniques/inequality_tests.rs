//! Greater-than signs on 4x4 sudoku: each technique where it makes progress, and both,
//! with the search's propagation, checked against every 4x4 sudoku there is.

use std::sync::Arc;

use super::{bounds, chain};
use crate::cellset::Mask;
use crate::grader::shape::{GroupSpec, Line, Shape};
use crate::grader::techniques::Shared;
use crate::grader::{next_step, Plain, Position, Rules, Technique};
use crate::inequality::Inequality;
use crate::search::{Budget, Solver};

const N: usize = 4;

fn bits(values: &[usize]) -> Mask {
    values.iter().fold(0, |m, &v| m | 1 << (v - 1))
}

fn at(r: usize, c: usize) -> usize {
    r * N + c
}

/// Rows, columns and 2x2 boxes of a 4x4 sudoku.
fn groups() -> Vec<GroupSpec> {
    let mut groups = Vec::new();
    for r in 0..N {
        groups.push(GroupSpec {
            cells: (0..N).map(|c| at(r, c)).collect(),
            line: Line::Row,
            compact: false,
        });
    }
    for c in 0..N {
        groups.push(GroupSpec {
            cells: (0..N).map(|r| at(r, c)).collect(),
            line: Line::Column,
            compact: false,
        });
    }
    for br in [0, 2] {
        for bc in [0, 2] {
            groups.push(GroupSpec {
                cells: vec![
                    at(br, bc),
                    at(br, bc + 1),
                    at(br + 1, bc),
                    at(br + 1, bc + 1),
                ],
                line: Line::Other,
                compact: true,
            });
        }
    }
    groups
}

fn symbols() -> Vec<i64> {
    (1..=N as i64).collect()
}

fn sign(smaller: usize, larger: usize) -> Inequality {
    Inequality { smaller, larger }
}

type Board = Position<Plain>;

/// A ladder of the shared techniques alone.
type Ladder = Vec<Vec<Technique<<Plain as Rules>::Technique>>>;

fn board(signs: &[Inequality]) -> Board {
    let shape = Shape::new(N * N, &symbols(), &groups(), &[]).with_inequalities(signs);
    let mut board = Board::start(Arc::new(shape), &[]).expect("no givens");
    board.log = Some(Vec::new());
    board
}

fn solver(signs: &[Inequality]) -> Solver {
    let cells: Vec<Vec<usize>> = groups().into_iter().map(|g| g.cells).collect();
    Solver::new(N * N, &symbols(), &cells, &[]).with_inequalities(signs)
}

fn every_solution(solver: &Solver) -> Vec<Vec<u8>> {
    let mut never = || false;
    let count = solver
        .count(&[], 10_000, &mut Budget::new(None, &mut never))
        .expect("no interrupt");
    assert!(count.complete);
    count.solutions
}

/// Every sign between two neighbours of one box, pointing the way `grid` has them.
fn signs_of(grid: &[u8]) -> Vec<Inequality> {
    let mut found = Vec::new();
    for r in 0..N {
        for c in 0..N {
            let near = [(r, c + 1, c % 2 == 0), (r + 1, c, r % 2 == 0)];
            for (r2, c2, same_box) in near {
                if same_box && r2 < N && c2 < N {
                    let (a, b) = (at(r, c), at(r2, c2));
                    found.push(if grid[a] < grid[b] {
                        sign(a, b)
                    } else {
                        sign(b, a)
                    });
                }
            }
        }
    }
    found
}

#[test]
fn a_sign_bounds_its_small_side_first_then_its_large_side() {
    let mut b = board(&[sign(at(0, 0), at(0, 1))]);
    assert!(bounds(&mut b).unwrap());
    assert_eq!(b.cand[at(0, 0)], bits(&[1, 2, 3]));
    let d = b.detail.clone().unwrap();
    assert_eq!(
        (d.kind, d.cells.clone(), d.digits.clone(), d.total),
        ("smaller", vec![0, 1], vec![4], 4)
    );
    assert!(bounds(&mut b).unwrap());
    assert_eq!(b.cand[at(0, 1)], bits(&[2, 3, 4]));
    assert_eq!(b.detail.clone().unwrap().kind, "larger");
    assert!(!bounds(&mut b).unwrap());
}

#[test]
fn the_end_of_a_chain_of_three_rising_squares_in_a_box_can_only_be_3_or_4() {
    // (0,0) < (0,1) < (1,1): the chain alone, without the signs' bounds one by one.
    let mut b = board(&[sign(at(0, 0), at(0, 1)), sign(at(0, 1), at(1, 1))]);
    while chain(&mut b).unwrap() {}
    assert_eq!(b.cand[at(1, 1)], bits(&[3, 4]));
    assert_eq!(b.cand[at(0, 0)], bits(&[1, 2]));
    assert_eq!(b.cand[at(0, 1)], bits(&[1, 2, 3, 4])); // one square each way: bounds' work
}

#[test]
fn a_square_above_two_squares_of_its_box_is_at_least_3_which_bounds_alone_miss() {
    // (0,0) < (1,1) and (0,1) < (1,1): two different squares below it in its box.
    let signs = [sign(at(0, 0), at(1, 1)), sign(at(0, 1), at(1, 1))];
    let mut b = board(&signs);
    while bounds(&mut b).unwrap() {}
    assert_eq!(b.cand[at(1, 1)], bits(&[2, 3, 4]));
    assert!(chain(&mut b).unwrap());
    assert_eq!(b.cand[at(1, 1)], bits(&[3, 4]));
    let d = b.detail.clone().unwrap();
    assert_eq!(d.kind, "larger");
    assert_eq!(d.cells, vec![at(1, 1), at(0, 0), at(0, 1)]);
    assert_eq!((d.digits.clone(), d.total), (vec![2], 2));
}

#[test]
fn a_grid_without_signs_gives_the_sign_techniques_nothing_to_do() {
    let mut b = board(&[]);
    assert!(!bounds(&mut b).unwrap() && !chain(&mut b).unwrap());
}

#[test]
fn signs_that_clash_with_the_written_digits_are_a_contradiction() {
    let mut b = board(&[sign(at(0, 0), at(0, 1))]);
    b.place(at(0, 0), bits(&[3])).unwrap();
    b.place(at(0, 1), bits(&[2])).unwrap();
    assert!(bounds(&mut b).is_err());
}

#[test]
fn the_search_counts_exactly_the_4x4_sudokus_that_meet_the_signs() {
    let all = every_solution(&solver(&[]));
    assert_eq!(all.len(), 288);
    // For a spread of grids: every sign of the grid, then every other sign only, counted
    // by the search and by filtering all 288 grids.
    for grid in all.iter().step_by(7) {
        let signs = signs_of(grid);
        for kept in [
            signs.clone(),
            signs.iter().copied().step_by(2).collect(),
            signs[..3].to_vec(),
        ] {
            let meets = |g: &Vec<u8>| kept.iter().all(|e| g[e.smaller] < g[e.larger]);
            let mut brute: Vec<Vec<u8>> = all.iter().filter(|g| meets(g)).cloned().collect();
            let mut searched = every_solution(&solver(&kept));
            brute.sort();
            searched.sort();
            assert_eq!(searched, brute);
        }
    }
}

#[test]
fn the_sign_techniques_never_cross_out_a_digit_of_any_4x4_sudoku_meeting_the_signs() {
    let ladder: Ladder = vec![
        vec![Technique::Shared(Shared::Inequality)],
        vec![
            Technique::Shared(Shared::InequalityChain),
            Technique::Shared(Shared::HiddenSingle),
            Technique::Shared(Shared::NakedSingle),
        ],
    ];
    for grid in every_solution(&solver(&[])) {
        // Every other sign, so that several grids may meet them: none may lose a mark.
        let signs: Vec<Inequality> = signs_of(&grid).into_iter().step_by(2).collect();
        let meeting = every_solution(&solver(&signs));
        let mut b = board(&signs);
        while next_step(&mut b, &ladder)
            .expect("sound steps meet no contradiction")
            .is_some()
        {
            for g in &meeting {
                assert!((0..N * N).all(|i| b.cand[i] >> g[i] & 1 == 1));
            }
        }
    }
}
