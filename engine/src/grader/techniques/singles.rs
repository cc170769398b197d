//! Singles: a full house, a hidden single (in a box, or any group), a naked single.

use crate::cellset::single;
use crate::grader::board::{Board, Contradiction, Outcome};
use crate::grader::step::Detail;

/// A cell with one candidate left takes it: every such cell, in cell order, in one sweep
/// (a cell left with one by an earlier one in the sweep is taken too).
pub fn naked_single(board: &mut Board) -> Outcome<bool> {
    let mut progress = false;
    for i in 0..board.n() {
        let d = board.cand[i];
        if !board.placed[i] && single(d) {
            board.place(i, d)?;
            progress = true;
        }
    }
    Ok(progress)
}

/// The last empty cell of a group takes the one symbol the group still lacks (the groups
/// come down to one in the order `place` found them, the last found first).
pub fn full_house(board: &mut Board) -> Outcome<bool> {
    while let Some(k) = board.full_houses.pop() {
        if board.open_left[k] == 1 {
            let g = board.shape.covering[k];
            let last = board.shape.groups[g]
                .iter()
                .copied()
                .find(|&i| !board.placed[i])
                .expect("a group with one open cell has one");
            if board.recording() {
                board.note(Detail {
                    groups: vec![g],
                    ..Detail::default()
                });
            }
            board.place(last, board.cand[last])?;
            return Ok(true);
        }
    }
    Ok(false)
}

/// A symbol that fits in only one cell of a group goes there (every such symbol of the
/// first group that has one).
pub fn hidden_single_in(board: &mut Board, groups: &[usize]) -> Outcome<bool> {
    let full = board.full();
    for &g in groups {
        let cells = &board.shape.groups[g];
        let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
        for &i in cells {
            let d = board.cand[i];
            if board.placed[i] {
                placed |= d;
            }
            twice |= once & d;
            once |= d;
        }
        if once != full {
            return Err(Contradiction);
        }
        let unique = once & !twice & !placed;
        if unique != 0 {
            if board.recording() {
                board.note(Detail {
                    groups: vec![g],
                    ..Detail::default()
                });
            }
            let shape = std::sync::Arc::clone(&board.shape);
            for &i in &shape.groups[g] {
                let hit = board.cand[i] & unique;
                if hit != 0 {
                    if !single(hit) {
                        return Err(Contradiction);
                    }
                    board.place(i, hit)?;
                }
            }
            return Ok(true);
        }
    }
    Ok(false)
}
