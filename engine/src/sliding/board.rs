//! A sliding-tile board's geometry and the positions searched on it.
//!
//! Positions arrive already rewritten as *labels* (bookgen/puzzles/sliding/board.py's
//! label frame): each tile is named by the cell it occupies in the goal, so the goal
//! is the identity and the blank is the label of its own goal cell. Every search here
//! works in that frame.

/// The longest side `bookgen solve` reads (rules.SOLVE_MAX_SIDE): 64 cells, so a label
/// fits in a `u8` and a set of cells in a `u64`.
pub const MAX_SIDE: usize = 8;

/// A cell's neighbours, always in the order up, left, right, down: that order is the
/// search's child order, on which "the lexicographically first shortest path" rests,
/// and it must be the Python board's (`board.neighbours`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Neighbours {
    cells: [u8; 4],
    len: u8,
}

impl Neighbours {
    pub fn as_slice(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

/// Rows, columns and the neighbours of every cell, computed once per search.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub rows: usize,
    pub cols: usize,
    near: Vec<Neighbours>,
}

impl Geometry {
    /// The board, or why it cannot be one (sides from 2 to MAX_SIDE).
    pub fn new(rows: usize, cols: usize) -> Result<Geometry, String> {
        if !(2..=MAX_SIDE).contains(&rows) || !(2..=MAX_SIDE).contains(&cols) {
            return Err(format!(
                "a {rows}x{cols} board: sides must be 2 to {MAX_SIDE}"
            ));
        }
        let near = (0..rows * cols)
            .map(|cell| {
                let (r, c) = (cell / cols, cell % cols);
                let mut found = Neighbours::default();
                let candidates = [
                    (r > 0, cell.wrapping_sub(cols)),
                    (c > 0, cell.wrapping_sub(1)),
                    (c + 1 < cols, cell + 1),
                    (r + 1 < rows, cell + cols),
                ];
                for (exists, other) in candidates {
                    if exists {
                        found.cells[found.len as usize] = other as u8;
                        found.len += 1;
                    }
                }
                found
            })
            .collect();
        Ok(Geometry { rows, cols, near })
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    pub fn neighbours(&self, cell: usize) -> &[u8] {
        self.near[cell].as_slice()
    }

    /// The cell mirrored in the main diagonal, on a square board.
    pub fn transpose(&self, cell: usize) -> usize {
        (cell % self.cols) * self.rows + cell / self.cols
    }

    /// Whether the mirror in the main diagonal maps the goal to itself: a square board
    /// whose blank sits on the diagonal. Then a position and its mirror image are
    /// equally far from the goal, and a heuristic may take the larger of their values.
    pub fn has_mirror(&self, blank: u8) -> bool {
        self.rows == self.cols && self.transpose(blank as usize) == blank as usize
    }

    /// `labels` as a position on this board, or why it is not one: every label from 0
    /// to cells−1 exactly once, and a blank among them.
    pub fn check_position(&self, labels: &[u8], blank: u8) -> Result<(), String> {
        let n = self.cells();
        if labels.len() != n {
            return Err(format!(
                "a {}x{} position has {n} cells, got {}",
                self.rows,
                self.cols,
                labels.len()
            ));
        }
        if blank as usize >= n {
            return Err(format!(
                "the blank's label {blank} is not a cell of the board"
            ));
        }
        let mut seen = 0u64;
        for &label in labels {
            if label as usize >= n || seen & (1 << label) != 0 {
                return Err("a position must hold every label from 0 to cells-1 once".into());
            }
            seen |= 1 << label;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_come_up_left_right_down() {
        let board = Geometry::new(3, 4).unwrap();
        assert_eq!(board.neighbours(5), &[1, 4, 6, 9]);
        assert_eq!(board.neighbours(0), &[1, 4]);
        assert_eq!(board.neighbours(11), &[7, 10]);
    }

    #[test]
    fn transpose_is_its_own_inverse_on_a_square() {
        let board = Geometry::new(4, 4).unwrap();
        assert_eq!(board.transpose(1), 4);
        assert_eq!(board.transpose(7), 13);
        assert!((0..16).all(|cell| board.transpose(board.transpose(cell)) == cell));
        assert!(board.has_mirror(0) && board.has_mirror(15) && !board.has_mirror(3));
        assert!(!Geometry::new(3, 4).unwrap().has_mirror(0));
    }

    #[test]
    fn a_board_outside_the_sides_is_refused() {
        assert!(Geometry::new(1, 4).is_err());
        assert!(Geometry::new(4, 9).is_err());
    }

    #[test]
    fn a_position_is_checked_before_any_search() {
        let board = Geometry::new(2, 3).unwrap();
        assert!(board.check_position(&[0, 1, 2, 3, 4, 5], 0).is_ok());
        assert!(board.check_position(&[0, 1, 2, 3, 4], 0).is_err());
        assert!(board.check_position(&[0, 1, 2, 3, 4, 4], 0).is_err());
        assert!(board.check_position(&[0, 1, 2, 3, 4, 9], 0).is_err());
        assert!(board.check_position(&[0, 1, 2, 3, 4, 5], 6).is_err());
    }
}
