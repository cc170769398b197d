//! Inequalities between two cells (greater-than sudoku's signs): the smaller cell holds a
//! lower symbol than the larger. Symbols are compared by their index, so a grid with
//! inequalities lists its symbols in increasing order (the Python face checks it).
//!
//! What the search and the grader share: the bounds one inequality puts on its two
//! cells, and which cells a cell is known to be larger (or smaller) than through chains
//! of them, worked out once per shape.

use crate::cellset::{CellSet, Mask};

/// One inequality, by cell numbers: `smaller` holds a lower symbol than `larger`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inequality {
    pub smaller: usize,
    pub larger: usize,
}

/// The symbols strictly below the highest of `mask` (none for an empty mask).
pub fn below_highest(mask: Mask) -> Mask {
    if mask == 0 {
        return 0;
    }
    let top = 63 - mask.leading_zeros();
    (1u64 << top) - 1
}

/// The symbols strictly above the lowest of `mask` (none for an empty mask).
pub fn above_lowest(mask: Mask) -> Mask {
    if mask == 0 {
        return 0;
    }
    let low = mask.trailing_zeros();
    if low >= 63 {
        0
    } else {
        !((1u64 << (low + 1)) - 1)
    }
}

/// What one inequality leaves of its cells' candidates: the smaller keeps the symbols
/// below the larger's highest, the larger those above the smaller's lowest. Applying it
/// again to what it returns changes nothing.
pub fn bounded(smaller: Mask, larger: Mask) -> (Mask, Mask) {
    (
        smaller & below_highest(larger),
        larger & above_lowest(smaller),
    )
}

/// The `k`-th lowest symbol of a mask (k from 1), as a one-bit mask; None when it has
/// fewer than k.
pub fn kth_lowest(mask: Mask, k: usize) -> Option<Mask> {
    crate::cellset::bit_values(mask).nth(k.checked_sub(1)?)
}

/// The `k`-th highest symbol of a mask (k from 1), as a one-bit mask; None when it has
/// fewer than k.
pub fn kth_highest(mask: Mask, k: usize) -> Option<Mask> {
    let count = mask.count_ones() as usize;
    if k == 0 || k > count {
        return None;
    }
    kth_lowest(mask, count + 1 - k)
}

/// Per cell, the cells it is larger than through a chain of one or more inequalities
/// (`below`), and those it is smaller than (`above`). A cell in its own set means the
/// inequalities go round in a circle: no grid meets them.
pub fn closures(n: usize, inequalities: &[Inequality]) -> (Vec<CellSet>, Vec<CellSet>) {
    let mut down = vec![Vec::new(); n];
    let mut up = vec![Vec::new(); n];
    for e in inequalities {
        down[e.larger].push(e.smaller);
        up[e.smaller].push(e.larger);
    }
    (reach(&down), reach(&up))
}

/// Per cell, every cell reached from it along the edges (one search from each cell: at
/// most cells x (cells + edges) steps, whatever order the chains run in).
fn reach(edges: &[Vec<usize>]) -> Vec<CellSet> {
    let mut found = vec![CellSet::EMPTY; edges.len()];
    let mut stack = Vec::new();
    for (start, seen) in found.iter_mut().enumerate() {
        stack.extend(edges[start].iter().copied());
        while let Some(cell) = stack.pop() {
            if !seen.contains(cell) {
                seen.insert(cell);
                stack.extend(edges[cell].iter().copied());
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_keep_the_smaller_below_the_larger_s_highest_and_the_larger_above_the_smaller_s_lowest(
    ) {
        // Symbols 1..4 as bits 0..3: smaller in {2,3,4}, larger in {1,2,3}.
        let (s, l) = bounded(0b1110, 0b0111);
        assert_eq!(s, 0b0010); // only 2 is below 3
        assert_eq!(l, 0b0100); // only 3 is above 2
        assert_eq!(bounded(s, l), (s, l));
        // A smaller that can only be 4 leaves the larger nothing.
        assert_eq!(bounded(0b1000, 0b1111).1, 0);
    }

    #[test]
    fn the_kth_lowest_and_highest_symbols_are_counted_from_each_end() {
        assert_eq!(kth_lowest(0b10110, 2), Some(0b00100));
        assert_eq!(kth_highest(0b10110, 1), Some(0b10000));
        assert_eq!(kth_highest(0b10110, 3), Some(0b00010));
        assert_eq!(kth_lowest(0b10110, 4), None);
        assert_eq!(kth_lowest(0b1, 0), None);
    }

    #[test]
    fn closures_follow_chains_of_inequalities() {
        // 0 < 1 < 2, and 3 < 2.
        let chain = [
            Inequality {
                smaller: 0,
                larger: 1,
            },
            Inequality {
                smaller: 1,
                larger: 2,
            },
            Inequality {
                smaller: 3,
                larger: 2,
            },
        ];
        let (below, above) = closures(4, &chain);
        assert_eq!(below[2].iter().collect::<Vec<_>>(), vec![0, 1, 3]);
        assert_eq!(above[0].iter().collect::<Vec<_>>(), vec![1, 2]);
        assert!(below[0].is_empty() && above[2].is_empty());
    }

    #[test]
    fn a_long_chain_is_followed_to_its_end_whichever_way_its_cells_are_numbered() {
        // 1 < 0, 2 < 1, ... 599 < 598: each cell is above every later one.
        let chain: Vec<Inequality> = (0..599)
            .map(|i| Inequality {
                smaller: i + 1,
                larger: i,
            })
            .collect();
        let (below, above) = closures(600, &chain);
        assert_eq!(below[0].len(), 599);
        assert_eq!(above[599].len(), 599);
        assert_eq!(below[300].first(), Some(301));
    }
}
