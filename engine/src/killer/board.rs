//! What a person knows about killer's cages beyond the groups: the digit sets
//! ("combinations") of each cage's size that make its sum, e.g. a two-cell 4 is {1,3},
//! which of them still fit the pencil marks, and which digits each cell can take in them.
//!
//! A combination is a mask over symbol indices, so a 9x9 cage has at most C(9,4) = 126 of
//! them, listed in the order of combinations of symbol indices (lexicographic), which is
//! the order every technique walks them in. Whether one still fits a cage's marks is a
//! small matching over at most 2^|combination| partial assignments, never a walk over
//! permutations.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use crate::cellset::{bit_values, CellSet, Mask};
use crate::grader::step::Detail;
use crate::grader::{Board, Contradiction, Outcome};
use crate::search::cages::{distinct_sum_subsets, Op};
use crate::search::sum_sets::{lay_out_into, MAX_SET_CELLS};

/// A cage whose combinations would number more than this is refused at set-up: listing
/// them is no person's reasoning (a 9x9 cage has at most 126; this allows 16 symbols).
const MAX_COMBINATIONS: u128 = 1 << 15;
/// Nor is a cage of more cells than this listed (the matching is over 2^cells sets).
const MAX_CAGE_CELLS: usize = 16;

/// A sum cage as the board keeps it: its cells (in the model's order), its sum, and its
/// index among the model's cages (a step names the model's cage).
#[derive(Debug)]
pub struct SumCage {
    pub cells: Vec<usize>,
    pub target: i128,
    pub model: usize,
}

/// A rule-of-45 fact: sum(plus cells) - sum(minus cells) == total (see rule45.rs).
#[derive(Debug)]
pub struct Equation {
    pub plus: Vec<usize>,
    pub minus: Vec<usize>,
    pub total: i128,
    /// How many houses the region is made of (1: a single row, column or box).
    pub houses: usize,
    /// Both innies and outies.
    pub mixed: bool,
    /// For the step's sentence: "innies", "outies" or "mixed", the region's cells
    /// (ascending), what its houses add up to and what the cages counted whole make.
    pub kind: &'static str,
    pub region: CellSet,
    pub region_sum: i128,
    pub known: i128,
}

/// Killer's state on a board. What depends on the cages only is shared between copies;
/// the combinations still possible, and what is worked out from the marks, are each
/// board's own.
#[derive(Clone, Debug)]
pub struct Killer {
    pub cages: Arc<Vec<SumCage>>,
    /// Per cell, the cage it is in (a typed-in puzzle may leave cells out of every cage).
    pub cage_of: Arc<Vec<Option<usize>>>,
    /// Per cell, its peers with the cage-mates (rule-of-45 sums must not repeat in them).
    pub peer_sets: Arc<Vec<CellSet>>,
    /// Per cage, the combinations not yet ruled out, in listing order.
    pub alive: Vec<Vec<Mask>>,
    /// Per cage, the marks its support was last worked out on, and that support.
    key: Vec<Option<Vec<Mask>>>,
    support: Vec<Vec<Mask>>,
    /// Pairs of cages wholly inside one house (cage, cage, covering position), found on
    /// first use.
    pub house_pairs: Option<Arc<Vec<(usize, usize, usize)>>>,
    /// The rule-of-45 equations (found on first use) and, per equation, the marks it was
    /// last worked out on without progress.
    pub equations: Option<Arc<Vec<Equation>>>,
    pub seen: Vec<Option<Vec<Mask>>>,
}

/// The symbols, and per (size, sum) the digit sets.
type SetTable = (Vec<i64>, HashMap<(usize, i128), Vec<Mask>>);

thread_local! {
    /// The digit sets of each (size, sum) over the symbols last asked about: a generator
    /// sets up the same cages' sets round after round, and listing them walks every
    /// combination of the size (126 for four cells of 1..9). Only looked up, never walked.
    static SETS: RefCell<SetTable> =
        RefCell::new((Vec::new(), HashMap::new()));
}

/// `distinct_sum_subsets`, remembered per thread for the symbols last asked about.
pub(super) fn sum_sets_of(symbols: &[i64], size: usize, target: i128) -> Vec<Mask> {
    SETS.with(|sets| {
        let mut sets = sets.borrow_mut();
        if sets.0 != symbols {
            sets.0 = symbols.to_vec();
            sets.1.clear();
        }
        sets.1
            .entry((size, target))
            .or_insert_with(|| distinct_sum_subsets(symbols, size, target))
            .clone()
    })
}

pub(super) fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u128, |acc, i| {
        acc.saturating_mul((n - i) as u128) / (i as u128 + 1)
    })
}

/// Per cell, the symbols it can take when the cells hold exactly `subset`, one symbol
/// each and each symbol of the subset once; None when no such assignment exists.
///
/// Forward: the symbol sets the first j cells can use. Backward: the sets the last cells
/// can use. A symbol fits cell j when a forward set before it and a backward set after it
/// make up the subset with it. Sets are masks over the subset's own symbols (bit j: its
/// j-th lowest), so at most 2^|subset| of them a step.
pub fn fit(cands: &[Mask], subset: Mask) -> Option<Vec<Mask>> {
    let digits: Vec<Mask> = bit_values(subset).collect();
    let squeeze = |m: Mask| -> usize {
        digits
            .iter()
            .enumerate()
            .filter(|(_, &d)| m & d != 0)
            .fold(0, |acc, (j, _)| acc | 1 << j)
    };
    let options: Vec<usize> = cands.iter().map(|&c| squeeze(c & subset)).collect();
    let full = (1usize << digits.len()) - 1;
    if options.contains(&0) || options.iter().fold(0, |u, &o| u | o) != full {
        return None;
    }
    let k = options.len();
    let mut member = vec![false; full + 1];
    let mut forward: Vec<Vec<usize>> = vec![vec![0]];
    for &o in &options {
        let mut next = Vec::new();
        for &m in forward.last().expect("starts with one level") {
            for b in small_bits(o & !m) {
                if !member[m | b] {
                    member[m | b] = true;
                    next.push(m | b);
                }
            }
        }
        for &x in &next {
            member[x] = false;
        }
        if next.is_empty() {
            return None;
        }
        forward.push(next);
    }
    if !forward[k].contains(&full) {
        return None;
    }
    // backward[j]: membership of the sets cells j.. can use, one table per level.
    let mut backward = vec![vec![false; full + 1]; k + 1];
    backward[k][0] = true;
    let mut level = vec![0usize];
    for j in (0..k).rev() {
        let mut next = Vec::new();
        for &r in &level {
            for b in small_bits(options[j] & !r) {
                if !backward[j][r | b] {
                    backward[j][r | b] = true;
                    next.push(r | b);
                }
            }
        }
        level = next;
    }
    let mut support = Vec::with_capacity(k);
    for (j, &o) in options.iter().enumerate() {
        let mut d = 0usize;
        for &m in &forward[j] {
            for b in small_bits(o & !m) {
                if backward[j + 1][full & !(m | b)] {
                    d |= b;
                }
            }
        }
        support.push(
            small_bits(d)
                .map(|b| digits[b.trailing_zeros() as usize])
                .fold(0, |acc, x| acc | x),
        );
    }
    Some(support)
}

fn small_bits(mask: usize) -> impl Iterator<Item = usize> {
    bit_values(mask as Mask).map(|b| b as usize)
}

/// The value of the symbol a mask's highest bit stands for (a written cell's digit).
pub fn value(board: &Board, bit: Mask) -> i128 {
    if bit == 0 {
        return 0;
    }
    board.shape.symbols[63 - bit.leading_zeros() as usize] as i128
}

/// The mask of the symbol with this value; 0 when no symbol has it.
pub fn bit_of(board: &Board, value: i128) -> Mask {
    board
        .shape
        .symbols
        .iter()
        .position(|&s| s as i128 == value)
        .map_or(0, |k| 1 << k)
}

impl Killer {
    /// Killer's state for a board just made (its givens written): the sum cages and
    /// their combinations. Cage-mates become peers (no repeats in a cage), so each given
    /// leaves its new peers too, as part of setting up (nothing is logged).
    pub fn new(board: &mut Board) -> Outcome<Killer> {
        let shape = Arc::clone(&board.shape);
        let n = shape.n;
        // The rule of 45 reads rows, columns and neighbouring boxes off the page: a
        // killer's grid is a full square numbered row by row, as its models list it.
        if n != shape.nsym * shape.nsym {
            return Err(Contradiction);
        }
        let mut cages = Vec::new();
        for (model, spec) in shape.cages.iter().enumerate() {
            if matches!(spec.op, Op::Add | Op::Eq) {
                cages.push(SumCage {
                    cells: spec.cells.clone(),
                    target: spec.target,
                    model,
                });
            }
        }
        let mut cage_of = vec![None; n];
        let mut alive = Vec::with_capacity(cages.len());
        for (k, cage) in cages.iter().enumerate() {
            let size = cage.cells.len();
            if size > MAX_CAGE_CELLS || binomial(shape.nsym, size) > MAX_COMBINATIONS {
                return Err(Contradiction);
            }
            for &c in &cage.cells {
                cage_of[c] = Some(k);
            }
            alive.push(sum_sets_of(&shape.symbols, size, cage.target));
        }
        let mut peer_sets = shape.peer_sets.clone();
        for cage in &cages {
            for &a in &cage.cells {
                for &b in &cage.cells {
                    if a != b {
                        peer_sets[a].insert(b);
                    }
                }
            }
        }
        let peers: Vec<Vec<usize>> = peer_sets.iter().map(|p| p.iter().collect()).collect();
        board.peers = Arc::new(peers);
        let peers = Arc::clone(&board.peers);
        for i in 0..n {
            if board.placed[i] {
                let b = board.cand[i];
                for &p in &peers[i] {
                    board.eliminate(p, b)?;
                }
            }
        }
        let count = cages.len();
        Ok(Killer {
            cages: Arc::new(cages),
            cage_of: Arc::new(cage_of),
            peer_sets: Arc::new(peer_sets),
            alive,
            key: vec![None; count],
            support: vec![Vec::new(); count],
            house_pairs: None,
            equations: None,
            seen: Vec::new(),
        })
    }

    /// Per cell of cage k, the symbols some still-possible combination puts there. Drops
    /// the combinations the marks no longer allow (always sound); kept until they change.
    pub fn support(&mut self, board: &Board, k: usize) -> Outcome<&[Mask]> {
        let cells = &self.cages[k].cells;
        let fresh = self.key[k]
            .as_ref()
            .is_some_and(|key| key.iter().zip(cells).all(|(&m, &c)| board.cand[c] == m));
        if !fresh {
            // The key's, the support's and the combinations' lists are reused: this runs
            // for every cage whose marks changed, many times a grading.
            let mut cands = self.key[k].take().unwrap_or_default();
            cands.clear();
            cands.extend(cells.iter().map(|&c| board.cand[c]));
            let alive = &mut self.alive[k];
            let union = &mut self.support[k];
            union.clear();
            if cells.len() <= MAX_SET_CELLS {
                // Small cages: laid out on the stack (what `fit` finds, without its lists).
                let mut small = [0 as Mask; MAX_SET_CELLS];
                alive.retain(|&subset| lay_out_into(&cands, subset, &mut small));
                union.extend_from_slice(&small[..cells.len()]);
            } else {
                union.resize(cells.len(), 0);
                alive.retain(|&subset| match fit(&cands, subset) {
                    Some(found) => {
                        for (u, d) in union.iter_mut().zip(found) {
                            *u |= d;
                        }
                        true
                    }
                    None => false,
                });
            }
            if alive.is_empty() {
                return Err(Contradiction);
            }
            self.key[k] = Some(cands);
        }
        Ok(&self.support[k])
    }

    /// Keep only these combinations of cage k and restrict its cells to what they allow;
    /// true when a mark went (combinations change only with the marks, so progress is
    /// always visible on paper).
    pub fn strike(&mut self, board: &mut Board, k: usize, keep: Vec<Mask>) -> Outcome<bool> {
        if keep.is_empty() {
            return Err(Contradiction);
        }
        let cages = Arc::clone(&self.cages);
        let cells = &cages[k].cells;
        let before: Vec<Mask> = cells.iter().map(|&c| board.cand[c]).collect();
        self.alive[k] = keep;
        self.key[k] = None;
        let support = self.support(board, k)?.to_vec();
        for (&c, &d) in cells.iter().zip(&support) {
            board.restrict(c, d)?;
        }
        Ok(cells
            .iter()
            .zip(&before)
            .any(|(&c, &was)| board.cand[c] != was))
    }

    /// The symbols every still-possible combination of cage k holds.
    pub fn required(&mut self, board: &Board, k: usize) -> Outcome<Mask> {
        self.support(board, k)?;
        Ok(self.alive[k].iter().fold(board.full(), |m, &s| m & s))
    }

    /// Note (when recording) that the step is about cage k: its sum's digit sets by the
    /// clue alone and those still fitting the marks, with what else `detail` says.
    pub fn note_cage(&mut self, board: &mut Board, k: usize, detail: Detail) -> Outcome<()> {
        if !board.recording() {
            return Ok(());
        }
        self.support(board, k)?;
        let cage = &self.cages[k];
        let ways = distinct_sum_subsets(&board.shape.symbols, cage.cells.len(), cage.target);
        let detail = Detail {
            cage: Some(cage.model),
            ways: sets(board, &ways),
            fit: sets(board, &self.alive[k]),
            ..detail
        };
        board.note(detail);
        Ok(())
    }

    /// The cells of cage k still open.
    pub fn open(&self, board: &Board, k: usize) -> Vec<usize> {
        board.open(&self.cages[k].cells)
    }
}

/// Combinations as sorted lists of their digits, sorted (for a step's sentence).
fn sets(board: &Board, subsets: &[Mask]) -> Vec<Vec<i64>> {
    let mut found: Vec<Vec<i64>> = subsets.iter().map(|&m| board.symbols_of(m)).collect();
    found.sort();
    found
}
