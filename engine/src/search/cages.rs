//! Cages: what a cage's cells make under its operation and every assignment that makes
//! its target (the search's propagators, which keep these lists, are propagators.rs).
//!
//! The listing follows one fixed order — multisets of sorted symbols in the order of
//! combinations with replacement, each multiset's distinct orders sorted by value — so a
//! board that keeps a cage's combinations (KenKen's) keeps them in a known order.

use crate::cellset::Mask;

/// Listing a cage's assignments stops being worth it past these sizes (a 9-cell + cage
/// of 1..9 has millions); such cages get bounds instead. None of the printed puzzles'
/// cages come near: the largest KenKen cage, 6 cells of 1..9, has about 25,000.
pub const MAX_MULTISETS: u128 = 100_000;
pub const MAX_LISTED: u128 = 200_000;
/// Distinct-sum cages with more than this many tuples use subsets of symbols instead.
pub const MAX_TUPLES: u128 = 20_000;

/// A cage's operation. `Hidden` is KenKen with the signs left out: any of + - * /.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Eq,
    Hidden,
}

impl Op {
    pub fn parse(text: &str) -> Option<Op> {
        Some(match text {
            "+" => Op::Add,
            "-" => Op::Sub,
            "*" => Op::Mul,
            "/" => Op::Div,
            "=" => Op::Eq,
            "?" => Op::Hidden,
            _ => return None,
        })
    }
}

const SHOWN: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];

/// What the values make under `op`; None when the op does not apply (or a product is
/// beyond any target a puzzle can hold).
pub fn cage_value(op: Op, values: &[i64]) -> Option<i128> {
    match op {
        Op::Add => Some(values.iter().map(|&v| v as i128).sum()),
        Op::Mul => values
            .iter()
            .try_fold(1i128, |acc, &v| acc.checked_mul(v as i128)),
        Op::Eq => (values.len() == 1).then(|| values[0] as i128),
        Op::Sub | Op::Div if values.len() == 2 => {
            let (hi, lo) = (
                values[0].max(values[1]) as i128,
                values[0].min(values[1]) as i128,
            );
            if op == Op::Sub {
                Some(hi - lo)
            } else if lo != 0 && hi % lo == 0 {
                Some(floor_div(hi, lo))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Python's `//` (rounds towards minus infinity), so negative symbols read as before.
fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Whether the values make the target under `op` (under any sign, for Hidden).
pub fn makes_target(op: Op, target: i128, values: &[i64]) -> bool {
    if op == Op::Hidden {
        if values.len() == 1 {
            return values[0] as i128 == target;
        }
        return SHOWN.iter().any(|&o| cage_value(o, values) == Some(target));
    }
    cage_value(op, values) == Some(target)
}

/// Which pairs of a cage's cells may not hold the same symbol.
pub type Differ = Vec<Vec<bool>>;

pub(super) fn comb(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut out: u128 = 1;
    for i in 0..k {
        out = out.saturating_mul(n - i) / (i + 1);
    }
    out
}

/// Every multiset of `k` symbols (sorted, in the order of combinations with replacement)
/// that makes `target` under `op`. With positive symbols, sums and products prune
/// branches that can no longer reach the target (the order found is unchanged: the
/// branches cut hold no multiset that makes it).
fn multisets(op: Op, k: usize, sorted_symbols: &[i64], target: i128) -> Vec<Vec<i64>> {
    let mut found = Vec::new();
    if k == 0 || sorted_symbols.is_empty() {
        return found;
    }
    let positive = sorted_symbols[0] > 0;
    let mut values = Vec::with_capacity(k);
    let mut walk = MultisetWalk {
        op,
        k,
        symbols: sorted_symbols,
        target,
        prune: positive && matches!(op, Op::Add | Op::Mul),
        found: &mut found,
    };
    walk.extend(&mut values, 0, if op == Op::Mul { 1 } else { 0 });
    found
}

/// The depth-first walk behind `multisets`: `values` holds the symbols chosen so far
/// (non-decreasing), `acc` their sum or product.
struct MultisetWalk<'a> {
    op: Op,
    k: usize,
    symbols: &'a [i64],
    target: i128,
    prune: bool,
    found: &'a mut Vec<Vec<i64>>,
}

impl MultisetWalk<'_> {
    fn extend(&mut self, values: &mut Vec<i64>, from: usize, acc: i128) {
        if values.len() == self.k {
            if cage_value(self.op, values) == Some(self.target) {
                self.found.push(values.clone());
            }
            return;
        }
        let left = (self.k - values.len()) as u32;
        for i in from..self.symbols.len() {
            let v = self.symbols[i] as i128;
            let next = if self.op == Op::Mul {
                acc.saturating_mul(v)
            } else {
                acc + v
            };
            if self.prune {
                // Every later symbol is at least v: the smallest reachable result.
                let least = if self.op == Op::Mul {
                    acc.saturating_mul(v.saturating_pow(left))
                } else {
                    acc + v * left as i128
                };
                if least > self.target {
                    break;
                }
                // Every later symbol is at most the largest: the largest reachable result
                // (a larger v may still reach the target, so this branch only is cut).
                let top = *self.symbols.last().unwrap_or(&0) as i128;
                let most = if self.op == Op::Mul {
                    next.saturating_mul(top.saturating_pow(left - 1))
                } else {
                    next + top * (left - 1) as i128
                };
                if most < self.target {
                    continue;
                }
                if self.op == Op::Mul && (next == 0 || self.target % next != 0) {
                    continue;
                }
            }
            values.push(self.symbols[i]);
            self.extend(values, i, next);
            values.pop();
        }
    }
}

/// Distinct orders of a multiset: k! over the factorials of its repeat counts.
fn arrangements(multiset: &[i64]) -> u128 {
    let mut count: u128 = (1..=multiset.len() as u128).product();
    let mut i = 0;
    while i < multiset.len() {
        let mut j = i;
        while j < multiset.len() && multiset[j] == multiset[i] {
            j += 1;
        }
        count /= (1..=(j - i) as u128).product::<u128>();
        i = j;
    }
    count
}

/// Whether a cage's assignments can be listed in bounded time and memory.
pub fn listable(op: Op, target: i128, symbols: &[i64], cells: usize) -> bool {
    match op {
        Op::Hidden => cells == 1 || SHOWN.iter().all(|&o| listable(o, target, symbols, cells)),
        Op::Sub | Op::Div | Op::Eq => true,
        Op::Add | Op::Mul => {
            let mut sorted = symbols.to_vec();
            sorted.sort_unstable();
            listed_multisets(op, cells, &sorted, target).is_some()
        }
    }
}

/// The multisets of a + or × cage (see `multisets`), or None when the cage is too large
/// to list: too many multisets to look through, or too many orders of them.
fn listed_multisets(op: Op, k: usize, sorted: &[i64], target: i128) -> Option<Vec<Vec<i64>>> {
    if comb(sorted.len() as u128 + k as u128 - 1, k as u128) > MAX_MULTISETS {
        return None;
    }
    let found = multisets(op, k, sorted, target);
    let listed: u128 = found.iter().map(|m| arrangements(m)).sum();
    (listed <= MAX_LISTED).then_some(found)
}

/// The distinct orders of a sorted multiset, in increasing (lexicographic) order.
fn orders(multiset: &[i64]) -> Vec<Vec<i64>> {
    let mut current = multiset.to_vec();
    let mut found = vec![current.clone()];
    // Next lexicographic permutation, skipping repeats.
    loop {
        let n = current.len();
        if n < 2 {
            return found;
        }
        let mut i = n - 1;
        while i > 0 && current[i - 1] >= current[i] {
            i -= 1;
        }
        if i == 0 {
            return found;
        }
        let mut j = n - 1;
        while current[j] <= current[i - 1] {
            j -= 1;
        }
        current.swap(i - 1, j);
        current[i..].reverse();
        found.push(current.clone());
    }
}

/// The symbols in increasing order, or None when a cage of `k` cells cannot take `op`
/// at all (a given cell is one cell, a - or / cage two): it then has no assignment.
fn sorted_if_sized(op: Op, k: usize, symbols: &[i64]) -> Option<Vec<i64>> {
    let cells_needed = match op {
        Op::Eq => Some(1),
        Op::Sub | Op::Div => Some(2),
        _ => None,
    };
    if cells_needed.is_some_and(|n| n != k) {
        return None;
    }
    let mut sorted = symbols.to_vec();
    sorted.sort_unstable();
    Some(sorted)
}

/// Every assignment of symbols (values) to a cage's cells that makes its target, in the
/// listing order (see the module's comment); cells `differ[a][b]` never repeat a symbol.
/// For Hidden, the union over + - * / in that order (a one-cell cage still just equals
/// its target). None when the cage is too large to list (see `listable`).
pub fn value_tuples(
    op: Op,
    target: i128,
    symbols: &[i64],
    differ: &Differ,
) -> Option<Vec<Vec<i64>>> {
    let k = differ.len();
    if op == Op::Hidden {
        if k == 1 {
            return value_tuples(Op::Eq, target, symbols, differ);
        }
        // Each sign's own listing says whether it can be listed (`listable` for Hidden).
        let mut merged: Vec<Vec<i64>> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for shown in SHOWN {
            for t in value_tuples(shown, target, symbols, differ)? {
                if seen.insert(t.clone()) {
                    merged.push(t);
                }
            }
        }
        return Some(merged);
    }
    let Some(sorted) = sorted_if_sized(op, k, symbols) else {
        return Some(Vec::new());
    };
    let pairs: Vec<(usize, usize)> = (0..k)
        .flat_map(|a| (a + 1..k).map(move |b| (a, b)))
        .filter(|&(a, b)| differ[a][b])
        .collect();
    let listed = match op {
        Op::Add | Op::Mul => listed_multisets(op, k, &sorted, target)?,
        _ => multisets(op, k, &sorted, target),
    };
    let mut found = Vec::new();
    for multiset in listed {
        for values in orders(&multiset) {
            if pairs.iter().all(|&(a, b)| values[a] != values[b]) {
                found.push(values);
            }
        }
    }
    Some(found)
}

/// How many different multisets of symbols `value_tuples` lists orders of: the sets of
/// digits that make the clue in some order its cells allow. None exactly when
/// `value_tuples` is. Counted without listing the orders (a generator weighs thousands
/// of clues it never grades, and listing a 6-cell sum cage's orders costs far more than
/// finding one that fits).
pub fn multiset_count(op: Op, target: i128, symbols: &[i64], differ: &Differ) -> Option<usize> {
    let k = differ.len();
    let mut sorted = symbols.to_vec();
    sorted.sort_unstable();
    let of = |op: Op| -> Option<Vec<Vec<i64>>> {
        let needed = match op {
            Op::Eq => Some(1),
            Op::Sub | Op::Div => Some(2),
            _ => None,
        };
        if needed.is_some_and(|n| n != k) {
            return Some(Vec::new());
        }
        match op {
            Op::Add | Op::Mul => listed_multisets(op, k, &sorted, target),
            _ => Some(multisets(op, k, &sorted, target)),
        }
    };
    let mut found = if op == Op::Hidden && k == 1 {
        of(Op::Eq)?
    } else if op == Op::Hidden {
        let mut all = Vec::new();
        for shown in SHOWN {
            all.extend(of(shown)?);
        }
        all.sort_unstable();
        all.dedup();
        all
    } else {
        of(op)?
    };
    found.retain(|m| fits_some_order(m, differ));
    Some(found.len())
}

/// Whether some order of the sorted multiset puts different symbols on every pair of
/// cells that must differ: cells filled in turn, each with a symbol left over that no
/// earlier cell it must differ from holds.
fn fits_some_order(multiset: &[i64], differ: &Differ) -> bool {
    fn place(
        cell: usize,
        values: &[i64],
        left: &mut [u8],
        held: &mut [usize],
        differ: &Differ,
    ) -> bool {
        if cell == held.len() {
            return true;
        }
        for v in 0..values.len() {
            if left[v] == 0 || (0..cell).any(|a| differ[a][cell] && held[a] == v) {
                continue;
            }
            left[v] -= 1;
            held[cell] = v;
            if place(cell + 1, values, left, held, differ) {
                return true;
            }
            left[v] += 1;
        }
        false
    }
    let mut values = multiset.to_vec();
    values.dedup();
    let mut left: Vec<u8> = values
        .iter()
        .map(|v| multiset.iter().filter(|&w| w == v).count() as u8)
        .collect();
    let mut held = vec![0usize; multiset.len()];
    place(0, &values, &mut left, &mut held, differ)
}

/// `value_tuples` as symbol indices (the position of each value in `symbols`).
pub fn index_tuples(
    op: Op,
    target: i128,
    symbols: &[i64],
    differ: &Differ,
) -> Option<Vec<Vec<u8>>> {
    let tuples = value_tuples(op, target, symbols, differ)?;
    Some(
        tuples
            .iter()
            .map(|t| {
                t.iter()
                    .map(|v| symbols.iter().position(|s| s == v).unwrap_or(0) as u8)
                    .collect()
            })
            .collect(),
    )
}

/// `index_tuples`, flat (one assignment after another), made without a list per
/// assignment: each multiset's distinct orders are walked in increasing order, cell by
/// cell, a branch cut as soon as a cell repeats a symbol of an earlier cell it must
/// differ from (listing a 6-cell sum cage's orders one list at a time, then converting
/// them, was most of a generator's listing).
pub fn index_flat(op: Op, target: i128, symbols: &[i64], differ: &Differ) -> Option<Vec<u8>> {
    let k = differ.len();
    if op == Op::Hidden {
        return index_tuples(op, target, symbols, differ).map(|t| t.concat());
    }
    let Some(sorted) = sorted_if_sized(op, k, symbols) else {
        return Some(Vec::new());
    };
    let listed = match op {
        Op::Add | Op::Mul => listed_multisets(op, k, &sorted, target)?,
        _ => multisets(op, k, &sorted, target),
    };
    let index = |v: i64| symbols.iter().position(|&s| s == v).unwrap_or(0) as u8;
    let mut flat = Vec::new();
    let mut held = vec![0u8; k];
    for multiset in listed {
        let mut values: Vec<i64> = multiset.clone();
        values.dedup();
        let ids: Vec<u8> = values.iter().map(|&v| index(v)).collect();
        let mut left: Vec<u8> = values
            .iter()
            .map(|v| multiset.iter().filter(|&w| w == v).count() as u8)
            .collect();
        orders_into(0, &ids, &mut left, &mut held, differ, &mut flat);
    }
    Some(flat)
}

/// The distinct orders of a multiset (its distinct values' indices `ids`, ascending by
/// value, `left` of each) from cell `cell` on, in increasing order, that keep apart the
/// cells that must differ; appended to `flat`.
fn orders_into(
    cell: usize,
    ids: &[u8],
    left: &mut [u8],
    held: &mut [u8],
    differ: &Differ,
    flat: &mut Vec<u8>,
) {
    if cell == held.len() {
        flat.extend_from_slice(held);
        return;
    }
    for v in 0..ids.len() {
        if left[v] == 0 || (0..cell).any(|a| differ[a][cell] && held[a] == ids[v]) {
            continue;
        }
        left[v] -= 1;
        held[cell] = ids[v];
        orders_into(cell + 1, ids, left, held, differ, flat);
        left[v] += 1;
    }
}

/// Every set of `size` different symbols (a mask over indices) summing to `target`, in
/// the order of combinations of indices.
pub fn distinct_sum_subsets(symbols: &[i64], size: usize, target: i128) -> Vec<Mask> {
    let n = symbols.len();
    let mut found = Vec::new();
    if size == 0 || size > n {
        return found;
    }
    let mut idx: Vec<usize> = (0..size).collect();
    loop {
        let total: i128 = idx.iter().map(|&i| symbols[i] as i128).sum();
        if total == target {
            found.push(idx.iter().fold(0, |m, &i| m | 1 << i));
        }
        let mut pos = size;
        while pos > 0 && idx[pos - 1] == n - size + pos - 1 {
            pos -= 1;
        }
        if pos == 0 {
            return found;
        }
        idx[pos - 1] += 1;
        for j in pos..size {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

#[cfg(test)]
#[path = "cages_tests.rs"]
mod tests;
