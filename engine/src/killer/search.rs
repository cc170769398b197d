//! Killer's own exhaustive search: the general search (crate::search::Solver) specialised
//! to a killer's grid, a square of at most 128 cells with sum cages without repeats, with
//! the same rules, the same fixpoint and the same branching, so on the same grid it finds
//! the same solutions in the same order within the same number of branchings; only its
//! data are laid out for speed.
//!
//! Why a second search: the generator asks for a second solution in nearly every round
//! and the re-proof counts every printed killer's solutions, and there the general
//! search spent most of its time allocating (a queue per propagation, a list per pruned
//! cage) and walking lists. Here domains are a fixed array copied per branching, peers
//! and each cell's cages are bit sets (u128), the groups waiting to be looked at a u64,
//! and a propagation allocates nothing.
//!
//! The rules, as the general search runs them (each only narrows, so the fixpoint does
//! not depend on the order they run in, and neither does the tree): a written symbol
//! leaves every peer (the groups' and the cage-mates'); a symbol with one place in a
//! group holding every symbol goes there; a cage of up to MAX_SET_CELLS cells whose
//! assignments could be listed keeps exactly the symbols some still-possible digit set
//! laid out over its cells uses (sum_sets.rs); a longer one keeps the symbols of the
//! digit sets its cells can still make. Branching: the first open cell with the fewest
//! candidates, symbols in increasing order. Grids or cages outside this (more cells,
//! other operations, cages the general search would list or bound) are not built here:
//! `KillerSearch::new` says None and the caller uses the general search.
//! tests.rs compares the two on random cagings, partial marks and node limits.

use crate::cellset::{single, Mask};
use crate::search::cages::{Op, MAX_MULTISETS, MAX_TUPLES};
use crate::search::sum_sets::{self, MAX_SET_CELLS};
use crate::search::{CageSpec, Count, Stop};

use super::board::{binomial, sum_sets_of};

/// The most cells: a set of cells is one u128.
pub const MAX_CELLS: usize = 128;
/// The most groups holding every symbol: a set of them is one u64.
const MAX_GROUPS: usize = 64;
/// The longest cage (the killer board lists no longer one's combinations either).
const MAX_CAGE: usize = 16;
/// Interrupts are asked for every this many branchings (as the general search does).
const CHECK_EVERY: u64 = 4096;

type Dom = [Mask; MAX_CELLS];

/// A cage as this search prunes it.
struct Cage {
    cells: Vec<usize>,
    /// The digit sets (masks over symbol indices) of its size making its sum.
    subsets: Vec<Mask>,
    /// Pruned by laying the sets out over the cells (else by the sets' symbols alone).
    exact: bool,
}

/// A killer grid compiled for the search.
pub struct KillerSearch {
    n: usize,
    full: Mask,
    /// Per cell, the cells it may not repeat a symbol with.
    peers: Vec<u128>,
    /// The groups holding every symbol, and per cell the set of those it is in.
    groups: Vec<Vec<usize>>,
    groups_of: Vec<u64>,
    cages: Vec<Cage>,
    /// Per cell, the set of cages it is in.
    cages_of: Vec<u128>,
}

/// The cells just written, waiting to leave their peers' marks: each cell at most once a
/// propagation (written once, never changed after), so a fixed array.
struct Stack {
    cells: [u8; MAX_CELLS],
    len: usize,
}

impl Stack {
    fn new() -> Stack {
        Stack {
            cells: [0; MAX_CELLS],
            len: 0,
        }
    }

    fn push(&mut self, i: usize) {
        self.cells[self.len] = i as u8;
        self.len += 1;
    }

    fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cells[self.len] as usize)
    }
}

/// The lowest member of a non-empty set, taken out of it.
fn take_u128(set: &mut u128) -> usize {
    let i = set.trailing_zeros() as usize;
    *set &= *set - 1;
    i
}

impl KillerSearch {
    /// The search for a grid of `n` cells with these symbols, groups (all of them: a
    /// cell's peers are the cells it shares any group with) and sum cages; None when the
    /// grid or a cage is not one this search handles the way the general search would.
    pub fn new(
        n: usize,
        symbols: &[i64],
        groups: &[Vec<usize>],
        cages: &[CageSpec],
    ) -> Option<KillerSearch> {
        let nsym = symbols.len();
        if n == 0 || n > MAX_CELLS || nsym == 0 || nsym >= 64 {
            return None;
        }
        let full: Mask = (1 << nsym) - 1;
        let in_grid = |cells: &[usize]| cells.iter().all(|&c| c < n);
        let mut peers = vec![0u128; n];
        for g in groups {
            if !in_grid(g) {
                return None;
            }
            let set = g.iter().fold(0u128, |s, &c| s | 1 << c);
            for &c in g {
                peers[c] |= set;
            }
        }
        let covering: Vec<Vec<usize>> =
            groups.iter().filter(|g| g.len() == nsym).cloned().collect();
        if covering.len() > MAX_GROUPS {
            return None;
        }
        let mut groups_of = vec![0u64; n];
        for (gi, g) in covering.iter().enumerate() {
            for &c in g {
                groups_of[c] |= 1 << gi;
            }
        }
        let mut compiled = Vec::with_capacity(cages.len());
        let mut cages_of = vec![0u128; n];
        if cages.len() > MAX_CELLS {
            return None;
        }
        for (k, spec) in cages.iter().enumerate() {
            let size = spec.cells.len();
            if spec.op != Op::Add
                || !spec.distinct
                || size == 0
                || size > MAX_CAGE
                || !in_grid(&spec.cells)
            {
                return None;
            }
            // What the general search compiles this cage to (propagators.rs): its digit
            // sets laid out when its assignments could be listed and it is short, its
            // sets' symbols when they could not; listed tuples or bounds otherwise.
            let listable = (nsym as u128).saturating_pow(size as u32) <= MAX_TUPLES;
            let exact = if listable && size <= MAX_SET_CELLS {
                true
            } else if !listable && binomial(nsym, size) <= MAX_MULTISETS {
                false
            } else {
                return None;
            };
            let set = spec.cells.iter().fold(0u128, |s, &c| s | 1 << c);
            for &c in &spec.cells {
                peers[c] |= set;
                cages_of[c] |= 1 << k;
            }
            compiled.push(Cage {
                cells: spec.cells.clone(),
                subsets: sum_sets_of(symbols, size, spec.target),
                exact,
            });
        }
        for (i, p) in peers.iter_mut().enumerate() {
            *p &= !(1u128 << i);
        }
        Some(KillerSearch {
            n,
            full,
            peers,
            groups: covering,
            groups_of,
            cages: compiled,
            cages_of,
        })
    }

    fn all_cages(&self) -> u128 {
        if self.cages.len() == MAX_CELLS {
            u128::MAX
        } else {
            (1u128 << self.cages.len()) - 1
        }
    }

    fn all_groups(&self) -> u64 {
        if self.groups.len() == MAX_GROUPS {
            u64::MAX
        } else {
            (1u64 << self.groups.len()) - 1
        }
    }

    /// Narrow `dom` to the fixpoint; false on a contradiction. `dom` is a fixpoint but
    /// for the cells on `stack` (just written) and the cages and groups marked dirty.
    fn propagate(
        &self,
        dom: &mut Dom,
        stack: &mut Stack,
        mut cages: u128,
        mut groups: u64,
    ) -> bool {
        for &i in &stack.cells[..stack.len] {
            groups |= self.groups_of[i as usize];
        }
        loop {
            // Written symbols leave their peers.
            while let Some(i) = stack.pop() {
                let b = dom[i];
                cages |= self.cages_of[i];
                let mut walk = self.peers[i];
                while walk != 0 {
                    let p = take_u128(&mut walk);
                    let d = dom[p];
                    if d & b != 0 {
                        let d = d & !b;
                        if d == 0 {
                            return false;
                        }
                        dom[p] = d;
                        cages |= self.cages_of[p];
                        groups |= self.groups_of[p];
                        if single(d) {
                            stack.push(p);
                        }
                    }
                }
            }
            // Hidden singles in every group waiting.
            while groups != 0 {
                let gi = groups.trailing_zeros() as usize;
                groups &= groups - 1;
                let g = &self.groups[gi];
                let (mut once, mut twice) = (0 as Mask, 0 as Mask);
                for &i in g {
                    let d = dom[i];
                    twice |= once & d;
                    once |= d;
                }
                if once != self.full {
                    return false;
                }
                let unique = once & !twice;
                if unique != 0 {
                    for &i in g {
                        let d = dom[i];
                        let hit = d & unique;
                        if hit != 0 && !single(hit) {
                            return false;
                        }
                        if hit != 0 && d != hit {
                            dom[i] = hit;
                            stack.push(i);
                        }
                    }
                }
            }
            if stack.len > 0 {
                for &i in &stack.cells[..stack.len] {
                    groups |= self.groups_of[i as usize];
                }
                continue;
            }
            // The cages, until one writes a cell (then its peers first).
            while stack.len == 0 && cages != 0 {
                let k = take_u128(&mut cages);
                let cage = &self.cages[k];
                let mut keep = [0 as Mask; MAX_CAGE];
                let size = cage.cells.len();
                if cage.exact {
                    let mut current = [0 as Mask; MAX_SET_CELLS];
                    for (m, &c) in current.iter_mut().zip(&cage.cells) {
                        *m = dom[c];
                    }
                    match sum_sets::support(&current[..size], &cage.subsets) {
                        None => return false,
                        Some(found) => keep[..size].copy_from_slice(&found[..size]),
                    }
                } else if !loose_support(&cage.cells, &cage.subsets, dom, &mut keep) {
                    return false;
                }
                // Keeping exactly what still fits, a cage finds nothing more in what it
                // just narrowed: only the other cages of its cells look again.
                let me = 1u128 << k;
                for (&c, &d) in cage.cells.iter().zip(&keep[..size]) {
                    if d != dom[c] {
                        if d == 0 {
                            return false;
                        }
                        dom[c] = d;
                        cages |= self.cages_of[c] & !me;
                        groups |= self.groups_of[c];
                        if single(d) {
                            stack.push(c);
                        }
                    }
                }
            }
            if stack.len == 0 && groups == 0 && cages == 0 {
                return true;
            }
        }
    }

    /// Depth-first search appending solutions to `found`, up to `limit`.
    fn search(
        &self,
        dom: &Dom,
        limit: usize,
        found: &mut Vec<Vec<u8>>,
        budget: &mut Nodes,
    ) -> Result<(), Stop> {
        let (mut best, mut best_count) = (usize::MAX, u32::MAX);
        for (i, &d) in dom[..self.n].iter().enumerate() {
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
            found.push(
                dom[..self.n]
                    .iter()
                    .map(|d| d.trailing_zeros() as u8)
                    .collect(),
            );
            return Ok(());
        }
        budget.spend()?;
        let mut bits = dom[best];
        while bits != 0 {
            let b = bits & bits.wrapping_neg();
            bits ^= b;
            let mut child = *dom;
            child[best] = b;
            let mut stack = Stack::new();
            stack.push(best);
            if self.propagate(&mut child, &mut stack, self.cages_of[best], 0) {
                self.search(&child, limit, found, budget)?;
                if found.len() >= limit {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    fn count_search(&self, dom: &Dom, limit: usize, budget: &mut Nodes) -> Result<Count, Stop> {
        let mut found = Vec::new();
        match self.search(dom, limit, &mut found, budget) {
            Ok(()) => Ok(Count {
                solutions: found,
                complete: true,
            }),
            Err(Stop::NodeLimit) => Ok(Count {
                solutions: found,
                complete: false,
            }),
            Err(stop) => Err(stop),
        }
    }

    /// Solutions with these givens (cell, symbol index), up to `limit`, branching at most
    /// `nodes` times (None: no limit); `interrupted()` is asked now and then.
    pub fn count(
        &self,
        givens: &[(usize, usize)],
        limit: usize,
        nodes: Option<u64>,
        interrupted: &mut dyn FnMut() -> bool,
    ) -> Result<Count, Stop> {
        let none = Count {
            solutions: Vec::new(),
            complete: true,
        };
        let mut dom: Dom = [0; MAX_CELLS];
        dom[..self.n].fill(self.full);
        let mut stack = Stack::new();
        for &(i, k) in givens {
            let bit = 1 << k;
            if i >= self.n || dom[i] & bit == 0 {
                return Ok(none);
            }
            if dom[i] != bit {
                dom[i] = bit;
                stack.push(i);
            }
        }
        if !self.propagate(&mut dom, &mut stack, self.all_cages(), self.all_groups()) {
            return Ok(none);
        }
        self.count_search(&dom, limit, &mut Nodes::new(nodes, interrupted))
    }

    /// `count` from candidates already narrowed by sound reasoning (where a grader
    /// stalled): masks per cell.
    pub fn count_from(
        &self,
        domains: &[Mask],
        limit: usize,
        nodes: Option<u64>,
        interrupted: &mut dyn FnMut() -> bool,
    ) -> Result<Count, Stop> {
        let none = Count {
            solutions: Vec::new(),
            complete: true,
        };
        if domains.len() != self.n || domains.contains(&0) {
            return Ok(none);
        }
        let mut dom: Dom = [0; MAX_CELLS];
        dom[..self.n].copy_from_slice(domains);
        let mut stack = Stack::new();
        for (i, &d) in domains.iter().enumerate() {
            if single(d) {
                stack.push(i);
            }
        }
        if !self.propagate(&mut dom, &mut stack, self.all_cages(), self.all_groups()) {
            return Ok(none);
        }
        self.count_search(&dom, limit, &mut Nodes::new(nodes, interrupted))
    }
}

/// A long cage's digit sets' symbols still possible: a set stays when every cell has a
/// candidate in it and the cells together can take all of it; each cell keeps its
/// candidates in the sets that stay. False when none stays (or a cell keeps nothing).
fn loose_support(
    cells: &[usize],
    subsets: &[Mask],
    dom: &Dom,
    keep: &mut [Mask; MAX_CAGE],
) -> bool {
    let mut allowed: Mask = 0;
    for &subset in subsets {
        let mut union = 0;
        if cells.iter().all(|&c| {
            union |= dom[c] & subset;
            dom[c] & subset != 0
        }) && union == subset
        {
            allowed |= subset;
        }
    }
    if allowed == 0 {
        return false;
    }
    for (j, &c) in cells.iter().enumerate() {
        keep[j] = dom[c] & allowed;
        if keep[j] == 0 {
            return false;
        }
    }
    true
}

/// The branchings a search may take, and the caller's interrupt, asked every
/// CHECK_EVERY of them (crate::search::Budget's rule).
struct Nodes<'a> {
    limit: Option<u64>,
    spent: u64,
    interrupted: &'a mut dyn FnMut() -> bool,
}

impl<'a> Nodes<'a> {
    fn new(limit: Option<u64>, interrupted: &'a mut dyn FnMut() -> bool) -> Nodes<'a> {
        Nodes {
            limit,
            spent: 0,
            interrupted,
        }
    }

    fn spend(&mut self) -> Result<(), Stop> {
        self.spent += 1;
        if self.limit.is_some_and(|limit| self.spent > limit) {
            return Err(Stop::NodeLimit);
        }
        if self.spent.is_multiple_of(CHECK_EVERY) && (self.interrupted)() {
            return Err(Stop::Interrupted);
        }
        Ok(())
    }
}
