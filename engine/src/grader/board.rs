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
    ///
    /// The board is the one `place` makes writing the givens in one after another (the
    /// same marks, full houses in the same order, and a Contradiction exactly when that
    /// would meet one), worked out a group at a time: a generator makes boards by the
    /// thousand, and striking each given from its peers one by one was most of the cost.
    pub fn new(shape: Arc<Shape>, givens: &[(usize, usize)]) -> Outcome<Board> {
        let n = shape.n;
        let full = shape.full;
        if givens.is_empty() {
            // No givens (boards of cage families): nothing to strike.
            return Ok(Board::with_marks(shape, vec![full; n], 0));
        }
        // Each cell's given (0: none); a cell given twice must be given the same symbol.
        let mut given: Vec<Mask> = vec![0; n];
        for &(i, k) in givens {
            let b: Mask = 1 << k;
            if b & full == 0 || (given[i] != 0 && given[i] != b) {
                return Err(Contradiction);
            }
            given[i] = b;
        }
        // A symbol given twice in a group clashes (peers are the groups' cells); each cell
        // loses what its groups were given.
        let mut struck: Vec<Mask> = vec![0; n];
        for cells in &shape.groups {
            let (mut used, mut twice): (Mask, Mask) = (0, 0);
            for &i in cells {
                twice |= used & given[i];
                used |= given[i];
            }
            if twice != 0 {
                return Err(Contradiction);
            }
            if used != 0 {
                for &i in cells {
                    struck[i] |= used;
                }
            }
        }
        let cand: Vec<Mask> = given
            .iter()
            .zip(&struck)
            .map(|(&g, &s)| if g != 0 { g } else { full & !s })
            .collect();
        if cand.contains(&0) {
            return Err(Contradiction);
        }
        let mut board = Board::with_marks(shape, cand, givens.len() as u64);
        for &(i, _) in givens {
            if !board.placed[i] {
                board.placed[i] = true;
                for &k in &board.shape.covering_of[i] {
                    board.open_left[k] -= 1;
                    if board.open_left[k] == 1 {
                        board.full_houses.push(k);
                    }
                }
            }
        }
        Ok(board)
    }

    /// A board with these pencil marks and nothing placed: no cell written in, every
    /// group's cells all open, no full house waiting.
    fn with_marks(shape: Arc<Shape>, cand: Vec<Mask>, version: u64) -> Board {
        Board {
            peers: Arc::clone(&shape.peers),
            placed: vec![false; shape.n],
            open_left: shape
                .covering
                .iter()
                .map(|&g| shape.groups[g].len())
                .collect(),
            cand,
            full_houses: Vec::new(),
            log: None,
            detail: None,
            version,
            where_cache: None,
            shape,
        }
    }

    /// `new` the way it was first written, a given at a time (what `new` is tested against).
    #[cfg(test)]
    pub fn placing_each(shape: Arc<Shape>, givens: &[(usize, usize)]) -> Outcome<Board> {
        let marks = vec![shape.full; shape.n];
        let mut board = Board::with_marks(shape, marks, 0);
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::Board;
    use crate::grader::test_shapes::{sudoku6 as shape, GRID};
    use crate::rng::Rng;

    /// A board made at once is the board made a given at a time: the same marks, cells
    /// written in, houses left, full houses in the same order, and a contradiction exactly
    /// when placing them one by one meets one (givens at random, clashing or not, some
    /// cells given twice).
    #[test]
    fn a_board_made_at_once_is_the_board_made_a_given_at_a_time() {
        let mut rng = Rng::new(7);
        let (mut made, mut refused) = (0, 0);
        for x in [false, true] {
            let shape = shape(x);
            for _ in 0..3000 {
                let count = rng.below(36);
                let givens: Vec<(usize, usize)> = if rng.below(2) == 0 {
                    (0..count).map(|_| (rng.below(36), rng.below(6))).collect()
                } else {
                    // Givens of a full grid in random order, one of them changed at times.
                    let mut cells: Vec<usize> = (0..36).collect();
                    rng.shuffle(&mut cells);
                    let mut givens: Vec<(usize, usize)> = cells[..count]
                        .iter()
                        .map(|&i| (i, usize::from(GRID[i / 6][i % 6])))
                        .collect();
                    if count > 0 && rng.below(3) == 0 {
                        givens[rng.below(count)].1 = rng.below(6);
                    }
                    givens
                };
                let at_once = Board::new(Arc::clone(&shape), &givens);
                let each = Board::placing_each(Arc::clone(&shape), &givens);
                match (at_once, each) {
                    (Ok(a), Ok(b)) => {
                        made += 1;
                        assert_eq!(a.cand, b.cand);
                        assert_eq!(a.placed, b.placed);
                        assert_eq!(a.open_left, b.open_left);
                        assert_eq!(a.full_houses, b.full_houses);
                        assert_eq!(a.version, b.version);
                    }
                    (Err(_), Err(_)) => refused += 1,
                    _ => panic!("one way refuses {givens:?} and the other not"),
                }
            }
        }
        assert!(
            made > 500 && refused > 500,
            "{made} made, {refused} refused"
        );
    }
}
