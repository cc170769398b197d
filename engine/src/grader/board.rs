//! The grader's board: the candidates a person keeps as pencil marks, which cells are
//! written in, and (while steps are recorded) the changes of the step under way.

use std::sync::Arc;

use super::shape::Shape;
use super::step::{Change, Detail};
use crate::cellset::{bit_indices, CellSet, Mask};

/// A cell lost its last candidate: the puzzle's clues contradict each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contradiction;

pub type Outcome<T> = Result<T, Contradiction>;

#[derive(Clone)]
pub struct Board {
    pub shape: Arc<Shape>,
    /// Each cell's peers: the shape's, or more where a family's rules add some (cage-mates
    /// in a sum cage without repeats).
    pub peers: Arc<Vec<Vec<usize>>>,
    pub cand: Vec<Mask>,
    pub placed: Vec<bool>,
    /// Empty cells left per covering group, and the groups down to one (full houses to be
    /// written): kept up by `place`, so a full house costs no scan.
    pub open_left: Vec<usize>,
    pub full_houses: Vec<usize>,
    /// The changes since the current step began, while steps are recorded.
    pub log: Option<Vec<Change>>,
    /// What the current step looked at, for its sentence (while recording).
    pub detail: Option<Detail>,
    /// Counts changes to the pencil marks, so what is worked out from them is kept until
    /// they change.
    pub version: u64,
    where_cache: Option<(u64, Vec<CellSet>)>,
}

impl Board {
    /// An empty board of the shape, with these givens (cell, symbol index) written in (a
    /// family's own rules are set up beside it: see `Position`).
    pub fn new(shape: Arc<Shape>, givens: &[(usize, usize)]) -> Outcome<Board> {
        let n = shape.n;
        let mut board = Board {
            peers: Arc::clone(&shape.peers),
            cand: vec![shape.full; n],
            placed: vec![false; n],
            open_left: shape
                .covering
                .iter()
                .map(|&g| shape.groups[g].len())
                .collect(),
            full_houses: Vec::new(),
            log: None,
            detail: None,
            version: 0,
            where_cache: None,
            shape,
        };
        for &(i, k) in givens {
            board.place(i, 1 << k)?;
        }
        Ok(board)
    }

    pub fn n(&self) -> usize {
        self.shape.n
    }

    pub fn nsym(&self) -> usize {
        self.shape.nsym
    }

    pub fn full(&self) -> Mask {
        self.shape.full
    }

    /// Write a symbol in a cell and strike it from the cell's peers (pencil-mark upkeep,
    /// part of writing the digit, so not logged as a change of its own).
    pub fn place(&mut self, i: usize, b: Mask) -> Outcome<()> {
        if self.cand[i] & b == 0 {
            return Err(Contradiction);
        }
        self.cand[i] = b;
        self.version += 1;
        if !self.placed[i] {
            self.placed[i] = true;
            for &k in &self.shape.covering_of[i] {
                self.open_left[k] -= 1;
                if self.open_left[k] == 1 {
                    self.full_houses.push(k);
                }
            }
        }
        if let Some(log) = self.log.as_mut() {
            log.push(Change::Place(i, b));
        }
        let keep = !b;
        let peers = Arc::clone(&self.peers);
        for &p in &peers[i] {
            let d = self.cand[p];
            if d & b != 0 {
                let d = d & keep;
                if d == 0 {
                    return Err(Contradiction);
                }
                self.cand[p] = d;
            }
        }
        Ok(())
    }

    /// Remove candidates from a cell; true when something was removed.
    pub fn eliminate(&mut self, i: usize, bits: Mask) -> Outcome<bool> {
        let d = self.cand[i];
        if d & bits == 0 {
            return Ok(false);
        }
        if let Some(log) = self.log.as_mut() {
            log.push(Change::Remove(i, d & bits));
        }
        let d = d & !bits;
        if d == 0 {
            return Err(Contradiction);
        }
        self.cand[i] = d;
        self.version += 1;
        Ok(true)
    }

    /// Keep only `bits` among a cell's candidates.
    pub fn restrict(&mut self, i: usize, bits: Mask) -> Outcome<bool> {
        self.eliminate(i, self.cand[i] & !bits)
    }

    /// Keep in each cell only its support (the candidates some way of filling the cells
    /// together still uses); true when a mark was crossed out.
    pub fn narrow(&mut self, cells: &[usize], support: &[Mask]) -> Outcome<bool> {
        let mut progress = false;
        for (&i, &keep) in cells.iter().zip(support) {
            if self.cand[i] & !keep != 0 {
                self.restrict(i, keep)?;
                progress = true;
            }
        }
        Ok(progress)
    }

    pub fn recording(&self) -> bool {
        self.log.is_some()
    }

    /// What the step under way looked at, for its sentence; kept only while recording.
    pub fn note(&mut self, detail: Detail) {
        if self.log.is_some() {
            self.detail = Some(detail);
        }
    }

    pub fn solved(&self) -> bool {
        self.placed.iter().all(|&p| p)
    }

    /// Per symbol, the open cells that still have it (kept until the marks change).
    pub fn where_(&mut self) -> &[CellSet] {
        let stale = !matches!(&self.where_cache, Some((v, _)) if *v == self.version);
        if stale {
            let mut found = vec![CellSet::EMPTY; self.nsym()];
            for i in 0..self.n() {
                if !self.placed[i] {
                    for k in bit_indices(self.cand[i]) {
                        found[k].insert(i);
                    }
                }
            }
            self.where_cache = Some((self.version, found));
        }
        &self.where_cache.as_ref().expect("just filled").1
    }

    /// The symbol values of a mask (a step's digits).
    pub fn symbols_of(&self, bits: Mask) -> Vec<i64> {
        bit_indices(bits).map(|k| self.shape.symbols[k]).collect()
    }

    /// The open cells among these.
    pub fn open(&self, cells: &[usize]) -> Vec<usize> {
        // Room for all of them at once: a list grown one cell at a time reallocates.
        let mut found = Vec::with_capacity(cells.len());
        found.extend(cells.iter().copied().filter(|&i| !self.placed[i]));
        found
    }
}
