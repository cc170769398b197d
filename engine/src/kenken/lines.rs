//! KenKen's expert techniques: two cages in a line must agree, and the line sum and
//! product rules (a line totals 1+...+N and multiplies to N!).

use std::sync::Arc;

use super::cages::{CageShape, KenKen};
use super::{LINE_RULE_CELLS, PAIR_LIMIT};
use crate::cellset::Mask;
use crate::grader::step::Detail;
use crate::grader::{Board, Contradiction, Outcome};

/// A list of at most a line's cells (a covering line has one cell a symbol, and a mask
/// holds at most 64), on the stack: the line rules run for every line at every step.
struct Few {
    items: [usize; 64],
    len: usize,
}

impl Default for Few {
    fn default() -> Few {
        Few {
            items: [0; 64],
            len: 0,
        }
    }
}

impl Few {
    fn clear(&mut self) {
        self.len = 0;
    }

    fn push(&mut self, item: usize) {
        self.items[self.len] = item;
        self.len += 1;
    }

    fn extend(&mut self, items: impl Iterator<Item = usize>) {
        for item in items {
            self.push(item);
        }
    }
}

impl std::ops::Deref for Few {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.items[..self.len]
    }
}

fn is_open(board: &Board, cells: &[usize]) -> bool {
    cells.iter().any(|&c| !board.placed[c])
}

/// Two cages that share a row or column must agree: a combination of one that clashes
/// with every live combination of the other (the same digit twice in a line) is out.
pub fn cage_pairs(board: &mut Board, kk: &mut KenKen) -> Outcome<bool> {
    let compiled = Arc::clone(&kk.compiled);
    for (pi, pair) in kk.pairs().iter().enumerate() {
        let (k1, k2) = (pair.first, pair.second);
        let (c1, c2) = (&compiled.cages[k1], &compiled.cages[k2]);
        if !is_open(board, &c1.cells) || !is_open(board, &c2.cells) {
            continue;
        }
        kk.refresh(k1, &board.cand)?;
        kk.refresh(k2, &board.cand)?;
        let (a, b) = (&kk.alive[k1], &kk.alive[k2]);
        if a.len() * b.len() > PAIR_LIMIT || kk.pairs_idle[pi] == (a.len(), b.len()) {
            continue;
        }
        let (keep_a, keep_b) = compatible(c1, a, c2, b, &pair.conflicts);
        let (len_a, len_b) = (a.len(), b.len());
        if keep_a.len() < len_a && kk.strike(board, k1, keep_a)? {
            let more = Detail {
                other: Some(k2),
                ..Detail::default()
            };
            kk.note_cage(board, k1, more)?;
            return Ok(true);
        }
        if keep_b.len() < len_b && kk.strike(board, k2, keep_b)? {
            let more = Detail {
                other: Some(k1),
                ..Detail::default()
            };
            kk.note_cage(board, k2, more)?;
            return Ok(true);
        }
        kk.pairs_idle[pi] = (len_a, len_b);
    }
    Ok(false)
}

/// The combinations of each cage that some combination of the other agrees with.
fn compatible(
    first: &CageShape,
    a: &[u32],
    second: &CageShape,
    b: &[u32],
    conflicts: &[(usize, usize)],
) -> (Vec<u32>, Vec<u32>) {
    let mut ok_b = vec![false; b.len()];
    let mut keep_a = Vec::with_capacity(a.len());
    let mut forbidden = vec![0 as Mask; second.cells.len()];
    for &ca in a {
        let combo = first.combo(ca);
        forbidden.iter_mut().for_each(|f| *f = 0);
        for &(j1, j2) in conflicts {
            forbidden[j2] |= 1 << combo[j1];
        }
        let mut fits = false;
        for (ok, &cb) in ok_b.iter_mut().zip(b) {
            if fits && *ok {
                continue; // nothing left to learn from this pair
            }
            let clash = second
                .combo(cb)
                .iter()
                .zip(&forbidden)
                .any(|(&d, &f)| f >> d & 1 == 1);
            if !clash {
                fits = true;
                *ok = true;
            }
        }
        if fits {
            keep_a.push(ca);
        }
    }
    let keep_b = b
        .iter()
        .zip(&ok_b)
        .filter(|(_, &ok)| ok)
        .map(|(&cb, _)| cb)
        .collect();
    (keep_a, keep_b)
}

/// Sums or products, for the line rules.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Combine {
    Sum,
    Product,
}

impl Combine {
    /// The values' total; None past what the engine's numbers hold (no puzzle comes near).
    fn of(self, values: impl IntoIterator<Item = i64>) -> Option<i128> {
        let mut total: i128 = if self == Combine::Sum { 0 } else { 1 };
        for v in values {
            total = match self {
                Combine::Sum => total.checked_add(v as i128)?,
                Combine::Product => total.checked_mul(v as i128)?,
            };
        }
        Some(total)
    }

    /// What is left of `x` once `y` is taken out: a difference, or an exact quotient (-1
    /// when it does not divide: no assignment can make that).
    fn remove(self, x: i128, y: i128) -> i128 {
        match self {
            Combine::Sum => x - y,
            Combine::Product => {
                if y != 0 && x % y == 0 {
                    x.div_euclid(y)
                } else {
                    -1
                }
            }
        }
    }

    fn kind(self) -> &'static str {
        match self {
            Combine::Sum => "sum",
            Combine::Product => "product",
        }
    }
}

/// A line holds every digit once, so its total is fixed; cages wholly inside it with one
/// possible total leave the rest to its remaining few cells.
pub fn line_rule(board: &mut Board, kk: &mut KenKen, combine: Combine) -> Outcome<bool> {
    let compiled = Arc::clone(&kk.compiled);
    let shape = Arc::clone(&board.shape);
    let symbols = &shape.symbols;
    let Some(total_all) = combine.of(symbols.iter().copied()) else {
        return Ok(false);
    };
    let value = |bits: Mask| symbols[bits.trailing_zeros() as usize];
    // One pair of lists for every line: the rule runs at every step of an expert grading.
    let mut leftover: Few = Few::default();
    let mut seen: Few = Few::default();
    for &g in &shape.covering {
        let cells = &shape.groups[g];
        let members = &shape.group_sets[g];
        let mut remaining = total_all;
        leftover.clear();
        let mut used_cage = false;
        seen.clear();
        for &i in cells {
            let k = compiled.cage_of[i];
            if k.is_some_and(|k| seen.contains(&k)) {
                continue;
            }
            if let Some(k) = k {
                let cage = &compiled.cages[k];
                if cage.cells.len() > 1
                    && cage.cells.iter().all(|&c| members.contains(c))
                    && is_open(board, &cage.cells)
                {
                    seen.push(k);
                    kk.refresh(k, &board.cand)?;
                    let mut totals = kk.alive[k]
                        .iter()
                        .map(|&c| combine.of(cage.combo(c).iter().map(|&s| symbols[s as usize])));
                    let first = totals.next().flatten();
                    let one_total = first.is_some() && totals.all(|t| t == first);
                    if let (true, Some(total)) = (one_total, first) {
                        remaining = combine.remove(remaining, total);
                        used_cage = true;
                        continue;
                    }
                    leftover.extend(cage.cells.iter().copied().filter(|&c| !board.placed[c]));
                    let placed = cage
                        .cells
                        .iter()
                        .filter(|&&c| board.placed[c])
                        .map(|&c| value(board.cand[c]));
                    let Some(known) = combine.of(placed) else {
                        return Ok(false);
                    };
                    remaining = combine.remove(remaining, known);
                    continue;
                }
            }
            if board.placed[i] {
                remaining = combine.remove(remaining, value(board.cand[i]) as i128);
            } else {
                leftover.push(i);
            }
        }
        if !used_cage || leftover.is_empty() || leftover.len() > LINE_RULE_CELLS || remaining < 0 {
            continue;
        }
        if restrict_to_total(board, &leftover, remaining, combine)? {
            if board.recording() {
                let known = match combine {
                    Combine::Sum => total_all - remaining,
                    Combine::Product => total_all.checked_div(remaining).unwrap_or(0),
                };
                let number = |x: i128| i64::try_from(x).unwrap_or(i64::MAX);
                board.note(Detail {
                    kind: combine.kind(),
                    groups: vec![g],
                    cells: leftover.to_vec(),
                    total: number(total_all),
                    known: number(known),
                    need: number(remaining),
                    ..Detail::default()
                });
            }
            return Ok(true);
        }
    }
    Ok(false)
}

/// Keep the candidates of these cells (all on one line, so all different) that some
/// assignment making `total` uses.
fn restrict_to_total(
    board: &mut Board,
    cells: &[usize],
    total: i128,
    combine: Combine,
) -> Outcome<bool> {
    // On the stack: the rule runs at every step of an expert grading, for every line.
    let k = cells.len().min(LINE_RULE_CELLS);
    let (mut cand, mut pick) = ([0 as Mask; LINE_RULE_CELLS], [0 as Mask; LINE_RULE_CELLS]);
    for (j, &c) in cells[..k].iter().enumerate() {
        cand[j] = board.cand[c];
        pick[j] = cand[j] & cand[j].wrapping_neg();
    }
    let symbols = &board.shape.symbols;
    let mut support = [0 as Mask; LINE_RULE_CELLS];
    // An odometer over the cells' candidates, each cell's digit stepping up through its
    // marks (a cell without any makes no choice meet the total).
    'all: loop {
        let choice = &pick[..k];
        let used = choice.iter().fold(0 as Mask, |m, &b| m | b);
        if used.count_ones() as usize == k
            && combine.of(choice.iter().map(|&b| symbols[b.trailing_zeros() as usize]))
                == Some(total)
        {
            for (s, &b) in support.iter_mut().zip(choice) {
                *s |= b;
            }
        }
        for p in (0..k).rev() {
            let above = cand[p] & !(pick[p] | (pick[p].wrapping_sub(1)));
            if above != 0 {
                pick[p] = above & above.wrapping_neg();
                continue 'all;
            }
            pick[p] = cand[p] & cand[p].wrapping_neg();
        }
        break;
    }
    let support = &support[..k];
    if support.iter().all(|&s| s == 0) {
        return Err(Contradiction);
    }
    board.narrow(&cells[..k], support)
}
