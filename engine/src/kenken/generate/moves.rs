//! The changes the generator grades: repairs where a second solution differs (a cage
//! changes its operation, is split, hands a cell to a neighbour or is merged with one, so
//! that the second solution breaks a rule), splits and clue changes where the grader
//! stalled, and the merges, clue changes and cell shifts that climb towards a harder
//! level.

use super::caging::{cages_near, owners, Cage, Cells, Move, Tally};
use super::clues::Attempt;

fn singles_after(m: &Move, cages: &[Cage], singles: usize) -> usize {
    m.count_after(cages, singles, Cage::single)
}

fn count_singles(cages: &[Cage]) -> usize {
    cages.iter().filter(|k| k.single()).count()
}

/// Keep the moves within the one-cell cap.
fn within_cap(att: &Attempt, cages: &[Cage], moves: Vec<Move>) -> Vec<Move> {
    let singles = count_singles(cages);
    moves
        .into_iter()
        .filter(|m| singles_after(m, cages, singles) <= att.set.single_cap)
        .collect()
}

/// Changes each of which the other solution breaks, near where it differs.
fn repair_moves(att: &mut Attempt, cages: &[Cage], other: &[u8]) -> Vec<Move> {
    let n = att.set.n;
    let owner = owners(cages, n * n);
    let mut differing: Vec<usize> = (0..n * n)
        .filter(|&c| att.solution[c] != other[c])
        .map(|c| owner[c])
        .collect();
    differing.sort_unstable();
    differing.dedup();
    let total = Tally::of(cages);
    // A few dozen a round: room for them at once.
    let mut moves = Vec::with_capacity(64);
    for k in differing {
        let cage = cages[k];
        let used = total.minus(&cage);
        if !cage.single() {
            // Change the operation.
            for &op in att.fits(&cage.cells).as_slice() {
                let new = att.make_cage(cage.cells, op);
                if op != cage.op && !att.holds(&new, other) {
                    moves.push(Move::new(&[k], &[new]));
                }
            }
            // Split in two.
            for (part_a, part_b) in cage.cells.bipartitions(n) {
                let Some(new_a) = att.clue(part_a, &used) else {
                    continue;
                };
                let Some(new_b) = att.clue(part_b, &used.plus(&new_a)) else {
                    continue;
                };
                if !(att.holds(&new_a, other) && att.holds(&new_b, other)) {
                    moves.push(Move::new(&[k], &[new_a, new_b]));
                }
            }
        }
        // Hand a differing cell to a neighbouring cage (both get new clues).
        moves.extend(shifts(att, cages, &owner, &total, k, other));
        // Merge with a neighbour.
        for j in cages_near(cage.cells.iter(), &owner, n, k) {
            if cage.cells.len() + cages[j].cells.len() <= att.set.cage_limit {
                let used = total.minus(&cage).minus(&cages[j]);
                if let Some(merged) = att.clue(cage.cells.union(&cages[j].cells), &used) {
                    if !att.holds(&merged, other) {
                        moves.push(Move::new(&[k, j], &[merged]));
                    }
                }
            }
        }
    }
    within_cap(att, cages, moves)
}

/// Cage k gives one of its cells where the solutions differ to a neighbouring cage, when
/// both stay connected and within the size limit and the other solution breaks.
fn shifts(
    att: &mut Attempt,
    cages: &[Cage],
    owner: &[usize],
    total: &Tally,
    k: usize,
    other: &[u8],
) -> Vec<Move> {
    let cage = cages[k];
    let mut moves = Vec::new();
    if cage.single() {
        return moves;
    }
    for cell in cage.cells.iter() {
        if att.solution[cell] == other[cell] {
            continue;
        }
        let left = cage.cells.without(cell);
        if !left.connected(att.set.n) {
            continue;
        }
        for (j, new_k, new_j) in handoffs(att, cages, owner, total, k, cell, left) {
            if !(att.holds(&new_k, other) && att.holds(&new_j, other)) {
                moves.push(Move::new(&[k, j], &[new_k, new_j]));
            }
        }
    }
    moves
}

/// Cage k handing `cell` to each neighbouring cage with room: (the neighbour, cage k
/// clued afresh on `left`, the neighbour clued afresh with `cell`), where both clue.
fn handoffs(
    att: &mut Attempt,
    cages: &[Cage],
    owner: &[usize],
    total: &Tally,
    k: usize,
    cell: usize,
    left: Cells,
) -> Vec<(usize, Cage, Cage)> {
    let mut found = Vec::with_capacity(4); // a cell has four neighbours
    for j in cages_near(std::iter::once(cell), owner, att.set.n, k) {
        if cages[j].cells.len() >= att.set.cage_limit {
            continue;
        }
        let used = total.minus(&cages[k]).minus(&cages[j]);
        let Some(new_k) = att.clue(left, &used) else {
            continue;
        };
        if let Some(new_j) = att.clue(cages[j].cells.with(cell), &used.plus(&new_k)) {
            found.push((j, new_k, new_j));
        }
    }
    found
}

/// Splits of a cage holding a cell the grader could not fill, each part keeping the
/// cage's operation (a − or ÷ pair becomes two one-cell cages; with hidden signs the
/// parts are clued afresh).
fn refinements(att: &mut Attempt, cages: &[Cage], unfilled: &[bool]) -> Vec<Move> {
    let total = Tally::of(cages);
    let mut moves = Vec::with_capacity(32);
    for (k, cage) in cages.iter().enumerate() {
        if cage.single() || !cage.cells.iter().any(|c| unfilled[c]) {
            continue;
        }
        let rest = total.minus(cage);
        for (part_a, part_b) in cage.cells.bipartitions(att.set.n) {
            let mut parts = [Cage::NONE; 2];
            let mut used = rest;
            let mut all = true;
            for (slot, part) in [part_a, part_b].into_iter().enumerate() {
                let made = if part.len() == 1 {
                    Some(att.make_cage(part, crate::search::cages::Op::Eq))
                } else if att.set.hidden {
                    att.clue(part, &used)
                } else {
                    Some(att.make_cage(part, cage.op))
                };
                match made {
                    Some(p) => {
                        used = used.plus(&p);
                        parts[slot] = p;
                    }
                    None => all = false,
                }
            }
            if all {
                moves.push(Move::new(&[k], &parts));
            }
        }
    }
    within_cap(att, cages, moves)
}

/// A cage holding a cell the grader could not fill given an operation that leaves fewer
/// sets of digits (a clue that says more); unlike a split this can let another solution
/// in, so uniqueness is checked again.
fn easings(att: &mut Attempt, cages: &[Cage], unfilled: &[bool]) -> Vec<Move> {
    let mut moves = Vec::new();
    for (k, cage) in cages.iter().enumerate() {
        if cage.single() || !cage.cells.iter().any(|c| unfilled[c]) {
            continue;
        }
        let now = att.digit_sets(cage);
        for &op in att.fits(&cage.cells).as_slice() {
            let new = att.make_cage(cage.cells, op);
            if op != cage.op && att.digit_sets(&new) < now {
                moves.push(Move::new(&[k], &[new]));
            }
        }
    }
    moves
}

/// A random one of the moves that read best, lower first: above beginner fewer
/// giveaways, then fewer one-cell cages; at beginner only the one-cell cages count (the
/// level likes both).
fn tastiest(att: &mut Attempt, cages: &[Cage], moves: &[Move]) -> Move {
    let beginner = att.set.level == 0;
    let gives: Vec<bool> = if beginner {
        Vec::new()
    } else {
        cages.iter().map(|k| att.giveaway(k)).collect()
    };
    let giveaways = gives.iter().filter(|&&g| g).count();
    let singles = count_singles(cages);
    let mut tastes = Vec::with_capacity(moves.len());
    for m in moves {
        let given = if beginner {
            0
        } else {
            let gone = m.dropped().iter().filter(|&&k| gives[k]).count();
            let new = m.added().iter().filter(|k| att.giveaway(k)).count();
            giveaways - gone + new
        };
        tastes.push((given, singles_after(m, cages, singles)));
    }
    let best = tastes.iter().min().copied().unwrap_or((0, 0));
    let fine: Vec<Move> = moves
        .iter()
        .zip(&tastes)
        .filter(|(_, &t)| t == best)
        .map(|(m, _)| *m)
        .collect();
    *att.rng.choice(&fine)
}

/// The repair that reads best among those keeping cages large (at most one cage more
/// than the fewest: small cages make easy puzzles); None when there is none.
pub fn choose_repair(att: &mut Attempt, cages: &[Cage], other: &[u8]) -> Option<Move> {
    let moves = repair_moves(att, cages, other);
    let fewest = moves.iter().map(|m| m.cages_after(cages.len())).min()?;
    let kept: Vec<Move> = moves
        .into_iter()
        .filter(|m| m.cages_after(cages.len()) <= fewest + 1)
        .collect();
    Some(tastiest(att, cages, &kept))
}

/// The change that makes a stalled puzzle easier, and whether it surely keeps a unique
/// puzzle unique: a split if one keeps within the one-cell cap, else a clue that says
/// more.
pub fn choose_refinement(
    att: &mut Attempt,
    cages: &[Cage],
    unfilled: &[bool],
) -> Option<(Move, bool)> {
    let splits = refinements(att, cages, unfilled);
    if !splits.is_empty() {
        return Some((tastiest(att, cages, &splits), !att.set.hidden));
    }
    let easier = easings(att, cages, unfilled);
    if !easier.is_empty() {
        return Some((tastiest(att, cages, &easier), false));
    }
    None
}

/// Changes that leave the puzzle as hard or harder more often than not: two neighbouring
/// cages merged into one (a larger cage says less about each cell), a giveaway given
/// another operation (merges and clue changes first, shuffled: they never add a cage),
/// then every cell handed to a neighbouring cage (new shapes and clues for both; with one
/// operation this is the only way to new clues), shuffled.
pub fn hardenings(att: &mut Attempt, cages: &[Cage]) -> Vec<Move> {
    let n = att.set.n;
    let owner = owners(cages, n * n);
    let total = Tally::of(cages);
    let mut moves = Vec::new();
    for (k, cage) in cages.iter().enumerate() {
        for j in cages_near(cage.cells.iter(), &owner, n, k) {
            if j > k && cage.cells.len() + cages[j].cells.len() <= att.set.cage_limit {
                let used = total.minus(cage).minus(&cages[j]);
                if let Some(merged) = att.clue(cage.cells.union(&cages[j].cells), &used) {
                    moves.push(Move::new(&[k, j], &[merged]));
                }
            }
        }
        if !cage.single() && att.giveaway(cage) {
            for &op in att.fits(&cage.cells).as_slice() {
                let new = att.make_cage(cage.cells, op);
                if op != cage.op && !att.giveaway(&new) {
                    moves.push(Move::new(&[k], &[new]));
                }
            }
        }
    }
    att.rng.shuffle(&mut moves);
    let mut shifts = all_shifts(att, cages, &owner, &total);
    att.rng.shuffle(&mut shifts);
    moves.extend(shifts);
    moves
}

/// Every cell handed from its cage (of two cells or more, staying connected) to a
/// neighbouring cage with room, both clued afresh, within the one-cell cap.
fn all_shifts(att: &mut Attempt, cages: &[Cage], owner: &[usize], total: &Tally) -> Vec<Move> {
    let singles = count_singles(cages);
    let mut moves = Vec::new();
    for (k, cage) in cages.iter().enumerate() {
        if cage.single() {
            continue;
        }
        for cell in cage.cells.iter() {
            let left = cage.cells.without(cell);
            if !left.connected(att.set.n) || (left.len() == 1 && singles >= att.set.single_cap) {
                continue;
            }
            for (j, new_k, new_j) in handoffs(att, cages, owner, total, k, cell, left) {
                moves.push(Move::new(&[k, j], &[new_k, new_j]));
            }
        }
    }
    moves
}
