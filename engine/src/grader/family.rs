//! How a family of puzzle types plugs into the grader without the grader naming it: the
//! family keeps its own state beside the shared board (a `Position`) and brings its own
//! techniques, which work on both. The grader applies them as it applies the shared ones,
//! and never looks inside.

use std::convert::Infallible;
use std::fmt::Debug;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use super::board::{Board, Outcome};
use super::shape::Shape;

/// A family's rules beyond all-different groups, as the grader applies them: the state
/// kept beside the board (cage combinations still possible...) and its own techniques.
pub trait Rules {
    /// The family's techniques (a small `Copy` enum: the ladders hold them by value).
    type Technique: Copy + Eq + Debug;

    /// The name the level tables and the hint sentences use.
    fn name(technique: Self::Technique) -> &'static str;

    /// Apply once; true when it made progress. The technique may write on the board and
    /// keep its own state up at once: they are separate borrows.
    fn apply(&mut self, technique: Self::Technique, board: &mut Board) -> Outcome<bool>;
}

/// A family a board can be made for: its state is set up from the board alone (the
/// shape's cages and signs, the givens written in), and its techniques found by name.
pub trait Family: Rules + Sized {
    /// The family's state for a board just made (its givens written in). It may add to
    /// the board (cage-mates among the peers) and refuse a contradiction.
    fn for_board(board: &mut Board) -> Outcome<Self>;

    /// The family's own technique of this name (not the shared ones).
    fn technique(name: &str) -> Option<Self::Technique>;
}

/// Groups alone (sudoku, its variants and samurai): no state, no techniques of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plain;

impl Rules for Plain {
    type Technique = Infallible;

    fn name(technique: Infallible) -> &'static str {
        match technique {}
    }

    fn apply(&mut self, technique: Infallible, _: &mut Board) -> Outcome<bool> {
        match technique {}
    }
}

impl Family for Plain {
    fn for_board(_: &mut Board) -> Outcome<Plain> {
        Ok(Plain)
    }

    fn technique(_: &str) -> Option<Infallible> {
        None
    }
}

/// A family's state may be boxed (a large one kept small where boards are copied).
impl<R: Rules> Rules for Box<R> {
    type Technique = R::Technique;

    fn name(technique: R::Technique) -> &'static str {
        R::name(technique)
    }

    fn apply(&mut self, technique: R::Technique, board: &mut Board) -> Outcome<bool> {
        (**self).apply(technique, board)
    }
}

impl<F: Family> Family for Box<F> {
    fn for_board(board: &mut Board) -> Outcome<Box<F>> {
        F::for_board(board).map(Box::new)
    }

    fn technique(name: &str) -> Option<F::Technique> {
        F::technique(name)
    }
}

/// A board with a family's rules beside it: what the grader works on. It reads as its
/// board (pencil marks, what is written in).
#[derive(Clone)]
pub struct Position<R> {
    pub board: Board,
    pub rules: R,
}

impl<F: Family> Position<F> {
    /// An empty board of the shape with these givens (cell, symbol index) written in,
    /// and the family's rules set up over them.
    pub fn start(shape: Arc<Shape>, givens: &[(usize, usize)]) -> Outcome<Position<F>> {
        let mut board = Board::new(shape, givens)?;
        let rules = F::for_board(&mut board)?;
        Ok(Position { board, rules })
    }
}

impl<R> Deref for Position<R> {
    type Target = Board;

    fn deref(&self) -> &Board {
        &self.board
    }
}

impl<R> DerefMut for Position<R> {
    fn deref_mut(&mut self) -> &mut Board {
        &mut self.board
    }
}
