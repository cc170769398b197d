//! A random solved grid and a random layout of connected cages over it.

use super::caging::{neighbours, Cells, MAX_CAGE};
use super::clues::weighted;
use crate::rng::Rng;
use crate::search::{Budget, Solver, Stop};

/// A random Latin square (digits 1..n per cell, reading order): a randomised search,
/// then rows, columns and digits shuffled (each keeps the square Latin) so every square
/// can come out (None only if the search finds no square, which cannot be). `interrupted` is asked now and then during the search.
pub fn latin_square(
    latin: &Solver,
    n: usize,
    rng: &mut Rng,
    interrupted: &mut dyn FnMut() -> bool,
) -> Result<Option<Vec<u8>>, Stop> {
    let square = {
        let mut order = |mut bits: Vec<u64>| {
            rng.shuffle(&mut bits);
            bits
        };
        latin.random_solution(&mut Budget::new(None, interrupted), &mut order)?
    };
    let Some(square) = square else {
        return Ok(None);
    };
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut rows);
    rng.shuffle(&mut cols);
    rng.shuffle(&mut digits);
    Ok(Some(
        (0..n * n)
            .map(|i| digits[square[rows[i / n] * n + cols[i % n]] as usize])
            .collect(),
    ))
}

/// What a layout is drawn with.
pub struct LayoutRules {
    pub n: usize,
    pub max_cage: usize,
    pub single_cap: usize,
    /// Each cage's wanted size s (2..max_cage) is drawn with weight decay^(s-2).
    pub size_decay: f64,
}

/// Connected cages covering the grid, grown from the cells in random order to sizes
/// drawn by the decay; a cell left alone joins the smallest neighbouring cage with room.
/// None when more one-cell cages are left than the cap allows. The cages and each
/// growing cage's frontier are fixed arrays: a 4x4 puzzle's whole layout used to cost
/// more in allocation than in drawing.
pub fn random_layout(rules: &LayoutRules, rng: &mut Rng) -> Option<Vec<Cells>> {
    let n = rules.n;
    if rules.max_cage > MAX_CAGE || rules.max_cage < 2 {
        return None; // a Cells holds at most MAX_CAGE
    }
    let sizes: Vec<usize> = (2..=rules.max_cage).collect();
    let weights: Vec<f64> = sizes
        .iter()
        .map(|&s| rules.size_decay.powi(s as i32 - 2))
        .collect();
    let mut owner = vec![usize::MAX; n * n];
    let mut cages: Vec<Cells> = Vec::with_capacity(n * n);
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for start in order {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = sizes[weighted(rng, &weights)];
        let k = cages.len();
        let mut cage = Cells::of(&[start]);
        owner[start] = k;
        while cage.len() < want {
            // The free neighbours, ascending, each once (at most four a cell).
            let mut frontier = [0usize; 4 * MAX_CAGE];
            let mut len = 0;
            for nb in cage.iter().flat_map(|c| neighbours(c, n)) {
                if owner[nb] == usize::MAX {
                    frontier[len] = nb;
                    len += 1;
                }
            }
            let frontier = &mut frontier[..len];
            frontier.sort_unstable();
            let len = dedup(frontier);
            if len == 0 {
                break;
            }
            let cell = *rng.choice(&frontier[..len]);
            cage = cage.with(cell);
            owner[cell] = k;
        }
        cages.push(cage);
    }
    for k in 0..cages.len() {
        if cages[k].len() != 1 {
            continue;
        }
        let cell = cages[k].first();
        let room: Vec<usize> = neighbours(cell, n)
            .map(|nb| owner[nb])
            .filter(|&j| cages[j].len() < rules.max_cage)
            .collect();
        let Some(j) = rng.choice_of_smallest(room, |j| cages[j].len()) else {
            continue;
        };
        cages[j] = cages[j].with(cell);
        owner[cell] = j;
        cages[k] = Cells::EMPTY;
    }
    cages.retain(|c| !c.is_empty());
    let singles = cages.iter().filter(|c| c.len() == 1).count();
    (singles <= rules.single_cap).then_some(cages)
}

/// Drop repeats from a sorted slice in place; how many are left.
fn dedup(sorted: &mut [usize]) -> usize {
    let mut len = 0;
    for j in 0..sorted.len() {
        if len == 0 || sorted[len - 1] != sorted[j] {
            sorted[len] = sorted[j];
            len += 1;
        }
    }
    len
}
