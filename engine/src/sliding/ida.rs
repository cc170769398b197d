//! IDA*: iterative deepening on f = g + h, over any heuristic kept up move by move.
//!
//! Children are tried in the board's fixed order (up, left, right, down from the
//! blank), never undoing the move just made. With an admissible heuristic no node of a
//! shortest path is ever cut (g + h ≤ g + its distance = the length), so the first
//! solution found in the last iteration is the lexicographically first shortest path,
//! whichever heuristic pruned the tree: the answer depends on the position only. Python
//! relies on this (bookgen/puzzles/sliding/scramble.py cuts printed scrambles out of
//! these paths), and it is why the path is the one the earlier pure-Python search found.
//!
//! The depth-first search keeps its own stack rather than recursing: a weighted search
//! on an 8x8 board may go thousands of moves deep.

use super::board::Geometry;

/// A lower bound on the moves left, kept up as tiles slide.
pub trait Heuristic {
    /// What the search carries from a node to its children (the heuristic's parts).
    type Value: Copy;

    /// The value on a whole position, and any running state reset to it.
    fn initial(&mut self, board: &[u8]) -> Self::Value;

    /// The bound the search prunes with (already weighted, for weighted search).
    fn estimate(&self, value: Self::Value) -> u32;

    /// The value after `tile` slid from `from` into `to`; `board` already shows the move,
    /// the running state does not yet.
    fn after(
        &self,
        board: &[u8],
        value: Self::Value,
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::Value;

    /// Keep the running state up with that move (`parent` and `child` as `after` gave them).
    fn enter(&mut self, parent: Self::Value, child: Self::Value, tile: u8, from: usize, to: usize);

    /// Take the move back.
    fn leave(&mut self, parent: Self::Value, child: Self::Value, tile: u8, from: usize, to: usize);
}

/// Asked every CHECK_EVERY nodes whether to stop (a deadline passed, a signal came).
pub trait Watch {
    type Stop;
    fn check(&mut self) -> Result<(), Self::Stop>;
}

/// A watch that never stops the search (tests, and the crate's own callers).
pub struct Unwatched;

impl Watch for Unwatched {
    type Stop = std::convert::Infallible;
    fn check(&mut self) -> Result<(), Self::Stop> {
        Ok(())
    }
}

/// 65,536 nodes: about a millisecond, so Ctrl-C and a deadline are seen at once, and
/// the cost of looking (taking Python's lock, a call) stays far below 1%.
pub const CHECK_EVERY: u64 = 1 << 16;

/// A solution: the labels of the tiles slid, in order, and the nodes expanded.
#[derive(Debug, PartialEq, Eq)]
pub struct Solution {
    pub path: Vec<u8>,
    pub nodes: u64,
}

/// Why no solution came back.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure<S> {
    /// The watch said stop.
    Stopped(S),
    /// Nothing was left to search: the position cannot reach the goal (the caller
    /// checks parity first, so this only guards against a loop without end).
    Unsolvable,
}

const NONE: u8 = u8::MAX;

struct Frame<V> {
    hole: u8,
    came_from: u8,
    next: u8,
    g: u32,
    value: V,
}

/// The shortest solution of `start` (labels; `blank` the blank's label) under `h`, or
/// the search's `weight`ed variant if `h` is weighted.
pub fn solve<H: Heuristic, W: Watch>(
    board: &Geometry,
    start: &[u8],
    blank: u8,
    h: &mut H,
    watch: &mut W,
) -> Result<Solution, Failure<W::Stop>> {
    watch.check().map_err(Failure::Stopped)?;
    let mut position = start.to_vec();
    let root = h.initial(&position);
    if h.estimate(root) == 0 {
        return Ok(Solution {
            path: Vec::new(),
            nodes: 0,
        });
    }
    let hole = position
        .iter()
        .position(|&label| label == blank)
        .unwrap_or(0) as u8;
    let mut search = Search {
        board,
        position: &mut position,
        blank,
        path: Vec::new(),
        nodes: 0,
    };
    let mut bound = h.estimate(root);
    loop {
        match search.iteration(hole, root, bound, h, watch)? {
            Iteration::Solved => {
                return Ok(Solution {
                    path: search.path,
                    nodes: search.nodes,
                })
            }
            Iteration::Exceeded(next) if next != u32::MAX => bound = next,
            Iteration::Exceeded(_) => return Err(Failure::Unsolvable),
        }
    }
}

enum Iteration {
    Solved,
    /// The smallest f that went over the bound: the next iteration's bound.
    Exceeded(u32),
}

struct Search<'a> {
    board: &'a Geometry,
    position: &'a mut Vec<u8>,
    blank: u8,
    path: Vec<u8>,
    nodes: u64,
}

impl Search<'_> {
    /// One depth-first pass with f ≤ bound; the position and `h` end as they began
    /// unless the goal is found (then `path` holds the solution).
    fn iteration<H: Heuristic, W: Watch>(
        &mut self,
        hole: u8,
        root: H::Value,
        bound: u32,
        h: &mut H,
        watch: &mut W,
    ) -> Result<Iteration, Failure<W::Stop>> {
        let mut smallest = u32::MAX;
        let mut stack = vec![Frame {
            hole,
            came_from: NONE,
            next: 0,
            g: 0,
            value: root,
        }];
        self.count_node(watch)?;
        while let Some(frame) = stack.last_mut() {
            let near = self.board.neighbours(frame.hole as usize);
            let Some(&cell) = near.get(frame.next as usize) else {
                if let (Some(done), Some(parent)) = (stack.pop(), stack.last()) {
                    self.take_back(&done, parent.value, h);
                }
                continue;
            };
            frame.next += 1;
            if cell == frame.came_from {
                continue;
            }
            let (hole, g, parent) = (frame.hole, frame.g + 1, frame.value);
            let (cell_at, hole_at) = (cell as usize, hole as usize);
            let tile = self.position[cell_at];
            self.position[hole_at] = tile;
            self.position[cell_at] = self.blank;
            let child = h.after(self.position, parent, tile, cell_at, hole_at);
            let estimate = h.estimate(child);
            let f = g + estimate;
            if f > bound {
                smallest = smallest.min(f);
                self.position[cell_at] = tile;
                self.position[hole_at] = self.blank;
                continue;
            }
            h.enter(parent, child, tile, cell_at, hole_at);
            self.path.push(tile);
            if estimate == 0 {
                return Ok(Iteration::Solved);
            }
            self.count_node(watch)?;
            stack.push(Frame {
                hole: cell,
                came_from: hole,
                next: 0,
                g,
                value: child,
            });
        }
        Ok(Iteration::Exceeded(smallest))
    }

    /// Undo the move that led to `done` from its parent.
    fn take_back<H: Heuristic>(&mut self, done: &Frame<H::Value>, parent: H::Value, h: &mut H) {
        let (cell, hole) = (done.hole as usize, done.came_from as usize);
        let tile = self.position[hole];
        self.position[cell] = tile;
        self.position[hole] = self.blank;
        h.leave(parent, done.value, tile, cell, hole);
        self.path.pop();
    }

    fn count_node<W: Watch>(&mut self, watch: &mut W) -> Result<(), Failure<W::Stop>> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            watch.check().map_err(Failure::Stopped)?;
        }
        Ok(())
    }
}
