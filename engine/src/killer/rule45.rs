//! The rule of 45: innies, outies, and the two together.
//!
//! A house (a group holding every symbol) sums to 1+...+N, so a region made of whole
//! houses sums to a known total. Cages wholly inside it account for part; the cells of
//! the region in cages that stick out (innies), or the cells outside it of cages that
//! stick in (outies), make up the rest. Regions are single houses, runs of adjacent rows
//! or columns, and pairs of edge-adjacent boxes: read off the page, where a killer's cell
//! i is at row i / N, column i % N (checked when the board is set up).

use std::sync::Arc;

use super::board::{value, Equation, Killer};
use crate::cellset::{bit_values, CellSet, Mask};
use crate::grader::step::Detail;
use crate::grader::{Board, Contradiction, Outcome};

/// Rule-of-45 sums are worked out over at most this many unknown cells (a person adds up
/// two or three; the walk is bounded by N^cells).
pub const SUM_CELLS_HARD: usize = 3;
pub const SUM_CELLS_MEDIUM: usize = 1;
/// Equations with more cells than this (before any are filled) are not kept at all.
const EQUATION_CELLS: usize = 8;

/// Which equations a technique works, and on how many unknown cells at most.
pub struct Scope {
    pub max_houses: usize,
    pub max_cells: usize,
    pub mixed: bool,
}

/// Regions of whole houses (cells, number of houses), each once, in the order they are
/// looked at: every house, runs of adjacent rows and of adjacent columns (a run never
/// takes in the last line), and pairs of boxes sharing an edge.
fn regions(board: &Board) -> Vec<(CellSet, usize)> {
    let shape = &board.shape;
    let side = shape.nsym;
    let mut found: Vec<(CellSet, usize)> = Vec::new();
    let mut add = |cells: CellSet, houses: usize| {
        if !found.iter().any(|(known, _)| *known == cells) {
            found.push((cells, houses));
        }
    };
    for &g in &shape.covering {
        add(shape.group_sets[g], 1);
    }
    let axis = &shape.fish_axes[0];
    // Rows by the row of their first cell, columns by its column.
    for (lines, by_row) in [(&axis.base, true), (&axis.cover, false)] {
        let at = |i: usize| if by_row { i / side } else { i % side };
        let mut lines: Vec<(usize, usize)> = lines
            .iter()
            .map(|&g| (shape.groups[g].first().map_or(0, |&i| at(i)), g))
            .collect();
        lines.sort_by_key(|&(at, _)| at);
        for start in 0..lines.len() {
            let mut cells = shape.group_sets[lines[start].1];
            for end in start + 1..lines.len().saturating_sub(1) {
                if lines[end].0 != lines[end - 1].0 + 1 {
                    break;
                }
                cells = cells.or(&shape.group_sets[lines[end].1]);
                add(cells, end - start + 1);
            }
        }
    }
    let boxes: Vec<CellSet> = shape
        .covering
        .iter()
        .filter(|g| !axis.base.contains(g) && !axis.cover.contains(g))
        .map(|&g| shape.group_sets[g])
        .collect();
    for (x, a) in boxes.iter().enumerate() {
        for b in &boxes[x + 1..] {
            if a.and(b).is_empty() && touches(a, b, side) {
                add(a.or(b), 2);
            }
        }
    }
    found
}

/// Whether some cell of `a` has an edge-neighbour in `b`.
fn touches(a: &CellSet, b: &CellSet, side: usize) -> bool {
    a.iter().any(|i| {
        let (r, c) = (i / side, i % side);
        (r > 0 && b.contains(i - side))
            || (r + 1 < side && b.contains(i + side))
            || (c > 0 && b.contains(i - 1))
            || (c + 1 < side && b.contains(i + 1))
    })
}

/// Innie, outie and mixed equations of every region, for the board's cages. Built for
/// every board a generator grades, so its lists are reused region after region and a
/// region's cells are listed only for the equations kept.
fn equations(board: &Board, state: &Killer) -> Vec<Equation> {
    let house_total: i128 = board.shape.symbols.iter().map(|&s| s as i128).sum();
    let cage_of = &state.cage_of;
    let all_caged = cage_of.iter().all(|k| k.is_some());
    let mut found = Vec::new();
    // Per cage, the last region it met, and the last it sticks out of.
    let mut met = vec![usize::MAX; state.cages.len()];
    let mut sticks = vec![usize::MAX; state.cages.len()];
    let (mut innies, mut outies, mut meeting) = (Vec::new(), Vec::new(), Vec::new());
    let (mut mostly_in, mut minus) = (Vec::new(), Vec::new());
    // The partial cages: (cage, its cells outside), the cells one list.
    let (mut partial, mut outside): (Vec<(usize, usize, usize)>, Vec<usize>) =
        (Vec::new(), Vec::new());
    for (r, (inside, houses)) in regions(board).into_iter().enumerate() {
        let total = houses as i128 * house_total;
        let mut full_sum = 0i128;
        innies.clear();
        // The cages meeting the region, in order of their first cell in it.
        meeting.clear();
        for i in inside.iter() {
            match cage_of[i] {
                None => innies.push(i),
                Some(k) if met[k] != r => {
                    met[k] = r;
                    meeting.push(k);
                }
                Some(_) => {}
            }
        }
        let uncaged = innies.len();
        let mut cover_sum = 0i128;
        outies.clear();
        mostly_in.clear();
        partial.clear();
        outside.clear();
        for &k in &meeting {
            let cage = &state.cages[k];
            let from = outside.len();
            outside.extend(cage.cells.iter().copied().filter(|&c| !inside.contains(c)));
            cover_sum += cage.target;
            let out = outside.len() - from;
            if out == 0 {
                full_sum += cage.target;
                continue;
            }
            outies.extend_from_slice(&outside[from..]);
            if 2 * out < cage.cells.len() {
                mostly_in.push(k);
            }
            sticks[k] = r;
            partial.push((k, from, outside.len()));
        }
        innies.extend(
            inside
                .iter()
                .filter(|&i| cage_of[i].is_some_and(|k| sticks[k] == r)),
        );
        innies.sort_unstable();
        outies.sort_unstable();
        let fits = |cells: usize| 0 < cells && cells <= EQUATION_CELLS;
        let made = |plus: Vec<usize>, minus: Vec<usize>, total, mixed, kind, known| Equation {
            plus,
            minus,
            total,
            houses,
            mixed,
            kind,
            region: inside,
            region_sum: houses as i128 * house_total,
            known,
        };
        if fits(innies.len()) {
            found.push(made(
                innies.clone(),
                Vec::new(),
                total - full_sum,
                false,
                "innies",
                full_sum,
            ));
        }
        if (all_caged || uncaged == 0) && fits(outies.len()) {
            found.push(made(
                outies.clone(),
                Vec::new(),
                cover_sum - total,
                false,
                "outies",
                cover_sum,
            ));
        }
        if !mostly_in.is_empty() && mostly_in.len() < partial.len() {
            let poking = |i: &usize| cage_of[*i].is_some_and(|k| mostly_in.contains(&k));
            let plus = innies.iter().filter(|i| !poking(i)).count();
            minus.clear();
            for &(k, from, to) in &partial {
                if mostly_in.contains(&k) {
                    minus.extend_from_slice(&outside[from..to]);
                }
            }
            if fits(plus + minus.len()) {
                minus.sort_unstable();
                let taken: i128 = mostly_in.iter().map(|&k| state.cages[k].target).sum();
                let plus = innies.iter().copied().filter(|i| !poking(i)).collect();
                found.push(made(
                    plus,
                    minus.clone(),
                    total - full_sum - taken,
                    true,
                    "mixed",
                    full_sum + taken,
                ));
            }
        }
    }
    found
}

/// Work the equations in scope, in order, up to the first that narrows the marks.
pub fn apply_equations(board: &mut Board, state: &mut Killer, scope: Scope) -> Outcome<bool> {
    let equations = match &state.equations {
        Some(found) => Arc::clone(found),
        None => {
            let found = Arc::new(equations(board, state));
            state.seen = vec![None; found.len()];
            state.equations = Some(Arc::clone(&found));
            found
        }
    };
    for (e, eq) in equations.iter().enumerate() {
        if eq.houses > scope.max_houses || eq.mixed != scope.mixed {
            continue;
        }
        // An equation already worked out on these very marks has nothing new (compared
        // in place: a key is built only when one is kept).
        let cells = || eq.plus.iter().chain(&eq.minus);
        if state.seen[e]
            .as_ref()
            .is_some_and(|key| key.iter().zip(cells()).all(|(&m, &c)| board.cand[c] == m))
        {
            continue;
        }
        // The open cells, those added first, on the stack: an equation has at most
        // EQUATION_CELLS of them.
        let mut total = eq.total;
        let mut open = [0usize; EQUATION_CELLS];
        let (mut count, mut added) = (0, 0);
        for (j, &c) in cells().enumerate() {
            let adds = j < eq.plus.len();
            if board.placed[c] {
                let v = value(board, board.cand[c]);
                total += if adds { -v } else { v };
            } else {
                open[count] = c;
                count += 1;
                added += usize::from(adds);
            }
        }
        if count == 0 {
            if total != 0 {
                return Err(Contradiction);
            }
            continue;
        }
        if count > scope.max_cells {
            continue;
        }
        let (plus, minus) = open[..count].split_at(added);
        if restrict_to_sum(board, state, plus, minus, total)? {
            board.note(Detail {
                kind: eq.kind,
                region: eq.region.iter().collect(),
                cells: plus.to_vec(),
                minus: minus.to_vec(),
                total: clamp(eq.region_sum),
                known: clamp(eq.known),
                need: clamp(total),
                ..Detail::default()
            });
            return Ok(true);
        }
        state.seen[e] = Some(cells().map(|&c| board.cand[c]).collect());
    }
    Ok(false)
}

fn clamp(x: i128) -> i64 {
    x.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

/// Keep the candidates some assignment with sum(plus) - sum(minus) == total uses, peers
/// differing. At most N^cells assignments, cells being few; partial sums outside what the
/// remaining cells can still add are cut off. Everything on the stack: at most
/// EQUATION_CELLS cells.
fn restrict_to_sum(
    board: &mut Board,
    state: &Killer,
    plus: &[usize],
    minus: &[usize],
    total: i128,
) -> Outcome<bool> {
    let mut cells = [0usize; EQUATION_CELLS];
    let k = plus.len() + minus.len();
    cells[..plus.len()].copy_from_slice(plus);
    cells[plus.len()..k].copy_from_slice(minus);
    let mut walk = Walk {
        symbols: &board.shape.symbols,
        cand: [0; EQUATION_CELLS],
        sign: [1; EQUATION_CELLS],
        low: [0; EQUATION_CELLS + 1],
        high: [0; EQUATION_CELLS + 1],
        peers: [0; EQUATION_CELLS],
        support: [0; EQUATION_CELLS],
        chosen: [0; EQUATION_CELLS],
        k,
    };
    for j in 0..k {
        walk.cand[j] = board.cand[cells[j]];
        walk.sign[j] = if j < plus.len() { 1 } else { -1 };
        // Which earlier cells it may not repeat a symbol with.
        for x in 0..j {
            if state.peer_sets[cells[j]].contains(cells[x]) {
                walk.peers[j] |= 1 << x;
            }
        }
    }
    // The least and most the cells from j on can still add (ignoring repeats).
    for j in (0..k).rev() {
        let (mut least, mut most) = (None::<i128>, None::<i128>);
        for b in bit_values(walk.cand[j]) {
            let v = walk.sign[j] * value_of(walk.symbols, b);
            least = Some(least.map_or(v, |l| l.min(v)));
            most = Some(most.map_or(v, |m| m.max(v)));
        }
        walk.low[j] = walk.low[j + 1] + least.unwrap_or(0);
        walk.high[j] = walk.high[j + 1] + most.unwrap_or(0);
    }
    walk.from(0, total);
    if walk.support[..k].iter().all(|&s| s == 0) {
        return Err(Contradiction);
    }
    let support = walk.support;
    board.narrow(&cells[..k], &support[..k])
}

/// The value of a symbol's bit.
fn value_of(symbols: &[i64], bit: Mask) -> i128 {
    symbols[bit.trailing_zeros() as usize] as i128
}

struct Walk<'a> {
    symbols: &'a [i64],
    cand: [Mask; EQUATION_CELLS],
    sign: [i128; EQUATION_CELLS],
    low: [i128; EQUATION_CELLS + 1],
    high: [i128; EQUATION_CELLS + 1],
    /// Per cell, the earlier cells it must differ from (bit x: cell x).
    peers: [u8; EQUATION_CELLS],
    support: [Mask; EQUATION_CELLS],
    chosen: [Mask; EQUATION_CELLS],
    k: usize,
}

impl Walk<'_> {
    fn from(&mut self, j: usize, need: i128) {
        if j == self.k {
            if need == 0 {
                for x in 0..self.k {
                    self.support[x] |= self.chosen[x];
                }
            }
            return;
        }
        if !(self.low[j] <= need && need <= self.high[j]) {
            return;
        }
        for b in bit_values(self.cand[j]) {
            let mut earlier = self.peers[j];
            let mut clash = false;
            while earlier != 0 {
                let x = earlier.trailing_zeros() as usize;
                earlier &= earlier - 1;
                clash |= self.chosen[x] == b;
            }
            if clash {
                continue;
            }
            self.chosen[j] = b;
            self.from(j + 1, need - self.sign[j] * value_of(self.symbols, b));
        }
    }
}
