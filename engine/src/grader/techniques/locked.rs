//! Pointing and claiming: when a symbol's places in one group all lie where it meets
//! another group, the symbol cannot go anywhere else in that other group.

use crate::grader::board::{Board, Outcome};
use crate::grader::step::Detail;

pub fn locked_candidates(board: &mut Board) -> Outcome<bool> {
    let shape = std::sync::Arc::clone(&board.shape);
    for cut in &shape.intersections {
        let open_or = |cells: &[usize], board: &Board| {
            cells
                .iter()
                .filter(|&&i| !board.placed[i])
                .fold(0u64, |m, &i| m | board.cand[i])
        };
        let inside = open_or(&cut.inner, board);
        if inside == 0 {
            continue;
        }
        let outside = open_or(&cut.outer, board);
        let locked = inside & !outside;
        if locked != 0 {
            let mut progress = false;
            for &i in &cut.rest {
                if !board.placed[i] {
                    progress |= board.eliminate(i, locked)?;
                }
            }
            if progress && board.recording() {
                let digits = board.symbols_of(locked);
                board.note(Detail {
                    groups: vec![cut.a, cut.b],
                    cells: cut.common.iter().collect(),
                    digits,
                    ..Detail::default()
                });
            }
            if progress {
                return Ok(true);
            }
        }
    }
    Ok(false)
}
