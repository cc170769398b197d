//! Irregular regions for jigsaw and toroidal sudoku: a valid partition of a size x size
//! grid into `size` regions is shuffled by swapping a cell on a region's edge with a cell
//! of the neighbouring region, whenever both regions stay connected — so every step
//! keeps the partition valid. The first half of the swaps is free; the second keeps a
//! swap that lengthens the borders by k edges only with probability compact^k, so the
//! pieces end compact (free swaps alone grow long snakes, which look unlike published
//! jigsaws and more often admit no solution). Which cells touch is the topology: the
//! page, or a torus where rows and columns wrap.

use crate::cellset::CellSet;
use crate::rng::Rng;

/// Which cells of the grid touch.
pub struct Topology {
    size: usize,
    neighbours: Vec<Vec<usize>>,
}

impl Topology {
    pub fn new(size: usize, torus: bool) -> Topology {
        let at = |r: usize, c: usize| r * size + c;
        let neighbours = (0..size * size)
            .map(|cell| {
                let (r, c) = (cell / size, cell % size);
                let mut near = Vec::with_capacity(4);
                if torus {
                    // Up, down, left, right, wrapping; a 2x2 torus meets itself twice.
                    for other in [
                        at((r + size - 1) % size, c),
                        at((r + 1) % size, c),
                        at(r, (c + size - 1) % size),
                        at(r, (c + 1) % size),
                    ] {
                        if other != cell && !near.contains(&other) {
                            near.push(other);
                        }
                    }
                } else {
                    if r > 0 {
                        near.push(at(r - 1, c));
                    }
                    if r + 1 < size {
                        near.push(at(r + 1, c));
                    }
                    if c > 0 {
                        near.push(at(r, c - 1));
                    }
                    if c + 1 < size {
                        near.push(at(r, c + 1));
                    }
                }
                near
            })
            .collect();
        Topology { size, neighbours }
    }

    fn connected(&self, cells: &CellSet) -> bool {
        let Some(start) = cells.first() else {
            return false;
        };
        let mut seen = CellSet::EMPTY;
        seen.insert(start);
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            for &near in &self.neighbours[cell] {
                if cells.contains(near) && !seen.contains(near) {
                    seen.insert(near);
                    stack.push(near);
                }
            }
        }
        seen == *cells
    }

    /// Edges touching `a` or `b` that separate two regions (their share of the borders).
    fn border_edges(&self, region_of: &[u8], a: usize, b: usize) -> i32 {
        let mut count = 0;
        for &x in &[a, b] {
            for &n in &self.neighbours[x] {
                // The edge a-b, if they touch, is met from both ends: count it once.
                if x == b && n == a {
                    continue;
                }
                if region_of[x] != region_of[n] {
                    count += 1;
                }
            }
        }
        count
    }
}

/// Shuffles the partition `region_of` (a region index per cell, reading order) in place:
/// `swaps` tries, the second half biased towards compact pieces by `compact`.
pub fn shuffle(
    region_of: &mut [u8],
    topology: &Topology,
    swaps: usize,
    compact: f64,
    rng: &mut Rng,
) {
    let cells = topology.size * topology.size;
    assert_eq!(region_of.len(), cells, "one region per cell");
    let regions = region_of.iter().map(|&r| r as usize + 1).max().unwrap_or(0);
    let mut members = vec![CellSet::EMPTY; regions];
    for (cell, &region) in region_of.iter().enumerate() {
        members[region as usize].insert(cell);
    }
    let mut others: Vec<u8> = Vec::with_capacity(4);
    let mut choices: Vec<usize> = Vec::with_capacity(cells);
    for step in 0..swaps {
        let bias = if step < swaps / 2 { 1.0 } else { compact };
        let a = rng.below(cells);
        let ra = region_of[a];
        others.clear();
        others.extend(
            topology.neighbours[a]
                .iter()
                .map(|&n| region_of[n])
                .filter(|&r| r != ra),
        );
        others.sort_unstable();
        others.dedup();
        if others.is_empty() {
            continue;
        }
        let rb = *rng.choice(&others);
        // A cell of B that will touch A once `a` has left it.
        let mut rest_a = members[ra as usize];
        rest_a.remove(a);
        choices.clear();
        choices.extend(
            members[rb as usize]
                .iter()
                .filter(|&b| topology.neighbours[b].iter().any(|&n| rest_a.contains(n))),
        );
        if choices.is_empty() {
            continue;
        }
        let b = *rng.choice(&choices);
        let before = topology.border_edges(region_of, a, b);
        region_of[a] = rb;
        region_of[b] = ra;
        let rise = topology.border_edges(region_of, a, b) - before;
        let mut new_a = rest_a;
        new_a.insert(b);
        let mut new_b = members[rb as usize];
        new_b.remove(b);
        new_b.insert(a);
        let kept = (rise <= 0 || rng.unit() < bias.powi(rise))
            && topology.connected(&new_a)
            && topology.connected(&new_b);
        if kept {
            members[ra as usize] = new_a;
            members[rb as usize] = new_b;
        } else {
            region_of[a] = ra;
            region_of[b] = rb;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes9() -> Vec<u8> {
        (0..81)
            .map(|cell| ((cell / 27) * 3 + (cell % 9) / 3) as u8)
            .collect()
    }

    fn assert_valid(region_of: &[u8], topology: &Topology) {
        for region in 0..9u8 {
            let cells = CellSet::from_cells((0..81).filter(|&c| region_of[c] == region));
            assert_eq!(cells.len(), 9, "every region keeps 9 cells");
            assert!(topology.connected(&cells), "region {region} is one piece");
        }
    }

    #[test]
    fn a_shuffled_layout_is_still_a_partition_into_connected_regions() {
        for torus in [false, true] {
            let topology = Topology::new(9, torus);
            for seed in 0..20 {
                let mut region_of = boxes9();
                shuffle(&mut region_of, &topology, 15 * 81, 0.4, &mut Rng::new(seed));
                assert_valid(&region_of, &topology);
                assert_ne!(region_of, boxes9(), "the boxes moved");
            }
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_layout() {
        let topology = Topology::new(9, false);
        let mut a = boxes9();
        let mut b = boxes9();
        shuffle(&mut a, &topology, 500, 0.4, &mut Rng::new(5));
        shuffle(&mut b, &topology, 500, 0.4, &mut Rng::new(5));
        assert_eq!(a, b);
    }

    #[test]
    fn a_torus_joins_opposite_edges() {
        let plane = Topology::new(4, false);
        let torus = Topology::new(4, true);
        let left_and_right = CellSet::from_cells([0, 3]);
        assert!(!plane.connected(&left_and_right));
        assert!(torus.connected(&left_and_right));
    }

    #[test]
    fn compact_bias_shortens_the_borders() {
        // The borders' length summed over 20 layouts: with the bias well below without.
        let topology = Topology::new(9, false);
        let total = |compact: f64| -> i32 {
            (0..20)
                .map(|seed| {
                    let mut region_of = boxes9();
                    shuffle(
                        &mut region_of,
                        &topology,
                        15 * 81,
                        compact,
                        &mut Rng::new(seed),
                    );
                    (0..81)
                        .map(|cell| topology.border_edges(&region_of, cell, cell))
                        .sum::<i32>()
                })
                .sum()
        };
        assert!(total(0.4) < total(1.0));
    }
}
