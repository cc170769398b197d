//! Killer's techniques on cages: digits straight from a cage, combinations as pencil
//! marks, cages and houses together, and two cages in one house. Each walks the cages
//! (or houses) in order and stops at its first progress, as a person working down the
//! grid would; the rule of 45 is in rule45.rs.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::board::{bit_of, value, Killer};
use crate::cellset::{bit_values, Mask};
use crate::grader::step::Detail;
use crate::grader::{Board, Contradiction, Outcome};

/// Two cages in one house compare their combinations pairwise; beyond this many pairs the
/// comparison is skipped (a count, not a time, so grading never depends on speed).
const PAIR_LIMIT: usize = 4000;

/// A one-cell cage shows its digit (every such cage, in one sweep).
pub fn one_cell_cage(board: &mut Board, state: &mut Killer) -> Outcome<bool> {
    let cages = Arc::clone(&state.cages);
    let mut progress = false;
    for (k, cage) in cages.iter().enumerate() {
        if cage.cells.len() == 1 && !board.placed[cage.cells[0]] {
            let digit = state.support(board, k)?[0];
            board.place(cage.cells[0], digit)?;
            progress = true;
        }
    }
    Ok(progress)
}

/// A cage with one empty cell left: its digit is the sum less the digits written.
pub fn cage_last_cell(board: &mut Board, state: &mut Killer) -> Outcome<bool> {
    let cages = Arc::clone(&state.cages);
    for cage in cages.iter() {
        if cage.cells.len() == 1 || cage.cells.iter().filter(|&&c| !board.placed[c]).count() != 1 {
            continue;
        }
        let empty = board.open(&cage.cells);
        let written: Vec<usize> = cage
            .cells
            .iter()
            .copied()
            .filter(|&c| board.placed[c])
            .collect();
        let rest: i128 = written.iter().map(|&c| value(board, board.cand[c])).sum();
        let bit = bit_of(board, cage.target - rest);
        let last = empty[0];
        if board.cand[last] & bit == 0 {
            return Err(Contradiction);
        }
        if board.recording() {
            let digits = written
                .iter()
                .map(|&c| value(board, board.cand[c]) as i64)
                .collect();
            // The cage the cell belongs to (the same one, unless a typed-in puzzle
            // overlaps cages: then the last cage listed with the cell).
            let owner = state.cage_of[last].ok_or(Contradiction)?;
            state.note_cage(
                board,
                owner,
                Detail {
                    digits,
                    ..Detail::default()
                },
            )?;
        }
        board.place(last, bit)?;
        return Ok(true);
    }
    Ok(false)
}

/// Each cell of a cage keeps only the digits of some combination that makes the sum with
/// different digits and fits the other cells (two cells making 4: 1 and 3).
pub fn cage_combinations(board: &mut Board, state: &mut Killer) -> Outcome<bool> {
    let cages = Arc::clone(&state.cages);
    for (k, cage) in cages.iter().enumerate() {
        if cage.cells.iter().all(|&c| board.placed[c]) {
            continue;
        }
        let support = state.support(board, k)?;
        if board.narrow(&cage.cells, support)? {
            state.note_cage(board, k, Detail::default())?;
            return Ok(true);
        }
    }
    Ok(false)
}

/// A digit every combination of a cage holds, whose places in the cage all lie in one
/// house, belongs to the cage there: it leaves the rest of that house.
pub fn cage_claims_digit(board: &mut Board, state: &mut Killer) -> Outcome<bool> {
    let cages = Arc::clone(&state.cages);
    let shape = Arc::clone(&board.shape);
    for (k, cage) in cages.iter().enumerate() {
        if cage.cells.iter().all(|&c| board.placed[c]) {
            continue;
        }
        let required = state.required(board, k)?;
        if required == 0 {
            continue;
        }
        let support = state.support(board, k)?.to_vec();
        for b in bit_values(required) {
            let spots: Vec<usize> = cage
                .cells
                .iter()
                .zip(&support)
                .filter(|(_, &d)| d & b != 0)
                .map(|(&c, _)| c)
                .collect();
            let Some(&first) = spots.first() else {
                continue;
            };
            // The houses holding every place (positions in `covering`, ascending).
            let common: Vec<usize> = shape.covering_of[first]
                .iter()
                .copied()
                .filter(|h| spots[1..].iter().all(|&c| shape.covering_of[c].contains(h)))
                .collect();
            let mut progress = false;
            for &h in &common {
                for &i in &shape.groups[shape.covering[h]] {
                    if state.cage_of[i] != Some(k) && !board.placed[i] {
                        progress |= board.eliminate(i, b)?;
                    }
                }
            }
            if progress {
                if board.recording() {
                    let detail = Detail {
                        groups: common.iter().map(|&h| shape.covering[h]).collect(),
                        cells: spots,
                        digits: vec![value(board, b) as i64],
                        ..Detail::default()
                    };
                    state.note_cage(board, k, detail)?;
                }
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// When a house can hold a digit only in the cells of one cage, that cage holds the digit
/// there: its combinations without the digit go, and so does the digit from the cage's
/// cells outside the house.
pub fn house_pins_digit(board: &mut Board, state: &mut Killer) -> Outcome<bool> {
    let shape = Arc::clone(&board.shape);
    let cages = Arc::clone(&state.cages);
    for &g in &shape.covering {
        let cells = &shape.groups[g];
        let written = cells
            .iter()
            .filter(|&&i| board.placed[i])
            .fold(0 as Mask, |m, &i| m | board.cand[i]);
        for b in bit_values(board.full() & !written) {
            let spots: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&i| !board.placed[i] && board.cand[i] & b != 0)
                .collect();
            if spots.len() < 2 {
                continue;
            }
            let Some(k) = state.cage_of[spots[0]] else {
                continue;
            };
            if spots[1..].iter().any(|&i| state.cage_of[i] != Some(k)) {
                continue;
            }
            let mut progress = false;
            let keep: Vec<Mask> = state.alive[k]
                .iter()
                .copied()
                .filter(|&s| s & b != 0)
                .collect();
            if keep.len() < state.alive[k].len() {
                progress |= state.strike(board, k, keep)?;
            }
            for &c in &cages[k].cells {
                if !shape.group_sets[g].contains(c) && !board.placed[c] {
                    progress |= board.eliminate(c, b)?;
                }
            }
            if progress {
                let detail = Detail {
                    groups: vec![g],
                    cells: spots,
                    digits: vec![value(board, b) as i64],
                    ..Detail::default()
                };
                state.note_cage(board, k, detail)?;
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Two cages wholly inside one house share no digit: a combination of one that meets
/// every still-possible combination of the other is impossible.
pub fn cages_in_one_house(board: &mut Board, state: &mut Killer) -> Outcome<bool> {
    let pairs = match &state.house_pairs {
        Some(pairs) => Arc::clone(pairs),
        None => {
            let found = Arc::new(house_pairs(board, state));
            state.house_pairs = Some(Arc::clone(&found));
            found
        }
    };
    let cages = Arc::clone(&state.cages);
    for &(k1, k2, h) in pairs.iter() {
        let done = |k: usize| cages[k].cells.iter().all(|&c| board.placed[c]);
        if done(k1) && done(k2) {
            continue;
        }
        state.support(board, k1)?;
        state.support(board, k2)?;
        let (a, b) = (state.alive[k1].clone(), state.alive[k2].clone());
        if a.len() * b.len() > PAIR_LIMIT {
            continue;
        }
        let keep_a: Vec<Mask> = a
            .iter()
            .copied()
            .filter(|&s| b.iter().any(|&t| s & t == 0))
            .collect();
        let keep_b: Vec<Mask> = b
            .iter()
            .copied()
            .filter(|&t| keep_a.iter().any(|&s| s & t == 0))
            .collect();
        let house = board.shape.covering[h];
        let (shrunk_a, shrunk_b) = (keep_a.len() < a.len(), keep_b.len() < b.len());
        if shrunk_a && state.strike(board, k1, keep_a)? {
            note_pair(board, state, k1, cages[k2].model, house)?;
            return Ok(true);
        }
        if shrunk_b && state.strike(board, k2, keep_b)? {
            note_pair(board, state, k2, cages[k1].model, house)?;
            return Ok(true);
        }
    }
    Ok(false)
}

fn note_pair(
    board: &mut Board,
    state: &mut Killer,
    k: usize,
    other: usize,
    house: usize,
) -> Outcome<()> {
    if !board.recording() {
        return Ok(());
    }
    let detail = Detail {
        other: Some(other),
        groups: vec![house],
        ..Detail::default()
    };
    state.note_cage(board, k, detail)
}

/// Pairs of cages wholly inside one house: (cage, cage, covering position), each pair
/// once (with the first house that holds both), in order of the cages.
fn house_pairs(board: &Board, state: &Killer) -> Vec<(usize, usize, usize)> {
    let shape = &board.shape;
    let mut found: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for (h, &g) in shape.covering.iter().enumerate() {
        let members = &shape.group_sets[g];
        let mut inside: Vec<usize> = shape.groups[g]
            .iter()
            .filter_map(|&i| state.cage_of[i])
            .filter(|&k| state.cages[k].cells.iter().all(|&c| members.contains(c)))
            .collect();
        inside.sort_unstable();
        inside.dedup();
        for (x, &k1) in inside.iter().enumerate() {
            for &k2 in &inside[x + 1..] {
                found.entry((k1, k2)).or_insert(h);
            }
        }
    }
    found.into_iter().map(|((k1, k2), h)| (k1, k2, h)).collect()
}
