//! The search's propagation rules besides the cages: a placed symbol leaves its peers,
//! a symbol with one place in a covering group goes there, and greater-than signs bound
//! their two cells. `Solver::propagate` (mod.rs) runs them to a fixpoint.
//!
//! Each symbol's places in each covering group (Scratch::places, a mask over the group's
//! cells) are kept up to date at every narrowing (`uncount`) and put back on
//! backtracking. Hidden singles are found from them rather than by scanning every group a
//! narrowing touched: a group is looked at only for a symbol just left with one place,
//! and that place is the mask's one bit. No place left is the contradiction a scan finds
//! as a symbol with no place. A placed symbol leaves only the cells of its groups that
//! still hold it (its places there), not every peer tested in turn: on 9x9 KenKen about
//! three peers in four do not hold it, and the test on each was mispredicted often. The
//! rules are the same, so the fixpoint is: the same nodes, the same solutions in the
//! same order.

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
    /// Cell `i` lost the symbols in `removed`: each one's places in each covering group
    /// of `i` lose it, a pair left with one place is queued for `hidden_singles`. False
    /// when a symbol has no place left in a group.
    #[inline]
    pub(super) fn uncount(
        &self,
        places: &mut [Mask],
        hidden: &mut Queue,
        i: usize,
        removed: Mask,
    ) -> bool {
        let groups = &self.covering_of[i];
        let mut rest = removed;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for &(g, at) in groups {
                let k = g * self.nsym + s;
                let left = places[k] & !(1 << at);
                places[k] = left;
                if left & left.wrapping_sub(1) == 0 {
                    if left == 0 {
                        return false;
                    }
                    hidden.push(pair(g, s));
                }
            }
        }
        true
    }

    /// Find every symbol's places in every covering group of `dom` afresh (the start of
    /// a search, or of a propagation from domains set by hand); false when a symbol has
    /// no place in a group.
    pub(super) fn recount(&self, dom: &[Mask], work: &mut Scratch) -> bool {
        let nsym = self.nsym;
        work.places.fill(0);
        for (g, cells) in self.covering.iter().enumerate() {
            let row = &mut work.places[g * nsym..(g + 1) * nsym];
            for (at, &i) in cells.iter().enumerate() {
                let mut d = dom[i];
                while d != 0 {
                    row[d.trailing_zeros() as usize] |= 1 << at;
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
    pub(super) fn queue_group(&self, places: &[Mask], hidden: &mut Queue, g: usize) {
        let row = &places[g * self.nsym..(g + 1) * self.nsym];
        for (s, &c) in row.iter().enumerate() {
            if single(c) {
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
                if !self.uncount(&mut work.places, &mut work.hidden, i, removed) {
                    return None;
                }
                if single(d) {
                    work.stack.push(i);
                }
            }
        }
        Some(narrowed)
    }

    /// Remove each placed symbol from its peers, following new singles. In each covering
    /// group of the placed cell only the cells that still hold the symbol are visited
    /// (its places there), so no peer is looked at for nothing; peers outside the groups
    /// are looked at one by one.
    pub(super) fn eliminate(&self, dom: &mut [Mask], work: &mut Scratch) -> bool {
        let nsym = self.nsym;
        while let Some(i) = work.stack.pop() {
            let b = dom[i];
            let s = b.trailing_zeros() as usize;
            for &k in &self.cages_of[i] {
                work.cages.push(k);
            }
            let home = &self.covering_of[i];
            for &(g, at) in home {
                let k = g * nsym + s;
                // Its one place in the group is now `i`, decided: not queued.
                let mut others = work.places[k] & !(1 << at);
                work.places[k] = 1 << at;
                while others != 0 {
                    let q = others.trailing_zeros() as usize;
                    others &= others - 1;
                    let p = self.covering[g][q];
                    let d = dom[p] & !b;
                    if d == 0 {
                        return false;
                    }
                    dom[p] = d;
                    for &c in &self.cages_of[p] {
                        work.cages.push(c);
                    }
                    // `p`'s other groups: where one is also `i`'s, `i` keeps the symbol
                    // there, so a place count falling to one is decided already.
                    for &(h, there) in &self.covering_of[p] {
                        if h == g {
                            continue;
                        }
                        let k = h * nsym + s;
                        let left = work.places[k] & !(1 << there);
                        work.places[k] = left;
                        if left & left.wrapping_sub(1) == 0 {
                            if left == 0 {
                                return false;
                            }
                            if !home.iter().any(|&(e, _)| e == h) {
                                work.hidden.push(pair(h, s));
                            }
                        }
                    }
                    if single(d) {
                        work.stack.push(p);
                    }
                }
            }
            for &p in &self.outside[i] {
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
                    // No group of `p` is one of `i`'s.
                    if !self.uncount(&mut work.places, &mut work.hidden, p, b) {
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
            let left = work.places[g * self.nsym + s];
            if !single(left) {
                continue;
            }
            let bit: Mask = 1 << s;
            let i = self.covering[g][left.trailing_zeros() as usize];
            let d = dom[i];
            if d != bit {
                dom[i] = bit;
                any = true;
                work.stack.push(i);
                if !self.uncount(&mut work.places, &mut work.hidden, i, d & !bit) {
                    return None;
                }
            }
        }
        Some(any)
    }
}
