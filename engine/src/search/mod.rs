//! Exhaustive search over a grid: propagation plus most-constrained-cell-first branching.
//! `count(limit = 2)` is the uniqueness check every printed puzzle passes.
//!
//! Domains are masks over symbol indices. Propagation removes a placed symbol from every
//! peer, places hidden singles in groups that must hold every symbol, runs the cage
//! propagators and the bounds of inequalities (greater-than signs), to a fixpoint; every
//! rule only narrows, so the fixpoint (and with it the order in which solutions are
//! found) does not depend on the order rules run in. Search
//! branches on the first cell with the fewest candidates, symbols in increasing order
//! (or in an order the caller's shuffle gives, for random full grids).

pub mod cages;
pub mod listed;
mod live;
pub mod packed;
pub mod propagators;
mod rules;
pub mod sum_sets;
mod work;

use std::sync::Arc;

use crate::cellset::{single, Mask};
use crate::inequality::Inequality;
use propagators::{Narrowed, Propagator};
pub use work::Budget;
use work::Scratch;

/// Why a search stopped early.
#[derive(Debug, PartialEq, Eq)]
pub enum Stop {
    /// The branching budget ran out.
    NodeLimit,
    /// The caller asked it to stop (an interrupt, or time up).
    Interrupted,
}

/// A grid compiled for the search: the groups that must hold every symbol, each cell's
/// peers (cells it may not repeat a symbol with) and cages.
pub struct Solver {
    pub n: usize,
    pub nsym: usize,
    full: Mask,
    // Shared with the grids `with_cages` makes from this one (a generator makes one a
    // caging tried; the groups and, without distinct cages, the peers never change).
    covering: Arc<Vec<Vec<usize>>>,
    /// Each cell's covering groups, with its position in each.
    covering_of: Arc<Vec<Vec<(usize, usize)>>>,
    peers: Arc<Vec<Vec<usize>>>,
    /// Each cell's peers that share no covering group with it (cells of a cage whose
    /// digits differ, of a group that is not covering): a placed symbol leaves the
    /// others through the groups' places (rules.rs `eliminate`), these one by one.
    outside: Arc<Vec<Vec<usize>>>,
    cages: Vec<Propagator>,
    cages_of: Vec<Vec<usize>>,
    /// Greater-than signs: bounds between two cells, run to the same fixpoint.
    inequalities: Vec<Inequality>,
}

/// How many solutions were found (stopping at the limit), the first ones as symbol
/// indices per cell, and whether the search ran to its end.
pub struct Count {
    pub solutions: Vec<Vec<u8>>,
    pub complete: bool,
}

/// A cage as the caller gives it: its cells (numbers 0..n), operation, target and whether
/// its digits must differ.
#[derive(Clone, Debug)]
pub struct CageSpec {
    pub cells: Vec<usize>,
    pub op: cages::Op,
    pub target: i128,
    pub distinct: bool,
}

impl Solver {
    pub fn new(n: usize, symbols: &[i64], groups: &[Vec<usize>], cages: &[CageSpec]) -> Solver {
        let nsym = symbols.len();
        let full: Mask = if nsym >= 64 {
            u64::MAX
        } else {
            (1 << nsym) - 1
        };
        let covering: Vec<Vec<usize>> =
            groups.iter().filter(|g| g.len() == nsym).cloned().collect();
        let mut covering_of = vec![Vec::new(); n];
        for (gi, g) in covering.iter().enumerate() {
            for (at, &i) in g.iter().enumerate() {
                covering_of[i].push((gi, at));
            }
        }
        let mut peer_sets = vec![std::collections::BTreeSet::new(); n];
        let distinct_cages = cages.iter().filter(|k| k.distinct).map(|k| &k.cells);
        for g in groups.iter().chain(distinct_cages) {
            for &a in g {
                peer_sets[a].extend(g.iter().copied());
            }
        }
        for (i, peers) in peer_sets.iter_mut().enumerate() {
            peers.remove(&i);
        }
        let compiled: Vec<Propagator> = cages
            .iter()
            .map(|k| {
                Propagator::compile(
                    k.cells.clone(),
                    k.op,
                    k.target,
                    k.distinct,
                    symbols,
                    |a, b| peer_sets[a].contains(&b),
                )
            })
            .collect();
        let mut cages_of = vec![Vec::new(); n];
        for (ci, k) in compiled.iter().enumerate() {
            for &c in k.cells() {
                cages_of[c].push(ci);
            }
        }
        let peers: Vec<Vec<usize>> = peer_sets
            .into_iter()
            .map(|p| p.into_iter().collect())
            .collect();
        Solver {
            n,
            nsym,
            full,
            outside: Arc::new(outside_peers(&covering, &covering_of, &peers)),
            covering: Arc::new(covering),
            covering_of: Arc::new(covering_of),
            peers: Arc::new(peers),
            cages: compiled,
            cages_of,
            inequalities: Vec::new(),
        }
    }

    /// This grid with inequalities between cells (greater-than signs) besides its groups
    /// and cages; symbols compare by their index.
    pub fn with_inequalities(mut self, inequalities: &[Inequality]) -> Solver {
        self.inequalities = inequalities.to_vec();
        self
    }

    /// This grid, compiled without cages, with these cages: what `new` builds from the
    /// same groups and these cages (the same peers, in the same order), without working
    /// the groups out again (a generator trying many cagings of one grid).
    pub fn with_cages(&self, symbols: &[i64], cages: &[CageSpec]) -> Solver {
        let (peers, outside) = if cages.iter().any(|k| k.distinct) {
            let mut peers = (*self.peers).clone();
            for k in cages.iter().filter(|k| k.distinct) {
                for &a in &k.cells {
                    peers[a].extend(k.cells.iter().copied().filter(|&b| b != a));
                }
            }
            for p in &mut peers {
                p.sort_unstable();
                p.dedup();
            }
            let outside = outside_peers(&self.covering, &self.covering_of, &peers);
            (Arc::new(peers), Arc::new(outside))
        } else {
            // Each list is sorted and without repeats already (from a set in `new`).
            (Arc::clone(&self.peers), Arc::clone(&self.outside))
        };
        let compiled: Vec<Propagator> = cages
            .iter()
            .map(|k| {
                Propagator::compile(
                    k.cells.clone(),
                    k.op,
                    k.target,
                    k.distinct,
                    symbols,
                    |a, b| peers[a].binary_search(&b).is_ok(),
                )
            })
            .collect();
        let mut cages_of = vec![Vec::new(); self.n];
        for (ci, k) in compiled.iter().enumerate() {
            for &c in k.cells() {
                cages_of[c].push(ci);
            }
        }
        Solver {
            n: self.n,
            nsym: self.nsym,
            full: self.full,
            covering: Arc::clone(&self.covering),
            covering_of: Arc::clone(&self.covering_of),
            peers,
            outside,
            cages: compiled,
            cages_of,
            inequalities: self.inequalities.clone(),
        }
    }

    /// Domains after placing the givens (cell, symbol index) and propagating; None if
    /// they contradict.
    pub fn initial(&self, givens: &[(usize, usize)]) -> Option<Vec<Mask>> {
        let mut dom = vec![self.full; self.n];
        let mut placed = Vec::new();
        for &(i, k) in givens {
            let bit = 1 << k;
            if dom[i] & bit == 0 {
                return None;
            }
            dom[i] = bit;
            placed.push(i);
        }
        let all_cages: Vec<usize> = (0..self.cages.len()).collect();
        let all_groups: Vec<usize> = (0..self.covering.len()).collect();
        let mut work = self.scratch();
        (self.recount(&dom, &mut work)
            && self.propagate(&mut dom, &mut work, &placed, &all_cages, &all_groups))
        .then_some(dom)
    }

    /// Room for one search's propagation, made once and reused at every node.
    fn scratch(&self) -> Scratch {
        Scratch::new(&self.cages, self.covering.len(), self.nsym, self.n)
    }

    /// Narrow `dom` to a fixpoint; false on a contradiction. `dom` must be a fixpoint
    /// already but for the cells in `singles` (just set), the cages in `dirty_cages`
    /// and the covering groups in `dirty_groups`; `work.places` must hold `dom`'s places.
    fn propagate(
        &self,
        dom: &mut [Mask],
        work: &mut Scratch,
        singles: &[usize],
        dirty_cages: &[usize],
        dirty_groups: &[usize],
    ) -> bool {
        // Queues left part-full by a contradiction are emptied first (in any order: each
        // holds an index at most once, and the fixpoint does not depend on the order).
        // (The queue of pairs is the caller's: a search's child has its own to start with.)
        work.cages.clear();
        for &c in dirty_cages {
            work.cages.push(c);
        }
        for &g in dirty_groups {
            self.queue_group(&work.places, &mut work.hidden, g);
        }
        work.stack.clear();
        work.stack.extend_from_slice(singles);
        loop {
            if !self.eliminate(dom, work) {
                return false;
            }
            match self.hidden_singles(dom, work) {
                None => return false,
                // The cells just placed are on the stack, for `eliminate`.
                Some(true) => continue,
                Some(false) => {}
            }
            let mut narrowed = false;
            while work.stack.is_empty() {
                let Some(ci) = work.cages.pop() else { break };
                work.changed.clear();
                let cage = &self.cages[ci];
                // What its cells held, for the counts of what the prune takes away.
                for &c in cage.cells() {
                    work.prev[c] = dom[c];
                }
                let found = match work.live.prune(ci, cage.cells(), dom, &mut work.changed) {
                    Some(found) => found,
                    None => cage.prune_into(dom, &mut work.changed),
                };
                match found {
                    Narrowed::Impossible => return false,
                    Narrowed::Unchanged => {}
                    Narrowed::Changed => {
                        // A cage that keeps exactly what still fits finds nothing more in
                        // what it just narrowed: only the other cages of its cells look.
                        let again = !self.cages[ci].idempotent();
                        for &c in &work.changed {
                            narrowed = true;
                            for &k in &self.cages_of[c] {
                                if k != ci || again {
                                    work.cages.push(k);
                                }
                            }
                            let removed = work.prev[c] & !dom[c];
                            if !self.uncount(&mut work.places, &mut work.hidden, c, removed) {
                                return false;
                            }
                            if single(dom[c]) {
                                work.stack.push(c);
                            }
                        }
                    }
                }
            }
            if !narrowed && work.stack.is_empty() {
                match self.bound_inequalities(dom, work) {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {}
                }
            }
        }
    }

    /// Depth-first search appending complete domains to `found`, up to `limit`. With
    /// `order`, the symbols of each branching are tried in the order it gives them, else
    /// in increasing order. The children's domains come from `work.pool` and go back.
    fn search(
        &self,
        dom: Vec<Mask>,
        limit: usize,
        found: &mut Vec<Vec<Mask>>,
        budget: &mut Budget,
        order: &mut Option<&mut dyn FnMut(Vec<Mask>) -> Vec<Mask>>,
        work: &mut Scratch,
    ) -> Result<(), Stop> {
        let (mut best, mut best_count) = (usize::MAX, u32::MAX);
        for (i, &d) in dom.iter().enumerate() {
            if !single(d) {
                let k = d.count_ones();
                if k < best_count {
                    best = i;
                    best_count = k;
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        if best == usize::MAX {
            found.push(dom);
            return Ok(());
        }
        budget.spend()?;
        let shuffled: Option<Vec<Mask>> = order
            .as_mut()
            .map(|order| order(crate::cellset::bit_values(dom[best]).collect()));
        let (mut rest, mut next) = (dom[best], 0);
        // The cages' live assignments as they are here, put back after each child.
        let saved = work.live.save();
        let counted = work.save_places();
        loop {
            let b = match &shuffled {
                Some(bits) => match bits.get(next) {
                    Some(&b) => b,
                    None => break,
                },
                None if rest == 0 => break,
                None => rest & rest.wrapping_neg(),
            };
            rest &= !b;
            next += 1;
            let mut child = work.pool.pop().unwrap_or_default();
            child.clear();
            child.extend_from_slice(&dom);
            child[best] = b;
            // Pairs left queued by a sibling's contradiction are not this child's.
            work.hidden.clear();
            if self.uncount(&mut work.places, &mut work.hidden, best, dom[best] & !b)
                && self.propagate(&mut child, work, &[best], &self.cages_of[best], &[])
            {
                self.search(child, limit, found, budget, order, work)?;
                if found.len() >= limit {
                    return Ok(());
                }
            } else {
                work.pool.push(child);
            }
            work.live.restore(saved);
            work.restore_places(counted);
        }
        work.live.drop_saved(saved);
        work.drop_places(counted);
        work.pool.push(dom);
        Ok(())
    }

    /// Solutions of the grid with these givens, counting up to `limit`, branching at most
    /// `node_limit` times (None: no limit); `interrupted()` is asked now and then.
    pub fn count(
        &self,
        givens: &[(usize, usize)],
        limit: usize,
        budget: &mut Budget,
    ) -> Result<Count, Stop> {
        match self.initial(givens) {
            None => Ok(Count {
                solutions: Vec::new(),
                complete: true,
            }),
            Some(dom) => self.count_search(dom, limit, budget, &mut self.scratch()),
        }
    }

    /// These domains narrowed by propagation to its fixpoint; None on a contradiction.
    pub fn narrowed(&self, domains: &[Mask]) -> Option<Vec<Mask>> {
        let mut dom = domains.to_vec();
        let singles: Vec<usize> = (0..dom.len()).filter(|&i| single(dom[i])).collect();
        let all_cages: Vec<usize> = (0..self.cages.len()).collect();
        let all_groups: Vec<usize> = (0..self.covering.len()).collect();
        let mut work = self.scratch();
        (!dom.contains(&0)
            && self.recount(&dom, &mut work)
            && self.propagate(&mut dom, &mut work, &singles, &all_cages, &all_groups))
        .then_some(dom)
    }

    /// `count` from domains already narrowed by sound reasoning (where a grader stalled).
    pub fn count_from(
        &self,
        domains: &[Mask],
        limit: usize,
        budget: &mut Budget,
    ) -> Result<Count, Stop> {
        let mut dom = domains.to_vec();
        let singles: Vec<usize> = (0..dom.len()).filter(|&i| single(dom[i])).collect();
        let all_cages: Vec<usize> = (0..self.cages.len()).collect();
        let all_groups: Vec<usize> = (0..self.covering.len()).collect();
        let mut work = self.scratch();
        if dom.contains(&0)
            || !self.recount(&dom, &mut work)
            || !self.propagate(&mut dom, &mut work, &singles, &all_cages, &all_groups)
        {
            return Ok(Count {
                solutions: Vec::new(),
                complete: true,
            });
        }
        // The same room: the assignments this propagation found dead stay dead below.
        self.count_search(dom, limit, budget, &mut work)
    }

    fn count_search(
        &self,
        dom: Vec<Mask>,
        limit: usize,
        budget: &mut Budget,
        work: &mut Scratch,
    ) -> Result<Count, Stop> {
        let mut found = Vec::new();
        // A fixpoint: every symbol has a place in every group.
        self.recount(&dom, work);
        let outcome = self.search(dom, limit, &mut found, budget, &mut None, work);
        let solutions = found.iter().map(|f| self.values(f)).collect();
        match outcome {
            Ok(()) => Ok(Count {
                solutions,
                complete: true,
            }),
            Err(Stop::NodeLimit) => Ok(Count {
                solutions,
                complete: false,
            }),
            Err(stop) => Err(stop),
        }
    }

    /// One solution with each branching's symbols in the order `order` gives (a shuffle
    /// from the caller's random source), or None when there is none.
    pub fn random_solution(
        &self,
        budget: &mut Budget,
        order: &mut dyn FnMut(Vec<Mask>) -> Vec<Mask>,
    ) -> Result<Option<Vec<u8>>, Stop> {
        let Some(dom) = self.initial(&[]) else {
            return Ok(None);
        };
        let mut found = Vec::new();
        let mut work = self.scratch();
        // A fixpoint: every symbol has a place in every group.
        self.recount(&dom, &mut work);
        self.search(dom, 1, &mut found, budget, &mut Some(order), &mut work)?;
        Ok(found.first().map(|f| self.values(f)))
    }

    fn values(&self, dom: &[Mask]) -> Vec<u8> {
        dom.iter().map(|d| (63 - d.leading_zeros()) as u8).collect()
    }
}

/// Each cell's peers that share no covering group with it.
fn outside_peers(
    covering: &[Vec<usize>],
    covering_of: &[Vec<(usize, usize)>],
    peers: &[Vec<usize>],
) -> Vec<Vec<usize>> {
    peers
        .iter()
        .enumerate()
        .map(|(i, ps)| {
            ps.iter()
                .copied()
                .filter(|p| !covering_of[i].iter().any(|&(g, _)| covering[g].contains(p)))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests;
