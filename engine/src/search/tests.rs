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
    assert_eq!(whole.outside, later.outside);
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

/// A 6x6 sudoku (rows, columns, 2x3 boxes: a peer can share two groups with a cell) with
/// cages: a sum whose digits differ across two boxes (peers outside every group), a
/// product and a difference whose digits may repeat.
fn caged_sudoku() -> Solver {
    let (symbols, mut groups) = latin(6);
    for b in 0..6 {
        let (r0, c0) = (b / 2 * 2, b % 2 * 3);
        groups.push((0..6).map(|j| (r0 + j / 3) * 6 + c0 + j % 3).collect());
    }
    let cage = |cells: Vec<usize>, op: cages::Op, target: i128, distinct: bool| CageSpec {
        cells,
        op,
        target,
        distinct,
    };
    let cages = [
        cage(vec![2, 3, 9], cages::Op::Add, 9, true),
        cage(vec![14, 20, 21], cages::Op::Mul, 24, false),
        cage(vec![30, 31], cages::Op::Sub, 2, false),
    ];
    Solver::new(36, &symbols, &groups, &cages)
}

/// Every rule applied in full, round after round, until nothing changes: placed symbols
/// leave every peer, a symbol with one place in a covering group goes there, every cage
/// keeps what fits. False on a contradiction.
fn plain_fixpoint(solver: &Solver, dom: &mut [Mask]) -> bool {
    loop {
        let before = dom.to_vec();
        for i in 0..dom.len() {
            if single(dom[i]) {
                for &p in &solver.peers[i] {
                    dom[p] &= !dom[i];
                }
            }
        }
        if dom.contains(&0) {
            return false;
        }
        for group in solver.covering.iter() {
            for s in 0..solver.nsym {
                let bit: Mask = 1 << s;
                let places: Vec<usize> = group
                    .iter()
                    .copied()
                    .filter(|&i| dom[i] & bit != 0)
                    .collect();
                match places.len() {
                    0 => return false,
                    1 => dom[places[0]] = bit,
                    _ => {}
                }
            }
        }
        for cage in &solver.cages {
            if matches!(cage.prune(dom), propagators::Pruned::Impossible) {
                return false;
            }
        }
        if dom.contains(&0) {
            return false;
        }
        if dom == before.as_slice() {
            return true;
        }
    }
}

/// Random pencil marks narrowed by the search's propagation (places kept per group,
/// a placed symbol removed only where its places say it is) and by the plain rules:
/// the same fixpoint, or a contradiction both ways; and the places kept all along agree
/// with places found afresh from the domains it ends with.
#[test]
fn propagation_by_places_reaches_the_plain_fixpoint_and_keeps_places_true() {
    let solver = caged_sudoku();
    let mut rng = crate::rng::Rng::new(31);
    let (mut agreed, mut contradictions) = (0, 0);
    for _ in 0..400 {
        let mut dom = vec![solver.full; 36];
        for _ in 0..rng.below(100) {
            let cell = rng.below(36);
            let left = dom[cell] & !(1 << rng.below(6));
            if left != 0 {
                dom[cell] = left;
            }
        }
        let mut plain = dom.clone();
        let plain_ok = plain_fixpoint(&solver, &mut plain);
        let mut work = solver.scratch();
        let singles: Vec<usize> = (0..36).filter(|&i| single(dom[i])).collect();
        let all_cages: Vec<usize> = (0..solver.cages.len()).collect();
        let all_groups: Vec<usize> = (0..solver.covering.len()).collect();
        let ok = solver.recount(&dom, &mut work)
            && solver.propagate(&mut dom, &mut work, &singles, &all_cages, &all_groups);
        assert_eq!(ok, plain_ok);
        if !ok {
            contradictions += 1;
            continue;
        }
        assert_eq!(dom, plain);
        let kept = work.places.clone();
        assert!(solver.recount(&dom, &mut work));
        assert_eq!(kept, work.places);
        agreed += 1;
    }
    // Both outcomes were seen, so neither half of the check is empty.
    assert!(
        agreed > 20 && contradictions > 20,
        "{agreed} {contradictions}"
    );
}
