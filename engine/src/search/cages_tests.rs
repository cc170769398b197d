//! Tests of the cage propagators and the listing of a cage's assignments.

use super::*;
use crate::search::propagators::{Propagator, Pruned};

fn differ(k: usize, distinct: bool) -> Differ {
    (0..k)
        .map(|a| (0..k).map(|b| a != b && distinct).collect())
        .collect()
}

#[test]
fn two_cells_making_seven_are_listed_in_order_with_repeats_where_allowed() {
    let symbols: Vec<i64> = (1..=6).collect();
    let found = value_tuples(Op::Add, 7, &symbols, &differ(2, false)).unwrap();
    assert_eq!(
        found,
        vec![
            vec![1, 6],
            vec![6, 1],
            vec![2, 5],
            vec![5, 2],
            vec![3, 4],
            vec![4, 3]
        ]
    );
    let eight = value_tuples(Op::Add, 8, &symbols, &differ(2, false)).unwrap();
    assert!(eight.contains(&vec![4, 4]));
    let distinct = value_tuples(Op::Add, 8, &symbols, &differ(2, true)).unwrap();
    assert!(!distinct.contains(&vec![4, 4]));
}

#[test]
fn a_hidden_sign_stands_for_every_sign_that_makes_its_target() {
    let symbols: Vec<i64> = (1..=4).collect();
    let hidden = value_tuples(Op::Hidden, 2, &symbols, &differ(2, true)).unwrap();
    for t in [vec![1, 3], vec![2, 4], vec![1, 2], vec![3, 1]] {
        assert!(hidden.contains(&t), "{t:?}");
    }
}

#[test]
fn quotients_are_exact_and_differences_positive() {
    assert_eq!(cage_value(Op::Div, &[6, 2]), Some(3));
    assert_eq!(cage_value(Op::Div, &[5, 2]), None);
    assert_eq!(cage_value(Op::Sub, &[2, 9]), Some(7));
    assert_eq!(cage_value(Op::Mul, &[i64::MAX, i64::MAX, i64::MAX]), None);
}

#[test]
fn a_cage_too_large_to_list_is_narrowed_by_bounds() {
    let symbols: Vec<i64> = (1..=9).collect();
    assert!(!listable(Op::Add, 45, &symbols, 9));
    let p = Propagator::compile((0..9).collect(), Op::Add, 45, false, &symbols, |_, _| true);
    assert!(matches!(
        p,
        Propagator::Bounds { .. } | Propagator::DistinctSum { .. }
    ));
    let mut dom = vec![0b1_1111_1111u64; 9];
    for d in dom.iter_mut().take(8) {
        *d = 1; // eight cells decided as 1: the last must be 37, beyond 9
    }
    assert!(matches!(p.prune(&mut dom), Pruned::Impossible));
}

fn bounds(cells: usize, op: Op, target: i128, symbols: &[i64]) -> Propagator {
    Propagator::Bounds {
        cells: (0..cells).collect(),
        op,
        target,
        symbols: symbols.to_vec(),
        positive: true,
    }
}

#[test]
fn bounds_decide_a_full_cage_exactly() {
    let p = bounds(3, Op::Add, 6, &[1, 2, 3, 4]);
    assert!(matches!(
        p.prune(&mut [0b0001, 0b0010, 0b0100]),
        Pruned::Unchanged
    )); // 1 + 2 + 3
    assert!(matches!(
        p.prune(&mut [0b0001, 0b0010, 0b1000]),
        Pruned::Impossible
    )); // 1 + 2 + 4
}

#[test]
fn bounds_remove_values_no_completion_can_use() {
    let p = bounds(2, Op::Add, 7, &[1, 2, 3, 4]);
    let mut dom = [0b1111, 0b1111];
    assert!(matches!(p.prune(&mut dom), Pruned::Changed(_)));
    assert_eq!(dom, [0b1100, 0b1100]); // only 3 + 4 and 4 + 3
    let product = bounds(2, Op::Mul, 12, &[1, 2, 3, 4]);
    let mut dom = [0b1111, 0b1111];
    product.prune(&mut dom);
    assert_eq!(dom, [0b1100, 0b1100]); // 3 * 4 and 4 * 3
}

#[test]
fn distinct_sums_by_subsets_keep_only_digits_of_some_fitting_set() {
    let symbols: Vec<i64> = (1..=9).collect();
    let subsets = distinct_sum_subsets(&symbols, 2, 4);
    assert_eq!(subsets, vec![0b101]); // {1, 3}
    let mut dom = vec![0b1_1111_1111u64; 2];
    let p = Propagator::DistinctSum {
        cells: vec![0, 1],
        subsets,
    };
    assert!(matches!(p.prune(&mut dom), Pruned::Changed(_)));
    assert_eq!(dom, vec![0b101, 0b101]);
}

/// The distinct sorted multisets among `value_tuples`' orders, counted the slow way.
fn sets_listed(op: Op, target: i128, symbols: &[i64], differ: &Differ) -> Option<usize> {
    let mut sets: Vec<Vec<i64>> = value_tuples(op, target, symbols, differ)?
        .into_iter()
        .map(|mut t| {
            t.sort_unstable();
            t
        })
        .collect();
    sets.sort_unstable();
    sets.dedup();
    Some(sets.len())
}

#[test]
fn multisets_are_counted_and_listed_flat_as_the_listing_would_give_them() {
    // Differ patterns of real cage shapes: an L of three (cells 0-1 share a row, 1-2 a
    // column), a 2x2 square (each cell differs from two), a line, none at all.
    let l_shape = vec![
        vec![false, true, false],
        vec![true, false, true],
        vec![false, true, false],
    ];
    let square = vec![
        vec![false, true, true, false],
        vec![true, false, false, true],
        vec![true, false, false, true],
        vec![false, true, true, false],
    ];
    let differs = [
        differ(1, true),
        differ(2, true),
        differ(3, true),
        differ(3, false),
        l_shape,
        square,
        differ(4, false),
    ];
    for n in [4i64, 6, 9] {
        let symbols: Vec<i64> = (1..=n).collect();
        for d in &differs {
            for op in [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Eq, Op::Hidden] {
                for target in 0..=(n * n * 4) as i128 {
                    assert_eq!(
                        multiset_count(op, target, &symbols, d),
                        sets_listed(op, target, &symbols, d),
                        "{op:?} {target} n={n} {d:?}"
                    );
                    assert_eq!(
                        index_flat(op, target, &symbols, d),
                        index_tuples(op, target, &symbols, d).map(|t| t.concat()),
                        "{op:?} {target} n={n} {d:?}"
                    );
                }
            }
        }
    }
}

/// Every multiset of k symbols, in the order of combinations with replacement.
fn all_multisets(k: usize, symbols: &[i64]) -> Vec<Vec<i64>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut found = Vec::new();
    for (i, &s) in symbols.iter().enumerate() {
        for mut rest in all_multisets(k - 1, &symbols[i..]) {
            rest.insert(0, s);
            found.push(rest);
        }
    }
    found
}

#[test]
fn the_pruned_multiset_walk_finds_what_trying_every_multiset_finds_in_its_order() {
    for n in [4i64, 6, 9] {
        let symbols: Vec<i64> = (1..=n).collect();
        for k in 1..=5 {
            let every = all_multisets(k, &symbols);
            for op in [Op::Add, Op::Mul] {
                // Every result some multiset makes, and each one past it (mostly misses).
                let mut targets: Vec<i128> = every
                    .iter()
                    .filter_map(|m| cage_value(op, m))
                    .flat_map(|v| [v, v + 1])
                    .collect();
                targets.push(0);
                targets.sort_unstable();
                targets.dedup();
                for target in targets {
                    let slow: Vec<Vec<i64>> = every
                        .iter()
                        .filter(|m| cage_value(op, m) == Some(target))
                        .cloned()
                        .collect();
                    assert_eq!(
                        multisets(op, k, &symbols, target),
                        slow,
                        "{op:?} {target} k={k} n={n}"
                    );
                }
            }
        }
    }
}
