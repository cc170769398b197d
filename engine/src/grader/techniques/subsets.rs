//! Naked and hidden subsets (pairs, triples) within one group.

use crate::cellset::{CellSet, Mask};
use crate::grader::board::{Board, Outcome};
use crate::grader::step::Detail;

/// The `size`-combinations of 0..n, in lexicographic order (as itertools.combinations).
pub fn combinations(n: usize, size: usize) -> impl Iterator<Item = Vec<usize>> {
    let mut next: Option<Vec<usize>> = (size <= n).then(|| (0..size).collect());
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut idx = current.clone();
        let mut pos = size;
        while pos > 0 && idx[pos - 1] == n - size + pos - 1 {
            pos -= 1;
        }
        if pos > 0 {
            idx[pos - 1] += 1;
            for j in pos..size {
                idx[j] = idx[j - 1] + 1;
            }
            next = Some(idx);
        }
        Some(current)
    })
}

/// The next `idx.len()`-combination of 0..n after `idx` in lexicographic order (the
/// order of `combinations`), written over it; false when `idx` was the last.
fn next_combination(idx: &mut [usize], n: usize) -> bool {
    let size = idx.len();
    let mut pos = size;
    while pos > 0 && idx[pos - 1] == n - size + pos - 1 {
        pos -= 1;
    }
    if pos == 0 {
        return false;
    }
    idx[pos - 1] += 1;
    for j in pos..size {
        idx[j] = idx[j - 1] + 1;
    }
    true
}

/// `size` open cells of a group whose candidates together are `size` symbols own them:
/// the rest of the group loses those symbols. Every group, not only the covering ones.
/// (The combinations are walked in place: a generator grades thousands of boards, and a
/// list per group and combination was a tenth of its time.)
pub fn naked_subset(board: &mut Board, size: usize) -> Outcome<bool> {
    let shape = std::sync::Arc::clone(&board.shape);
    let mut small: Vec<usize> = Vec::with_capacity(board.nsym());
    let mut idx: Vec<usize> = (0..size).collect();
    for (g, group) in shape.groups.iter().enumerate() {
        small.clear();
        let mut open = 0;
        for &i in group {
            if !board.placed[i] {
                open += 1;
                if board.cand[i].count_ones() as usize <= size {
                    small.push(i);
                }
            }
        }
        if open <= size || small.len() < size {
            continue;
        }
        for (k, j) in idx.iter_mut().enumerate() {
            *j = k;
        }
        loop {
            let union = idx.iter().fold(0 as Mask, |u, &j| u | board.cand[small[j]]);
            if union.count_ones() as usize == size {
                let mut progress = false;
                for &i in group {
                    if !board.placed[i] && !idx.iter().any(|&j| small[j] == i) {
                        progress |= board.eliminate(i, union)?;
                    }
                }
                if progress {
                    if board.recording() {
                        let digits = board.symbols_of(union);
                        board.note(Detail {
                            groups: vec![g],
                            cells: idx.iter().map(|&j| small[j]).collect(),
                            digits,
                            ..Detail::default()
                        });
                    }
                    return Ok(true);
                }
            }
            if !next_combination(&mut idx, small.len()) {
                break;
            }
        }
    }
    Ok(false)
}

/// `size` symbols confined to `size` cells of a covering group leave no room for others
/// there. Symbols are taken in the order a person reading the group's cells in turn
/// first meets them.
pub fn hidden_subset(board: &mut Board, size: usize) -> Outcome<bool> {
    let spread: Vec<CellSet> = board.where_().to_vec();
    let unplaced = spread.iter().fold(CellSet::EMPTY, |u, m| u.or(m));
    let shape = std::sync::Arc::clone(&board.shape);
    let mut places: Vec<CellSet> = Vec::with_capacity(spread.len());
    let mut symbols: Vec<usize> = Vec::with_capacity(spread.len());
    let mut idx: Vec<usize> = (0..size).collect();
    for (k_group, &g) in shape.covering.iter().enumerate() {
        let gm = &shape.group_sets[g];
        if unplaced.and(gm).len() as usize <= size {
            continue;
        }
        places.clear();
        places.extend(spread.iter().map(|m| m.and(gm)));
        symbols.clear();
        symbols.extend(
            (0..places.len()).filter(|&k| (2..=size).contains(&(places[k].len() as usize))),
        );
        if symbols.len() < size {
            continue;
        }
        if shape.covering_ascending[k_group] {
            symbols.sort_by_key(|&k| (places[k].first(), k));
        } else {
            let cells = &shape.groups[g];
            symbols.sort_by_key(|&k| (cells.iter().position(|&i| places[k].contains(i)), k));
        }
        for (k, j) in idx.iter_mut().enumerate() {
            *j = k;
        }
        loop {
            let spots = idx
                .iter()
                .fold(CellSet::EMPTY, |u, &j| u.or(&places[symbols[j]]));
            if spots.len() as usize == size {
                let keep: Mask = idx.iter().fold(0, |m, &j| m | 1 << symbols[j]);
                let mut progress = false;
                for i in spots.iter() {
                    progress |= board.restrict(i, keep)?;
                }
                if progress {
                    if board.recording() {
                        let digits = board.symbols_of(keep);
                        board.note(Detail {
                            groups: vec![g],
                            cells: spots.iter().collect(),
                            digits,
                            ..Detail::default()
                        });
                    }
                    return Ok(true);
                }
            }
            if !next_combination(&mut idx, symbols.len()) {
                break;
            }
        }
    }
    Ok(false)
}
