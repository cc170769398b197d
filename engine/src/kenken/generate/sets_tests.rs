//! The generator's own count of a clue's digit sets (sets.rs) against the listing's
//! (`multiset_count`), kind by kind: every cage shape of up to four cells on every side
//! up to 9 (four cells on a few), a sample of five- and six-cell shapes, every sign,
//! every target in reach.

use std::collections::{BTreeSet, HashMap};

use super::caging::{Cage, Cells};
use super::clues::{digit_sets, target_of};
use super::sets::{count, Shape, COUNTED_SIDE, MAX_CELLS};
use crate::search::cages::{cage_value, multiset_count, Op, MAX_LISTED};

/// Every fixed polyomino of `size` cells, as (row, column) pairs from (0, 0).
fn polyominoes(size: usize) -> Vec<Vec<(usize, usize)>> {
    let mut level: BTreeSet<Vec<(usize, usize)>> = BTreeSet::from([vec![(0, 0)]]);
    for _ in 1..size {
        let mut next = BTreeSet::new();
        for shape in &level {
            for &(r, c) in shape {
                let (r, c) = (r as i64 + 1, c as i64 + 1); // room to grow up and left
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let mut grown: Vec<(i64, i64)> = shape
                        .iter()
                        .map(|&(a, b)| (a as i64 + 1, b as i64 + 1))
                        .collect();
                    let cell = (r + dr, c + dc);
                    if grown.contains(&cell) {
                        continue;
                    }
                    grown.push(cell);
                    let (r0, c0) = (
                        grown.iter().map(|p| p.0).min().unwrap(),
                        grown.iter().map(|p| p.1).min().unwrap(),
                    );
                    let mut norm: Vec<(usize, usize)> = grown
                        .iter()
                        .map(|&(a, b)| ((a - r0) as usize, (b - c0) as usize))
                        .collect();
                    norm.sort_unstable();
                    next.insert(norm);
                }
            }
        }
        level = next;
    }
    level.into_iter().collect()
}

/// The cage of this shape placed at the top left of an n x n grid (None when too big).
fn placed(shape: &[(usize, usize)], n: usize) -> Option<Cells> {
    let fits = shape.iter().all(|&(r, c)| r < n && c < n);
    fits.then(|| Cells::of(&shape.iter().map(|&(r, c)| r * n + c).collect::<Vec<_>>()))
}

/// Targets worth asking of k cells over 1..n: every sum and product some k digits make,
/// and a few no digits make.
fn targets(k: usize, n: usize) -> BTreeSet<i64> {
    let mut found: BTreeSet<i64> = (-1..=(k * n) as i64 + 1).collect();
    let mut digits = vec![1i64; k];
    loop {
        found.insert(digits.iter().product());
        let Some(j) = (0..k).rev().find(|&j| digits[j] < n as i64) else {
            break;
        };
        digits[j] += 1;
        let v = digits[j];
        digits[j + 1..].iter_mut().for_each(|d| *d = v);
    }
    found
}

fn listing_count(op: Op, target: i64, n: usize, cells: &Cells) -> usize {
    let at: Vec<usize> = cells.iter().collect();
    let shared = |a: usize, b: usize| a != b && (at[a] / n == at[b] / n || at[a] % n == at[b] % n);
    let differ: Vec<Vec<bool>> = (0..at.len())
        .map(|a| (0..at.len()).map(|b| shared(a, b)).collect())
        .collect();
    let symbols: Vec<i64> = (1..=n as i64).collect();
    multiset_count(op, i128::from(target), &symbols, &differ).expect("listable up to 9x9")
}

const OPS: [Op; 6] = [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Eq, Op::Hidden];

#[test]
fn the_generators_count_of_digit_sets_is_the_listings() {
    let mut asked = 0;
    for size in 1..=MAX_CELLS {
        let shapes = polyominoes(size);
        // Five and six cells: a sample of shapes (they differ only in which cells share
        // a line) and of targets, on two sides (listing them is slow in a debug build).
        let step = if size <= 4 { 1 } else { 29 };
        let (sides, every): (&[usize], usize) = if size <= 3 {
            (&[2, 3, 4, 5, 6, 7, 8, 9], 1)
        } else if size == 4 {
            (&[4, 5, 6, 9], 1)
        } else {
            (&[6, 9], 7)
        };
        for shape in shapes.iter().step_by(step) {
            for &n in sides {
                let Some(cells) = placed(shape, n) else {
                    continue;
                };
                for target in targets(size, n).into_iter().step_by(every) {
                    for op in OPS {
                        let cage = Cage { cells, op, target };
                        let ours = digit_sets(&cage, n, op == Op::Hidden);
                        assert_eq!(
                            ours,
                            listing_count(op, target, n, &cells),
                            "{op:?} {target} on {shape:?}, n={n}"
                        );
                        asked += 1;
                    }
                }
            }
        }
    }
    assert!(asked > 10_000, "only {asked} kinds compared");
}

/// The count is trusted up to COUNTED_SIDE because there no kind of cage is too large
/// to list (where `multiset_count` answers None): at most MAX_LISTED orders make any one
/// sum or product. Digits up to 9 include every smaller side's, so 9 bounds them all.
#[test]
fn no_cage_up_to_the_counted_side_is_too_large_to_list() {
    let n = COUNTED_SIDE as i64;
    for k in 1..=MAX_CELLS as u32 {
        let (mut sums, mut products) = (HashMap::new(), HashMap::new());
        for code in 0..n.pow(k) {
            let (mut sum, mut product, mut rest) = (0i64, 1i64, code);
            for _ in 0..k {
                let d = rest % n + 1;
                rest /= n;
                sum += d;
                product *= d;
            }
            *sums.entry(sum).or_insert(0u128) += 1;
            *products.entry(product).or_insert(0u128) += 1;
        }
        let most = sums.values().chain(products.values()).max().copied();
        assert!(
            most.unwrap_or(0) <= MAX_LISTED,
            "{k} cells: {most:?} orders"
        );
    }
}

#[test]
fn a_cages_target_in_i64_is_the_listings_value() {
    for n in [4i64, 9, 15] {
        for a in 1..=n {
            for b in 1..=n {
                for c in [None, Some(1), Some(n)] {
                    let mut values = vec![a, b];
                    values.extend(c);
                    for op in OPS {
                        let want = cage_value(op, &values).unwrap_or(0) as i64;
                        assert_eq!(target_of(op, &values), want, "{op:?} {values:?}");
                    }
                }
            }
        }
    }
    assert_eq!(target_of(Op::Eq, &[7]), 7);
    assert_eq!(target_of(Op::Mul, &[15; 6]), 15i64.pow(6));
}

#[test]
fn two_cells_count_as_the_walk_would() {
    // Two cells sharing a line never repeat a digit; apart (not a printed cage's shape,
    // but the count must still hold) they may.
    for n in 2..=COUNTED_SIDE {
        for target in -1..=(n * n) as i64 + 1 {
            for op in OPS {
                for differ in [0, 1 << 1 | 1 << MAX_CELLS] {
                    let shape = Shape { cells: 2, differ };
                    let brute = (1..=n as i64)
                        .flat_map(|a| (a..=n as i64).map(move |b| (a, b)))
                        .filter(|&(a, b)| differ == 0 || a != b)
                        .filter(|&(a, b)| {
                            let signs: &[Op] = if op == Op::Hidden {
                                &[Op::Add, Op::Sub, Op::Mul, Op::Div]
                            } else {
                                std::slice::from_ref(&op)
                            };
                            signs
                                .iter()
                                .any(|&s| cage_value(s, &[a, b]) == Some(i128::from(target)))
                        })
                        .count();
                    assert_eq!(count(op, target, n, shape), brute, "{op:?} {target} n={n}");
                }
            }
        }
    }
}
