//! Exhaustive search over a grid: propagation plus most-constrained-cell-first branching.
//! `count(limit = 2)` is the uniqueness check every printed puzzle passes.
//!
//! Domains are masks over symbol indices. Propagation removes a placed symbol from every
//! peer, places hidden singles in groups that must hold every symbol, and runs the cage
//! propagators, to a fixpoint; every rule only narrows, so the fixpoint (and with it the
//! order in which solutions are found) does not depend on the order rules run in. Search
//! branches on the first cell with the fewest candidates, symbols in increasing order
//! (or in an order the caller's shuffle gives, for random full grids).

pub mod cages;

use crate::cellset::{single, Mask};
use cages::{Propagator, Pruned};

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
    covering: Vec<Vec<usize>>,
    covering_of: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    cages: Vec<Propagator>,
    cages_of: Vec<Vec<usize>>,
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
            for &i in g {
                covering_of[i].push(gi);
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
        Solver {
            n,
            nsym,
            full,
            covering,
            covering_of,
            peers: peer_sets
                .into_iter()
                .map(|p| p.into_iter().collect())
                .collect(),
            cages: compiled,
            cages_of,
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
        self.propagate(&mut dom, placed, &all_cages, &all_groups)
            .then_some(dom)
    }

    /// Narrow `dom` to a fixpoint; false on a contradiction. `dom` must be a fixpoint
    /// already but for the cells in `singles` (just set), the cages in `dirty_cages`
    /// and the covering groups in `dirty_groups`.
    fn propagate(
        &self,
        dom: &mut [Mask],
        singles: Vec<usize>,
        dirty_cages: &[usize],
        dirty_groups: &[usize],
    ) -> bool {
        let mut cage_queue = Queue::new(self.cages.len());
        let mut group_queue = Queue::new(self.covering.len());
        for &c in dirty_cages {
            cage_queue.push(c);
        }
        for &g in dirty_groups {
            group_queue.push(g);
        }
        for &i in &singles {
            for &g in &self.covering_of[i] {
                group_queue.push(g);
            }
        }
        let mut stack = singles;
        loop {
            if !self.eliminate(dom, &mut stack, &mut cage_queue, &mut group_queue) {
                return false;
            }
            match self.hidden_singles(dom, &mut group_queue) {
                None => return false,
                Some(placed) if !placed.is_empty() => {
                    stack = placed;
                    continue;
                }
                Some(_) => {}
            }
            let mut narrowed = false;
            while stack.is_empty() {
                let Some(ci) = cage_queue.pop() else { break };
                match self.cages[ci].prune(dom) {
                    Pruned::Impossible => return false,
                    Pruned::Unchanged => {}
                    Pruned::Changed(cells) => {
                        for c in cells {
                            narrowed = true;
                            for &k in &self.cages_of[c] {
                                cage_queue.push(k);
                            }
                            for &g in &self.covering_of[c] {
                                group_queue.push(g);
                            }
                            if single(dom[c]) {
                                stack.push(c);
                            }
                        }
                    }
                }
            }
            if !narrowed && stack.is_empty() {
                return true;
            }
        }
    }

    /// Remove each placed symbol from its peers, following new singles.
    fn eliminate(
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

    /// Place every symbol with one possible cell in a covering group (of those queued);
    /// None on a contradiction (a symbol with no place, or two symbols for one cell).
    fn hidden_singles(&self, dom: &mut [Mask], groups: &mut Queue) -> Option<Vec<usize>> {
        let mut placed = Vec::new();
        while let Some(gi) = groups.pop() {
            let g = &self.covering[gi];
            let (mut once, mut twice) = (0 as Mask, 0 as Mask);
            for &i in g {
                let d = dom[i];
                twice |= once & d;
                once |= d;
            }
            if once != self.full {
                return None;
            }
            let unique = once & !twice;
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
        for &i in &placed {
            for &g in &self.covering_of[i] {
                groups.push(g);
            }
        }
        Some(placed)
    }

    /// Depth-first search appending complete domains to `found`, up to `limit`. With
    /// `order`, the symbols of each branching are tried in the order it gives them.
    fn search(
        &self,
        dom: Vec<Mask>,
        limit: usize,
        found: &mut Vec<Vec<Mask>>,
        budget: &mut Budget,
        order: &mut dyn FnMut(Vec<Mask>) -> Vec<Mask>,
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
        let bits = order(crate::cellset::bit_values(dom[best]).collect());
        for b in bits {
            let mut child = dom.clone();
            child[best] = b;
            if self.propagate(&mut child, vec![best], &self.cages_of[best], &[]) {
                self.search(child, limit, found, budget, order)?;
                if found.len() >= limit {
                    return Ok(());
                }
            }
        }
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
            Some(dom) => self.count_search(dom, limit, budget),
        }
    }

    /// These domains narrowed by propagation to its fixpoint; None on a contradiction.
    pub fn narrowed(&self, domains: &[Mask]) -> Option<Vec<Mask>> {
        let mut dom = domains.to_vec();
        let singles: Vec<usize> = (0..dom.len()).filter(|&i| single(dom[i])).collect();
        let all_cages: Vec<usize> = (0..self.cages.len()).collect();
        let all_groups: Vec<usize> = (0..self.covering.len()).collect();
        (!dom.contains(&0) && self.propagate(&mut dom, singles, &all_cages, &all_groups))
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
        if dom.contains(&0) || !self.propagate(&mut dom, singles, &all_cages, &all_groups) {
            return Ok(Count {
                solutions: Vec::new(),
                complete: true,
            });
        }
        self.count_search(dom, limit, budget)
    }

    fn count_search(
        &self,
        dom: Vec<Mask>,
        limit: usize,
        budget: &mut Budget,
    ) -> Result<Count, Stop> {
        let mut found = Vec::new();
        let outcome = self.search(dom, limit, &mut found, budget, &mut |bits| bits);
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
        self.search(dom, 1, &mut found, budget, order)?;
        Ok(found.first().map(|f| self.values(f)))
    }

    fn values(&self, dom: &[Mask]) -> Vec<u8> {
        dom.iter().map(|d| (63 - d.leading_zeros()) as u8).collect()
    }
}

/// Bounded work for a search: at most `nodes` branchings, and an interrupt check every
/// CHECK_EVERY of them (a pending Ctrl-C or a deadline, asked of the caller).
pub struct Budget<'a> {
    nodes: Option<u64>,
    spent: u64,
    interrupted: &'a mut dyn FnMut() -> bool,
}

const CHECK_EVERY: u64 = 4096;

impl<'a> Budget<'a> {
    pub fn new(nodes: Option<u64>, interrupted: &'a mut dyn FnMut() -> bool) -> Budget<'a> {
        Budget {
            nodes,
            spent: 0,
            interrupted,
        }
    }

    fn spend(&mut self) -> Result<(), Stop> {
        self.spent += 1;
        if let Some(limit) = self.nodes {
            if self.spent > limit {
                return Err(Stop::NodeLimit);
            }
        }
        if self.spent.is_multiple_of(CHECK_EVERY) && (self.interrupted)() {
            return Err(Stop::Interrupted);
        }
        Ok(())
    }
}

/// A work queue of small indices that holds each at most once.
struct Queue {
    items: Vec<usize>,
    queued: Vec<bool>,
}

impl Queue {
    fn new(size: usize) -> Queue {
        Queue {
            items: Vec::new(),
            queued: vec![false; size],
        }
    }

    fn push(&mut self, item: usize) {
        if !self.queued[item] {
            self.queued[item] = true;
            self.items.push(item);
        }
    }

    fn pop(&mut self) -> Option<usize> {
        let item = self.items.pop()?;
        self.queued[item] = false;
        Some(item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn latin(n: usize) -> (Vec<i64>, Vec<Vec<usize>>) {
        let symbols: Vec<i64> = (1..=n as i64).collect();
        let mut groups = Vec::new();
        for r in 0..n {
            groups.push((0..n).map(|c| r * n + c).collect());
        }
        for c in 0..n {
            groups.push((0..n).map(|r| r * n + c).collect());
        }
        (symbols, groups)
    }

    fn never() -> impl FnMut() -> bool {
        || false
    }

    #[test]
    fn a_latin_square_of_two_has_two_solutions_and_a_given_leaves_one() {
        let (symbols, groups) = latin(2);
        let solver = Solver::new(4, &symbols, &groups, &[]);
        let mut stop = never();
        let count = solver
            .count(&[], 5, &mut Budget::new(None, &mut stop))
            .unwrap();
        assert_eq!(count.solutions.len(), 2);
        let one = solver
            .count(&[(0, 1)], 5, &mut Budget::new(None, &mut stop))
            .unwrap();
        assert_eq!(one.solutions, vec![vec![1, 0, 0, 1]]);
    }

    #[test]
    fn contradicting_givens_have_no_solution() {
        let (symbols, groups) = latin(3);
        let solver = Solver::new(9, &symbols, &groups, &[]);
        let mut stop = never();
        let count = solver
            .count(&[(0, 0), (1, 0)], 2, &mut Budget::new(None, &mut stop))
            .unwrap();
        assert!(count.solutions.is_empty() && count.complete);
    }

    #[test]
    fn a_cage_decides_what_the_groups_leave_open() {
        // 2x2: a 3+ cage over the top row still leaves two ways; 1 in the corner, one.
        let (symbols, groups) = latin(2);
        let cage = CageSpec {
            cells: vec![0, 1],
            op: cages::Op::Add,
            target: 3,
            distinct: false,
        };
        let solver = Solver::new(4, &symbols, &groups, &[cage]);
        let mut stop = never();
        assert_eq!(
            solver
                .count(&[], 5, &mut Budget::new(None, &mut stop))
                .unwrap()
                .solutions
                .len(),
            2
        );
        let sum4 = CageSpec {
            cells: vec![0, 1],
            op: cages::Op::Add,
            target: 4,
            distinct: false,
        };
        let impossible = Solver::new(4, &symbols, &groups, &[sum4]);
        assert!(impossible
            .count(&[], 5, &mut Budget::new(None, &mut stop))
            .unwrap()
            .solutions
            .is_empty());
    }

    /// Every solution of a 4x4 Latin square with one cage, sorted.
    fn solutions_with(cage: &CageSpec, force_bounds: bool) -> Vec<Vec<u8>> {
        let (symbols, groups) = latin(4);
        let mut solver = Solver::new(16, &symbols, &groups, std::slice::from_ref(cage));
        if force_bounds {
            solver.cages[0] = Propagator::Bounds {
                cells: cage.cells.clone(),
                op: cage.op,
                target: cage.target,
                symbols: symbols.clone(),
                positive: true,
            };
        }
        let mut stop = never();
        let count = solver
            .count(&[], 10_000, &mut Budget::new(None, &mut stop))
            .unwrap();
        assert!(count.complete);
        let mut found = count.solutions;
        found.sort(); // the weaker bounds branch elsewhere, so the order may differ
        found
    }

    #[test]
    fn bounds_and_listing_find_the_same_solutions() {
        // Cages drawn by a fixed linear congruential sequence: an L of three cells or a
        // bent four, sums and products and hidden signs of values a square could hold.
        let mut state: u64 = 7;
        let mut next = |below: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % below
        };
        let mut solvable = 0;
        for op in [cages::Op::Add, cages::Op::Mul, cages::Op::Hidden] {
            for _ in 0..12 {
                let cells = if next(2) == 0 {
                    vec![0, 1, 5]
                } else {
                    vec![0, 4, 8, 9]
                };
                let values: Vec<i128> = cells.iter().map(|_| 1 + next(4) as i128).collect();
                let target = if op == cages::Op::Mul {
                    values.iter().product()
                } else {
                    values.iter().sum()
                };
                let cage = CageSpec {
                    cells,
                    op,
                    target,
                    distinct: false,
                };
                let listed = solutions_with(&cage, false);
                solvable += usize::from(!listed.is_empty());
                assert_eq!(solutions_with(&cage, true), listed, "{cage:?}");
            }
        }
        assert!(solvable > 18, "only {solvable} of 36 cages could be met");
    }

    #[test]
    fn the_node_limit_stops_a_search_and_says_it_is_incomplete() {
        let (symbols, groups) = latin(6);
        let solver = Solver::new(36, &symbols, &groups, &[]);
        let mut stop = never();
        let count = solver
            .count(&[], 1000, &mut Budget::new(Some(3), &mut stop))
            .unwrap();
        assert!(!count.complete);
    }
}
