//! Fish: a symbol confined, in `size` rows, to the same `size` columns is barred from the
//! rest of those columns (X-wing for 2, swordfish for 3; also with rows and columns
//! swapped). A fish whose lines overlap (two grids of a samurai share cells) proves
//! nothing and is passed over.

use crate::cellset::{CellSet, MAX_CELLS};
use crate::grader::board::{Board, Outcome};
use crate::grader::shape::FishAxis;

struct Span {
    reach: CellSet, // the cover lines its places reach (line indices)
    hit: CellSet,   // its places
    base: usize,    // its base line (group index)
}

pub fn fish(board: &mut Board, size: usize) -> Outcome<bool> {
    let spread: Vec<CellSet> = board.where_().to_vec();
    let shape = std::sync::Arc::clone(&board.shape);
    for axis in &shape.fish_axes {
        if axis.cover.len() > MAX_CELLS {
            continue; // more lines than a set holds: no printed grid has as many
        }
        for (k, at) in spread.iter().enumerate() {
            let spans = spans(axis, at, size);
            if spans.len() < size {
                continue;
            }
            let reaches: Vec<CellSet> = spans.iter().map(|s| s.reach).collect();
            for combo in fitting(&reaches, size) {
                let union = combo
                    .iter()
                    .fold(CellSet::EMPTY, |u, &j| u.or(&spans[j].reach));
                let inside = combo
                    .iter()
                    .fold(CellSet::EMPTY, |u, &j| u.or(&spans[j].hit));
                let covered: Vec<usize> = union.iter().collect();
                if !axis.apart {
                    let bases: Vec<usize> = combo.iter().map(|&j| spans[j].base).collect();
                    let covers: Vec<usize> = covered.iter().map(|&ci| axis.cover[ci]).collect();
                    if !apart(&shape.groups, &bases) || !apart(&shape.groups, &covers) {
                        continue;
                    }
                }
                let mut progress = false;
                for &ci in &covered {
                    for &i in &shape.groups[axis.cover[ci]] {
                        if !inside.contains(i) && !board.placed[i] {
                            progress |= board.eliminate(i, 1 << k)?;
                        }
                    }
                }
                if progress {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

/// The base lines where the symbol has 2..=size places, all on cover lines.
fn spans(axis: &FishAxis, at: &CellSet, size: usize) -> Vec<Span> {
    let mut found = Vec::new();
    for (&g, m) in axis.base.iter().zip(&axis.base_sets) {
        let hit = at.and(m);
        let count = hit.len() as usize;
        if !(2..=size).contains(&count) {
            continue;
        }
        let mut reach = CellSet::EMPTY;
        let mut all_covered = true;
        for i in hit.iter() {
            match axis.cover_of[i] {
                Some(ci) => reach.insert(ci),
                None => {
                    all_covered = false;
                    break;
                }
            }
        }
        if all_covered {
            found.push(Span {
                reach,
                hit,
                base: g,
            });
        }
    }
    found
}

/// The `size`-combinations of the masks (in the order of itertools.combinations) whose
/// union has exactly `size` members; a prefix already over `size` is not extended.
fn fitting(masks: &[CellSet], size: usize) -> Vec<Vec<usize>> {
    fn more(
        masks: &[CellSet],
        size: usize,
        count: usize,
        start: usize,
        union: CellSet,
        prefix: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if masks.len() < count {
            return;
        }
        for k in start..=masks.len() - count {
            let joined = union.or(&masks[k]);
            if joined.len() as usize > size {
                continue;
            }
            prefix.push(k);
            if count == 1 {
                if joined.len() as usize == size {
                    out.push(prefix.clone());
                }
            } else {
                more(masks, size, count - 1, k + 1, joined, prefix, out);
            }
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    more(
        masks,
        size,
        size,
        0,
        CellSet::EMPTY,
        &mut Vec::new(),
        &mut out,
    );
    out
}

/// Lines pairwise disjoint.
fn apart(groups: &[Vec<usize>], lines: &[usize]) -> bool {
    let mut union = CellSet::EMPTY;
    let mut total = 0;
    for &g in lines {
        total += groups[g].len();
        union = union.or(&CellSet::from_cells(groups[g].iter().copied()));
    }
    union.len() as usize == total
}
