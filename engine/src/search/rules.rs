//! The search's propagation rules besides the cages: a placed symbol leaves its peers,
//! a symbol with one place in a covering group goes there, and greater-than signs bound
//! their two cells. `Solver::propagate` (mod.rs) runs them to a fixpoint.

use super::work::Queue;
use super::Solver;
use crate::cellset::{single, Mask};
use crate::inequality::bounded;

impl Solver {
    /// Every inequality's bounds once round (the smaller below the larger's highest, the
    /// larger above the smaller's lowest), when the other rules have nothing left to do;
    /// the cells narrowed are followed up as any other narrowing is. None on a
    /// contradiction, else whether a candidate went.
    pub(super) fn bound_inequalities(
        &self,
        dom: &mut [Mask],
        stack: &mut Vec<usize>,
        cages: &mut Queue,
        groups: &mut Queue,
    ) -> Option<bool> {
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
                dom[i] = d;
                narrowed = true;
                for &k in &self.cages_of[i] {
                    cages.push(k);
                }
                for &g in &self.covering_of[i] {
                    groups.push(g);
                }
                if single(d) {
                    stack.push(i);
                }
            }
        }
        Some(narrowed)
    }

    /// Remove each placed symbol from its peers, following new singles.
    pub(super) fn eliminate(
        &self,
        dom: &mut [Mask],
        stack: &mut Vec<usize>,
        cages: &mut Queue,
        groups: &mut Queue,
    ) -> bool {
        while let Some(i) = stack.pop() {
            let b = dom[i];
            for &k in &self.cages_of[i] {
                cages.push(k);
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
                        cages.push(k);
                    }
                    for &g in &self.covering_of[p] {
                        groups.push(g);
                    }
                    if single(d) {
                        stack.push(p);
                    }
                }
            }
        }
        true
    }

    /// Place every symbol with one possible cell in a covering group (of those queued),
    /// the cells placed listed in `placed`; None on a contradiction (a symbol with no
    /// place, or two symbols for one cell), else whether any was placed.
    pub(super) fn hidden_singles(
        &self,
        dom: &mut [Mask],
        groups: &mut Queue,
        placed: &mut Vec<usize>,
    ) -> Option<bool> {
        placed.clear();
        while let Some(gi) = groups.pop() {
            let g = &self.covering[gi];
            let (mut once, mut twice, mut fixed) = (0 as Mask, 0 as Mask, 0 as Mask);
            for &i in g {
                let d = dom[i];
                twice |= once & d;
                once |= d;
                // A decided cell's symbol is in no other cell of the group (`eliminate`
                // has run): it is "unique" but places nothing, and without it most groups
                // need no second look.
                fixed |= if d & d.wrapping_sub(1) == 0 { d } else { 0 };
            }
            if once != self.full {
                return None;
            }
            let unique = once & !twice & !fixed;
            if unique != 0 {
                for &i in g {
                    let d = dom[i];
                    let hit = d & unique;
                    // The only place of two symbols: whichever it takes, the other has
                    // none (checked even when they are all the cell holds, so the
                    // contradiction is found whatever order the groups are looked at in).
                    if hit != 0 && !single(hit) {
                        return None;
                    }
                    if hit != 0 && d != hit {
                        dom[i] = hit;
                        placed.push(i);
                    }
                }
            }
        }
        for &i in placed.iter() {
            for &g in &self.covering_of[i] {
                groups.push(g);
            }
        }
        Some(!placed.is_empty())
    }
}
