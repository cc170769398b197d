//! Clues on a solved grid: the operations that fit a cage's digits, a cage's target, the
//! clue drawn for an even mix of operations and the level's share of giveaways, and how
//! many sets of digits make a clue (a giveaway: only one).

use std::cell::RefCell;
use std::collections::HashMap;

use super::caging::{Cage, Cells, Tally};
use super::sets;
use super::Settings;
use crate::kenken::cages::Quick;
use crate::rng::Rng;
use crate::search::cages::{makes_target, multiset_count, Op};

/// The operations that fit some digits, in the order the section lists them.
#[derive(Clone, Copy)]
pub struct Fits {
    ops: [Op; 4],
    len: usize,
}

impl Fits {
    pub fn as_slice(&self) -> &[Op] {
        &self.ops[..self.len]
    }
}

/// The allowed operations that fit these digits: one cell only equals; − and ÷ take two
/// cells, ÷ only when it divides exactly; + and × any number.
pub fn fitting_ops(values: &[i64], allowed: &[Op]) -> Fits {
    let mut found = Fits {
        ops: [Op::Eq; 4],
        len: 0,
    };
    let mut push = |op: Op| {
        found.ops[found.len] = op;
        found.len += 1;
    };
    match values.len() {
        1 => push(Op::Eq),
        2 => {
            let (hi, lo) = (values[0].max(values[1]), values[0].min(values[1]));
            for &op in allowed {
                if op != Op::Div || hi % lo == 0 {
                    push(op);
                }
            }
        }
        _ => {
            for &op in allowed {
                if matches!(op, Op::Add | Op::Mul) {
                    push(op);
                }
            }
        }
    }
    found
}

/// How many different sets of digits make each kind of clue, counted once per thread:
/// by grid size, operation as the solver reads it, target, size and which cells share a
/// line. Counted without listing the cage's combinations: most clues weighed are never
/// graded.
type Kind = (usize, Op, i64, usize, u64);
thread_local! {
    static COUNTED: RefCell<HashMap<Kind, usize, Quick>> = RefCell::new(HashMap::default());
}
/// The counts are forgotten past this many kinds (bounded memory; a count never changes).
const COUNTED_KINDS: usize = 1 << 16;

/// The sets of digits 1..n (sorted, repeats kept) that can make the clue; usize::MAX when
/// too many ways to list (never a giveaway).
pub fn digit_sets(cage: &Cage, n: usize, hidden: bool) -> usize {
    let op = if hidden && !cage.single() {
        Op::Hidden
    } else {
        cage.op
    };
    let (cells, k) = (&cage.cells, cage.cells.len());
    let counted_here = n <= sets::COUNTED_SIDE;
    if counted_here && k <= 2 {
        // A few digits to try: cheaper than looking the count up.
        let (a, b) = (cells.first(), cells.at(k - 1));
        let apart = k == 1 || (a / n != b / n && a % n != b % n);
        let differ = if apart { 0 } else { 1 << 1 | 1 << MAX_BITS };
        return sets::count(op, cage.target, n, sets::Shape { cells: k, differ });
    }
    // Rows and columns worked out once, not once a pair: this runs for every clue weighed.
    let (mut row, mut col) = ([0usize; MAX_BITS], [0usize; MAX_BITS]);
    for j in 0..k {
        (row[j], col[j]) = (cells.at(j) / n, cells.at(j) % n);
    }
    let shared = |a: usize, b: usize| a != b && (row[a] == row[b] || col[a] == col[b]);
    let mut differ_bits = 0u64;
    for a in 0..k {
        for b in 0..k {
            if shared(a, b) {
                differ_bits |= 1 << (a * MAX_BITS + b);
            }
        }
    }
    let shape = sets::Shape {
        cells: k,
        differ: differ_bits,
    };
    let key = (n, op, cage.target, k, differ_bits);
    if let Some(found) = COUNTED.with(|counted| counted.borrow().get(&key).copied()) {
        return found;
    }
    let found = if counted_here {
        sets::count(op, cage.target, n, shape)
    } else {
        let differ: Vec<Vec<bool>> = (0..k)
            .map(|a| (0..k).map(|b| shared(a, b)).collect())
            .collect();
        let symbols: Vec<i64> = (1..=n as i64).collect();
        multiset_count(op, i128::from(cage.target), &symbols, &differ).unwrap_or(usize::MAX)
    };
    COUNTED.with(|counted| {
        let mut held = counted.borrow_mut();
        if held.len() >= COUNTED_KINDS {
            held.clear();
        }
        held.insert(key, found);
    });
    found
}

/// Bits per row of the differ matrix in the key (a cage has at most 6 cells).
const MAX_BITS: usize = sets::MAX_CELLS;

/// What one generation attempt works with: the solved grid, the section's settings and
/// the random source.
pub struct Attempt<'a> {
    pub set: &'a Settings,
    pub solution: Vec<u8>,
    pub rng: &'a mut Rng,
}

impl Attempt<'_> {
    pub fn values(&self, cells: &Cells) -> ([i64; 6], usize) {
        let mut found = [0i64; 6];
        for (j, c) in cells.iter().enumerate() {
            found[j] = i64::from(self.solution[c]);
        }
        (found, cells.len())
    }

    pub fn fits(&self, cells: &Cells) -> Fits {
        let (values, len) = self.values(cells);
        fitting_ops(&values[..len], &self.set.ops)
    }

    /// The cage on these cells with this operation, its target what the solution makes.
    pub fn make_cage(&self, cells: Cells, op: Op) -> Cage {
        let (values, len) = self.values(&cells);
        Cage {
            cells,
            op,
            target: target_of(op, &values[..len]),
        }
    }

    pub fn digit_sets(&self, cage: &Cage) -> usize {
        digit_sets(cage, self.set.n, self.set.hidden)
    }

    /// A clue of more than one cell that only one set of digits can make (e.g. 3× is 1
    /// and 3): the solver is handed the digits and only has to place them.
    pub fn giveaway(&self, cage: &Cage) -> bool {
        !cage.single() && self.digit_sets(cage) == 1
    }

    /// A cage on these cells with an allowed operation, drawn so that the operations come
    /// out about evenly (each weighted by how rarely `used` has it) and giveaways appear
    /// as often as the level wants them; None when no operation fits.
    pub fn clue(&mut self, cells: Cells, used: &Tally) -> Option<Cage> {
        // The digits read once for every sign weighed (a round weighs about a hundred
        // clues).
        let (values, len) = self.values(&cells);
        let fits = fitting_ops(&values[..len], &self.set.ops);
        let fits = fits.as_slice();
        if fits.is_empty() {
            return None;
        }
        let cage_of = |op: Op| Cage {
            cells,
            op,
            target: target_of(op, &values[..len]),
        };
        if fits == [Op::Eq] {
            return Some(cage_of(Op::Eq));
        }
        let mut options = [Cage::NONE; 4];
        let mut weights = [0f64; 4];
        for (j, &op) in fits.iter().enumerate() {
            let cage = cage_of(op);
            let mut weight = 1.0 / f64::from(1 + used.get(op)).powi(2);
            if self.giveaway(&cage) {
                weight *= self.set.giveaway_weight;
            }
            options[j] = cage;
            weights[j] = weight;
        }
        Some(options[weighted(self.rng, &weights[..fits.len()])])
    }

    /// Does this other grid meet the cage as the solver reads it (any sign when hidden)?
    pub fn holds(&self, cage: &Cage, grid: &[u8]) -> bool {
        let mut values = [0i64; 6];
        for (j, c) in cage.cells.iter().enumerate() {
            values[j] = i64::from(grid[c]);
        }
        let op = if self.set.hidden && !cage.single() {
            Op::Hidden
        } else {
            cage.op
        };
        makes_target(op, i128::from(cage.target), &values[..cage.cells.len()])
    }
}

/// What the digits make under `op` (0 where it does not apply): `cage_value` in i64,
/// which a cage's digits never leave (at most 6 digits of at most 15), with no 128-bit
/// division for every clue weighed.
pub fn target_of(op: Op, values: &[i64]) -> i64 {
    match (op, values) {
        (Op::Add, _) => values.iter().sum(),
        (Op::Mul, _) => values.iter().product(),
        (Op::Eq, &[v]) => v,
        (Op::Sub, &[a, b]) => a.max(b) - a.min(b),
        (Op::Div, &[a, b]) => {
            let (hi, lo) = (a.max(b), a.min(b));
            if lo != 0 && hi % lo == 0 {
                hi / lo
            } else {
                0
            }
        }
        _ => 0,
    }
}

/// An index drawn with these (non-negative, not all zero) weights: the first whose
/// running total passes a uniform draw over the whole.
pub fn weighted(rng: &mut Rng, weights: &[f64]) -> usize {
    let total: f64 = weights.iter().sum();
    let draw = rng.unit() * total;
    let mut running = 0.0;
    for (j, &w) in weights.iter().enumerate() {
        running += w;
        if draw < running {
            return j;
        }
    }
    weights.len() - 1
}
