//! A caging as the generator changes it: cages of a few cells each (cell numbers in
//! reading order, sorted), and the changes it grades, each kept as "these cages out,
//! these in" rather than a whole new list, so that listing hundreds of candidate changes
//! allocates next to nothing.

use std::sync::OnceLock;

use crate::search::cages::Op;

/// The largest cage the generator makes (the `max_cage` option's upper bound).
pub const MAX_CAGE: usize = 6;

/// A cage's cells, sorted, at most MAX_CAGE of them (cell numbers fit a byte: a KenKen
/// is at most 12x12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cells {
    len: u8,
    at: [u8; MAX_CAGE],
}

impl Cells {
    pub const EMPTY: Cells = Cells {
        len: 0,
        at: [0; MAX_CAGE],
    };

    /// The cells, sorted (at most MAX_CAGE; the caller keeps to that).
    pub fn of(cells: &[usize]) -> Cells {
        let mut found = Cells::EMPTY;
        for &c in cells {
            found = found.with(c);
        }
        found
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.at[..self.len()].iter().map(|&c| c as usize)
    }

    pub fn first(&self) -> usize {
        self.at[0] as usize
    }

    /// The j-th cell (j below `len`).
    pub fn at(&self, j: usize) -> usize {
        self.at[j] as usize
    }

    pub fn contains(&self, cell: usize) -> bool {
        self.iter().any(|c| c == cell)
    }

    /// These cells and one more, kept sorted.
    pub fn with(&self, cell: usize) -> Cells {
        let mut found = *self;
        let mut j = found.len();
        found.at[j] = cell as u8;
        while j > 0 && found.at[j - 1] > found.at[j] {
            found.at.swap(j - 1, j);
            j -= 1;
        }
        found.len += 1;
        found
    }

    pub fn without(&self, cell: usize) -> Cells {
        let mut found = Cells::EMPTY;
        for c in self.iter().filter(|&c| c != cell) {
            found.at[found.len()] = c as u8;
            found.len += 1;
        }
        found
    }

    pub fn union(&self, other: &Cells) -> Cells {
        other.iter().fold(*self, |acc, c| acc.with(c))
    }

    /// One orthogonally connected piece of an n x n grid.
    pub fn connected(&self, n: usize) -> bool {
        if self.is_empty() {
            return false;
        }
        let mut reached = 1u32; // bit j: the j-th cell
                                // On the stack: the generator asks this of every split and hand-off it weighs.
        let (mut stack, mut top) = ([0usize; MAX_CAGE], 1);
        while top > 0 {
            top -= 1;
            let a = self.at[stack[top]] as usize;
            for (k, b) in self.iter().enumerate() {
                if reached >> k & 1 == 0 && adjacent(a, b, n) {
                    reached |= 1 << k;
                    stack[top] = k;
                    top += 1;
                }
            }
        }
        reached.count_ones() as usize == self.len()
    }

    /// Every split into two connected parts, each listed once: the part holding the
    /// first cell (by size, then in the order of combinations), and the rest.
    pub fn bipartitions(&self, n: usize) -> Vec<(Cells, Cells)> {
        let rest = self.len() - 1;
        // Sized for every split at once: this runs for every cage a round weighs.
        let mut found = Vec::with_capacity(split_masks(rest).len());
        for &mask in split_masks(rest) {
            let (mut part, mut other) = (Cells::of(&[self.first()]), Cells::EMPTY);
            for (j, c) in self.iter().skip(1).enumerate() {
                if mask >> j & 1 == 1 {
                    part = part.with(c);
                } else {
                    other = other.with(c);
                }
            }
            if part.connected(n) && other.connected(n) {
                found.push((part, other));
            }
        }
        found
    }
}

/// The choices of the first cell's companions among `rest` other cells for a split (bit
/// j: the (j+1)-th cell), fewer first, combinations of one size in their usual
/// (lexicographic) order; worked out once a size.
fn split_masks(rest: usize) -> &'static [u32] {
    static MASKS: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    let all = MASKS.get_or_init(|| {
        (0..MAX_CAGE)
            .map(|rest| {
                let mut masks: Vec<u32> = (0..1u32 << rest)
                    .filter(|m| m.count_ones() < rest as u32)
                    .collect();
                masks.sort_by_key(|&m| (m.count_ones(), positions(m)));
                masks
            })
            .collect()
    });
    &all[rest]
}

fn positions(mask: u32) -> Vec<u32> {
    (0..32).filter(|j| mask >> j & 1 == 1).collect()
}

fn adjacent(a: usize, b: usize, n: usize) -> bool {
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

/// A cell's neighbours in an n x n grid: up, down, left, right.
pub fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    let up = (r > 0).then(|| cell - n);
    let down = (r + 1 < n).then_some(cell + n);
    let left = (c > 0).then(|| cell - 1);
    let right = (c + 1 < n).then_some(cell + 1);
    [up, down, left, right].into_iter().flatten()
}

/// A cage: its cells, operation (`Eq` for one cell) and target.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cage {
    pub cells: Cells,
    pub op: Op,
    pub target: i64,
}

impl Cage {
    pub const NONE: Cage = Cage {
        cells: Cells::EMPTY,
        op: Op::Eq,
        target: 0,
    };

    pub fn single(&self) -> bool {
        self.cells.len() == 1
    }
}

/// How many cages of more than one cell use each operation (+ - × ÷).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Tally(pub [u32; 4]);

pub fn slot(op: Op) -> Option<usize> {
    match op {
        Op::Add => Some(0),
        Op::Sub => Some(1),
        Op::Mul => Some(2),
        Op::Div => Some(3),
        _ => None,
    }
}

impl Tally {
    pub fn of<'a>(cages: impl IntoIterator<Item = &'a Cage>) -> Tally {
        cages.into_iter().fold(Tally::default(), |t, k| t.plus(k))
    }

    pub fn get(&self, op: Op) -> u32 {
        slot(op).map_or(0, |s| self.0[s])
    }

    /// With one more cage (one-cell cages are not counted).
    pub fn plus(mut self, cage: &Cage) -> Tally {
        if let (false, Some(s)) = (cage.single(), slot(cage.op)) {
            self.0[s] += 1;
        }
        self
    }

    pub fn minus(mut self, cage: &Cage) -> Tally {
        if let (false, Some(s)) = (cage.single(), slot(cage.op)) {
            self.0[s] -= 1;
        }
        self
    }
}

/// A change to a caging: cages `drop` (one or two, by index) replaced by `add` (one or
/// two), which go after the untouched cages in their order.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    drop: [usize; 2],
    drops: u8,
    add: [Cage; 2],
    adds: u8,
}

impl Move {
    pub fn new(drop: &[usize], add: &[Cage]) -> Move {
        let mut found = Move {
            drop: [usize::MAX; 2],
            drops: drop.len() as u8,
            add: [Cage::NONE; 2],
            adds: add.len() as u8,
        };
        found.drop[..drop.len()].copy_from_slice(drop);
        found.add[..add.len()].copy_from_slice(add);
        found
    }

    pub fn dropped(&self) -> &[usize] {
        &self.drop[..self.drops as usize]
    }

    pub fn added(&self) -> &[Cage] {
        &self.add[..self.adds as usize]
    }

    /// How many cages the caging has after the change.
    pub fn cages_after(&self, before: usize) -> usize {
        before - self.dropped().len() + self.added().len()
    }

    /// The caging after the change.
    pub fn apply(&self, cages: &[Cage]) -> Vec<Cage> {
        let mut found: Vec<Cage> = Vec::with_capacity(cages.len() + self.added().len());
        found.extend(
            cages
                .iter()
                .enumerate()
                .filter(|(k, _)| !self.dropped().contains(k))
                .map(|(_, cage)| *cage),
        );
        found.extend_from_slice(self.added());
        found
    }

    /// A count over the caging after the change, from the count before and a cage's share.
    pub fn count_after(
        &self,
        cages: &[Cage],
        before: usize,
        counts: impl Fn(&Cage) -> bool,
    ) -> usize {
        let gone = self
            .dropped()
            .iter()
            .filter(|&&k| counts(&cages[k]))
            .count();
        let new = self.added().iter().filter(|k| counts(k)).count();
        before - gone + new
    }
}

/// Which cage holds each cell.
pub fn owners(cages: &[Cage], cells: usize) -> Vec<usize> {
    let mut owner = vec![usize::MAX; cells];
    for (k, cage) in cages.iter().enumerate() {
        for c in cage.cells.iter() {
            owner[c] = k;
        }
    }
    owner
}

/// The cages next to these cells (other than `not`), ascending.
pub fn cages_near(
    cells: impl Iterator<Item = usize>,
    owner: &[usize],
    n: usize,
    not: usize,
) -> Vec<usize> {
    // Room for a whole cage's neighbours at once (a flat_map's collect grows by steps).
    let mut near: Vec<usize> = Vec::with_capacity(4 * MAX_CAGE);
    near.extend(
        cells
            .flat_map(|c| neighbours(c, n))
            .map(|nb| owner[nb])
            .filter(|&j| j != not),
    );
    near.sort_unstable();
    near.dedup();
    near
}
