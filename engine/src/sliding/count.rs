//! How many different shortest move sequences take a position to its goal, for the
//! answer key ("3 ways take 26 moves; each is right").
//!
//! A path of the shortest length L never revisits a position, and a position on it is
//! as many moves from the start on every such path, so the paths are counted by a
//! depth-first search that only enters a position when a lower bound on its distance
//! still fits in the moves left, remembering the count from each (position, moves
//! left). With the exact distance (small boards: layers.rs) only positions on shortest
//! paths are entered. With the Manhattan distance (larger boards) a budget of
//! remembered counts stops the search: the count is then not known.
//!
//! The search is bookgen/puzzles/sliding/shortest.py's as it was in Python, step for
//! step, because a book must print the same thing as before: children in the order up,
//! left, right, down from the blank, a count remembered once all its children are
//! done, and the budget checked as "no new position once `budget` counts are
//! remembered", at the moment a position not yet remembered is entered. Positions are
//! in the caller's tile numbers, 0 the blank; the goal may be any arrangement.

use std::collections::HashMap;

use super::board::Geometry;
use super::ida::{Watch, CHECK_EVERY};
use super::layers::Layers;

/// The lower bound the search prunes with.
pub enum Bound<'a> {
    /// The exact distance, from the goal's layers (the caller checks they are this
    /// board's and this goal's).
    Exact(&'a Layers),
    /// The sum of the tiles' Manhattan distances from their goal cells.
    Manhattan,
}

/// Why a count stopped without an answer.
enum Halt<S> {
    /// `budget` counts were remembered and another position was needed.
    OverBudget,
    /// More ways than a u128 holds: only past 80 moves (at most 4·3^(L−1) ways, as
    /// no shortest path steps back), where no optimal search finishes anyway.
    TooMany,
    /// The watch said stop.
    Stopped(S),
}

/// A position being counted: where its blank is, the moves left, the next child to
/// try, the ways found so far and its bound (kept up move by move for Manhattan).
struct Frame {
    hole: u8,
    left: u32,
    next: u8,
    total: u128,
    bound: u32,
}

enum Entered {
    /// The count is known at once: no moves left, or remembered.
    Done(u128),
    /// A frame was pushed for it.
    Opened,
}

struct Counter<'a, W> {
    board: &'a Geometry,
    goal: &'a [u8],
    bound: Bound<'a>,
    /// Each tile's goal cell as (row, column).
    home: Vec<(usize, usize)>,
    budget: Option<usize>,
    known: HashMap<(Vec<u8>, u32), u128>,
    position: Vec<u8>,
    stack: Vec<Frame>,
    entered: u64,
    watch: &'a mut W,
}

/// The number of different sequences of `length` moves (the shortest distance) from
/// `start` to `goal`, both positions of `board` (checked by the caller); None when the
/// budget ran out, or past u128 (see Halt). The watch is asked every 65,536 positions
/// entered.
pub fn count_shortest<W: Watch>(
    board: &Geometry,
    start: &[u8],
    goal: &[u8],
    length: u32,
    bound: Bound<'_>,
    budget: Option<usize>,
    watch: &mut W,
) -> Result<Option<u128>, W::Stop> {
    let mut home = vec![(0, 0); goal.len()];
    for (cell, &tile) in goal.iter().enumerate() {
        home[tile as usize] = (cell / board.cols, cell % board.cols);
    }
    let mut counter = Counter {
        board,
        goal,
        bound,
        home,
        budget,
        known: HashMap::new(),
        position: start.to_vec(),
        stack: Vec::new(),
        entered: 0,
        watch,
    };
    match counter.run(length) {
        Ok(ways) => Ok(Some(ways)),
        Err(Halt::OverBudget | Halt::TooMany) => Ok(None),
        Err(Halt::Stopped(stop)) => Err(stop),
    }
}

impl<W: Watch> Counter<'_, W> {
    fn run(&mut self, length: u32) -> Result<u128, Halt<W::Stop>> {
        let hole = self
            .position
            .iter()
            .position(|&tile| tile == 0)
            .unwrap_or(0);
        let root = self.manhattan();
        if let Entered::Done(ways) = self.enter(hole, length, root)? {
            return Ok(ways);
        }
        let board = self.board;
        while let Some(frame) = self.stack.last_mut() {
            let (hole, left, bound) = (frame.hole as usize, frame.left, frame.bound);
            if let Some(&cell) = board.neighbours(hole).get(frame.next as usize) {
                frame.next += 1;
                self.try_child(hole, cell as usize, left, bound)?;
                continue;
            }
            // Every child tried: remember the count, take back the move that led here.
            let Some(done) = self.stack.pop() else { break };
            self.known
                .insert((self.position.clone(), done.left), done.total);
            let Some(parent) = self.stack.last_mut() else {
                return Ok(done.total);
            };
            self.position.swap(parent.hole as usize, done.hole as usize);
            parent.total = parent.total.checked_add(done.total).ok_or(Halt::TooMany)?;
        }
        // The root always returns above; an empty stack before it cannot happen.
        Ok(0)
    }

    /// Slides the tile in `cell` into `hole` and counts from there if its bound fits in
    /// `left` − 1 moves (now, or as a new frame); otherwise takes the move back.
    fn try_child(
        &mut self,
        hole: usize,
        cell: usize,
        left: u32,
        bound: u32,
    ) -> Result<(), Halt<W::Stop>> {
        let tile = self.position[cell];
        self.position.swap(hole, cell);
        let child = match self.bound {
            Bound::Exact(layers) => layers.distance(&self.position).map(u32::from),
            Bound::Manhattan => {
                let (from, to) = (
                    self.distance_home(tile, cell),
                    self.distance_home(tile, hole),
                );
                Some(bound + to - from)
            }
        };
        let entered = match child {
            Some(child) if child < left => self.enter(cell, left - 1, child)?,
            _ => Entered::Done(0),
        };
        if let Entered::Done(ways) = entered {
            self.position.swap(hole, cell);
            if let Some(parent) = self.stack.last_mut() {
                parent.total = parent.total.checked_add(ways).ok_or(Halt::TooMany)?;
            }
        }
        Ok(())
    }

    /// The count from the position as it stands (blank in `hole`) with `left` moves,
    /// if known at once; otherwise a frame for it, unless the budget is spent.
    fn enter(&mut self, hole: usize, left: u32, bound: u32) -> Result<Entered, Halt<W::Stop>> {
        self.entered += 1;
        if self.entered.is_multiple_of(CHECK_EVERY) {
            self.watch.check().map_err(Halt::Stopped)?;
        }
        if left == 0 {
            return Ok(Entered::Done(u128::from(self.position == self.goal)));
        }
        if let Some(&ways) = self.known.get(&(self.position.clone(), left)) {
            return Ok(Entered::Done(ways));
        }
        if self.budget.is_some_and(|budget| self.known.len() >= budget) {
            return Err(Halt::OverBudget);
        }
        self.stack.push(Frame {
            hole: hole as u8,
            left,
            next: 0,
            total: 0,
            bound,
        });
        Ok(Entered::Opened)
    }

    fn distance_home(&self, tile: u8, cell: usize) -> u32 {
        let (row, col) = self.home[tile as usize];
        ((cell / self.board.cols).abs_diff(row) + (cell % self.board.cols).abs_diff(col)) as u32
    }

    /// The whole position's Manhattan distance (the blank not counted).
    fn manhattan(&self) -> u32 {
        self.position
            .iter()
            .enumerate()
            .filter(|&(_, &tile)| tile != 0)
            .map(|(cell, &tile)| self.distance_home(tile, cell))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::ida::{self, Unwatched};
    use crate::sliding::manhattan::ManhattanConflict;

    fn never<T>(result: Result<T, std::convert::Infallible>) -> T {
        match result {
            Ok(value) => value,
            Err(never) => match never {},
        }
    }

    fn by_manhattan(
        board: &Geometry,
        start: &[u8],
        goal: &[u8],
        length: u32,
        budget: Option<usize>,
    ) -> Option<u128> {
        never(count_shortest(
            board,
            start,
            goal,
            length,
            Bound::Manhattan,
            budget,
            &mut Unwatched,
        ))
    }

    fn layers(board: &Geometry, goal: &[u8]) -> Layers {
        never(Layers::build(board, goal, &mut Unwatched))
    }

    fn by_layers(board: &Geometry, layers: &Layers, start: &[u8], length: u32) -> Option<u128> {
        let goal = layers.goal.clone();
        never(count_shortest(
            board,
            start,
            &goal,
            length,
            Bound::Exact(layers),
            None,
            &mut Unwatched,
        ))
    }

    /// Slides the tile in each cell of `cells` into the blank in turn.
    fn slid(position: &[u8], cells: &[usize]) -> Vec<u8> {
        let mut moved = position.to_vec();
        for &cell in cells {
            let hole = moved.iter().position(|&t| t == 0).unwrap();
            moved.swap(hole, cell);
        }
        moved
    }

    #[test]
    fn the_goal_itself_has_one_way_of_no_moves() {
        let board = Geometry::new(3, 3).unwrap();
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        assert_eq!(by_manhattan(&board, &goal, &goal, 0, None), Some(1));
        assert_eq!(by_layers(&board, &layers(&board, &goal), &goal, 0), Some(1));
    }

    #[test]
    fn a_straight_slide_home_is_the_only_way() {
        // Tiles 7 and 8 one cell right of home: slide 7 left, then 8 left.
        let board = Geometry::new(3, 3).unwrap();
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let start = [1, 2, 3, 4, 5, 6, 0, 7, 8];
        assert_eq!(by_manhattan(&board, &start, &goal, 2, None), Some(1));
        assert_eq!(
            by_layers(&board, &layers(&board, &goal), &start, 2),
            Some(1)
        );
    }

    #[test]
    fn the_far_side_of_the_2x2_cycle_is_reached_both_ways_round() {
        // The 2x2's 12 positions form one cycle: from the goal, six moves of the blank
        // clockwise and six anticlockwise both end at the same position.
        let board = Geometry::new(2, 2).unwrap();
        let goal = [1, 2, 3, 0];
        let one_way = slid(&goal, &[1, 0, 2, 3, 1, 0]);
        let other_way = slid(&goal, &[2, 0, 1, 3, 2, 0]);
        assert_eq!(one_way, vec![0, 3, 2, 1]);
        assert_eq!(one_way, other_way);
        let found = layers(&board, &goal);
        assert_eq!(found.len(), 7);
        assert_eq!(by_layers(&board, &found, &one_way, 6), Some(2));
        assert_eq!(by_manhattan(&board, &one_way, &goal, 6, None), Some(2));
        let five = slid(&goal, &[1, 0, 2, 3, 1]);
        assert_eq!(by_layers(&board, &found, &five, 5), Some(1));
    }

    /// Ways home walked down the layers: the sum over the neighbours one layer nearer
    /// (no depth-first search, no remembering, no bound).
    fn ways_down_the_layers(board: &Geometry, layers: &Layers, position: &mut Vec<u8>) -> u128 {
        let Some(distance) = layers.distance(position) else {
            return 0;
        };
        if distance == 0 {
            return 1;
        }
        let hole = position.iter().position(|&t| t == 0).unwrap();
        let mut total = 0;
        for &cell in board.neighbours(hole) {
            position.swap(hole, cell as usize);
            if layers.distance(position) == Some(distance - 1) {
                total += ways_down_the_layers(board, layers, position);
            }
            position.swap(hole, cell as usize);
        }
        total
    }

    #[test]
    fn every_position_of_the_2x3_and_some_of_the_2x4_count_as_the_layers_say() {
        for (rows, cols, step) in [(2, 3, 1), (3, 2, 1), (2, 4, 37)] {
            let board = Geometry::new(rows, cols).unwrap();
            let goal: Vec<u8> = (1..(rows * cols) as u8).chain([0]).collect();
            let found = layers(&board, &goal);
            for distance in 0..found.len() {
                for k in (0..found.size(distance).unwrap()).step_by(step) {
                    let mut start = found.position(distance, k).unwrap();
                    let expected = ways_down_the_layers(&board, &found, &mut start);
                    let length = distance as u32;
                    assert_eq!(
                        by_layers(&board, &found, &start, length),
                        Some(expected),
                        "{start:?}"
                    );
                    assert_eq!(
                        by_manhattan(&board, &start, &goal, length, None),
                        Some(expected)
                    );
                }
            }
        }
    }

    #[test]
    fn a_count_needing_more_positions_than_its_budget_is_not_known() {
        let board = Geometry::new(4, 4).unwrap();
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        let start = slid(
            &goal,
            &[14, 10, 9, 5, 6, 7, 11, 10, 9, 13, 14, 15, 11, 7, 6, 5, 9],
        );
        let labels: Vec<u8> = start
            .iter()
            .map(|&t| if t == 0 { 15 } else { t - 1 })
            .collect();
        let mut heuristic = ManhattanConflict::new(&board, 15, 1);
        let solved = ida::solve(&board, &labels, 15, &mut heuristic, &mut Unwatched);
        let length = solved.expect("a solvable position").path.len() as u32;
        let full = by_manhattan(&board, &start, &goal, length, None).unwrap();
        assert!(full >= 1);
        // The smallest budget that is enough, and every budget past it, give the count.
        let enough = (0..10_000)
            .find(|&budget| by_manhattan(&board, &start, &goal, length, Some(budget)).is_some())
            .unwrap();
        assert!(enough > 1);
        assert_eq!(
            by_manhattan(&board, &start, &goal, length, Some(enough - 1)),
            None
        );
        assert_eq!(
            by_manhattan(&board, &start, &goal, length, Some(enough)),
            Some(full)
        );
        assert_eq!(
            by_manhattan(&board, &start, &goal, length, Some(10_000)),
            Some(full)
        );
    }
}
