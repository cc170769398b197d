//! What a step did and looked at, recorded for worked steps (the hint sentences are
//! written from these, in Python).

use crate::cellset::Mask;

/// One change to the pencil marks within a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A symbol written in a cell.
    Place(usize, Mask),
    /// Candidates crossed out of a cell.
    Remove(usize, Mask),
}

/// What a step looked at beyond the digits it wrote and crossed out: enough to say it
/// in a sentence. Each technique fills the fields its sentence needs. Cells are board
/// cell numbers, groups indices into the model's groups, cages indices into the model's
/// cages, digits symbol values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Detail {
    /// A variant of the technique ("innies", "outies", "product"...).
    pub kind: &'static str,
    pub cage: Option<usize>,
    pub other: Option<usize>,
    /// The cage's digit sets by its clue alone, and those still fitting the marks.
    pub ways: Vec<Vec<i64>>,
    pub fit: Vec<Vec<i64>>,
    pub groups: Vec<usize>,
    /// Several houses taken together (rule of 45).
    pub region: Vec<usize>,
    pub cells: Vec<usize>,
    /// Cells counted the other way (outies less innies).
    pub minus: Vec<usize>,
    pub digits: Vec<i64>,
    pub total: i64,
    pub known: i64,
    pub need: i64,
}

/// One step as a person takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: &'static str,
    /// (cell, symbol index) written.
    pub placed: Vec<(usize, usize)>,
    /// (cell, symbols crossed out as a mask).
    pub removed: Vec<(usize, Mask)>,
    /// (cell, marks left) in the cells some marks went from, in order of first removal.
    pub left: Vec<(usize, Mask)>,
    pub detail: Detail,
}
