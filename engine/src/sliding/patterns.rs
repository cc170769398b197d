//! Additive pattern databases: the tiles split into disjoint patterns, each with a table
//! of the fewest moves of its own tiles that bring them home from any placement
//! (tables.rs builds them). Moves of other tiles are free in a pattern's count and
//! each real move moves one tile, so the tables' values add up to a lower bound (Korf
//! and Felner, "Disjoint pattern database heuristics", 2002).
//!
//! A table is indexed by Σ cell(tileᵢ)·N^(k−1−i), N the cells and k the pattern's
//! tiles: sparse (16^6 bytes for six tiles of the 4x4, where 16·15·…·11 would do), but a
//! move changes one term, so the search keeps each index up with one addition. Indices
//! no placement has (two tiles in one cell) hold UNREACHED.

use super::board::Geometry;
use super::ida::Heuristic;

/// What a table holds where no placement is.
pub const UNREACHED: u8 = u8::MAX;

/// The largest table built: 2^25 bytes (32 MiB). The 4x4's six-tile tables take 16 MiB.
pub const MAX_TABLE_BYTES: usize = 1 << 25;

/// A pattern: the labels of its tiles, checked against the board, and its table's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub labels: Vec<u8>,
    pub table_length: usize,
}

impl Pattern {
    /// Distinct labels of the board other than the blank, with a table of at most
    /// MAX_TABLE_BYTES; or why not.
    pub fn new(board: &Geometry, blank: u8, labels: Vec<u8>) -> Result<Pattern, String> {
        let n = board.cells();
        if labels.is_empty() {
            return Err("a pattern needs at least one tile".into());
        }
        let mut seen = 0u64;
        for &label in &labels {
            if label as usize >= n || label == blank || seen & (1 << label) != 0 {
                return Err(format!(
                    "pattern {labels:?}: tiles must be distinct labels of the board, not the blank"
                ));
            }
            seen |= 1 << label;
        }
        let length = u32::try_from(labels.len())
            .ok()
            .and_then(|k| n.checked_pow(k))
            .filter(|&length| length <= MAX_TABLE_BYTES);
        match length {
            Some(table_length) => Ok(Pattern {
                labels,
                table_length,
            }),
            None => Err(format!(
                "pattern {labels:?} on {n} cells needs a table over {MAX_TABLE_BYTES} bytes"
            )),
        }
    }

    /// Each tile's weight in the table's index: N^(k−1−i).
    pub fn weights(&self, cells: usize) -> Vec<usize> {
        let k = self.labels.len();
        (0..k).map(|i| cells.pow((k - 1 - i) as u32)).collect()
    }
}

/// A partition of the tiles into disjoint patterns, each with its table.
pub struct PatternDatabase {
    pub board: Geometry,
    pub blank: u8,
    pub patterns: Vec<Pattern>,
    pub tables: Vec<Vec<u8>>,
}

impl PatternDatabase {
    /// Tables built here or read from the cache, checked against their patterns.
    pub fn new(
        board: Geometry,
        blank: u8,
        patterns: Vec<Pattern>,
        tables: Vec<Vec<u8>>,
    ) -> Result<Self, String> {
        if patterns.len() != tables.len() {
            return Err("one table is needed for every pattern".into());
        }
        let mut seen = 0u64;
        for (pattern, table) in patterns.iter().zip(&tables) {
            if table.len() != pattern.table_length {
                return Err(format!(
                    "the table of pattern {:?} has {} bytes, not {}",
                    pattern.labels,
                    table.len(),
                    pattern.table_length
                ));
            }
            for &label in &pattern.labels {
                if seen & (1 << label) != 0 {
                    return Err(format!("tile {label} is in two patterns"));
                }
                seen |= 1 << label;
            }
        }
        Ok(PatternDatabase {
            board,
            blank,
            patterns,
            tables,
        })
    }

    /// Whether every tile is in a pattern. Only then does a sum of 0 mean the goal, so
    /// only then may the search be guided by the tables alone.
    pub fn covers_every_tile(&self) -> bool {
        let covered: usize = self.patterns.iter().map(|p| p.labels.len()).sum();
        covered + 1 == self.board.cells()
    }

    /// Each pattern's sum, looked up on the position and on its mirror image (0 where
    /// the board has no mirror).
    pub fn lookup(&self, position: &[u8]) -> (u32, u32) {
        let mut heuristic = PatternHeuristic::new(self, 1);
        let value = heuristic.initial(position);
        (value.regular, value.mirrored)
    }
}

/// The two sums the search carries: the position's and its mirror image's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sums {
    pub regular: u32,
    pub mirrored: u32,
}

/// The database as a heuristic: the larger of the position's and its mirror image's
/// sums (both admissible, see Geometry::has_mirror), times `weight`.
///
/// The mirror image of a position puts label T(t) in cell T(c) wherever label t is in
/// cell c (T the transpose); looked up in the same tables, pattern p's index then sums
/// T(cell of T(q)) over its labels q. So label t counts, in the mirrored sums, for the
/// pattern of T(t), at the weight of T(t), from the transposed cell.
pub struct PatternHeuristic<'a> {
    database: &'a PatternDatabase,
    weight: u32,
    mirror: bool,
    /// Per label: its pattern (or NO_PATTERN) and its weight in that pattern's index.
    pattern_of: Vec<u8>,
    weight_of: Vec<usize>,
    /// The same for the label whose mirror image this label is.
    mirror_pattern_of: Vec<u8>,
    mirror_weight_of: Vec<usize>,
    transposed: Vec<usize>,
    index: Vec<usize>,
    mirror_index: Vec<usize>,
}

const NO_PATTERN: u8 = u8::MAX;

impl<'a> PatternHeuristic<'a> {
    pub fn new(database: &'a PatternDatabase, weight: u32) -> Self {
        let board = &database.board;
        let n = board.cells();
        let mut pattern_of = vec![NO_PATTERN; n];
        let mut weight_of = vec![0; n];
        for (p, pattern) in database.patterns.iter().enumerate() {
            for (&label, w) in pattern.labels.iter().zip(pattern.weights(n)) {
                pattern_of[label as usize] = p as u8;
                weight_of[label as usize] = w;
            }
        }
        let mirror = board.has_mirror(database.blank);
        let transposed: Vec<usize> = (0..n)
            .map(|cell| if mirror { board.transpose(cell) } else { cell })
            .collect();
        PatternHeuristic {
            database,
            weight,
            mirror,
            mirror_pattern_of: transposed.iter().map(|&t| pattern_of[t]).collect(),
            mirror_weight_of: transposed.iter().map(|&t| weight_of[t]).collect(),
            pattern_of,
            weight_of,
            transposed,
            index: vec![0; database.patterns.len()],
            mirror_index: vec![0; database.patterns.len()],
        }
    }

    fn sum(&self, indices: &[usize]) -> u32 {
        let tables = &self.database.tables;
        indices
            .iter()
            .zip(tables)
            .map(|(&i, table)| table[i] as u32)
            .sum()
    }

    /// The index `pattern` has after a term moves from `from` to `to` at weight `w`.
    fn moved(index: usize, w: usize, from: usize, to: usize) -> usize {
        index + to * w - from * w
    }
}

impl Heuristic for PatternHeuristic<'_> {
    type Value = Sums;

    fn initial(&mut self, position: &[u8]) -> Sums {
        self.index.iter_mut().for_each(|i| *i = 0);
        self.mirror_index.iter_mut().for_each(|i| *i = 0);
        for (cell, &label) in position.iter().enumerate() {
            let label = label as usize;
            if self.pattern_of[label] != NO_PATTERN {
                self.index[self.pattern_of[label] as usize] += cell * self.weight_of[label];
            }
            if self.mirror && self.mirror_pattern_of[label] != NO_PATTERN {
                let p = self.mirror_pattern_of[label] as usize;
                self.mirror_index[p] += self.transposed[cell] * self.mirror_weight_of[label];
            }
        }
        Sums {
            regular: self.sum(&self.index),
            mirrored: if self.mirror {
                self.sum(&self.mirror_index)
            } else {
                0
            },
        }
    }

    fn estimate(&self, sums: Sums) -> u32 {
        self.weight * sums.regular.max(sums.mirrored)
    }

    fn after(&self, _position: &[u8], sums: Sums, tile: u8, from: usize, to: usize) -> Sums {
        let tile = tile as usize;
        let tables = &self.database.tables;
        let mut next = sums;
        let p = self.pattern_of[tile];
        if p != NO_PATTERN {
            let (table, old) = (&tables[p as usize], self.index[p as usize]);
            let new = Self::moved(old, self.weight_of[tile], from, to);
            next.regular = sums.regular + table[new] as u32 - table[old] as u32;
        }
        let p = self.mirror_pattern_of[tile];
        if self.mirror && p != NO_PATTERN {
            let (table, old) = (&tables[p as usize], self.mirror_index[p as usize]);
            let (from, to) = (self.transposed[from], self.transposed[to]);
            let new = Self::moved(old, self.mirror_weight_of[tile], from, to);
            next.mirrored = sums.mirrored + table[new] as u32 - table[old] as u32;
        }
        next
    }

    fn enter(&mut self, _parent: Sums, _child: Sums, tile: u8, from: usize, to: usize) {
        self.shift(tile, from, to);
    }

    fn leave(&mut self, _parent: Sums, _child: Sums, tile: u8, from: usize, to: usize) {
        self.shift(tile, to, from);
    }
}

impl PatternHeuristic<'_> {
    /// Keep the indices up with `tile` moving from `from` to `to`.
    fn shift(&mut self, tile: u8, from: usize, to: usize) {
        let tile = tile as usize;
        let p = self.pattern_of[tile];
        if p != NO_PATTERN {
            let index = &mut self.index[p as usize];
            *index = Self::moved(*index, self.weight_of[tile], from, to);
        }
        let p = self.mirror_pattern_of[tile];
        if self.mirror && p != NO_PATTERN {
            let (from, to) = (self.transposed[from], self.transposed[to]);
            let index = &mut self.mirror_index[p as usize];
            *index = Self::moved(*index, self.mirror_weight_of[tile], from, to);
        }
    }
}
