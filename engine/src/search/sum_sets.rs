//! A sum cage without repeats in the search, by its digit sets: the cage's cells must
//! hold exactly one of the sets of distinct symbols that make its target, one symbol a
//! cell. A symbol stays in a cell when some still-possible set can be laid out over the
//! cells with it there, each cell taking one of its candidates and each symbol of the set
//! used once (a perfect matching). That keeps exactly what listing every ordered
//! assignment keeps (each assignment is a set laid out), without the listing: a 4-cell
//! cage of 1..9 has up to 288 orders of its sets, and its at most 126 sets are matched
//! over at most 2^cells partial layouts each, kept as bits of one u64.

use crate::cellset::{bit_values, Mask};

/// Cages up to this many cells are matched; the layouts of 6 cells are 2^6 = 64 bits.
pub const MAX_SET_CELLS: usize = 6;

/// Per cell of the cage (with candidates `cands`), the symbols some still-possible set
/// among `subsets` puts there, or None when no set fits. `cands.len()` is at most
/// MAX_SET_CELLS and every subset has as many symbols as there are cells.
pub fn support(cands: &[Mask], subsets: &[Mask]) -> Option<[Mask; MAX_SET_CELLS]> {
    let k = cands.len();
    let mut union = [0 as Mask; MAX_SET_CELLS];
    let together = cands.iter().fold(0, |u, &c| u | c);
    if cands.iter().all(|&c| c & (c - 1) == 0) {
        // Every cell decided: the digits are distinct and make one of the sets, or not.
        let fits = together.count_ones() as usize == k && subsets.contains(&together);
        union[..k].copy_from_slice(cands);
        return fits.then_some(union);
    }
    let mut any = false;
    for &subset in subsets {
        // A set some cell has no candidate of, or with a symbol no cell can take, is out
        // at a glance.
        if together & subset != subset || cands.iter().any(|&c| c & subset == 0) {
            continue;
        }
        any |= lay_out_into(cands, subset, &mut union);
        if union[..k] == cands[..k] {
            break; // nothing left to cross out
        }
    }
    any.then_some(union)
}

/// Add to `union` the symbols each cell can take in a layout of exactly `subset` over the
/// cells (at most MAX_SET_CELLS of them, as many as the subset's symbols); false when
/// there is none.
pub fn lay_out_into(cands: &[Mask], subset: Mask, union: &mut [Mask; MAX_SET_CELLS]) -> bool {
    match cands.len() {
        1 => {
            union[0] |= cands[0] & subset;
            cands[0] & subset == subset
        }
        2 => pair(cands, subset, union),
        3 | 4 => by_orders(cands, subset, union),
        _ => lay_out(cands, subset, union),
    }
}

/// The orders of 3 and 4 things, as positions: few enough to try each.
const ORDERS_3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// `lay_out` for three or four cells, trying every order of the set's symbols.
fn by_orders(cands: &[Mask], subset: Mask, union: &mut [Mask; MAX_SET_CELLS]) -> bool {
    let mut digits = [0 as Mask; 4];
    let mut count = 0;
    for bit in bit_values(subset) {
        if count == 4 {
            return false;
        }
        digits[count] = bit;
        count += 1;
    }
    if count != cands.len() {
        return false;
    }
    let mut any = false;
    if count == 3 {
        for order in ORDERS_3 {
            if (0..3).all(|j| cands[j] & digits[order[j]] != 0) {
                for j in 0..3 {
                    union[j] |= digits[order[j]];
                }
                any = true;
            }
        }
        return any;
    }
    // Four cells: the first takes one symbol, the other three an order of the rest.
    for first in 0..4 {
        if cands[0] & digits[first] == 0 {
            continue;
        }
        let mut rest = [0usize; 3];
        for (slot, i) in rest.iter_mut().zip((0..4).filter(|&i| i != first)) {
            *slot = i;
        }
        for order in ORDERS_3 {
            if (0..3).all(|j| cands[j + 1] & digits[rest[order[j]]] != 0) {
                union[0] |= digits[first];
                for j in 0..3 {
                    union[j + 1] |= digits[rest[order[j]]];
                }
                any = true;
            }
        }
    }
    any
}

/// `lay_out` for two cells: each takes one of the two symbols, the other cell the other.
fn pair(cands: &[Mask], subset: Mask, union: &mut [Mask; MAX_SET_CELLS]) -> bool {
    let low = subset & subset.wrapping_neg();
    let high = subset ^ low;
    let mut any = false;
    for (first, second) in [(low, high), (high, low)] {
        if cands[0] & first != 0 && cands[1] & second != 0 {
            union[0] |= first;
            union[1] |= second;
            any = true;
        }
    }
    any
}

/// Add to `union` the symbols each cell can take in a layout of exactly `subset` over the
/// cells; false when there is none.
fn lay_out(cands: &[Mask], subset: Mask, union: &mut [Mask; MAX_SET_CELLS]) -> bool {
    let k = cands.len();
    // The subset's symbols, and each cell's candidates among them as local bits.
    let mut digits = [0 as Mask; MAX_SET_CELLS];
    let mut count = 0;
    for bit in bit_values(subset) {
        if count == k {
            return false;
        }
        digits[count] = bit;
        count += 1;
    }
    if count != k {
        return false;
    }
    let mut options = [0u32; MAX_SET_CELLS];
    let mut seen = 0u32;
    for j in 0..k {
        let mut local = 0u32;
        for (i, &d) in digits[..k].iter().enumerate() {
            if cands[j] & d != 0 {
                local |= 1 << i;
            }
        }
        if local == 0 {
            return false;
        }
        options[j] = local;
        seen |= local;
    }
    let full = (1u32 << k) - 1;
    if seen != full {
        return false;
    }
    // forward[j]: the sets of local symbols cells 0..j can take together (bit m: set m);
    // backward[j]: those cells j.. can take together.
    let mut forward = [0u64; MAX_SET_CELLS + 1];
    forward[0] = 1;
    for j in 0..k {
        forward[j + 1] = extend(forward[j], options[j]);
        if forward[j + 1] == 0 {
            return false;
        }
    }
    if forward[k] >> full & 1 == 0 {
        return false;
    }
    let mut backward = [0u64; MAX_SET_CELLS + 1];
    backward[k] = 1;
    for j in (0..k).rev() {
        backward[j] = extend(backward[j + 1], options[j]);
    }
    for j in 0..k {
        let mut taken = 0u32;
        let mut before = forward[j];
        while before != 0 {
            let m = before.trailing_zeros();
            before &= before - 1;
            let mut free = options[j] & !m;
            while free != 0 {
                let b = free & free.wrapping_neg();
                free ^= b;
                if backward[j + 1] >> (full & !(m | b)) & 1 == 1 {
                    taken |= b;
                }
            }
        }
        while taken != 0 {
            let i = taken.trailing_zeros() as usize;
            taken &= taken - 1;
            union[j] |= digits[i];
        }
    }
    true
}

/// The sets (bits of u64, bit m: local set m) reached from `sets` by one more cell with
/// these local options.
fn extend(sets: u64, options: u32) -> u64 {
    let mut next = 0u64;
    let mut walk = sets;
    while walk != 0 {
        let m = walk.trailing_zeros();
        walk &= walk - 1;
        let mut free = options & !m;
        while free != 0 {
            let b = free & free.wrapping_neg();
            free ^= b;
            next |= 1u64 << (m | b);
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::cages::{distinct_sum_subsets, index_tuples};

    /// What listing every ordered assignment keeps: per cell, the union of the listed
    /// assignments that fit the candidates.
    fn by_listing(cands: &[Mask], target: i128, symbols: &[i64]) -> Option<Vec<Mask>> {
        let k = cands.len();
        let differ: Vec<Vec<bool>> = (0..k).map(|a| (0..k).map(|b| a != b).collect()).collect();
        let tuples = index_tuples(crate::search::cages::Op::Add, target, symbols, &differ)?;
        let mut union = vec![0; k];
        let mut any = false;
        for t in tuples {
            if t.iter().zip(cands).all(|(&s, &d)| d >> s & 1 == 1) {
                any = true;
                for (u, &s) in union.iter_mut().zip(&t) {
                    *u |= 1 << s;
                }
            }
        }
        any.then_some(union)
    }

    #[test]
    fn matching_keeps_exactly_what_listing_keeps() {
        let symbols: Vec<i64> = (1..=9).collect();
        let mut rng = crate::rng::Rng::new(11);
        let mut compared = 0;
        for _ in 0..3000 {
            let k = 1 + rng.below(5);
            let target = (k * (k + 1) / 2 + rng.below(9 * k - k * k + 1)) as i128;
            let cands: Vec<Mask> = (0..k).map(|_| 1 + rng.below(511) as Mask).collect();
            let subsets = distinct_sum_subsets(&symbols, k, target);
            let matched = support(&cands, &subsets).map(|u| u[..k].to_vec());
            assert_eq!(
                matched,
                by_listing(&cands, target, &symbols),
                "{cands:?} make {target}"
            );
            compared += usize::from(matched.is_some());
        }
        assert!(compared > 300, "only {compared} cages that fit");
    }
}
