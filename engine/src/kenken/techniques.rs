//! KenKen's techniques from beginner to hard: one-cell cages and cage singles (every step
//! writes a forced digit), cage arithmetic as pencil marks, a cage claiming a digit in its
//! line, a line pinning a digit into a cage. Each walks the cages (or the lines) in order
//! and stops at its first progress, as the grader always has.

use std::sync::Arc;

use super::cages::KenKen;
use super::BEGINNER_OPEN_CELLS;
use crate::cellset::{bit_values, single, Mask};
use crate::grader::step::Detail;
use crate::grader::{Board, Outcome};

fn open_count(board: &Board, cells: &[usize]) -> usize {
    cells.iter().filter(|&&c| !board.placed[c]).count()
}

/// A one-cell cage shows its digit: every such cage, in order, in one sweep.
pub fn one_cell_cage(board: &mut Board, kk: &mut KenKen) -> Outcome<bool> {
    let compiled = Arc::clone(&kk.compiled);
    let mut progress = false;
    for &k in &compiled.singles {
        let c = compiled.cages[k].cells[0];
        if !board.placed[c] {
            kk.refresh(k, &board.cand)?;
            let d = kk.fitted(k)[0];
            board.place(c, d)?;
            progress = true;
        }
    }
    Ok(progress)
}

/// In a cage with one or two empty cells, the target (with the digits already in the
/// rows and columns) leaves one digit for a cell: every such cell of the first such cage.
pub fn cage_single(board: &mut Board, kk: &mut KenKen) -> Outcome<bool> {
    let compiled = Arc::clone(&kk.compiled);
    for (k, cage) in compiled.cages.iter().enumerate() {
        let empty = open_count(board, &cage.cells);
        if empty == 0 || empty > BEGINNER_OPEN_CELLS {
            continue;
        }
        kk.refresh(k, &board.cand)?;
        // Placing only ever removes marks, so no cell qualifies later that does not now:
        // most cages have none, and need no copy of their support.
        let writable = |c: usize, d: Mask| !board.placed[c] && single(d) && board.cand[c] & d != 0;
        if !cage
            .cells
            .iter()
            .zip(kk.fitted(k))
            .any(|(&c, &d)| writable(c, d))
        {
            continue;
        }
        let support = kk.fitted(k).to_vec();
        let mut progress = false;
        for (&c, &d) in cage.cells.iter().zip(&support) {
            // The marks are read again cell by cell: a digit written in the cage's first
            // cell may have taken the second's from it.
            if !board.placed[c] && single(d) && board.cand[c] & d != 0 {
                if !progress {
                    kk.note_cage(board, k, Detail::default())?;
                }
                board.place(c, d)?;
                progress = true;
            }
        }
        if progress {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Each cell of a cage keeps only the digits of some combination that makes the target.
pub fn cage_arithmetic(board: &mut Board, kk: &mut KenKen) -> Outcome<bool> {
    let compiled = Arc::clone(&kk.compiled);
    for (k, cage) in compiled.cages.iter().enumerate() {
        if open_count(board, &cage.cells) == 0 {
            continue;
        }
        kk.refresh(k, &board.cand)?;
        if board.narrow(&cage.cells, kk.fitted(k))? {
            kk.note_cage(board, k, Detail::default())?;
            return Ok(true);
        }
    }
    Ok(false)
}

/// A digit every live combination of a cage puts in its cells on one line belongs to the
/// cage there, so it leaves the rest of that line.
pub fn cage_claims(board: &mut Board, kk: &mut KenKen) -> Outcome<bool> {
    let compiled = Arc::clone(&kk.compiled);
    let shape = Arc::clone(&board.shape);
    for (k, cage) in compiled.cages.iter().enumerate() {
        if open_count(board, &cage.cells) == 0 {
            continue;
        }
        kk.refresh(k, &board.cand)?;
        for (li, on_line) in cage.lines() {
            let g = shape.covering[li];
            let outside = |i: &usize| compiled.cage_of[*i] != Some(k) && !board.placed[*i];
            if !shape.groups[g].iter().any(outside) {
                continue;
            }
            let mut required = board.full();
            for &c in &kk.alive[k] {
                let combo = cage.combo(c);
                let present = on_line
                    .iter()
                    .fold(0 as Mask, |m, &(_, j)| m | 1 << combo[j]);
                required &= present;
                if required == 0 {
                    break;
                }
            }
            if required != 0 {
                let outside: Vec<usize> = shape.groups[g].iter().copied().filter(outside).collect();
                let mut progress = false;
                for &i in &outside {
                    progress |= board.eliminate(i, required)?;
                }
                if progress {
                    let digits = board.symbols_of(required);
                    let more = Detail {
                        groups: vec![g],
                        digits,
                        ..Detail::default()
                    };
                    kk.note_cage(board, k, more)?;
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

/// The open cells of a line that can hold digit b, read in place: most lines pin nothing,
/// and need no list.
fn open_holding<'a>(
    board: &'a Board,
    cells: &'a [usize],
    b: Mask,
) -> impl Iterator<Item = usize> + 'a {
    cells
        .iter()
        .copied()
        .filter(move |&i| !board.placed[i] && board.cand[i] & b != 0)
}

/// When a line can hold a digit only in the cells of one cage, the cage's combinations
/// that do not put it there are struck out.
pub fn line_pins(board: &mut Board, kk: &mut KenKen) -> Outcome<bool> {
    let compiled = Arc::clone(&kk.compiled);
    let shape = Arc::clone(&board.shape);
    for &g in &shape.covering {
        let cells = &shape.groups[g];
        let placed_bits = cells
            .iter()
            .filter(|&&i| board.placed[i])
            .fold(0 as Mask, |m, &i| m | board.cand[i]);
        for b in bit_values(board.full() & !placed_bits) {
            // The open cells that can hold b: two or more, all in one cage (looked at
            // before any list is made: most digits have spots in several cages).
            let mut spots_of = open_holding(board, cells, b);
            let Some(first) = spots_of.next() else {
                continue;
            };
            let Some(k) = compiled.cage_of[first] else {
                continue;
            };
            let mut count = 1;
            if spots_of.any(|i| {
                count += 1;
                compiled.cage_of[i] != Some(k)
            }) || count < 2
            {
                continue;
            }
            drop(spots_of);
            let spots: Vec<usize> = open_holding(board, cells, b).collect();
            let cage = &compiled.cages[k];
            kk.refresh(k, &board.cand)?;
            let positions: Vec<usize> = spots
                .iter()
                .filter_map(|&i| cage.cells.iter().position(|&c| c == i))
                .collect();
            let digit = b.trailing_zeros() as u8;
            let keep: Vec<u32> = kk.alive[k]
                .iter()
                .copied()
                .filter(|&c| positions.iter().any(|&j| cage.combo(c)[j] == digit))
                .collect();
            if keep.len() < kk.alive[k].len() && kk.strike(board, k, keep)? {
                let more = Detail {
                    groups: vec![g],
                    cells: spots,
                    digits: board.symbols_of(b),
                    ..Detail::default()
                };
                kk.note_cage(board, k, more)?;
                return Ok(true);
            }
        }
    }
    Ok(false)
}
