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
    let mut any = false;
    let together = cands.iter().fold(0, |u, &c| u | c);
    for &subset in subsets {
        // A set some cell has no candidate of, or with a symbol no cell can take, is out
        // at a glance.
        if together & subset != subset || cands.iter().any(|&c| c & subset == 0) {
            continue;
        }
        any |= lay_out(cands, subset, &mut union);
        if union[..k] == cands[..k] {
            break; // nothing left to cross out
        }
    }
    any.then_some(union)
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
