//! Killer sudoku generation aimed at a level, whole in the engine.
//!
//! A random full sudoku grid, then a random partition of it into connected cages with no
//! digit repeated inside a cage (sizes drawn by the plan's weights, few one-cell cages;
//! layout.rs). Then rounds: the grader, with the techniques up to the requested level,
//! either
//!
//! - solves the puzzle at exactly that level: done (every step is sound, so the answer it
//!   reaches is forced: the puzzle is unique);
//! - solves it below the level (too easy): two neighbouring cages are merged, which takes
//!   information away;
//! - gets stuck: the search, starting from the grader's pencil marks, looks for a second
//!   solution. If there is one, a cell where the two differ moves to a neighbouring cage
//!   (both sums change, and the second solution no longer fits them), or its cage is
//!   split where the two solutions disagree, or that cell becomes a given when givens are
//!   allowed. If there is none, the puzzle is unique but too hard: a cage holding a cell
//!   the grader could not fill is split in two, preferring splits that leave no new
//!   one-cell cage (or, with givens allowed and a coin saying so, such a cell is given).
//!
//! Every limit here is a count of attempts, rounds or branchings, never a time, so the
//! puzzle made from a seed does not depend on the machine; time (and an interrupt) only
//! ever stops the work, checked between rounds by the caller's `check`. The policy (the
//! plan, the largest cage, the level ladder) is the caller's.

mod layout;
mod moves;
pub mod python;
#[cfg(test)]
mod search_tests;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::grader::shape::{GroupSpec, Line, Shape};
use crate::grader::{self, Apply, Board, Ending, Position};
use crate::killer::search::KillerSearch;
use crate::killer::Killer;
use crate::rng::Rng;
use crate::search::cages::Op;
use crate::search::{Budget, CageSpec, Solver};

pub use layout::{Grid, Layout, Plan};
use moves::{Move, Rules};

/// Solution grids (and cage layouts over them) tried before giving up.
pub const MAX_ATTEMPTS: usize = 200;
/// Rounds of reshaping one layout before it is dropped.
pub const MAX_ROUNDS: usize = 80;
/// A search for a second solution stops after this many branchings and counts as "not
/// known"; the round then splits a cage as if the puzzle were unique but too hard.
pub const SEARCH_NODES: u64 = 400;
/// A random full grid is given up (the attempt counts as failed) past this many
/// branchings: a bound on the work, never reached on a sudoku of 4, 6 or 9 (a 9x9 grid
/// takes some tens).
pub const GRID_NODES: u64 = 100_000;

/// Why the caller's check stops the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The time budget is spent.
    TimeUp,
    /// A signal is pending (Ctrl-C, SIGTERM, a timeout's alarm).
    Interrupted,
}

/// Why no puzzle came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Every attempt failed, or the time ran out between attempts.
    NotFound,
    /// The time ran out while a layout was being reshaped.
    TimeSpent,
    Interrupted,
}

/// The empty sudoku the cages go on: a side x side grid (cells numbered row by row), its
/// symbols, the search over it alone (the random full grids; each caging's search adds
/// its cages to it) and the grader's tables of it (copied for each caging's board).
pub struct Frame {
    pub side: usize,
    pub symbols: Vec<i64>,
    solver: Solver,
    /// The grader's tables of the grid without cages, copied for each caging.
    shape: Shape,
}

impl Frame {
    /// `groups`: (cells, line, compact) per group, as the grader's shape takes them.
    pub fn new(side: usize, symbols: Vec<i64>, groups: Vec<(Vec<usize>, Line, bool)>) -> Frame {
        let cells: Vec<Vec<usize>> = groups.iter().map(|g| g.0.clone()).collect();
        let solver = Solver::new(side * side, &symbols, &cells, &[]);
        let specs: Vec<GroupSpec> = groups
            .iter()
            .map(|(cells, line, compact)| GroupSpec {
                cells: cells.clone(),
                line: *line,
                compact: *compact,
            })
            .collect();
        let shape = Shape::new(side * side, &symbols, &specs, &[]);
        Frame {
            side,
            symbols,
            solver,
            shape,
        }
    }
}

/// What to make: the level ladder (techniques per level that grade a killer board), the
/// level wanted, the plan and the largest cage.
pub struct Spec<T> {
    pub ladder: Vec<Vec<T>>,
    pub level: usize,
    pub plan: Plan,
    pub max_cage: usize,
}

/// A puzzle made: its cages (sorted cells, ordered by first cell), the cells given, and
/// the solution (symbol index per cell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    pub cages: Vec<Vec<usize>>,
    pub givens: Vec<usize>,
    pub solution: Vec<u8>,
}

/// A killer at the spec's level from the random source seeded with `seed`; `check` is
/// asked before every attempt and every round.
pub fn generate<T: Apply<Box<Killer>>>(
    frame: &Frame,
    spec: &Spec<T>,
    seed: u64,
    check: &mut dyn FnMut() -> Option<Halt>,
) -> Result<Made, Failure> {
    let mut rng = Rng::new(seed);
    for _ in 0..MAX_ATTEMPTS {
        match check() {
            Some(Halt::TimeUp) => return Err(Failure::NotFound),
            Some(Halt::Interrupted) => return Err(Failure::Interrupted),
            None => {}
        }
        let Some(solution) = random_solution(frame, &mut rng) else {
            continue;
        };
        let grid = Grid::new(frame.side, &solution);
        let Some(start) = layout::random_layout(&grid, &spec.plan, spec.max_cage, &mut rng) else {
            continue;
        };
        let mut attempt = Attempt {
            frame,
            shape: Arc::new(frame.shape.clone()),
            spec,
            grid: &grid,
            solution: &solution,
            givens: Vec::new(),
            rng: &mut rng,
        };
        if let Some(done) = attempt.settle(start, check)? {
            let mut givens = attempt.givens;
            givens.sort_unstable();
            return Ok(Made {
                cages: done.cages,
                givens,
                solution,
            });
        }
    }
    Err(Failure::NotFound)
}

/// A full grid, each branching's symbols in an order the random source shuffles.
fn random_solution(frame: &Frame, rng: &mut Rng) -> Option<Vec<u8>> {
    let mut never = || false;
    let mut order = |mut bits: Vec<u64>| {
        rng.shuffle(&mut bits);
        bits
    };
    frame
        .solver
        .random_solution(&mut Budget::new(Some(GRID_NODES), &mut never), &mut order)
        .ok()
        .flatten()
}

/// One attempt: a solution grid and the cages being shaped over it.
struct Attempt<'a, T> {
    frame: &'a Frame,
    /// The frame's shape with the cages of the round: one copy an attempt, its cages
    /// replaced each round (the last round's board, which shared it, is gone by then).
    shape: Arc<Shape>,
    spec: &'a Spec<T>,
    grid: &'a Grid,
    solution: &'a [u8],
    givens: Vec<usize>,
    rng: &'a mut Rng,
}

impl<'a, T: Apply<Box<Killer>>> Attempt<'a, T> {
    fn rules(&self) -> Rules<'a> {
        Rules {
            grid: self.grid,
            max_cage: self.spec.max_cage,
            single_cap: self.spec.plan.single_cap,
        }
    }

    /// The cages as the engine's sum cages without repeats, sums read from the solution.
    fn cage_specs(&self, layout: &Layout) -> Vec<CageSpec> {
        layout
            .cages
            .iter()
            .map(|cells| CageSpec {
                cells: cells.clone(),
                op: Op::Add,
                target: cells
                    .iter()
                    .map(|&c| i128::from(self.frame.symbols[self.solution[c] as usize]))
                    .sum(),
                distinct: true,
            })
            .collect()
    }

    /// The grader's verdict on the layout with the givens, up to the level, and its board
    /// where it stopped (None when the board cannot be set up: counted as impossible).
    fn grade(&mut self, cages: &[CageSpec]) -> Option<(Ending, i32, Board)> {
        // Nothing in a shape but its list of cages depends on the cages.
        Arc::make_mut(&mut self.shape).cages = cages.to_vec();
        let shape = Arc::clone(&self.shape);
        let mut givens: Vec<(usize, usize)> = self
            .givens
            .iter()
            .map(|&c| (c, self.solution[c] as usize))
            .collect();
        givens.sort_unstable();
        let mut position = Position::<Box<Killer>>::start(shape, &givens).ok()?;
        let graded = grader::grade(
            &mut position,
            &self.spec.ladder,
            Some(self.spec.level),
            false,
        );
        Some((graded.ending, graded.level, position.board))
    }

    /// A second solution from the grader's marks, within SEARCH_NODES branchings, and
    /// whether the search ran to its end. Killer's own search where it takes the cages
    /// (it finds what the general search finds, faster), else the general search.
    fn second_solution(&self, cages: &[CageSpec], board: &Board) -> (Option<Vec<u8>>, bool) {
        let frame = self.frame;
        let mut never = || false;
        let counted = match KillerSearch::new(
            frame.side * frame.side,
            &frame.symbols,
            &frame.shape.groups,
            cages,
        ) {
            Some(search) => search.count_from(&board.cand, 2, Some(SEARCH_NODES), &mut never),
            None => frame.solver.with_cages(&frame.symbols, cages).count_from(
                &board.cand,
                2,
                &mut Budget::new(Some(SEARCH_NODES), &mut never),
            ),
        };
        match counted {
            Ok(count) => {
                let other = count.solutions.into_iter().find(|s| s != self.solution);
                (other, count.complete)
            }
            Err(_) => (None, false),
        }
    }

    /// Reshape the cages until the grader rates the puzzle exactly at the level; None
    /// when the rounds run out or no move helps.
    fn settle(
        &mut self,
        mut layout: Layout,
        check: &mut dyn FnMut() -> Option<Halt>,
    ) -> Result<Option<Layout>, Failure> {
        let mut known_unique = false;
        for _ in 0..MAX_ROUNDS {
            match check() {
                Some(Halt::TimeUp) => return Err(Failure::TimeSpent),
                Some(Halt::Interrupted) => return Err(Failure::Interrupted),
                None => {}
            }
            let cages = self.cage_specs(&layout);
            let Some((ending, level, board)) = self.grade(&cages) else {
                return Ok(None);
            };
            let changed = match ending {
                Ending::Solved if level == self.spec.level as i32 => return Ok(Some(layout)),
                Ending::Solved => {
                    let options = moves::merges(&self.rules(), &layout);
                    if options.is_empty() {
                        return Ok(None);
                    }
                    known_unique = false;
                    let chosen = self.rng.choice(&options).clone();
                    Some(moves::apply(&layout, &chosen))
                }
                // Cannot happen: the solution meets every cage.
                Ending::Impossible => return Ok(None),
                Ending::Unfinished => {
                    let mut other = None;
                    if !known_unique {
                        let (found, complete) = self.second_solution(&cages, &board);
                        known_unique = found.is_none() && complete;
                        other = found;
                    }
                    match other {
                        Some(other) => self.repair(&layout, &other),
                        // Splitting a cage of a unique puzzle keeps it unique (the parts'
                        // sums only add rules); a given does too.
                        None => self.ease(&layout, &board),
                    }
                }
            };
            match changed {
                Some(next) => layout = next,
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// A change the second solution `other` breaks, near where it differs.
    fn repair(&mut self, layout: &Layout, other: &[u8]) -> Option<Layout> {
        let differing: Vec<usize> = (0..self.solution.len())
            .filter(|&c| self.solution[c] != other[c])
            .collect();
        let rules = self.rules();
        let shifts: Vec<Move> = differing
            .iter()
            .flat_map(|&c| moves::shifts_of_cell(&rules, layout, c))
            .collect();
        if !shifts.is_empty() {
            let chosen = self.rng.choice(&shifts).clone();
            return Some(moves::apply(layout, &chosen));
        }
        let mut owners: Vec<usize> = differing.iter().map(|&c| layout.owner[c]).collect();
        owners.sort_unstable();
        owners.dedup();
        let splits: Vec<Move> = owners
            .iter()
            .flat_map(|&k| moves::splits(&rules, layout, k, Some(other), &self.frame.symbols))
            .map(|(m, _)| m)
            .collect();
        if !splits.is_empty() {
            let chosen = self.rng.choice(&splits).clone();
            return Some(moves::apply(layout, &chosen));
        }
        if self.givens.len() < self.spec.plan.givens && !differing.is_empty() {
            let cell = *self.rng.choice(&differing);
            self.givens.push(cell);
            return Some(layout.clone());
        }
        None
    }

    /// The puzzle is unique but too hard: split a cage where the grader stalled, or give
    /// a cell it could not fill (when givens are allowed and a coin says so).
    fn ease(&mut self, layout: &Layout, board: &Board) -> Option<Layout> {
        let stuck: Vec<usize> = (0..board.placed.len())
            .filter(|&c| !board.placed[c])
            .collect();
        if self.givens.len() < self.spec.plan.givens && self.rng.unit() < 0.5 && !stuck.is_empty() {
            let cell = *self.rng.choice(&stuck);
            self.givens.push(cell);
            return Some(layout.clone());
        }
        let mut owners: Vec<usize> = stuck
            .iter()
            .map(|&c| layout.owner[c])
            .filter(|&k| layout.cages[k].len() > 1)
            .collect();
        owners.sort_unstable();
        owners.dedup();
        let rules = self.rules();
        let splits: Vec<(Move, usize)> = owners
            .iter()
            .flat_map(|&k| moves::splits(&rules, layout, k, None, &self.frame.symbols))
            .collect();
        // Prefer splits that leave no one-cell cage: they keep the puzzle looking like a
        // killer.
        let best = splits.iter().map(|(_, singles)| *singles).min()?;
        let preferred: Vec<&Move> = splits
            .iter()
            .filter(|(_, singles)| *singles == best)
            .map(|(m, _)| m)
            .collect();
        let chosen = (*self.rng.choice(&preferred)).clone();
        Some(moves::apply(layout, &chosen))
    }
}
