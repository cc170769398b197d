//! The changes a generator round makes to a layout, found without building the changed
//! layouts: two neighbouring cages merged, a cell moved to a neighbouring cage, a cage
//! split in two connected parts (a given is the round's own business). Each keeps every cage connected and free
//! of repeated digits; the one-cell cages a change would leave are counted from the cages
//! it touches, so moves breaking the plan's cap are dropped before any is built.

use super::layout::{bipartitions, connected, mask_of, Grid, Layout};

/// One change to a layout (cages by their index in it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Merge(usize, usize),
    /// The cell leaves its cage for cage `to`.
    Shift {
        cell: usize,
        to: usize,
    },
    /// Cage `cage` becomes the two parts.
    Split {
        cage: usize,
        part: Vec<usize>,
        rest: Vec<usize>,
    },
}

/// What a move is judged against: the grid, the largest cage and the one-cell cap.
pub struct Rules<'a> {
    pub grid: &'a Grid,
    pub max_cage: usize,
    pub single_cap: usize,
}

impl Rules<'_> {
    /// Whether the cells of these two lists may be one cage: not too big, no digit twice.
    fn fits(&self, a: &[usize], b: &[usize]) -> bool {
        if a.len() + b.len() > self.max_cage {
            return false;
        }
        let (da, apart_a) = self.grid.digits(a);
        let (db, apart_b) = self.grid.digits(b);
        apart_a && apart_b && da & db == 0
    }
}

/// The layout after the move.
pub fn apply(layout: &Layout, change: &Move) -> Layout {
    let n = layout.owner.len();
    let mut cages = layout.cages.clone();
    match change {
        Move::Merge(k, j) => {
            let taken = std::mem::take(&mut cages[*j]);
            cages[*k].extend(taken);
        }
        Move::Shift { cell, to } => {
            let from = layout.owner[*cell];
            cages[from].retain(|c| c != cell);
            cages[*to].push(*cell);
        }
        Move::Split { cage, part, rest } => {
            cages[*cage] = part.clone();
            cages.push(rest.clone());
        }
    }
    Layout::new(n, cages)
}

/// Every merge of two neighbouring cages that keeps digits unrepeated and the size
/// within bounds.
pub fn merges(rules: &Rules, layout: &Layout) -> Vec<Move> {
    let mut found = Vec::new();
    for (k, cage) in layout.cages.iter().enumerate() {
        for j in layout.cages_near(rules.grid, cage, k) {
            if j > k && rules.fits(cage, &layout.cages[j]) {
                found.push(Move::Merge(k, j));
            }
        }
    }
    found
}

/// One-cell cages after splitting cage k into parts of these sizes.
fn singles_after_split(singles: usize, a: usize, b: usize) -> usize {
    singles + usize::from(a == 1) + usize::from(b == 1)
}

/// The splits of cage k in two connected parts that keep within the one-cell cap (with
/// `other`, a second solution's symbol per cell, only those whose first part's sum the
/// other solution breaks), with the one-cell cages each leaves.
pub fn splits(
    rules: &Rules,
    layout: &Layout,
    k: usize,
    other: Option<&[u8]>,
    values: &[i64],
) -> Vec<(Move, usize)> {
    let singles = layout.singles();
    let solution_sum = |cells: &[usize]| -> i64 {
        cells
            .iter()
            .map(|&c| values[rules.grid.digit[c].trailing_zeros() as usize])
            .sum()
    };
    let mut found = Vec::new();
    for (part, rest) in bipartitions(rules.grid, &layout.cages[k]) {
        if let Some(other) = other {
            let theirs: i64 = part.iter().map(|&c| values[other[c] as usize]).sum();
            if theirs == solution_sum(&part) {
                continue;
            }
        }
        let left = singles_after_split(singles, part.len(), rest.len());
        if left <= rules.single_cap {
            found.push((
                Move::Split {
                    cage: k,
                    part,
                    rest,
                },
                left,
            ));
        }
    }
    found
}

/// The cell leaves its cage for a neighbouring cage that can take it (its old cage
/// staying connected and not emptied), within the one-cell cap.
pub fn shifts_of_cell(rules: &Rules, layout: &Layout, cell: usize) -> Vec<Move> {
    let k = layout.owner[cell];
    let cage = &layout.cages[k];
    if cage.len() == 1 {
        return Vec::new();
    }
    let remaining = mask_of(cage) & !(1u128 << cell);
    if !connected(rules.grid, remaining) {
        return Vec::new();
    }
    let singles = layout.singles() + usize::from(cage.len() == 2);
    let mut found = Vec::new();
    for j in layout.cages_near(rules.grid, &[cell], k) {
        let grown = &layout.cages[j];
        let left = singles - usize::from(grown.len() == 1);
        if rules.fits(grown, &[cell]) && left <= rules.single_cap {
            found.push(Move::Shift { cell, to: j });
        }
    }
    found
}
