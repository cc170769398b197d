//! Every position of a small board, grouped by its exact distance from a goal: the
//! breadth-first layers small scrambles are drawn from (uniformly, at an exact
//! distance), the longest distance a small board offers, and the exact bound that
//! counting shortest solutions walks down (count.rs).
//!
//! Positions here are in the caller's tile numbers (0 the blank), not the label frame:
//! Python draws "the k-th position of layer d" in the order of its own tuples, so a
//! layer is kept in that order. A position is stored as its lexicographic rank among
//! the permutations of its cells, which keeps that order (the ranks of two positions
//! compare as the positions do) in four bytes, and indexes the table of distances.
//!
//! Memory: the 3×3's 181,440 positions take 4 bytes each in their layers and the
//! 9! = 362,880 ranks a byte each in the distance table, about 1.1 MiB in all; boards
//! are limited to MAX_CELLS cells.

use super::board::Geometry;
use super::ida::{Watch, CHECK_EVERY};

/// The most cells a board searched whole may have: 9 (the 3×3, 2×4 and 2×3 and their
/// turned shapes). The 2×5's 1.8 million positions are not searched here.
pub const MAX_CELLS: usize = 9;

/// A rank's entry in the distance table when the goal cannot reach it (the other parity).
const UNREACHED: u8 = u8::MAX;

/// n! for n up to MAX_CELLS.
const FACTORIALS: [u32; MAX_CELLS + 1] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362_880];

/// A position of at most MAX_CELLS cells, kept on the stack while it is searched.
type Cells = [u8; MAX_CELLS];

/// The position's lexicographic rank among all orderings of 0..n (n ≤ MAX_CELLS).
pub fn rank(position: &[u8]) -> u32 {
    let n = position.len();
    let mut used = 0u16;
    let mut rank = 0;
    for (i, &value) in position.iter().enumerate() {
        // The values smaller than this one still to come: those not used before it.
        let smaller_used = (used & ((1 << value) - 1)).count_ones();
        rank += (u32::from(value) - smaller_used) * FACTORIALS[n - 1 - i];
        used |= 1 << value;
    }
    rank
}

/// The ordering of 0..n with lexicographic rank `rank` (`rank < n!`), in `cells[..n]`.
fn unrank_into(mut rank: u32, n: usize, cells: &mut Cells) {
    let mut unused = (1u16 << n) - 1;
    for (i, cell) in cells.iter_mut().take(n).enumerate() {
        let place = FACTORIALS[n - 1 - i];
        let mut skip = rank / place;
        rank %= place;
        let mut value = unused.trailing_zeros();
        while skip > 0 {
            value = (unused & !((2 << value) - 1)).trailing_zeros();
            skip -= 1;
        }
        *cell = value as u8;
        unused &= !(1 << value);
    }
}

/// The ordering of 0..n with lexicographic rank `rank` (`rank < n!`).
pub fn unrank(rank: u32, n: usize) -> Vec<u8> {
    let mut cells = [0; MAX_CELLS];
    unrank_into(rank, n, &mut cells);
    cells[..n].to_vec()
}

/// The layers of one goal on one board (see the module's note).
pub struct Layers {
    pub rows: usize,
    pub cols: usize,
    pub goal: Vec<u8>,
    /// Every reachable position's rank, layer after layer, each layer ascending.
    ranks: Vec<u32>,
    /// Where each layer starts in `ranks`, and where the last one ends.
    starts: Vec<usize>,
    /// Each rank's distance from the goal, UNREACHED for the other parity.
    distances: Vec<u8>,
}

impl Layers {
    /// Why `goal` cannot be searched whole on `board`, if it cannot: more than
    /// MAX_CELLS cells, or not every tile from 0 to cells−1 once.
    pub fn check(board: &Geometry, goal: &[u8]) -> Result<(), String> {
        if board.cells() > MAX_CELLS {
            return Err(format!(
                "a {}x{} board is too large to search whole (at most {MAX_CELLS} cells)",
                board.rows, board.cols
            ));
        }
        board.check_position(goal, 0)
    }

    /// Breadth-first search from `goal` (checked by `check` first); the watch is asked
    /// every 65,536 positions expanded.
    pub fn build<W: Watch>(
        board: &Geometry,
        goal: &[u8],
        watch: &mut W,
    ) -> Result<Layers, W::Stop> {
        let n = board.cells();
        let mut distances = vec![UNREACHED; FACTORIALS[n] as usize];
        let start = rank(goal);
        distances[start as usize] = 0;
        let mut ranks = vec![start];
        let mut starts = vec![0, 1];
        let mut expanded = 0u64;
        let mut depth = 0u8;
        loop {
            let layer = starts[starts.len() - 2]..starts[starts.len() - 1];
            let mut next = Vec::new();
            for i in layer {
                expanded += 1;
                if expanded.is_multiple_of(CHECK_EVERY) {
                    watch.check()?;
                }
                let mut cells = [0; MAX_CELLS];
                unrank_into(ranks[i], n, &mut cells);
                let position = &mut cells[..n];
                let hole = position.iter().position(|&tile| tile == 0).unwrap_or(0);
                for &cell in board.neighbours(hole) {
                    position.swap(hole, cell as usize);
                    let moved = rank(position);
                    if distances[moved as usize] == UNREACHED {
                        distances[moved as usize] = depth + 1;
                        next.push(moved);
                    }
                    position.swap(hole, cell as usize);
                }
            }
            if next.is_empty() {
                break;
            }
            next.sort_unstable();
            ranks.extend(next);
            starts.push(ranks.len());
            depth += 1;
        }
        Ok(Layers {
            rows: board.rows,
            cols: board.cols,
            goal: goal.to_vec(),
            ranks,
            starts,
            distances,
        })
    }

    /// How many layers: the longest distance plus one.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Never: a goal is its own layer 0.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many positions are exactly `distance` moves from the goal (None past the last).
    pub fn size(&self, distance: usize) -> Option<usize> {
        (distance < self.len()).then(|| self.starts[distance + 1] - self.starts[distance])
    }

    /// The `k`-th position (from 0, in ascending order) of layer `distance`.
    pub fn position(&self, distance: usize, k: usize) -> Option<Vec<u8>> {
        if k >= self.size(distance)? {
            return None;
        }
        Some(unrank(
            self.ranks[self.starts[distance] + k],
            self.goal.len(),
        ))
    }

    /// A position's distance from the goal (the caller has checked it is a position of
    /// this board); None when the goal cannot reach it.
    pub fn distance(&self, position: &[u8]) -> Option<u8> {
        let found = self.distances[rank(position) as usize];
        (found != UNREACHED).then_some(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::ida::Unwatched;

    fn layers(rows: usize, cols: usize, goal: &[u8]) -> Layers {
        let board = Geometry::new(rows, cols).unwrap();
        Layers::check(&board, goal).unwrap();
        match Layers::build(&board, goal, &mut Unwatched) {
            Ok(layers) => layers,
            Err(never) => match never {},
        }
    }

    #[test]
    fn rank_and_unrank_are_inverse_and_keep_the_order() {
        let all: Vec<Vec<u8>> = (0..FACTORIALS[5]).map(|r| unrank(r, 5)).collect();
        assert!(all.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(all.iter().enumerate().all(|(r, p)| rank(p) == r as u32));
        assert_eq!(unrank(0, 4), vec![0, 1, 2, 3]);
        assert_eq!(rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), FACTORIALS[9] - 1);
        assert_eq!(
            unrank(FACTORIALS[9] - 1, 9),
            vec![8, 7, 6, 5, 4, 3, 2, 1, 0]
        );
    }

    #[test]
    fn the_3x3_has_181440_positions_at_most_31_moves_away() {
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let found = layers(3, 3, &goal);
        let sizes: Vec<usize> = (0..found.len()).map(|d| found.size(d).unwrap()).collect();
        // The 8-puzzle's known distribution of distances from a goal with a corner blank.
        let known = [
            1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638,
            9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
        ];
        assert_eq!(sizes, known);
        assert_eq!(sizes.iter().sum::<usize>(), 181_440);
        assert_eq!(found.len(), 32);
        assert_eq!(found.size(32), None);
    }

    #[test]
    fn a_layer_is_in_ascending_order_and_each_position_is_at_its_distance() {
        let goal = [0, 1, 2, 3, 4, 5, 6, 7];
        let found = layers(2, 4, &goal);
        assert_eq!(found.position(0, 0), Some(goal.to_vec()));
        assert_eq!(found.position(0, 1), None);
        for distance in 0..found.len() {
            let size = found.size(distance).unwrap();
            let layer: Vec<Vec<u8>> = (0..size)
                .map(|k| found.position(distance, k).unwrap())
                .collect();
            assert!(layer.windows(2).all(|pair| pair[0] < pair[1]));
            assert!(layer
                .iter()
                .all(|p| found.distance(p) == Some(distance as u8)));
        }
        // Half the orderings: the other parity is never reached.
        assert_eq!(found.ranks.len(), 20_160);
        assert_eq!(found.distance(&[0, 2, 1, 3, 4, 5, 6, 7]), None);
    }

    #[test]
    fn the_blank_next_to_its_home_is_one_move_away() {
        let found = layers(2, 3, &[1, 2, 3, 4, 5, 0]);
        assert_eq!(found.distance(&[1, 2, 3, 4, 0, 5]), Some(1));
        assert_eq!(found.distance(&[1, 2, 0, 4, 5, 3]), Some(1));
        assert_eq!(found.size(1), Some(2));
        assert_eq!(found.position(1, 0), Some(vec![1, 2, 0, 4, 5, 3]));
        assert_eq!(found.position(1, 1), Some(vec![1, 2, 3, 4, 0, 5]));
        assert_eq!(
            (1..found.len())
                .filter_map(|d| found.size(d))
                .sum::<usize>(),
            359
        );
    }

    #[test]
    fn a_board_too_large_or_a_bad_goal_is_refused() {
        let wide = Geometry::new(2, 5).unwrap();
        assert!(Layers::check(&wide, &(0..10).collect::<Vec<u8>>()).is_err());
        let board = Geometry::new(2, 3).unwrap();
        assert!(Layers::check(&board, &[1, 2, 3, 4, 5, 5]).is_err());
        assert!(Layers::check(&board, &[1, 2, 3, 4, 5]).is_err());
    }
}
