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

/// `size` open cells of a group whose candidates together are `size` symbols own them:
/// the rest of the group loses those symbols. Every group, not only the covering ones.
pub fn naked_subset(board: &mut Board, size: usize) -> Outcome<bool> {
    let shape = std::sync::Arc::clone(&board.shape);
    for (g, group) in shape.groups.iter().enumerate() {
        let cells = board.open(group);
        if cells.len() <= size {
            continue;
        }
        let small: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&i| board.cand[i].count_ones() as usize <= size)
            .collect();
        if small.len() < size {
            continue;
        }
        for combo in combinations(small.len(), size) {
            let chosen: Vec<usize> = combo.iter().map(|&j| small[j]).collect();
            let union = chosen.iter().fold(0 as Mask, |u, &i| u | board.cand[i]);
            if union.count_ones() as usize == size {
                let mut progress = false;
                for &i in &cells {
                    if !chosen.contains(&i) {
                        progress |= board.eliminate(i, union)?;
                    }
                }
                if progress {
                    let digits = board.symbols_of(union);
                    board.note(Detail {
                        groups: vec![g],
                        cells: chosen,
                        digits,
                        ..Detail::default()
                    });
                    return Ok(true);
                }
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
    for (k_group, &g) in shape.covering.iter().enumerate() {
        let gm = &shape.group_sets[g];
        if unplaced.and(gm).len() as usize <= size {
            continue;
        }
        let places: Vec<CellSet> = spread.iter().map(|m| m.and(gm)).collect();
        let mut symbols: Vec<usize> = (0..places.len())
            .filter(|&k| (2..=size).contains(&(places[k].len() as usize)))
            .collect();
        if symbols.len() < size {
            continue;
        }
        if shape.covering_ascending[k_group] {
            symbols.sort_by_key(|&k| (places[k].first(), k));
        } else {
            let cells = &shape.groups[g];
            symbols.sort_by_key(|&k| (cells.iter().position(|&i| places[k].contains(i)), k));
        }
        for combo in combinations(symbols.len(), size) {
            let spots = combo
                .iter()
                .fold(CellSet::EMPTY, |u, &j| u.or(&places[symbols[j]]));
            if spots.len() as usize == size {
                let keep: Mask = combo.iter().fold(0, |m, &j| m | 1 << symbols[j]);
                let mut progress = false;
                for i in spots.iter() {
                    progress |= board.restrict(i, keep)?;
                }
                if progress {
                    let digits = board.symbols_of(keep);
                    board.note(Detail {
                        groups: vec![g],
                        cells: spots.iter().collect(),
                        digits,
                        ..Detail::default()
                    });
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}
