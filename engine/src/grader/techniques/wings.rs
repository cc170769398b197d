//! Wings: a two-candidate pivot {a,b} seeing pincers {a,c} and {b,c} (XY-wing): whichever
//! way the pivot goes, one pincer is c, so no cell seeing both pincers can be c. With a
//! pivot {a,b,c} (XYZ-wing), the cells seeing the pivot too lose c.

use super::subsets::combinations;
use crate::cellset::CellSet;
use crate::grader::board::{Board, Outcome};

pub fn wing(board: &mut Board, with_pivot_c: bool) -> Outcome<bool> {
    let pivot_size = if with_pivot_c { 3 } else { 2 };
    let peers = std::sync::Arc::clone(&board.peers);
    let sets: Vec<CellSet> = peers
        .iter()
        .map(|p| CellSet::from_cells(p.iter().copied()))
        .collect();
    for pivot in 0..board.n() {
        let pd = board.cand[pivot];
        if board.placed[pivot] || pd.count_ones() != pivot_size {
            continue;
        }
        let pincers: Vec<usize> = peers[pivot]
            .iter()
            .copied()
            .filter(|&p| !board.placed[p] && board.cand[p].count_ones() == 2)
            .collect();
        for pair in combinations(pincers.len(), 2) {
            let (p1, p2) = (pincers[pair[0]], pincers[pair[1]]);
            let (d1, d2) = (board.cand[p1], board.cand[p2]);
            if d1 == d2 {
                continue;
            }
            let c = d1 & d2;
            if c.count_ones() != 1 {
                continue;
            }
            if with_pivot_c {
                if d1 | d2 != pd {
                    continue;
                }
            } else if c & pd != 0 || d1 | d2 != pd | c {
                continue;
            }
            let mut seen = sets[p1].and(&sets[p2]);
            if with_pivot_c {
                seen = seen.and(&sets[pivot]);
            }
            seen.remove(pivot);
            let mut progress = false;
            for i in seen.iter() {
                if !board.placed[i] {
                    progress |= board.eliminate(i, c)?;
                }
            }
            if progress {
                return Ok(true);
            }
        }
    }
    Ok(false)
}
