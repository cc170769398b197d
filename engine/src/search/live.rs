//! The assignments each listed cage still has alive, kept per search: a propagation
//! scans only those, and an assignment found dead (some (cell, symbol) it needs is gone
//! from the marks) is swapped past the end of its cage's live run, so no later prune in
//! the same subtree looks at it again. Marks only narrow down a branch, so an assignment
//! dead at a node is dead everywhere below it; on backtracking the search puts back the
//! live counts it saved, which brings back exactly the assignments removed since (they
//! sit just past the restored count: removals only ever shorten the run, and swaps stay
//! inside it).
//!
//! What a prune keeps is the union of the live assignments that fit, and every fitting
//! assignment is live, so it keeps exactly what scanning the whole list keeps: the same
//! fixpoints, the same nodes, the same solutions in the same order. Measured on 9x9 hard
//! KenKen generation, the scan of whole lists was about a third of the generator's time.

use super::packed::{pack_marks, Packed, Word};
use super::propagators::{Narrowed, Propagator};
use crate::cellset::Mask;

/// Where a cage's live assignments are.
#[derive(Clone, Copy)]
enum Run {
    /// Not a packed listing: pruned the ordinary way.
    None,
    /// At this place in the list, `width` bits a cell.
    Narrow {
        at: u32,
        width: u32,
    },
    Wide {
        at: u32,
        width: u32,
    },
}

/// Every packed cage's assignments (narrow ones in one list, wide in another, cage after
/// cage), each cage's live count, and the counts saved by the search's open nodes.
pub(super) struct Live {
    narrow: Vec<u64>,
    wide: Vec<u128>,
    runs: Vec<Run>,
    counts: Vec<u32>,
    saved: Vec<u32>,
}

impl Live {
    pub fn new(cages: &[Propagator]) -> Live {
        let mut live = Live {
            narrow: Vec::new(),
            wide: Vec::new(),
            runs: Vec::with_capacity(cages.len()),
            counts: Vec::with_capacity(cages.len()),
            saved: Vec::new(),
        };
        for cage in cages {
            let (run, count) = match cage.packed() {
                Some((Packed::Narrow(list), width)) => {
                    let (at, width) = (live.narrow.len() as u32, width as u32);
                    let run = Run::Narrow { at, width };
                    live.narrow.extend_from_slice(list);
                    (run, list.len())
                }
                Some((Packed::Wide(list), width)) => {
                    let (at, width) = (live.wide.len() as u32, width as u32);
                    let run = Run::Wide { at, width };
                    live.wide.extend_from_slice(list);
                    (run, list.len())
                }
                _ => (Run::None, 0),
            };
            live.runs.push(run);
            live.counts.push(count as u32);
        }
        live
    }

    /// Save the live counts before a node's children; returns where they are.
    pub fn save(&mut self) -> usize {
        let at = self.saved.len();
        self.saved.extend_from_slice(&self.counts);
        at
    }

    /// Put back the counts saved at `at` (after a child, whatever its propagation did).
    pub fn restore(&mut self, at: usize) {
        let n = self.counts.len();
        self.counts.copy_from_slice(&self.saved[at..at + n]);
    }

    /// Forget the counts saved at `at` (the node is done).
    pub fn drop_saved(&mut self, at: usize) {
        self.saved.truncate(at);
    }

    /// Prune cage `ci` by its live assignments, when it has a packed listing; None when
    /// it has not (the caller prunes it the ordinary way).
    pub fn prune(
        &mut self,
        ci: usize,
        cells: &[usize],
        dom: &mut [Mask],
        changed: &mut Vec<usize>,
    ) -> Option<Narrowed> {
        let count = self.counts[ci] as usize;
        let (found, left) = match self.runs[ci] {
            Run::None => return None,
            Run::Narrow { at, width } => {
                let run = &mut self.narrow[at as usize..at as usize + count];
                prune_run(cells, run, width as usize, dom, changed)
            }
            Run::Wide { at, width } => {
                let run = &mut self.wide[at as usize..at as usize + count];
                prune_run(cells, run, width as usize, dom, changed)
            }
        };
        self.counts[ci] = left as u32;
        Some(found)
    }
}

/// `prune_packed` over a live run, the dead ones it meets moved past its end; returns
/// what it found and how many stay live.
///
/// The run is partitioned in one pass without a branch on each assignment's fate
/// (about half of those scanned die, at random: a branch on it mispredicted about as
/// often as not): every assignment is swapped to the write place, which moves on only
/// past a live one, so the live ones keep their order at the front and the dead ones
/// gather between them and the scan. Only the membership of the live run matters (see
/// the module's comment), not its order.
fn prune_run<W: Word>(
    cells: &[usize],
    run: &mut [W],
    width: usize,
    dom: &mut [Mask],
    changed: &mut Vec<usize>,
) -> (Narrowed, usize) {
    let current: W = pack_marks(cells, dom, width);
    let mut support = W::ZERO;
    // Live ones are run[..live]; run[live..i] are dead.
    let mut live = 0;
    for i in 0..run.len() {
        let t = run[i];
        let alive = t & !current == W::ZERO;
        run[i] = run[live];
        run[live] = t;
        live += usize::from(alive);
        support = support | (t & W::all_if(alive));
        if support == current {
            // Every mark is supported: nothing narrows. The dead ones met so far go to
            // the end, in the place of as many not yet looked at.
            let (dead, len) = (i + 1 - live, run.len());
            let moved = dead.min(len - i - 1);
            for j in 0..moved {
                run.swap(live + j, len - 1 - j);
            }
            return (Narrowed::Unchanged, len - dead);
        }
    }
    if live == 0 {
        return (Narrowed::Impossible, 0);
    }
    let before = changed.len();
    for (j, &c) in cells.iter().enumerate() {
        let d = (support >> (j * width)).low(width);
        if d != dom[c] {
            dom[c] = d;
            changed.push(c);
        }
    }
    let found = if changed.len() == before {
        Narrowed::Unchanged
    } else {
        Narrowed::Changed
    };
    (found, live)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::search::cages::Op;

    /// Marks narrowed at random down a branch, and a sibling branch after the counts are
    /// put back: the live lists prune exactly as the whole listing does, every time.
    #[test]
    fn live_assignments_prune_as_the_whole_listing_down_and_back_up_a_branch() {
        let symbols: Vec<i64> = (1..=9).collect();
        // An L of three cells (0 and 1 share a line, 1 and 2 share one) and a cage of
        // eight cells, packed wide.
        let cages = [
            Propagator::compile(vec![0, 1, 2], Op::Add, 15, false, &symbols, |a, b| {
                (a, b) != (0, 2) && (a, b) != (2, 0)
            }),
            Propagator::compile((3..11).collect(), Op::Mul, 2880, false, &symbols, |a, b| {
                a / 4 == b / 4
            }),
        ];
        assert!(cages.iter().all(|c| c.packed().is_some()));
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            let mut live = Live::new(&cages);
            let mut dom = vec![0x1ff as Mask; 11];
            let saved = live.save();
            for depth in 0..12 {
                if depth == 6 {
                    // Back up to the top, as the search does between two children.
                    live.restore(saved);
                    dom = vec![0x1ff as Mask; 11];
                }
                let cell = rng.below(11);
                dom[cell] &= !(1 << rng.below(9));
                for (ci, cage) in cages.iter().enumerate() {
                    let (mut whole, mut by_live) = (dom.clone(), dom.clone());
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    let expected = cage.prune_into(&mut whole, &mut a);
                    let found = live.prune(ci, cage.cells(), &mut by_live, &mut b);
                    let same = matches!(
                        (expected, found),
                        (Narrowed::Unchanged, Some(Narrowed::Unchanged))
                            | (Narrowed::Changed, Some(Narrowed::Changed))
                            | (Narrowed::Impossible, Some(Narrowed::Impossible))
                    );
                    assert!(same);
                    assert_eq!(a, b);
                    if b.is_empty() || whole.contains(&0) {
                        continue;
                    }
                    assert_eq!(whole, by_live);
                    dom = by_live;
                }
            }
        }
    }
}
