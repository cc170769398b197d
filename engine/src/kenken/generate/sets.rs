//! How many sets of digits make a clue, counted the generator's way: it weighs about a
//! hundred clues a 4x4 puzzle and needs the count of each (a giveaway has one), so the
//! count is worked out here with no allocation, on fixed arrays, instead of by listing
//! (`search::cages::multiset_count`, which lists each multiset as a vector and each
//! multiset's orders). The answer is the same number (sets_tests.rs compares them kind
//! by kind): the multisets of digits 1..n (sorted, repeats kept) that make the target under
//! the operation as the solver reads it (for hidden signs, under any of + - × ÷) and
//! can be placed so that no two cells of one row or column repeat a digit.

use crate::search::cages::Op;

/// The largest side counted here. Up to 9 no kind of cage reaches the listing's limits,
/// where `multiset_count` answers "too many" (no sum or product of up to 6 digits of
/// 1..9 is made by more than MAX_LISTED orders; sets_tests.rs checks it); larger grids
/// are counted by the listing.
pub const COUNTED_SIDE: usize = 9;

/// The cells of a cage a count is about: how many, and which pairs share a row or column
/// (bit a*MAX_CELLS+b set when cells a and b may not repeat a digit, both ways).
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub cells: usize,
    pub differ: u64,
}

/// Cells in a cage at most (one row of `differ` each).
pub const MAX_CELLS: usize = super::caging::MAX_CAGE;

impl Shape {
    fn differs(&self, a: usize, b: usize) -> bool {
        self.differ >> (a * MAX_CELLS + b) & 1 == 1
    }
}

/// The sets of digits 1..n that make `target` under `op` in a cage of this shape. Only
/// for n at most COUNTED_SIDE and at most MAX_CELLS cells (the caller keeps to that).
pub fn count(op: Op, target: i64, n: usize, shape: Shape) -> usize {
    let k = shape.cells;
    debug_assert!(n <= COUNTED_SIDE && k <= MAX_CELLS);
    match (op, k) {
        (_, 0) => 0,
        // = fits one cell only, - and ÷ two.
        (Op::Eq, 1) => usize::from((1..=n as i64).contains(&target)),
        (Op::Eq, _) => 0,
        (Op::Sub | Op::Div, 1 | 3..) => 0,
        (_, 2) => pairs(op, target, n as i64, shape.differs(0, 1)),
        _ => {
            let mut walk = Walk {
                op,
                target,
                n: n as i64,
                shape,
                digits: [0; MAX_CELLS],
                found: 0,
            };
            walk.extend(0, 1, if op == Op::Mul { 1 } else { 0 });
            walk.found
        }
    }
}

/// `count` for two cells: for each smaller digit a, the larger digit each sign needs
/// (for hidden signs, any of them, each counted once).
fn pairs(op: Op, target: i64, n: i64, differ: bool) -> usize {
    if differ {
        // Two different digits a < b: closed forms for the shown signs.
        let t = target;
        let found = match op {
            // a from max(1, t-n) to (t-1)/2.
            Op::Add => (t - 1).div_euclid(2) - (t - n).max(1) + 1,
            // (a, a+t) for a up to n-t.
            Op::Sub if t >= 1 => n - t,
            // (a, a*t) for a up to n/t.
            Op::Div if t >= 2 => n / t,
            Op::Mul if t >= 1 => (1..=n)
                .take_while(|&a| a * a < t)
                .filter(|&a| t % a == 0 && t / a <= n)
                .count() as i64,
            Op::Hidden => -1,
            _ => 0,
        };
        if found >= 0 || op != Op::Hidden {
            return found.max(0) as usize;
        }
    }
    let signs: &[Op] = match op {
        Op::Hidden => &[Op::Add, Op::Sub, Op::Mul, Op::Div],
        Op::Add => &[Op::Add],
        Op::Sub => &[Op::Sub],
        Op::Mul => &[Op::Mul],
        _ => &[Op::Div],
    };
    let mut found = 0;
    for a in 1..=n {
        let (mut seen, mut len) = ([0i64; 4], 0);
        for &sign in signs {
            let b = match sign {
                Op::Add => target - a,
                Op::Sub => a + target,
                Op::Mul if target % a == 0 => target / a,
                Op::Div => a * target,
                _ => continue,
            };
            let smallest = if differ { a + 1 } else { a };
            if (smallest..=n).contains(&b) && !seen[..len].contains(&b) {
                seen[len] = b;
                len += 1;
            }
        }
        found += len;
    }
    found
}

/// The depth-first walk over multisets (non-decreasing digits), sums and products cut
/// where no later digit can reach the target.
struct Walk {
    op: Op,
    target: i64,
    n: i64,
    shape: Shape,
    digits: [i64; MAX_CELLS],
    found: usize,
}

impl Walk {
    fn extend(&mut self, depth: usize, from: i64, acc: i64) {
        let k = self.shape.cells;
        if depth == k {
            if self.makes(&self.digits[..k]) && fits_some_order(&self.digits[..k], self.shape) {
                self.found += 1;
            }
            return;
        }
        let left = (k - depth) as u32;
        for v in from..=self.n {
            let next = match self.op {
                Op::Add => acc + v,
                Op::Mul => acc.saturating_mul(v),
                _ => 0,
            };
            match self.op {
                // Every later digit is at least v, at most n.
                Op::Add if acc + v * i64::from(left) > self.target => break,
                Op::Add if next + self.n * i64::from(left - 1) < self.target => continue,
                Op::Mul if acc.saturating_mul(v.saturating_pow(left)) > self.target => break,
                Op::Mul if self.target % next != 0 => continue,
                _ => {}
            }
            self.digits[depth] = v;
            self.extend(depth + 1, v, next);
        }
    }

    /// Whether these digits make the target (for hidden signs, under some sign).
    fn makes(&self, digits: &[i64]) -> bool {
        let value = |op: Op| -> Option<i64> {
            match op {
                Op::Add => Some(digits.iter().sum()),
                Op::Mul => Some(digits.iter().product()),
                Op::Sub if digits.len() == 2 => Some(digits[1] - digits[0]),
                Op::Div if digits.len() == 2 && digits[1] % digits[0] == 0 => {
                    Some(digits[1] / digits[0])
                }
                _ => None,
            }
        };
        if self.op == Op::Hidden {
            [Op::Add, Op::Sub, Op::Mul, Op::Div]
                .into_iter()
                .any(|op| value(op) == Some(self.target))
        } else {
            value(self.op) == Some(self.target)
        }
    }
}

/// Whether the sorted digits can be placed in the cells (some order) with no two cells
/// that must differ holding the same digit: cells filled in turn, each taking a digit
/// still left over that no earlier cell it must differ from holds.
fn fits_some_order(digits: &[i64], shape: Shape) -> bool {
    // Distinct digits and how many of each are left.
    let (mut values, mut left, mut kinds) = ([0i64; MAX_CELLS], [0u8; MAX_CELLS], 0);
    for &d in digits {
        if kinds > 0 && values[kinds - 1] == d {
            left[kinds - 1] += 1;
        } else {
            values[kinds] = d;
            left[kinds] = 1;
            kinds += 1;
        }
    }
    if kinds == digits.len() {
        return true; // all different: any order
    }
    let mut held = [0usize; MAX_CELLS];
    place(0, kinds, &mut left, &mut held, shape)
}

fn place(cell: usize, kinds: usize, left: &mut [u8], held: &mut [usize], shape: Shape) -> bool {
    if cell == shape.cells {
        return true;
    }
    for v in 0..kinds {
        if left[v] == 0 || (0..cell).any(|a| shape.differs(a, cell) && held[a] == v) {
            continue;
        }
        left[v] -= 1;
        held[cell] = v;
        if place(cell + 1, kinds, left, held, shape) {
            return true;
        }
        left[v] += 1;
    }
    false
}
