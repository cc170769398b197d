//! The search's cage propagators: a cage compiled once (its assignments listed, a
//! distinct sum's digit sets, or bounds when neither can be listed) and pruned against
//! the domains of its cells. The listing itself is cages.rs, its cache listed.rs.

use std::sync::Arc;

use super::cages::{
    comb, distinct_sum_subsets, makes_target, Differ, Op, MAX_MULTISETS, MAX_TUPLES,
};
use super::listed::{listed_small, listed_tuples, small_key, Assignments, SMALL_CELLS};
use super::packed::{pack_marks, Packed, Word};
use super::sum_sets::{self, MAX_SET_CELLS};
use crate::cellset::{bit_indices, Mask};

/// A cage compiled for the search: `prune` narrows the domains of its cells in place and
/// says which changed, or that the cage can no longer be met.
pub enum Propagator {
    /// Keeps the listed assignments that fit the domains.
    Tuples {
        cells: Vec<usize>,
        tuples: Arc<Assignments>,
    },
    /// A sum without repeats of a few cells, by its digit sets laid out over the cells
    /// (keeps what `Tuples` of its assignments would keep; see sum_sets.rs).
    SumSets {
        cells: Vec<usize>,
        subsets: Vec<Mask>,
    },
    /// A sum without repeats, by candidate subsets of symbols (long killer cages).
    DistinctSum {
        cells: Vec<usize>,
        subsets: Vec<Mask>,
    },
    /// Too large to list: narrowed by the bounds of sums and products.
    Bounds {
        cells: Vec<usize>,
        op: Op,
        target: i128,
        symbols: Vec<i64>,
        positive: bool,
    },
}

/// What a prune found.
pub enum Pruned {
    Unchanged,
    Changed(Vec<usize>),
    Impossible,
}

/// What `prune_into` found (the cells it changed listed in the caller's room).
pub enum Narrowed {
    Unchanged,
    Changed,
    Impossible,
}

impl Propagator {
    /// The propagator for a cage of `cells` (indices into the domains); `must_differ(a,
    /// b)` says two cells share a group.
    pub fn compile(
        cells: Vec<usize>,
        op: Op,
        target: i128,
        distinct: bool,
        symbols: &[i64],
        must_differ: impl Fn(usize, usize) -> bool,
    ) -> Propagator {
        let k = cells.len();
        let nsym = symbols.len();
        let bounds = |cells: Vec<usize>| Propagator::Bounds {
            cells,
            op,
            target,
            symbols: symbols.to_vec(),
            positive: symbols.iter().all(|&v| v > 0),
        };
        if distinct && op == Op::Add && (nsym as u128).saturating_pow(k as u32) > MAX_TUPLES {
            if comb(nsym as u128, k as u128) > MAX_MULTISETS {
                return bounds(cells);
            }
            return Propagator::DistinctSum {
                subsets: distinct_sum_subsets(symbols, k, target),
                cells,
            };
        }
        if distinct && op == Op::Add && k <= MAX_SET_CELLS {
            return Propagator::SumSets {
                subsets: distinct_sum_subsets(symbols, k, target),
                cells,
            };
        }
        let differs = |a: usize, b: usize| a != b && (distinct || must_differ(cells[a], cells[b]));
        let one_to_n = symbols.iter().zip(1..).all(|(&s, v)| s == v);
        let listed = if one_to_n && k <= SMALL_CELLS {
            // By a key of a few words first: no lists made to look a kind up.
            listed_small(small_key(op, target, k, nsym, &differs), symbols, &differs)
        } else {
            let differ: Differ = (0..k)
                .map(|a| (0..k).map(|b| differs(a, b)).collect())
                .collect();
            listed_tuples(op, target, symbols, &differ)
        };
        match listed {
            Some(tuples) => Propagator::Tuples { cells, tuples },
            None => bounds(cells),
        }
    }

    /// A listed cage's assignments packed one bit per (cell, symbol), and the bits per
    /// cell; None for any other kind (or a listing too wide to pack).
    pub fn packed(&self) -> Option<(&Packed, usize)> {
        match self {
            Propagator::Tuples { tuples, .. } if tuples.packed.is_packed() => {
                Some((&tuples.packed, tuples.width))
            }
            _ => None,
        }
    }

    pub fn cells(&self) -> &[usize] {
        match self {
            Propagator::Tuples { cells, .. }
            | Propagator::SumSets { cells, .. }
            | Propagator::DistinctSum { cells, .. } => cells,
            Propagator::Bounds { cells, .. } => cells,
        }
    }

    /// Whether pruning again straight after a prune never narrows more (true of those
    /// that keep exactly the symbols some fitting assignment or set uses).
    pub fn idempotent(&self) -> bool {
        !matches!(self, Propagator::Bounds { .. })
    }

    pub fn prune(&self, dom: &mut [Mask]) -> Pruned {
        match self {
            Propagator::Tuples { .. } | Propagator::SumSets { .. } => {
                let mut changed = Vec::new();
                match self.prune_into(dom, &mut changed) {
                    Narrowed::Unchanged => Pruned::Unchanged,
                    Narrowed::Changed => Pruned::Changed(changed),
                    Narrowed::Impossible => Pruned::Impossible,
                }
            }
            Propagator::DistinctSum { cells, subsets } => prune_distinct_sum(cells, subsets, dom),
            Propagator::Bounds {
                cells,
                op,
                target,
                symbols,
                positive,
            } => prune_bounds(cells, *op, *target, symbols, *positive, dom),
        }
    }

    /// `prune`, the cells it changed appended to `changed` (the search's room, reused
    /// at every node, where `prune` makes a list each time).
    pub fn prune_into(&self, dom: &mut [Mask], changed: &mut Vec<usize>) -> Narrowed {
        match self {
            Propagator::Tuples { cells, tuples } => prune_tuples(cells, tuples, dom, changed),
            Propagator::SumSets { cells, subsets } => prune_sum_sets(cells, subsets, dom, changed),
            _ => match self.prune(dom) {
                Pruned::Unchanged => Narrowed::Unchanged,
                Pruned::Impossible => Narrowed::Impossible,
                Pruned::Changed(cells) => {
                    changed.extend(cells);
                    Narrowed::Changed
                }
            },
        }
    }
}

/// Cages up to this many cells are pruned with their marks on the stack (every KenKen
/// and killer cage; longer ones allocate).
const ON_STACK: usize = 16;

fn prune_tuples(
    cells: &[usize],
    assignments: &Assignments,
    dom: &mut [Mask],
    changed: &mut Vec<usize>,
) -> Narrowed {
    let k = cells.len();
    if k == 0 {
        return Narrowed::Impossible; // no assignment of no cells makes a target
    }
    match &assignments.packed {
        Packed::Narrow(packed) => {
            return prune_packed(cells, packed, assignments.width, dom, changed)
        }
        Packed::Wide(packed) => {
            return prune_packed(cells, packed, assignments.width, dom, changed)
        }
        Packed::None => {}
    }
    let tuples = &assignments.flat[..];
    if k > ON_STACK {
        let mut current = vec![0 as Mask; k];
        let mut support = vec![0 as Mask; k];
        return prune_tuples_in(cells, tuples, dom, &mut current, &mut support, changed);
    }
    let (mut current, mut support) = ([0 as Mask; ON_STACK], [0 as Mask; ON_STACK]);
    prune_tuples_in(
        cells,
        tuples,
        dom,
        &mut current[..k],
        &mut support[..k],
        changed,
    )
}

/// `prune_tuples` over packed assignments: the same assignments looked at in the same
/// order, the same early end when every mark is supported, the same result.
fn prune_packed<W: Word>(
    cells: &[usize],
    packed: &[W],
    width: usize,
    dom: &mut [Mask],
    changed: &mut Vec<usize>,
) -> Narrowed {
    let current: W = pack_marks(cells, dom, width);
    let mut support = W::ZERO;
    let mut any = false;
    for &t in packed {
        if t & !current == W::ZERO {
            any = true;
            support = support | t;
            if support == current {
                return Narrowed::Unchanged;
            }
        }
    }
    if !any {
        return Narrowed::Impossible;
    }
    let before = changed.len();
    for (j, &c) in cells.iter().enumerate() {
        let d = (support >> (j * width)).low(width);
        if d != dom[c] {
            dom[c] = d;
            changed.push(c);
        }
    }
    if changed.len() == before {
        Narrowed::Unchanged
    } else {
        Narrowed::Changed
    }
}

/// `prune_tuples` with room for the cells' marks and their support given.
fn prune_tuples_in(
    cells: &[usize],
    tuples: &[u8],
    dom: &mut [Mask],
    current: &mut [Mask],
    support: &mut [Mask],
    changed: &mut Vec<usize>,
) -> Narrowed {
    for (m, &c) in current.iter_mut().zip(cells) {
        *m = dom[c];
    }
    let mut any = false;
    for t in tuples.chunks_exact(cells.len()) {
        if t.iter().zip(current.iter()).all(|(&s, &d)| d >> s & 1 == 1) {
            any = true;
            for (j, &s) in t.iter().enumerate() {
                support[j] |= 1 << s;
            }
            // Word by word: a slice comparison calls memcmp, dear for a few words.
            if support.iter().zip(current.iter()).all(|(s, c)| s == c) {
                return Narrowed::Unchanged;
            }
        }
    }
    if !any {
        return Narrowed::Impossible;
    }
    narrowed(cells, support, dom, changed)
}

fn prune_sum_sets(
    cells: &[usize],
    subsets: &[Mask],
    dom: &mut [Mask],
    changed: &mut Vec<usize>,
) -> Narrowed {
    let mut current = [0 as Mask; MAX_SET_CELLS];
    for (d, &c) in current.iter_mut().zip(cells) {
        *d = dom[c];
    }
    match sum_sets::support(&current[..cells.len()], subsets) {
        None => Narrowed::Impossible,
        Some(keep) => narrowed(cells, &keep[..cells.len()], dom, changed),
    }
}

fn narrowed(
    cells: &[usize],
    keep: &[Mask],
    dom: &mut [Mask],
    changed: &mut Vec<usize>,
) -> Narrowed {
    let before = changed.len();
    for (&c, &d) in cells.iter().zip(keep) {
        if d != dom[c] {
            dom[c] = d;
            changed.push(c);
        }
    }
    if changed.len() == before {
        Narrowed::Unchanged
    } else {
        Narrowed::Changed
    }
}

fn prune_distinct_sum(cells: &[usize], subsets: &[Mask], dom: &mut [Mask]) -> Pruned {
    let current: Vec<Mask> = cells.iter().map(|&c| dom[c]).collect();
    let mut allowed: Mask = 0;
    for &subset in subsets {
        let mut union = 0;
        if current.iter().all(|&d| {
            union |= d & subset;
            d & subset != 0
        }) && union == subset
        {
            allowed |= subset;
        }
    }
    if allowed == 0 {
        return Pruned::Impossible;
    }
    let mut changed = Vec::new();
    for (&c, &d) in cells.iter().zip(&current) {
        if d & !allowed != 0 {
            if d & allowed == 0 {
                return Pruned::Impossible;
            }
            dom[c] = d & allowed;
            changed.push(c);
        }
    }
    if changed.is_empty() {
        Pruned::Unchanged
    } else {
        Pruned::Changed(changed)
    }
}

/// Sums and products narrowed by bounds: a value stays only if the other cells' smallest
/// and largest totals can still make the target; the target checked exactly once every
/// cell is decided. Products are narrowed only when every symbol is positive.
fn prune_bounds(
    cells: &[usize],
    op: Op,
    target: i128,
    symbols: &[i64],
    positive: bool,
    dom: &mut [Mask],
) -> Pruned {
    let values: Vec<Vec<i64>> = cells
        .iter()
        .map(|&c| bit_indices(dom[c]).map(|k| symbols[k]).collect())
        .collect();
    if values.iter().any(|v| v.is_empty()) {
        return Pruned::Impossible;
    }
    if values.iter().all(|v| v.len() == 1) {
        let decided: Vec<i64> = values.iter().map(|v| v[0]).collect();
        return if makes_target(op, target, &decided) {
            Pruned::Unchanged
        } else {
            Pruned::Impossible
        };
    }
    let ops: &[Op] = if op == Op::Hidden {
        &[Op::Add, Op::Mul]
    } else {
        std::slice::from_ref(&op)
    };
    let mut keep: Vec<Vec<i64>> = vec![Vec::new(); values.len()];
    for &o in ops {
        for (j, ok) in allowed_by_bounds(o, target, &values, positive)
            .into_iter()
            .enumerate()
        {
            for v in ok {
                if !keep[j].contains(&v) {
                    keep[j].push(v);
                }
            }
        }
    }
    let mut changed = Vec::new();
    for ((&c, vs), ok) in cells.iter().zip(&values).zip(&keep) {
        if ok.is_empty() {
            return Pruned::Impossible;
        }
        if ok.len() < vs.len() {
            dom[c] = ok
                .iter()
                .map(|v| 1 << symbols.iter().position(|s| s == v).unwrap_or(0))
                .fold(0, |m, b| m | b);
            changed.push(c);
        }
    }
    if changed.is_empty() {
        Pruned::Unchanged
    } else {
        Pruned::Changed(changed)
    }
}

fn allowed_by_bounds(op: Op, target: i128, values: &[Vec<i64>], positive: bool) -> Vec<Vec<i64>> {
    let lows: Vec<i128> = values
        .iter()
        .map(|v| *v.iter().min().unwrap_or(&0) as i128)
        .collect();
    let highs: Vec<i128> = values
        .iter()
        .map(|v| *v.iter().max().unwrap_or(&0) as i128)
        .collect();
    match op {
        Op::Add => {
            let (lo, hi): (i128, i128) = (lows.iter().sum(), highs.iter().sum());
            values
                .iter()
                .zip(lows.iter().zip(&highs))
                .map(|(vs, (low, high))| {
                    vs.iter()
                        .copied()
                        .filter(|&v| {
                            lo - low <= target - v as i128 && target - v as i128 <= hi - high
                        })
                        .collect()
                })
                .collect()
        }
        Op::Mul if positive => {
            let lo = lows.iter().try_fold(1i128, |a, &b| a.checked_mul(b));
            let hi = highs.iter().try_fold(1i128, |a, &b| a.checked_mul(b));
            match (lo, hi) {
                (Some(lo), Some(hi)) => values
                    .iter()
                    .zip(lows.iter().zip(&highs))
                    .map(|(vs, (low, high))| {
                        vs.iter()
                            .copied()
                            .filter(|&v| {
                                let v = v as i128;
                                target % v == 0 && lo / low <= target / v && target / v <= hi / high
                            })
                            .collect()
                    })
                    .collect(),
                // Products beyond any number the engine holds: the bounds say nothing.
                _ => values.to_vec(),
            }
        }
        Op::Mul => values.to_vec(),
        _ => vec![Vec::new(); values.len()],
    }
}
