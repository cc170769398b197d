//! The search's propagation rules besides the cages: a placed symbol leaves its peers,
//! a symbol with one place in a covering group goes there, and greater-than signs bound
//! their two cells. `Solver::propagate` (mod.rs) runs them to a fixpoint.
//!
//! Hidden singles are found from a count of each symbol's places in each covering group
//! (Scratch::counts), kept up to date at every narrowing (`uncount`) and put back on
//! backtracking, rather than by scanning every group a narrowing touched: a group is
//! looked at only for a symbol whose count just fell to one. A count falling to zero is
//! the contradiction a scan finds as a symbol with no place. The rules are the same, so
//! the fixpoint is: the same nodes, the same solutions in the same order.

use super::work::{Queue, Scratch};
use super::Solver;
use crate::cellset::{single, Mask};
use crate::inequality::bounded;

/// Where a (group, symbol) pair sits in the queue of pairs to look at: room for 64
/// symbols a group, so no division finds the two again.
pub(super) const fn pair(g: usize, s: usize) -> usize {
    (g << 6) | s
}

impl Solver {
    /// Cell `i` lost the symbols in `removed`: each one's count in each covering group of
    /// `i` goes down, a pair left with one place is queued for `hidden_singles`. False
    /// when a symbol has no place left in a group.
    #[inline]
    pub(super) fn uncount(
        &self,
        counts: &mut [u8],
        hidden: &mut Queue,
        i: usize,
        removed: Mask,
    ) -> bool {
        let groups = &self.covering_of[i];
        let mut rest = removed;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for &g in groups {
                let k = g * self.nsym + s;
                let c = counts[k] - 1;
                counts[k] = c;
                if c <= 1 {
                    if c == 0 {
                        return false;
                    }
                    hidden.push(pair(g, s));
                }
            }
        }
        true
    }

    /// `uncount` for one symbol (index `s`) that a placed symbol's peer `p` lost. Where
    /// `p` shares a group with the placed cell, that cell keeps the symbol there: a count
    /// falling to one leaves its one place decided already, and is not queued.
    #[inline(always)]
    fn uncount_peer(&self, work: &mut Scratch, p: usize, s: usize, home: &[usize]) -> bool {
        for &g in &self.covering_of[p] {
            let k = g * self.nsym + s;
            let c = work.counts[k] - 1;
            work.counts[k] = c;
            if c <= 1 {
                if c == 0 {
                    return false;
                }
                if !home.contains(&g) {
                    work.hidden.push(pair(g, s));
                }
            }
        }
        true
    }

    /// Count every symbol's places in every covering group of `dom` afresh (the start of
    /// a search, or of a propagation from domains set by hand); false when a symbol has
    /// no place in a group.
    pub(super) fn recount(&self, dom: &[Mask], work: &mut Scratch) -> bool {
        let nsym = self.nsym;
        work.counts.fill(0);
        for (g, cells) in self.covering.iter().enumerate() {
            let row = &mut work.counts[g * nsym..(g + 1) * nsym];
            for &i in cells {
                let mut d = dom[i];
                while d != 0 {
                    row[d.trailing_zeros() as usize] += 1;
                    d &= d - 1;
                }
            }
            if row.contains(&0) {
                return false;
            }
        }
        true
    }

    /// Queue every symbol of group `g` with one place (a group to look at in full).
    pub(super) fn queue_group(&self, counts: &[u8], hidden: &mut Queue, g: usize) {
        let row = &counts[g * self.nsym..(g + 1) * self.nsym];
        for (s, &c) in row.iter().enumerate() {
            if c == 1 {
                hidden.push(pair(g, s));
            }
        }
    }

    /// Every inequality's bounds once round (the smaller below the larger's highest, the
    /// larger above the smaller's lowest), when the other rules have nothing left to do;
    /// the cells narrowed are followed up as any other narrowing is. None on a
    /// contradiction, else whether a candidate went.
    pub(super) fn bound_inequalities(&self, dom: &mut [Mask], work: &mut Scratch) -> Option<bool> {
        let mut narrowed = false;
        for e in &self.inequalities {
            let (small, large) = bounded(dom[e.smaller], dom[e.larger]);
            for (i, d) in [(e.smaller, small), (e.larger, large)] {
                if d == dom[i] {
                    continue;
                }
                if d == 0 {
                    return None;
                }
                let removed = dom[i] & !d;
                dom[i] = d;
                narrowed = true;
                for &k in &self.cages_of[i] {
                    work.cages.push(k);
                }
                if !self.uncount(&mut work.counts, &mut work.hidden, i, removed) {
                    return None;
                }
                if single(d) {
                    work.stack.push(i);
                }
            }
        }
        Some(narrowed)
    }

    /// Remove each placed symbol from its peers, following new singles.
    pub(super) fn eliminate(&self, dom: &mut [Mask], work: &mut Scratch) -> bool {
        while let Some(i) = work.stack.pop() {
            let b = dom[i];
            for &k in &self.cages_of[i] {
                work.cages.push(k);
            }
            for &p in &self.peers[i] {
                let d = dom[p];
                if d & b != 0 {
                    let d = d & !b;
                    if d == 0 {
                        return false;
                    }
                    dom[p] = d;
                    for &k in &self.cages_of[p] {
                        work.cages.push(k);
                    }
                    let home = &self.covering_of[i];
                    if !self.uncount_peer(work, p, b.trailing_zeros() as usize, home) {
                        return false;
                    }
                    if single(d) {
                        work.stack.push(p);
                    }
                }
            }
        }
        true
    }

    /// Place every symbol left with one possible cell in a covering group (of the pairs
    /// queued), the cells placed pushed on `work.stack`; None on a contradiction (a
    /// symbol with no place: two symbols whose only place is one cell end here, as the
    /// one placed takes the other's place away), else whether any was placed.
    pub(super) fn hidden_singles(&self, dom: &mut [Mask], work: &mut Scratch) -> Option<bool> {
        let mut any = false;
        while let Some(k) = work.hidden.pop() {
            let (g, s) = (k >> 6, k & 63);
            if work.counts[g * self.nsym + s] != 1 {
                continue;
            }
            let bit: Mask = 1 << s;
            // The count is one, so the symbol has a place (zero returned before).
            let &i = self.covering[g].iter().find(|&&i| dom[i] & bit != 0)?;
            let d = dom[i];
            if d != bit {
                dom[i] = bit;
                any = true;
                work.stack.push(i);
                if !self.uncount(&mut work.counts, &mut work.hidden, i, d & !bit) {
                    return None;
                }
            }
        }
        Some(any)
    }
}
