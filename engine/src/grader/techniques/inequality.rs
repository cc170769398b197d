//! Greater-than signs as a person reads them (greater-than sudoku):
//! - a sign's bounds: the square on the small side of a sign is below every mark the
//!   other square may still take, so it cannot hold the other's highest mark or anything
//!   above; the square on the large side likewise cannot hold the other's lowest or
//!   below. One sign and one square a step.
//! - a chain in a house: following the signs, a square is larger than several squares
//!   of one of its houses; those all differ, so the largest of them is at least the k-th
//!   lowest of their marks (k of them), and the square is above that (the end of a chain
//!   of three rising squares in a 4x4 box can only be 3 or 4). And the same downwards.
//!
//! Both are sound: every mark they cross out is one no solution of the signs and groups
//! has.

use std::sync::Arc;

use crate::cellset::{CellSet, Mask};
use crate::grader::board::{Board, Contradiction, Outcome};
use crate::grader::step::Detail;
use crate::inequality::{above_lowest, below_highest, kth_highest, kth_lowest};

/// The first sign (in the model's order) that crosses a mark out of one of its squares:
/// the small side first.
pub fn bounds(board: &mut Board) -> Outcome<bool> {
    let shape = Arc::clone(&board.shape);
    for e in &shape.inequalities {
        let (small, large) = (board.cand[e.smaller], board.cand[e.larger]);
        let sides = [
            (
                e.smaller,
                e.larger,
                small & !below_highest(large),
                "smaller",
            ),
            (e.larger, e.smaller, large & !above_lowest(small), "larger"),
        ];
        for (cell, other, cut, kind) in sides {
            if cut == 0 {
                continue;
            }
            let other_marks = board.cand[other];
            let bound = if kind == "smaller" {
                highest(other_marks)
            } else {
                lowest(other_marks)
            };
            let detail = Detail {
                kind,
                cells: vec![cell, other],
                digits: board.symbols_of(cut),
                total: bound.map_or(0, |b| board.shape.symbols[b]),
                ..Detail::default()
            };
            board.note(detail);
            board.eliminate(cell, cut)?;
            return Ok(true);
        }
    }
    Ok(false)
}

/// The first square (in cell order) that the signs put above (or below) two or more
/// squares of one of its houses, far enough to cross one of its marks out.
pub fn chain(board: &mut Board) -> Outcome<bool> {
    let shape = Arc::clone(&board.shape);
    if shape.inequalities.is_empty() {
        return Ok(false);
    }
    for cell in 0..shape.n {
        if board.placed[cell] {
            continue;
        }
        for &k in &shape.covering_of[cell] {
            let g = shape.covering[k];
            for kind in ["larger", "smaller"] {
                let reach = if kind == "larger" {
                    &shape.below[cell]
                } else {
                    &shape.above[cell]
                };
                let others = reach.and(&shape.group_sets[g]);
                if others.len() < 2 || others.contains(cell) {
                    continue;
                }
                let (cut, bound) = chain_cut(board, cell, &others, kind == "larger")?;
                if cut == 0 {
                    continue;
                }
                let mut cells = vec![cell];
                cells.extend(others.iter());
                let detail = Detail {
                    kind,
                    groups: vec![g],
                    cells,
                    digits: board.symbols_of(cut),
                    total: board.shape.symbols[bound.trailing_zeros() as usize],
                    ..Detail::default()
                };
                board.note(detail);
                board.eliminate(cell, cut)?;
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// The marks of `cell` that a chain rules out, and the bound: when `cell` is above all of
/// `others` (k squares that all differ), their largest is at least the k-th lowest of
/// their marks, so the cell keeps only what is above it (and below, the other way).
fn chain_cut(board: &Board, cell: usize, others: &CellSet, above: bool) -> Outcome<(Mask, Mask)> {
    let marks = others.iter().fold(0, |m, i| m | board.cand[i]);
    let k = others.len() as usize;
    let bound = if above {
        kth_lowest(marks, k)
    } else {
        kth_highest(marks, k)
    }
    .ok_or(Contradiction)?; // k squares that differ with fewer than k marks among them
    let ruled_out = if above {
        bound | (bound - 1)
    } else {
        !(bound - 1)
    };
    Ok((board.cand[cell] & ruled_out, bound))
}

fn highest(mask: Mask) -> Option<usize> {
    (mask != 0).then(|| 63 - mask.leading_zeros() as usize)
}

fn lowest(mask: Mask) -> Option<usize> {
    (mask != 0).then(|| mask.trailing_zeros() as usize)
}

#[cfg(test)]
#[path = "inequality_tests.rs"]
mod tests;
