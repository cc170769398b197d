//! Tests of the search: propagation, counting and random grids.

use super::*;

fn latin(n: usize) -> (Vec<i64>, Vec<Vec<usize>>) {
    let symbols: Vec<i64> = (1..=n as i64).collect();
    let mut groups = Vec::new();
    for r in 0..n {
        groups.push((0..n).map(|c| r * n + c).collect());
    }
    for c in 0..n {
        groups.push((0..n).map(|r| r * n + c).collect());
    }
    (symbols, groups)
}

fn never() -> impl FnMut() -> bool {
    || false
}

#[test]
fn a_latin_square_of_two_has_two_solutions_and_a_given_leaves_one() {
    let (symbols, groups) = latin(2);
    let solver = Solver::new(4, &symbols, &groups, &[]);
    let mut stop = never();
    let count = solver
        .count(&[], 5, &mut Budget::new(None, &mut stop))
        .unwrap();
    assert_eq!(count.solutions.len(), 2);
    let one = solver
        .count(&[(0, 1)], 5, &mut Budget::new(None, &mut stop))
        .unwrap();
    assert_eq!(one.solutions, vec![vec![1, 0, 0, 1]]);
}

#[test]
fn contradicting_givens_have_no_solution() {
    let (symbols, groups) = latin(3);
    let solver = Solver::new(9, &symbols, &groups, &[]);
    let mut stop = never();
    let count = solver
        .count(&[(0, 0), (1, 0)], 2, &mut Budget::new(None, &mut stop))
        .unwrap();
    assert!(count.solutions.is_empty() && count.complete);
}

#[test]
fn a_cage_decides_what_the_groups_leave_open() {
    // 2x2: a 3+ cage over the top row still leaves two ways; 1 in the corner, one.
    let (symbols, groups) = latin(2);
    let cage = CageSpec {
        cells: vec![0, 1],
        op: cages::Op::Add,
        target: 3,
        distinct: false,
    };
    let solver = Solver::new(4, &symbols, &groups, &[cage]);
    let mut stop = never();
    assert_eq!(
        solver
            .count(&[], 5, &mut Budget::new(None, &mut stop))
            .unwrap()
            .solutions
            .len(),
        2
    );
    let sum4 = CageSpec {
        cells: vec![0, 1],
        op: cages::Op::Add,
        target: 4,
        distinct: false,
    };
    let impossible = Solver::new(4, &symbols, &groups, &[sum4]);
    assert!(impossible
        .count(&[], 5, &mut Budget::new(None, &mut stop))
        .unwrap()
        .solutions
        .is_empty());
}

/// Every solution of a 4x4 Latin square with one cage, sorted.
fn solutions_with(cage: &CageSpec, force_bounds: bool) -> Vec<Vec<u8>> {
    let (symbols, groups) = latin(4);
    let mut solver = Solver::new(16, &symbols, &groups, std::slice::from_ref(cage));
    if force_bounds {
        solver.cages[0] = Propagator::Bounds {
            cells: cage.cells.clone(),
            op: cage.op,
            target: cage.target,
            symbols: symbols.clone(),
            positive: true,
        };
    }
    let mut stop = never();
    let count = solver
        .count(&[], 10_000, &mut Budget::new(None, &mut stop))
        .unwrap();
    assert!(count.complete);
    let mut found = count.solutions;
    found.sort(); // the weaker bounds branch elsewhere, so the order may differ
    found
}

#[test]
fn bounds_and_listing_find_the_same_solutions() {
    // Cages drawn by a fixed linear congruential sequence: an L of three cells or a
    // bent four, sums and products and hidden signs of values a square could hold.
    let mut state: u64 = 7;
    let mut next = |below: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % below
    };
    let mut solvable = 0;
    for op in [cages::Op::Add, cages::Op::Mul, cages::Op::Hidden] {
        for _ in 0..12 {
            let cells = if next(2) == 0 {
                vec![0, 1, 5]
            } else {
                vec![0, 4, 8, 9]
            };
            let values: Vec<i128> = cells.iter().map(|_| 1 + next(4) as i128).collect();
            let target = if op == cages::Op::Mul {
                values.iter().product()
            } else {
                values.iter().sum()
            };
            let cage = CageSpec {
                cells,
                op,
                target,
                distinct: false,
            };
            let listed = solutions_with(&cage, false);
            solvable += usize::from(!listed.is_empty());
            assert_eq!(solutions_with(&cage, true), listed, "{cage:?}");
        }
    }
    assert!(solvable > 18, "only {solvable} of 36 cages could be met");
}

#[test]
fn the_node_limit_stops_a_search_and_says_it_is_incomplete() {
    let (symbols, groups) = latin(6);
    let solver = Solver::new(36, &symbols, &groups, &[]);
    let mut stop = never();
    let count = solver
        .count(&[], 1000, &mut Budget::new(Some(3), &mut stop))
        .unwrap();
    assert!(!count.complete);
}

#[test]
fn a_grid_given_cages_later_is_the_grid_compiled_with_them() {
    // A 4x4 sudoku with a few sum cages: the same peers and the same counts either way.
    let n = 4;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for r in 0..n {
        groups.push((0..n).map(|c| r * n + c).collect());
    }
    for c in 0..n {
        groups.push((0..n).map(|r| r * n + c).collect());
    }
    for (br, bc) in [(0, 0), (0, 2), (2, 0), (2, 2)] {
        groups.push(vec![
            br * n + bc,
            br * n + bc + 1,
            (br + 1) * n + bc,
            (br + 1) * n + bc + 1,
        ]);
    }
    let symbols: Vec<i64> = (1..=4).collect();
    let cage = |cells: Vec<usize>, target: i128, distinct: bool| CageSpec {
        cells,
        op: cages::Op::Add,
        target,
        distinct,
    };
    // Sums read off the grid 1234 / 3412 / 2143 / 4321.
    let cages = vec![
        cage(vec![0, 1], 3, true),
        cage(vec![4, 5, 8], 9, true),
        cage(vec![15, 11], 4, false),
    ];
    let whole = Solver::new(16, &symbols, &groups, &cages);
    let later = Solver::new(16, &symbols, &groups, &[]).with_cages(&symbols, &cages);
    assert_eq!(whole.peers, later.peers);
    assert_eq!(whole.cages_of, later.cages_of);
    let mut never = || false;
    let a = whole
        .count(&[], 5, &mut Budget::new(None, &mut never))
        .expect("no limit");
    let b = later
        .count(&[], 5, &mut Budget::new(None, &mut never))
        .expect("no limit");
    assert_eq!(a.solutions, b.solutions);
    assert!(!a.solutions.is_empty());
}
