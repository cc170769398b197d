//! Sets of cells as fixed-size bitsets: a grid has at most MAX_CELLS cells (a 25x25
//! interchange grid), so a set is a few machine words on the stack, copied freely, and
//! the grader's "where can this symbol go" questions are word-wise ANDs.

/// The most cells a grid may have (25 x 25, the interchange limit), rounded up to words.
pub const MAX_CELLS: usize = 640;
const WORDS: usize = MAX_CELLS / 64;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CellSet([u64; WORDS]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    pub fn from_cells(cells: impl IntoIterator<Item = usize>) -> CellSet {
        let mut set = CellSet::EMPTY;
        for cell in cells {
            set.insert(cell);
        }
        set
    }

    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub fn and(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= b;
        }
        out
    }

    pub fn or(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
        out
    }

    pub fn and_not(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= !b;
        }
        out
    }

    /// The lowest cell of the set, if any.
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(k, w)| k * 64 + w.trailing_zeros() as usize)
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> CellIter {
        CellIter {
            words: self.0,
            word: 0,
        }
    }
}

pub struct CellIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for CellIter {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

/// A cell's candidates (or any set of symbols) as a bitmask over symbol indices: bit k is
/// the k-th symbol of the puzzle. At most 64 symbols.
pub type Mask = u64;

/// The masks of one bit each, lowest first: a cell's candidates one by one.
pub fn bit_values(mask: Mask) -> impl Iterator<Item = Mask> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let low = rest & rest.wrapping_neg();
            rest ^= low;
            Some(low)
        }
    })
}

/// The indices of a mask's bits, lowest first.
pub fn bit_indices(mask: Mask) -> impl Iterator<Item = usize> {
    bit_values(mask).map(|b| b.trailing_zeros() as usize)
}

/// Whether a mask has exactly one bit.
pub fn single(mask: Mask) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_cells_across_words_and_lists_them_in_order() {
        let set = CellSet::from_cells([3, 64, 600, 0]);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 3, 64, 600]);
        assert_eq!(set.len(), 4);
        assert_eq!(set.first(), Some(0));
        assert!(set.contains(600) && !set.contains(599));
    }

    #[test]
    fn masks_split_into_their_bits_lowest_first() {
        assert_eq!(bit_values(0b1011).collect::<Vec<_>>(), vec![1, 2, 8]);
        assert_eq!(bit_indices(0b1010).collect::<Vec<_>>(), vec![1, 3]);
        assert!(single(4) && !single(6) && !single(0));
    }
}
