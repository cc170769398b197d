//! KenKen's state beyond the rows and columns: per cage, every assignment of digits that
//! makes its target ("combinations"), and which of them are still alive.
//!
//! A combination is alive while every cell's digit is still a candidate there; the
//! techniques that reason beyond single cells (a line forcing a digit into a cage, two
//! cages that cannot agree) strike combinations out directly, so the alive lists are
//! state of their own, not a view of the pencil marks. Combinations are listed once per
//! kind of cage (operation, target, digits, which cells share a line) in the order of
//! `search::cages::value_tuples`, the order the grader has always walked them in.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use crate::cellset::Mask;
use crate::grader::shape::Shape;
use crate::grader::step::Detail;
use crate::grader::{Board, Contradiction, Outcome};
use crate::search::cages::{index_tuples, Differ, Op};
use crate::search::CageSpec;

/// One cage as the board sees it.
pub struct CageShape {
    pub cells: Vec<usize>,
    /// Every assignment that makes the target: `cells.len()` symbol indices each, flat.
    pub combos: Arc<Vec<u8>>,
    /// The covering lines the cage has cells in (positions in `Shape::covering`),
    /// ascending, each with the positions in the cage of its cells on that line.
    pub lines: Vec<(usize, Vec<usize>)>,
}

impl CageShape {
    pub fn combo(&self, c: u32) -> &[u8] {
        let k = self.cells.len();
        let at = c as usize * k;
        &self.combos[at..at + k]
    }

    pub fn count(&self) -> usize {
        self.combos.len() / self.cells.len().max(1)
    }
}

/// What is worked out once for a board's cages.
pub struct Compiled {
    pub cages: Vec<CageShape>,
    /// Per cell, its cage (None: in no cage, as in hand-made test positions).
    pub cage_of: Vec<Option<usize>>,
    /// The one-cell cages, in cage order.
    pub singles: Vec<usize>,
    /// The first cage with too many assignments to list, if any: no person would list
    /// them either, so such a puzzle is not graded (the Python face refuses the board).
    pub unlisted: Option<usize>,
}

/// Two cages with cells in a common line, and the (position in the first, position in
/// the second) pairs of cells that share a line and so cannot hold the same digit.
pub struct Pair {
    pub first: usize,
    pub second: usize,
    pub conflicts: Vec<(usize, usize)>,
}

/// The support of a cage worked out from these pencil marks of its cells.
#[derive(Clone)]
struct Fit {
    marks: Vec<Mask>,
    support: Vec<Mask>,
}

#[derive(Clone)]
pub struct KenKen {
    pub compiled: Arc<Compiled>,
    /// Per cage, the indices of its live combinations, in listing order.
    pub alive: Vec<Vec<u32>>,
    /// Per cage, the support last worked out and the marks it was worked out from: the
    /// techniques ask for every cage's support on every sweep, and most cages have not
    /// changed since.
    fit: Vec<Option<Fit>>,
    /// The touching pairs of cages, worked out on first use (only expert grading asks).
    pairs: Option<Arc<Vec<Pair>>>,
}

/// Combinations listed so far, by kind of cage: every grading of a generator's attempt
/// builds a board of new cagings from mostly the same kinds of cage.
type Key = (Op, i128, Vec<i64>, Vec<Vec<bool>>);
type Listing = Option<Arc<Vec<u8>>>;
static LISTED: OnceLock<Mutex<HashMap<Key, Listing>>> = OnceLock::new();
/// The cache is emptied when it grows past this many kinds (bounded memory; what it
/// holds never changes a result).
const LISTED_KINDS: usize = 8192;

/// A kind of cage's combinations (symbol indices, flat), listed once; None when too
/// many to list.
pub(crate) fn listing(op: Op, target: i128, symbols: &[i64], differ: &Differ) -> Listing {
    let key: Key = (op, target, symbols.to_vec(), differ.clone());
    let cache = LISTED.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(found) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return found.clone();
    }
    let made = index_tuples(op, target, symbols, differ).map(|t| Arc::new(t.concat()));
    let mut held = cache.lock().unwrap_or_else(|e| e.into_inner());
    if held.len() >= LISTED_KINDS {
        held.clear();
    }
    held.insert(key, made.clone());
    made
}

/// A kind of cage over the symbols 1..n, in a few words: operation, target, cell count,
/// which cells share a line (bit a*8+b), n. A generator builds a board per caging from
/// mostly the same kinds, and looking them up by this key costs no allocation.
type Small = (Op, i128, usize, u64, usize);
static LISTED_SMALL: OnceLock<Mutex<HashMap<Small, Listing>>> = OnceLock::new();
/// Cages of at most this many cells are looked up by the small key.
const SMALL_CELLS: usize = 8;

/// `listing` for a cage over the symbols 1..n of a shape, by its small key first.
fn listing_small(shape: &Shape, spec: &CageSpec) -> Listing {
    let cells = &spec.cells;
    let shared = |a: usize, b: usize| a != b && shape.peer_sets[cells[a]].contains(cells[b]);
    let mut bits = 0u64;
    for a in 0..cells.len() {
        for b in 0..cells.len() {
            if shared(a, b) {
                bits |= 1 << (a * SMALL_CELLS + b);
            }
        }
    }
    let key: Small = (spec.op, spec.target, cells.len(), bits, shape.nsym);
    let cache = LISTED_SMALL.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(found) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return found.clone();
    }
    let differ: Differ = (0..cells.len())
        .map(|a| (0..cells.len()).map(|b| shared(a, b)).collect())
        .collect();
    let made = listing(spec.op, spec.target, &shape.symbols, &differ);
    let mut held = cache.lock().unwrap_or_else(|e| e.into_inner());
    if held.len() >= LISTED_KINDS {
        held.clear();
    }
    held.insert(key, made.clone());
    made
}

impl KenKen {
    /// The cages of the board's shape, every combination alive.
    pub fn new(board: &Board) -> KenKen {
        KenKen::with_cages(&board.shape, &board.shape.cages)
    }

    /// These cages over a shape of rows and columns, every combination alive: a
    /// generator grades many cagings of one grid without compiling a shape for each.
    pub fn with_cages(shape: &Shape, specs: &[CageSpec]) -> KenKen {
        let mut cage_of = vec![None; shape.n];
        let mut cages = Vec::with_capacity(specs.len());
        let mut unlisted = None;
        let one_to_n = shape.symbols.iter().zip(1..).all(|(&s, k)| s == k);
        for (k, spec) in specs.iter().enumerate() {
            let cells = spec.cells.clone();
            let combos = if one_to_n && cells.len() <= SMALL_CELLS {
                listing_small(shape, spec)
            } else {
                let differ: Differ = cells
                    .iter()
                    .map(|&a| {
                        cells
                            .iter()
                            .map(|&b| a != b && shape.peer_sets[a].contains(b))
                            .collect()
                    })
                    .collect();
                listing(spec.op, spec.target, &shape.symbols, &differ)
            };
            if combos.is_none() && unlisted.is_none() {
                unlisted = Some(k);
            }
            let mut lines: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
            for (j, &c) in cells.iter().enumerate() {
                for &li in &shape.covering_of[c] {
                    lines.entry(li).or_default().push(j);
                }
                cage_of[c] = Some(k);
            }
            cages.push(CageShape {
                cells,
                combos: combos.unwrap_or_default(),
                lines: lines.into_iter().collect(),
            });
        }
        let singles = (0..cages.len())
            .filter(|&k| cages[k].cells.len() == 1)
            .collect();
        let alive = cages
            .iter()
            .map(|c| (0..c.count() as u32).collect())
            .collect();
        KenKen {
            fit: vec![None; cages.len()],
            alive,
            pairs: None,
            compiled: Arc::new(Compiled {
                cages,
                cage_of,
                singles,
                unlisted,
            }),
        }
    }

    /// Per cell of cage k, the digits some live combination puts there. Drops the
    /// combinations the marks no longer allow (always sound); a contradiction when none
    /// is left.
    pub fn support(&mut self, k: usize, cand: &[Mask]) -> Outcome<Vec<Mask>> {
        let cage = &self.compiled.cages[k];
        if let Some(fit) = &self.fit[k] {
            if cage
                .cells
                .iter()
                .zip(&fit.marks)
                .all(|(&c, &m)| cand[c] == m)
            {
                return Ok(fit.support.clone());
            }
        }
        let fits = |combo: &[u8]| {
            cage.cells
                .iter()
                .zip(combo)
                .all(|(&c, &s)| cand[c] >> s & 1 == 1)
        };
        // Kept in place (no new list): the live combinations are only dropped once some
        // is known to fit, so a contradiction leaves them as they were.
        if !self.alive[k].iter().any(|&c| fits(cage.combo(c))) {
            return Err(Contradiction);
        }
        self.alive[k].retain(|&c| fits(cage.combo(c)));
        let support = union(cage, &self.alive[k]);
        match &mut self.fit[k] {
            Some(fit) => {
                fit.marks.clear();
                fit.marks.extend(cage.cells.iter().map(|&c| cand[c]));
                fit.support.clone_from(&support);
            }
            None => {
                self.fit[k] = Some(Fit {
                    marks: cage.cells.iter().map(|&c| cand[c]).collect(),
                    support: support.clone(),
                });
            }
        }
        Ok(support)
    }

    /// Keep only these combinations of cage k and restrict its cells to them; true when a
    /// candidate went. The combinations change only when candidates do, so a technique
    /// counts as progress exactly when the pencil marks change.
    pub fn strike(&mut self, board: &mut Board, k: usize, keep: Vec<u32>) -> Outcome<bool> {
        if keep.is_empty() {
            return Err(Contradiction);
        }
        let compiled = Arc::clone(&self.compiled);
        let cage = &compiled.cages[k];
        let support = union(cage, &keep);
        let changed = cage
            .cells
            .iter()
            .zip(&support)
            .any(|(&c, &s)| board.cand[c] & !s != 0);
        if !changed {
            return Ok(false);
        }
        self.alive[k] = keep;
        self.fit[k] = None;
        for (&c, &s) in cage.cells.iter().zip(&support) {
            board.restrict(c, s)?;
        }
        Ok(true)
    }

    /// Note (when recording) that the step is about cage k: its clue, its digit sets by
    /// the clue alone and those still fitting the pencil marks, and what `more` says.
    pub fn note_cage(&mut self, board: &mut Board, k: usize, more: Detail) -> Outcome<()> {
        if !board.recording() {
            return Ok(());
        }
        self.support(k, &board.cand)?;
        let cage = &self.compiled.cages[k];
        let all: Vec<u32> = (0..cage.count() as u32).collect();
        let detail = Detail {
            cage: Some(k),
            ways: digit_sets(board, cage, &all),
            fit: digit_sets(board, cage, &self.alive[k]),
            ..more
        };
        board.note(detail);
        Ok(())
    }

    /// Pairs of cages with cells in a common line, the first cage before the second.
    pub fn pairs(&mut self) -> Arc<Vec<Pair>> {
        if let Some(found) = &self.pairs {
            return Arc::clone(found);
        }
        let cages = &self.compiled.cages;
        let mut found = Vec::new();
        for (first, a) in cages.iter().enumerate() {
            let lines: BTreeMap<usize, &Vec<usize>> =
                a.lines.iter().map(|(l, js)| (*l, js)).collect();
            for (second, b) in cages.iter().enumerate().skip(first + 1) {
                let mut conflicts = Vec::new();
                for (line, js2) in &b.lines {
                    for &j1 in lines.get(line).map_or(&[][..], |js| &js[..]) {
                        for &j2 in js2 {
                            conflicts.push((j1, j2));
                        }
                    }
                }
                if !conflicts.is_empty() {
                    found.push(Pair {
                        first,
                        second,
                        conflicts,
                    });
                }
            }
        }
        let found = Arc::new(found);
        self.pairs = Some(Arc::clone(&found));
        found
    }
}

/// Per cell of the cage, the digits these combinations put there.
fn union(cage: &CageShape, combos: &[u32]) -> Vec<Mask> {
    let mut support = vec![0 as Mask; cage.cells.len()];
    for &c in combos {
        for (s, &d) in support.iter_mut().zip(cage.combo(c)) {
            *s |= 1 << d;
        }
    }
    support
}

/// The different sets of digits (sorted, repeats kept) these combinations use, sorted.
fn digit_sets(board: &Board, cage: &CageShape, combos: &[u32]) -> Vec<Vec<i64>> {
    let symbols = &board.shape.symbols;
    let found: BTreeSet<Vec<i64>> = combos
        .iter()
        .map(|&c| {
            let mut values: Vec<i64> = cage.combo(c).iter().map(|&s| symbols[s as usize]).collect();
            values.sort_unstable();
            values
        })
        .collect();
    found.into_iter().collect()
}
