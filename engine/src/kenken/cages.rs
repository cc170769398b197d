//! KenKen's state beyond the rows and columns: per cage, every assignment of digits that
//! makes its target ("combinations"), and which of them are still alive.
//!
//! A combination is alive while every cell's digit is still a candidate there; the
//! techniques that reason beyond single cells (a line forcing a digit into a cage, two
//! cages that cannot agree) strike combinations out directly, so the alive lists are
//! state of their own, not a view of the pencil marks. Combinations are listed once per
//! kind of cage (operation, target, digits, which cells share a line) in the order of
//! `search::cages::value_tuples`, the order the grader has always walked them in.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::cellset::Mask;
use crate::grader::shape::Shape;
use crate::grader::step::Detail;
use crate::grader::{Board, Contradiction, Outcome};
use crate::search::cages::{Differ, Op};
pub(crate) use crate::search::listed::Quick;
use crate::search::listed::{listed_small, listed_tuples, small_key, Listed, SMALL_CELLS};
use crate::search::packed::{pack_marks, Packed, Word};
use crate::search::CageSpec;

/// A kind of cage's combinations: `cells` symbol indices each, flat, and packed where
/// they fit; listed once per process and shared with the search (search::listed).
pub use crate::search::listed::Assignments as Combos;

/// One cage as the board sees it, whichever caging it is in (a generator grading many
/// cagings of one grid keeps these and shares them between its gradings).
pub struct CageShape {
    pub cells: Vec<usize>,
    /// Every assignment that makes the target: `cells.len()` symbol indices each, flat.
    pub combos: Arc<Combos>,
    /// False when the cage has too many assignments to list (`combos` is then empty).
    listed: bool,
    /// Bits per cell of a packed combination (the symbols), when packed.
    width: usize,
    /// (covering line, position in the cage) for each cell on each covering line it is
    /// in (lines as positions in `Shape::covering`), sorted: `lines` groups them. One
    /// list a cage, not one a line.
    on_lines: Vec<(usize, usize)>,
}

impl CageShape {
    /// The cage of this spec over a shape of rows and columns.
    pub fn new(shape: &Shape, spec: &CageSpec) -> CageShape {
        let cells = spec.cells.clone();
        let one_to_n = shape.symbols.iter().zip(1..).all(|(&s, k)| s == k);
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
        // Each cell is on a row and a column: sized once, never grown.
        let mut on_lines: Vec<(usize, usize)> = Vec::with_capacity(2 * cells.len());
        for (j, &c) in cells.iter().enumerate() {
            for &li in &shape.covering_of[c] {
                on_lines.push((li, j));
            }
        }
        on_lines.sort_unstable();
        CageShape {
            cells,
            listed: combos.is_some(),
            combos: combos.unwrap_or_else(|| Arc::new(Combos::new(Vec::new(), 0, 0))),
            width: shape.nsym,
            on_lines,
        }
    }

    /// The covering lines the cage has cells in, ascending, each with its (line, position
    /// in the cage) pairs, positions ascending.
    pub fn lines(&self) -> impl Iterator<Item = (usize, &[(usize, usize)])> {
        self.on_lines
            .chunk_by(|a, b| a.0 == b.0)
            .map(|on| (on[0].0, on))
    }

    pub fn combo(&self, c: u32) -> &[u8] {
        let k = self.cells.len();
        let at = c as usize * k;
        &self.combos.flat[at..at + k]
    }

    pub fn count(&self) -> usize {
        self.combos.flat.len() / self.cells.len().max(1)
    }
}

/// What is worked out once for a board's cages.
pub struct Compiled {
    pub cages: Vec<Arc<CageShape>>,
    /// Per cage, where its cells start in the board's flat per-cell tables.
    at: Vec<usize>,
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

#[derive(Clone)]
pub struct KenKen {
    pub compiled: Arc<Compiled>,
    /// Per cage, the indices of its live combinations, in listing order.
    pub alive: Vec<Vec<u32>>,
    /// Per cage, the support last worked out and the marks it was worked out from (flat,
    /// per cell, at the cage's `at`; `fitted[k]` false when none is kept): the techniques
    /// ask for every cage's support on every sweep, and most cages have not changed since.
    marks: Vec<Mask>,
    support: Vec<Mask>,
    fitted: Vec<bool>,
    /// The touching pairs of cages, worked out on first use (only expert grading asks).
    pairs: Option<Arc<Vec<Pair>>>,
    /// Per touching pair, how many live combinations each cage had when the pair last
    /// taught nothing. The live lists only ever shrink, so the same counts mean the same
    /// lists, and the pair would teach nothing again.
    pub pairs_idle: Vec<(usize, usize)>,
}

type Listing = Listed;

/// A kind of cage's combinations (symbol indices, flat), listed once; None when too
/// many to list.
pub(crate) fn listing(op: Op, target: i128, symbols: &[i64], differ: &Differ) -> Listing {
    listed_tuples(op, target, symbols, differ)
}

/// `listing` for a cage over the symbols 1..n of a shape, by its small key first.
fn listing_small(shape: &Shape, spec: &CageSpec) -> Listing {
    let cells = &spec.cells;
    let shared = |a: usize, b: usize| a != b && shape.peer_sets[cells[a]].contains(cells[b]);
    let key = small_key(spec.op, spec.target, cells.len(), shape.nsym, &shared);
    listed_small(key, &shape.symbols, &shared)
}

impl KenKen {
    /// The cages of the board's shape, every combination alive.
    pub fn new(board: &Board) -> KenKen {
        KenKen::with_cages(&board.shape, &board.shape.cages)
    }

    /// These cages over a shape of rows and columns, every combination alive: a
    /// generator grades many cagings of one grid without compiling a shape for each.
    pub fn with_cages(shape: &Shape, specs: &[CageSpec]) -> KenKen {
        let cages = specs
            .iter()
            .map(|spec| Arc::new(CageShape::new(shape, spec)))
            .collect();
        KenKen::of_cages(shape.n, cages)
    }

    /// These cages (made by `CageShape::new` over a shape of `cells` cells), every
    /// combination alive.
    pub fn of_cages(cells: usize, cages: Vec<Arc<CageShape>>) -> KenKen {
        let mut cage_of = vec![None; cells];
        let mut at = Vec::with_capacity(cages.len());
        let mut next = 0;
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                cage_of[c] = Some(k);
            }
            at.push(next);
            next += cage.cells.len();
        }
        let unlisted = cages.iter().position(|c| !c.listed);
        let singles = (0..cages.len())
            .filter(|&k| cages[k].cells.len() == 1)
            .collect();
        let alive = cages
            .iter()
            .map(|c| (0..c.count() as u32).collect())
            .collect();
        KenKen {
            marks: vec![0; next],
            support: vec![0; next],
            fitted: vec![false; cages.len()],
            alive,
            pairs: None,
            pairs_idle: Vec::new(),
            compiled: Arc::new(Compiled {
                cages,
                at,
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
        self.refresh(k, cand)?;
        Ok(self.fitted(k).to_vec())
    }

    /// `support` worked out (the live combinations brought up to the marks) without a
    /// copy of it; `fitted` reads it.
    pub fn refresh(&mut self, k: usize, cand: &[Mask]) -> Outcome<()> {
        let cage = &self.compiled.cages[k];
        let (at, len) = (self.compiled.at[k], cage.cells.len());
        let marks = &mut self.marks[at..at + len];
        if self.fitted[k]
            && cage
                .cells
                .iter()
                .zip(marks.iter())
                .all(|(&c, &m)| cand[c] == m)
        {
            return Ok(());
        }
        let support = &mut self.support[at..at + len];
        let packed = match &cage.combos.packed {
            Packed::Narrow(packed) => fit_packed(packed, cage, &mut self.alive[k], cand, support),
            Packed::Wide(packed) => fit_packed(packed, cage, &mut self.alive[k], cand, support),
            Packed::None => None,
        };
        if let Some(fitted) = packed {
            fitted?;
        } else {
            let fits = |combo: &[u8]| {
                cage.cells
                    .iter()
                    .zip(combo)
                    .all(|(&c, &s)| cand[c] >> s & 1 == 1)
            };
            if !self.alive[k].iter().any(|&c| fits(cage.combo(c))) {
                return Err(Contradiction);
            }
            self.alive[k].retain(|&c| fits(cage.combo(c)));
            support.fill(0);
            for &c in &self.alive[k] {
                for (s, &d) in support.iter_mut().zip(cage.combo(c)) {
                    *s |= 1 << d;
                }
            }
        }
        for (m, &c) in marks.iter_mut().zip(&cage.cells) {
            *m = cand[c];
        }
        self.fitted[k] = true;
        Ok(())
    }

    /// The support `refresh` last worked out for cage k (empty before any).
    pub fn fitted(&self, k: usize) -> &[Mask] {
        if !self.fitted[k] {
            return &[];
        }
        let (cage, at) = (&self.compiled.cages[k], self.compiled.at[k]);
        &self.support[at..at + cage.cells.len()]
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
        self.fitted[k] = false;
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
        self.refresh(k, &board.cand)?;
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
            let lines: BTreeMap<usize, &[(usize, usize)]> = a.lines().collect();
            for (second, b) in cages.iter().enumerate().skip(first + 1) {
                let mut conflicts = Vec::new();
                for (line, on2) in b.lines() {
                    for &(_, j1) in lines.get(&line).map_or(&[][..], |on| &on[..]) {
                        for &(_, j2) in on2 {
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
        self.pairs_idle = vec![(usize::MAX, usize::MAX); found.len()];
        found
    }
}

/// `refresh` of a cage whose combinations are packed: one AND a combination; the live
/// ones are only dropped once some is known to fit, so a contradiction leaves them as
/// they were. Always Some (the Option lets the caller fall through when unpacked).
fn fit_packed<W: Word>(
    packed: &[W],
    cage: &CageShape,
    alive: &mut Vec<u32>,
    cand: &[Mask],
    support: &mut [Mask],
) -> Option<Outcome<()>> {
    let current: W = pack_marks(&cage.cells, cand, cage.width);
    let (mut union, mut fit) = (W::ZERO, 0usize);
    for &c in alive.iter() {
        let t = packed[c as usize];
        if t & !current == W::ZERO {
            union = union | t;
            fit += 1;
        }
    }
    if fit == 0 {
        return Some(Err(Contradiction));
    }
    if fit < alive.len() {
        alive.retain(|&c| packed[c as usize] & !current == W::ZERO);
    }
    for (j, s) in support.iter_mut().enumerate() {
        *s = (union >> (j * cage.width)).low(cage.width);
    }
    Some(Ok(()))
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
