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

/// Innie, outie and mixed equations of every region, for the board's cages.
fn equations(board: &Board, state: &Killer) -> Vec<Equation> {
    let house_total: i128 = board.shape.symbols.iter().map(|&s| s as i128).sum();
    let cage_of = &state.cage_of;
    let all_caged = cage_of.iter().all(|k| k.is_some());
    let mut found = Vec::new();
    for (inside, houses) in regions(board) {
        let region: Vec<usize> = inside.iter().collect();
        let total = houses as i128 * house_total;
        let mut full_sum = 0i128;
        let mut innies: Vec<usize> = Vec::new();
        // The cages meeting the region, in order of their first cell in it.
        let mut meeting: Vec<usize> = Vec::new();
        for &i in &region {
            match cage_of[i] {
                None => innies.push(i),
                Some(k) if !meeting.contains(&k) => meeting.push(k),
                Some(_) => {}
            }
        }
        let (mut outies, mut mostly_in, mut cover_sum) = (Vec::new(), Vec::new(), 0i128);
        let mut partial: Vec<(usize, Vec<usize>)> = Vec::new();
        for k in meeting {
            let cage = &state.cages[k];
            let out: Vec<usize> = cage
                .cells
                .iter()
                .copied()
                .filter(|&c| !inside.contains(c))
                .collect();
            cover_sum += cage.target;
            if out.is_empty() {
                full_sum += cage.target;
                continue;
            }
            outies.extend(&out);
            if 2 * out.len() < cage.cells.len() {
                mostly_in.push(k);
            }
            partial.push((k, out));
        }
        let sticking = |i: usize| cage_of[i].is_some_and(|k| partial.iter().any(|p| p.0 == k));
        innies.extend(region.iter().copied().filter(|&i| sticking(i)));
        innies.sort_unstable();
        outies.sort_unstable();
        let made = |plus: Vec<usize>, minus: Vec<usize>, total, mixed, kind, known| Equation {
            plus,
            minus,
            total,
            houses,
            mixed,
            kind,
            region: region.clone(),
            region_sum: houses as i128 * house_total,
            known,
        };
        let mut candidates = vec![made(
            innies.clone(),
            Vec::new(),
            total - full_sum,
            false,
            "innies",
            full_sum,
        )];
        if all_caged || region.iter().all(|&i| cage_of[i].is_some()) {
            candidates.push(made(
                outies,
                Vec::new(),
                cover_sum - total,
                false,
                "outies",
                cover_sum,
            ));
        }
        if !mostly_in.is_empty() && mostly_in.len() < partial.len() {
            let poking = |i: &usize| cage_of[*i].is_some_and(|k| mostly_in.contains(&k));
            let plus: Vec<usize> = innies.iter().copied().filter(|i| !poking(i)).collect();
            let mut minus: Vec<usize> = partial
                .iter()
                .filter(|(k, _)| mostly_in.contains(k))
                .flat_map(|(_, out)| out.iter().copied())
                .collect();
            minus.sort_unstable();
            let taken: i128 = mostly_in.iter().map(|&k| state.cages[k].target).sum();
            candidates.push(made(
                plus,
                minus,
                total - full_sum - taken,
                true,
                "mixed",
                full_sum + taken,
            ));
        }
        for eq in candidates {
            let cells = eq.plus.len() + eq.minus.len();
            if 0 < cells && cells <= EQUATION_CELLS {
                found.push(eq);
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
        // An equation already worked out on these very marks has nothing new.
        let key: Vec<Mask> = eq
            .plus
            .iter()
            .chain(&eq.minus)
            .map(|&c| board.cand[c])
            .collect();
        if state.seen[e].as_ref() == Some(&key) {
            continue;
        }
        let mut total = eq.total;
        let mut plus = Vec::new();
        for &c in &eq.plus {
            if board.placed[c] {
                total -= value(board, board.cand[c]);
            } else {
                plus.push(c);
            }
        }
        let mut minus = Vec::new();
        for &c in &eq.minus {
            if board.placed[c] {
                total += value(board, board.cand[c]);
            } else {
                minus.push(c);
            }
        }
        if plus.is_empty() && minus.is_empty() {
            if total != 0 {
                return Err(Contradiction);
            }
            continue;
        }
        if plus.len() + minus.len() > scope.max_cells {
            continue;
        }
        if restrict_to_sum(board, state, &plus, &minus, total)? {
            board.note(Detail {
                kind: eq.kind,
                region: eq.region.clone(),
                cells: plus,
                minus,
                total: clamp(eq.region_sum),
                known: clamp(eq.known),
                need: clamp(total),
                ..Detail::default()
            });
            return Ok(true);
        }
        state.seen[e] = Some(key);
    }
    Ok(false)
}

fn clamp(x: i128) -> i64 {
    x.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

/// Keep the candidates some assignment with sum(plus) - sum(minus) == total uses, peers
/// differing. At most N^cells assignments, cells being few; partial sums outside what the
/// remaining cells can still add are cut off.
fn restrict_to_sum(
    board: &mut Board,
    state: &Killer,
    plus: &[usize],
    minus: &[usize],
    total: i128,
) -> Outcome<bool> {
    let cells: Vec<usize> = plus.iter().chain(minus).copied().collect();
    let k = cells.len();
    let options: Vec<Vec<(Mask, i128)>> = cells
        .iter()
        .enumerate()
        .map(|(j, &c)| {
            let sign = if j < plus.len() { 1 } else { -1 };
            bit_values(board.cand[c])
                .map(|b| (b, sign * value(board, b)))
                .collect()
        })
        .collect();
    // The least and most the cells from j on can still add (ignoring repeats).
    let (mut low, mut high) = (vec![0i128; k + 1], vec![0i128; k + 1]);
    for j in (0..k).rev() {
        let amounts = options[j].iter().map(|&(_, v)| v);
        low[j] = low[j + 1] + amounts.clone().min().unwrap_or(0);
        high[j] = high[j + 1] + amounts.max().unwrap_or(0);
    }
    let peers: Vec<Vec<usize>> = (0..k)
        .map(|j| {
            (0..j)
                .filter(|&x| state.peer_sets[cells[j]].contains(cells[x]))
                .collect()
        })
        .collect();
    let mut walk = Walk {
        options: &options,
        low: &low,
        high: &high,
        peers: &peers,
        support: vec![0; k],
        chosen: vec![0; k],
    };
    walk.from(0, total);
    if walk.support.iter().all(|&s| s == 0) {
        return Err(Contradiction);
    }
    let support = walk.support;
    board.narrow(&cells, &support)
}

struct Walk<'a> {
    options: &'a [Vec<(Mask, i128)>],
    low: &'a [i128],
    high: &'a [i128],
    peers: &'a [Vec<usize>],
    support: Vec<Mask>,
    chosen: Vec<Mask>,
}

impl Walk<'_> {
    fn from(&mut self, j: usize, need: i128) {
        if j == self.options.len() {
            if need == 0 {
                for (s, &c) in self.support.iter_mut().zip(&self.chosen) {
                    *s |= c;
                }
            }
            return;
        }
        if !(self.low[j] <= need && need <= self.high[j]) {
            return;
        }
        for &(b, v) in &self.options[j] {
            if self.peers[j].iter().any(|&x| self.chosen[x] == b) {
                continue;
            }
            self.chosen[j] = b;
            self.from(j + 1, need - v);
        }
    }
}
