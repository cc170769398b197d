//! Killer's own search (killer/search.rs) against the general search on the generator's
//! own cagings: from scratch, from random marks (with and without the answer among them)
//! and with givens (and plain sudoku grids without cages), under node limits that stop both part way, the two find the same
//! solutions in the same order and agree on whether they ran to the end.

use super::layout::random_layout;
use super::tests::{frame, solution};
use super::*;
use crate::cellset::Mask;
use crate::killer::search::KillerSearch;
use crate::search::Count;

fn same(a: &Result<Count, crate::search::Stop>, b: &Result<Count, crate::search::Stop>) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => a.solutions == b.solutions && a.complete == b.complete,
        (Err(a), Err(b)) => a == b,
        _ => false,
    }
}

#[test]
fn killer_search_finds_what_the_general_search_finds() {
    let mut compared = 0;
    let mut partial = 0;
    for side in [4usize, 6, 9] {
        let frame = frame(side);
        let n = side * side;
        for seed in 0..24u64 {
            let answer = solution(&frame, seed);
            let grid = Grid::new(side, &answer);
            let max_cage = 2 + seed as usize % 5;
            let plan = Plan {
                sizes: (1..=max_cage).collect(),
                weights: vec![1.0; max_cage],
                single_cap: n,
                givens: 0,
            };
            let mut rng = Rng::new(seed * 7 + side as u64);
            let Some(layout) = random_layout(&grid, &plan, max_cage, &mut rng) else {
                continue;
            };
            // One grid in six without cages: a plain sudoku, which the own search takes too.
            let caged = if seed % 6 == 5 {
                &[][..]
            } else {
                &layout.cages[..]
            };
            let cages: Vec<CageSpec> = caged
                .iter()
                .map(|cells| CageSpec {
                    cells: cells.clone(),
                    op: Op::Add,
                    target: cells.iter().map(|&c| answer[c] as i128 + 1).sum(),
                    distinct: true,
                })
                .collect();
            let general = frame.solver.with_cages(&frame.symbols, &cages);
            let own = KillerSearch::new(n, &frame.symbols, &frame.shape.groups, &cages)
                .expect("a killer caging the own search takes");
            let mut never = || false;
            for nodes in [Some(3), Some(40), Some(400)] {
                for limit in [1, 2] {
                    // From scratch, and with a few givens.
                    let givens: Vec<(usize, usize)> = (0..n)
                        .filter(|_| rng.below(8) == 0)
                        .map(|c| (c, answer[c] as usize))
                        .collect();
                    for given in [&[][..], &givens[..]] {
                        let a = general.count(given, limit, &mut Budget::new(nodes, &mut never));
                        let b = own.count(given, limit, nodes, &mut never);
                        assert!(same(&a, &b), "side {side} seed {seed} count {nodes:?}");
                        partial += usize::from(matches!(&a, Ok(c) if !c.complete));
                        compared += 1;
                    }
                    // From marks: the answer's digit and random others per cell, or
                    // (one time in four) marks that may leave the answer out.
                    let strict = rng.below(4) != 0;
                    let marks: Vec<Mask> = (0..n)
                        .map(|c| {
                            let others = rng.below(1 << side) as Mask;
                            let keep = if rng.below(3) == 0 { 0 } else { others };
                            let mine = if strict {
                                1 << answer[c]
                            } else {
                                1 << rng.below(side)
                            };
                            keep | mine
                        })
                        .collect();
                    let a = general.count_from(&marks, limit, &mut Budget::new(nodes, &mut never));
                    let b = own.count_from(&marks, limit, nodes, &mut never);
                    assert!(same(&a, &b), "side {side} seed {seed} from marks {nodes:?}");
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 500, "only {compared} comparisons");
    assert!(partial > 20, "only {partial} searches stopped part way");
}
