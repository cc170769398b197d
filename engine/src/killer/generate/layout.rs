//! A killer's cages over a solution grid, as the generator reshapes them: the cages (each
//! a sorted list of cell numbers, the list ordered by each cage's first cell, as the
//! printed model orders them), which cage owns each cell, and the first random layout.
//!
//! Cells are numbered row by row on a side x side grid of at most 128 cells, so a set of
//! cells is one u128 and "connected" is a flood fill over bit masks.

use crate::cellset::Mask;
use crate::rng::Rng;

/// The grid as the layout needs it: each cell's orthogonal neighbours (as a list, in the
/// order up, down, left, right, and as a mask) and the solution's digit per cell (a mask
/// with the symbol's bit).
pub struct Grid {
    pub neighbours: Vec<Vec<usize>>,
    pub near: Vec<u128>,
    pub digit: Vec<Mask>,
}

impl Grid {
    /// A side x side grid (at most 128 cells) with this solution (symbol index per cell).
    pub fn new(side: usize, solution: &[u8]) -> Grid {
        let n = side * side;
        let mut neighbours = Vec::with_capacity(n);
        for i in 0..n {
            let (r, c) = (i / side, i % side);
            let mut found = Vec::with_capacity(4);
            if r > 0 {
                found.push(i - side);
            }
            if r + 1 < side {
                found.push(i + side);
            }
            if c > 0 {
                found.push(i - 1);
            }
            if c + 1 < side {
                found.push(i + 1);
            }
            neighbours.push(found);
        }
        let near = neighbours
            .iter()
            .map(|cells| cells.iter().fold(0u128, |m, &c| m | 1 << c))
            .collect();
        Grid {
            neighbours,
            near,
            digit: solution.iter().map(|&k| 1 << k).collect(),
        }
    }

    pub fn n(&self) -> usize {
        self.digit.len()
    }

    /// The digits of these cells together (a mask), and whether none repeats.
    pub fn digits(&self, cells: &[usize]) -> (Mask, bool) {
        let mut seen: Mask = 0;
        let mut apart = true;
        for &c in cells {
            apart &= seen & self.digit[c] == 0;
            seen |= self.digit[c];
        }
        (seen, apart)
    }
}

/// A set of cells as a mask.
pub fn mask_of(cells: &[usize]) -> u128 {
    cells.iter().fold(0u128, |m, &c| m | 1 << c)
}

/// Whether the cells of `set` form one orthogonally connected piece (false when empty).
pub fn connected(grid: &Grid, set: u128) -> bool {
    if set == 0 {
        return false;
    }
    let mut reached = 1u128 << set.trailing_zeros();
    let mut frontier = reached;
    while frontier != 0 {
        let mut next = 0u128;
        let mut walk = frontier;
        while walk != 0 {
            let c = walk.trailing_zeros() as usize;
            walk &= walk - 1;
            next |= grid.near[c];
        }
        next &= set & !reached;
        reached |= next;
        frontier = next;
    }
    reached == set
}

/// Every split of a connected cage (sorted cells) into two connected parts, each listed
/// once: the part holding the first cell and the rest, both sorted; smaller first parts
/// first, and within a size in the order of combinations of the other cells.
pub fn bipartitions(grid: &Grid, cells: &[usize]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut found = Vec::new();
    if cells.len() < 2 {
        return found;
    }
    let rest = &cells[1..];
    let whole = mask_of(cells);
    for size in 0..rest.len() {
        for combo in combinations(rest.len(), size) {
            let mut part = vec![cells[0]];
            part.extend(combo.iter().map(|&j| rest[j]));
            let a = mask_of(&part);
            if connected(grid, a) && connected(grid, whole & !a) {
                let other = cells.iter().copied().filter(|&c| a & 1 << c == 0).collect();
                found.push((part, other));
            }
        }
    }
    found
}

/// The k-element subsets of 0..m as sorted index lists, in lexicographic order.
fn combinations(m: usize, k: usize) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        found.push(pick.clone());
        // The rightmost index that can still move right, moved, the rest packed after it.
        let Some(i) = (0..k).rev().find(|&i| pick[i] < m - k + i) else {
            return found;
        };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The cages of a killer being shaped, ordered by first cell, and each cell's cage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub cages: Vec<Vec<usize>>,
    pub owner: Vec<usize>,
}

impl Layout {
    /// The layout of these cages (empty ones dropped), each sorted, ordered by first cell.
    pub fn new(n: usize, cages: Vec<Vec<usize>>) -> Layout {
        let mut cages: Vec<Vec<usize>> = cages.into_iter().filter(|k| !k.is_empty()).collect();
        for cage in &mut cages {
            cage.sort_unstable();
        }
        cages.sort_unstable_by_key(|k| k[0]);
        let mut owner = vec![0; n];
        for (k, cage) in cages.iter().enumerate() {
            for &c in cage {
                owner[c] = k;
            }
        }
        Layout { cages, owner }
    }

    /// How many one-cell cages there are.
    pub fn singles(&self) -> usize {
        self.cages.iter().filter(|k| k.len() == 1).count()
    }

    /// The cages next to cell set `cells` other than `not`, ascending.
    pub fn cages_near(&self, grid: &Grid, cells: &[usize], not: usize) -> Vec<usize> {
        let mut found: Vec<usize> = cells
            .iter()
            .flat_map(|&c| grid.neighbours[c].iter().map(|&nb| self.owner[nb]))
            .filter(|&j| j != not)
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }
}

/// How a level's puzzles start: cage sizes with their weights, how many one-cell cages
/// may be left, and how many givens may be added.
#[derive(Clone, Debug)]
pub struct Plan {
    pub sizes: Vec<usize>,
    pub weights: Vec<f64>,
    pub single_cap: usize,
    pub givens: usize,
}

impl Plan {
    /// A size drawn by the weights (the first whose running total passes a uniform draw
    /// below the whole).
    fn draw_size(&self, rng: &mut Rng) -> usize {
        let total: f64 = self.weights.iter().sum();
        let x = rng.unit() * total;
        let mut running = 0.0;
        for (&size, &w) in self.sizes.iter().zip(&self.weights) {
            running += w;
            if x < running {
                return size;
            }
        }
        *self.sizes.last().unwrap_or(&1)
    }
}

/// Connected cages without repeated digits covering the grid: from each cell not yet
/// taken (in a random order), a cage grown cell by cell into random free neighbours with
/// new digits up to a size drawn by the plan's weights (at most `max_cage`); then the
/// one-cell cages beyond those the plan draws on purpose join a neighbour. None when more
/// one-cell cages are left than the plan allows.
pub fn random_layout(grid: &Grid, plan: &Plan, max_cage: usize, rng: &mut Rng) -> Option<Layout> {
    let n = grid.n();
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    let mut owner = vec![usize::MAX; n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in order {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = plan.draw_size(rng).min(max_cage);
        let k = cages.len();
        let mut cage = vec![start];
        owner[start] = k;
        let mut digits = grid.digit[start];
        while cage.len() < want {
            let mut frontier: Vec<usize> = cage
                .iter()
                .flat_map(|&c| grid.neighbours[c].iter().copied())
                .filter(|&nb| owner[nb] == usize::MAX && grid.digit[nb] & digits == 0)
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let cell = *rng.choice(&frontier);
            cage.push(cell);
            owner[cell] = k;
            digits |= grid.digit[cell];
        }
        cages.push(cage);
    }
    let keep = if plan.sizes.contains(&1) {
        plan.single_cap
    } else {
        0
    };
    absorb_singles(grid, &mut cages, &mut owner, keep, max_cage, rng);
    let layout = Layout::new(n, cages);
    (layout.singles() <= plan.single_cap).then_some(layout)
}

/// One-cell cages beyond the `keep` drawn on purpose (a random choice of them) join the
/// smallest neighbouring cage that can take their digit (a random one of the smallest).
fn absorb_singles(
    grid: &Grid,
    cages: &mut [Vec<usize>],
    owner: &mut [usize],
    keep: usize,
    max_cage: usize,
    rng: &mut Rng,
) {
    let mut singles: Vec<usize> = (0..cages.len()).filter(|&k| cages[k].len() == 1).collect();
    rng.shuffle(&mut singles);
    for &k in singles.iter().skip(keep) {
        if cages[k].len() != 1 {
            continue; // grew by taking in an earlier single
        }
        let cell = cages[k][0];
        let room: Vec<usize> = grid.neighbours[cell]
            .iter()
            .map(|&nb| owner[nb])
            .filter(|&j| {
                j != k
                    && cages[j].len() < max_cage
                    && grid.digits(&cages[j]).0 & grid.digit[cell] == 0
            })
            .collect();
        let Some(j) = rng.choice_of_smallest(room, |j| cages[j].len()) else {
            continue;
        };
        cages[j].push(cell);
        owner[cell] = j;
        cages[k].clear();
    }
}
