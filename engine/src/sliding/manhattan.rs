//! Manhattan distance plus linear conflict, on every board, kept up one move at a time.
//!
//! Manhattan distance counts each tile's rows and columns from home. Linear conflict
//! adds two moves for each tile that must leave a line (a row or a column) so that the
//! tiles in their goal line are in goal order: 2 × (count − longest increasing run).
//! Both are admissible and they add up (Hansson, Mayer and Yung, 1992).
//!
//! A move changes the conflict of one line at most: a tile sliding along a row keeps
//! its order in that row and may leave or enter one column — its goal column only
//! matters — and the same for a tile sliding along a column. That line's cost is
//! worked out again from the board (at most 8 cells), so no table grows with the board.

use super::board::Geometry;
use super::ida::Heuristic;

/// The heuristic's two parts, carried from a node to its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub manhattan: u32,
    pub conflict: u32,
}

/// Manhattan + linear conflict for one board and blank, times `weight`.
pub struct ManhattanConflict<'a> {
    board: &'a Geometry,
    blank: u8,
    weight: u32,
    goal_row: Vec<u8>,
    goal_col: Vec<u8>,
    /// The conflict cost of every row (0..rows), then every column.
    line_cost: Vec<u32>,
}

impl<'a> ManhattanConflict<'a> {
    pub fn new(board: &'a Geometry, blank: u8, weight: u32) -> Self {
        let n = board.cells();
        ManhattanConflict {
            board,
            blank,
            weight,
            goal_row: (0..n).map(|label| (label / board.cols) as u8).collect(),
            goal_col: (0..n).map(|label| (label % board.cols) as u8).collect(),
            line_cost: vec![0; board.rows + board.cols],
        }
    }

    /// The unweighted value of a whole position (the lower bound `bookgen solve` prints).
    pub fn value(&mut self, position: &[u8]) -> u32 {
        let parts = self.initial(position);
        parts.manhattan + parts.conflict
    }

    fn distance(&self, label: u8, cell: usize) -> u32 {
        let (r, c) = (cell / self.board.cols, cell % self.board.cols);
        let (gr, gc) = (self.goal_row[label as usize], self.goal_col[label as usize]);
        (r.abs_diff(gr as usize) + c.abs_diff(gc as usize)) as u32
    }

    /// The line whose conflict a move of `tile` from `from` to `to` can change, if any:
    /// the column (rows + c) it leaves or enters as its goal column, moving along a
    /// row; the row it leaves or enters as its goal row, moving along a column.
    fn changed_line(&self, tile: u8, from: usize, to: usize) -> Option<usize> {
        let cols = self.board.cols;
        let (fr, fc, tr, tc) = (from / cols, from % cols, to / cols, to % cols);
        if fr == tr {
            let goal = self.goal_col[tile as usize] as usize;
            (goal == fc || goal == tc).then_some(self.board.rows + goal)
        } else {
            let goal = self.goal_row[tile as usize] as usize;
            (goal == fr || goal == tr).then_some(goal)
        }
    }

    /// The conflict cost of a line (a row below `rows`, else a column) on `position`.
    fn line_conflict(&self, position: &[u8], line: usize) -> u32 {
        let (rows, cols) = (self.board.rows, self.board.cols);
        // Cells of the line: start, step between them, how many.
        let (start, step, length) = if line < rows {
            (line * cols, 1, cols)
        } else {
            (line - rows, cols, rows)
        };
        let mut order = [0u8; super::board::MAX_SIDE];
        let mut count = 0;
        for p in 0..length {
            let label = position[start + p * step] as usize;
            if label == self.blank as usize {
                continue;
            }
            // Where the tile belongs along this line, if this is its goal line.
            let along = if line < rows {
                (self.goal_row[label] as usize == line).then_some(self.goal_col[label])
            } else {
                (self.goal_col[label] as usize + rows == line).then_some(self.goal_row[label])
            };
            if let Some(along) = along {
                order[count] = along;
                count += 1;
            }
        }
        2 * (count - longest_increasing(&order[..count])) as u32
    }
}

/// The length of the longest strictly increasing subsequence (patience sorting).
fn longest_increasing(values: &[u8]) -> usize {
    let mut tails = [0u8; super::board::MAX_SIDE];
    let mut len = 0;
    for &v in values {
        let at = tails[..len].partition_point(|&t| t < v);
        tails[at] = v;
        len = len.max(at + 1);
    }
    len
}

impl Heuristic for ManhattanConflict<'_> {
    type Value = Parts;

    fn initial(&mut self, position: &[u8]) -> Parts {
        let manhattan = position
            .iter()
            .enumerate()
            .filter(|&(_, &label)| label != self.blank)
            .map(|(cell, &label)| self.distance(label, cell))
            .sum();
        for line in 0..self.line_cost.len() {
            self.line_cost[line] = self.line_conflict(position, line);
        }
        Parts {
            manhattan,
            conflict: self.line_cost.iter().sum(),
        }
    }

    fn estimate(&self, parts: Parts) -> u32 {
        self.weight * (parts.manhattan + parts.conflict)
    }

    fn after(&self, position: &[u8], parts: Parts, tile: u8, from: usize, to: usize) -> Parts {
        let manhattan = parts.manhattan + self.distance(tile, to) - self.distance(tile, from);
        let conflict = match self.changed_line(tile, from, to) {
            Some(line) => {
                parts.conflict + self.line_conflict(position, line) - self.line_cost[line]
            }
            None => parts.conflict,
        };
        Parts {
            manhattan,
            conflict,
        }
    }

    fn enter(&mut self, parent: Parts, child: Parts, tile: u8, from: usize, to: usize) {
        if let Some(line) = self.changed_line(tile, from, to) {
            self.line_cost[line] = self.line_cost[line] + child.conflict - parent.conflict;
        }
    }

    fn leave(&mut self, parent: Parts, child: Parts, tile: u8, from: usize, to: usize) {
        if let Some(line) = self.changed_line(tile, from, to) {
            self.line_cost[line] = self.line_cost[line] + parent.conflict - child.conflict;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_increasing_run() {
        assert_eq!(longest_increasing(&[]), 0);
        assert_eq!(longest_increasing(&[3, 0, 1, 2]), 3);
        assert_eq!(longest_increasing(&[3, 2, 1, 0]), 1);
        assert_eq!(longest_increasing(&[1, 3, 0, 2]), 2);
    }

    #[test]
    fn the_goal_is_worth_nothing() {
        let board = Geometry::new(4, 4).unwrap();
        let goal: Vec<u8> = (0..16).collect();
        assert_eq!(ManhattanConflict::new(&board, 0, 1).value(&goal), 0);
    }

    #[test]
    fn two_tiles_swapped_in_their_row_are_in_conflict() {
        // 3x3, blank label 0 top-left: tiles 2 and 1 swapped in the top row.
        let board = Geometry::new(3, 3).unwrap();
        let position = [0, 2, 1, 3, 4, 5, 6, 7, 8];
        // Manhattan 2, plus 2 for the conflict.
        assert_eq!(ManhattanConflict::new(&board, 0, 1).value(&position), 4);
    }

    #[test]
    fn two_tiles_swapped_in_their_column_are_in_conflict() {
        // 3x3, blank label 0: labels 3 and 6 (column 0, rows 1 and 2) swapped.
        let board = Geometry::new(3, 3).unwrap();
        let position = [0, 1, 2, 6, 4, 5, 3, 7, 8];
        assert_eq!(ManhattanConflict::new(&board, 0, 1).value(&position), 4);
    }

    #[test]
    fn a_tile_outside_its_goal_line_is_in_no_conflict() {
        // Labels 1 and 5 swapped: neither is then in its goal row or column.
        let board = Geometry::new(3, 3).unwrap();
        let position = [0, 5, 2, 3, 4, 1, 6, 7, 8];
        assert_eq!(ManhattanConflict::new(&board, 0, 1).value(&position), 4);
    }
}
