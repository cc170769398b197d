//! A cage's assignments packed one bit per (cell, symbol), in the narrowest word they fit:
//! one u64 when the cells times the symbols fit in 64 bits (every KenKen cage up to 7
//! cells of a 9x9), else one u128. Testing an assignment against the pencil marks is one
//! AND either way, but a u64 is one machine word, and the search and the grader scan
//! these lists on every propagation: measured on 9x9 hard KenKen generation, the scan was
//! most of the search's time.

use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

use crate::cellset::Mask;

/// A packing word: u64 or u128.
pub trait Word:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// The low `width` bits (width at most 64), as a Mask.
    fn low(self, width: usize) -> Mask;
    fn of(mask: Mask) -> Self;
    /// Every bit when `b`, else none (a select without a branch).
    fn all_if(b: bool) -> Self;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    fn low(self, width: usize) -> Mask {
        if width >= 64 {
            self
        } else {
            self & ((1u64 << width) - 1)
        }
    }
    fn of(mask: Mask) -> u64 {
        mask
    }
    fn all_if(b: bool) -> u64 {
        u64::from(b).wrapping_neg()
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    fn low(self, width: usize) -> Mask {
        let low = if width >= 64 {
            u128::from(u64::MAX)
        } else {
            (1u128 << width) - 1
        };
        (self & low) as Mask
    }
    fn of(mask: Mask) -> u128 {
        u128::from(mask)
    }
    fn all_if(b: bool) -> u128 {
        u128::from(b).wrapping_neg()
    }
}

/// Assignments (symbol indices, `cells` each, flat) packed in the narrowest word; None
/// when they do not fit in 128 bits.
pub enum Packed {
    None,
    Narrow(Vec<u64>),
    Wide(Vec<u128>),
}

fn pack<W: Word>(flat: &[u8], cells: usize, width: usize) -> Vec<W> {
    flat.chunks_exact(cells)
        .map(|t| {
            t.iter()
                .enumerate()
                .fold(W::ZERO, |p, (j, &s)| p | W::ONE << (j * width + s as usize))
        })
        .collect()
}

impl Packed {
    pub fn new(flat: &[u8], cells: usize, width: usize) -> Packed {
        if cells == 0 {
            Packed::None
        } else if cells * width <= 64 {
            Packed::Narrow(pack(flat, cells, width))
        } else if cells * width <= 128 {
            Packed::Wide(pack(flat, cells, width))
        } else {
            Packed::None
        }
    }

    pub fn is_packed(&self) -> bool {
        !matches!(self, Packed::None)
    }
}

/// The pencil marks of these cells packed as their assignments are.
pub fn pack_marks<W: Word>(cells: &[usize], dom: &[Mask], width: usize) -> W {
    cells
        .iter()
        .enumerate()
        .fold(W::ZERO, |p, (j, &c)| p | W::of(dom[c]) << (j * width))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_and_wide_packings_hold_the_same_bits() {
        // Two 3-cell assignments over 9 symbols: 27 bits, so packed narrow; the same
        // packed wide must read back the same marks per cell.
        let flat = [0u8, 4, 8, 8, 1, 2];
        let narrow: Vec<u64> = pack(&flat, 3, 9);
        let wide: Vec<u128> = pack(&flat, 3, 9);
        assert!(matches!(Packed::new(&flat, 3, 9), Packed::Narrow(_)));
        for (n, w) in narrow.iter().zip(&wide) {
            for j in 0..3 {
                assert_eq!((*n >> (j * 9)).low(9), (*w >> (j * 9)).low(9));
            }
        }
        assert_eq!(narrow[0], 1 | 1 << 13 | 1 << 26);
        let dom = [0b1_0000_0001 as Mask, 0b1_0001, 0b110];
        let marks: u64 = pack_marks(&[0, 1, 2], &dom, 9);
        assert_eq!(u128::from(marks), pack_marks::<u128>(&[0, 1, 2], &dom, 9));
        // 8 cells of 9 symbols need 72 bits: wide; 15 of 9, none.
        assert!(matches!(Packed::new(&[0; 8], 8, 9), Packed::Wide(_)));
        assert!(!Packed::new(&[0; 15], 15, 9).is_packed());
    }
}
