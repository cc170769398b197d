//! Building a pattern's table: breadth-first search backward from the goal, in the
//! space where only the pattern's tiles and the blank are told apart.
//!
//! A state is where the pattern's tiles are and where the blank is; every other tile
//! is "some tile". Moving another tile costs nothing (it is counted by its own
//! pattern), so the blank roams its whole region — the cells it reaches without
//! passing a pattern tile — for free, and a state is (placement, region), the region
//! named by its lowest cell. Sliding a pattern tile into a neighbouring cell of the
//! blank's region costs one move and leaves the blank where the tile was. A table
//! holds, for each placement, the fewest such moves over the blank's regions: a lower
//! bound on the real moves of those tiles, so tables of disjoint patterns add up.
//!
//! Following the blank (Korf and Felner, 2002) is what makes the tables strong: on
//! Korf's 100 the 6-6-3 tables start 2.0 moves higher on average than tables letting
//! each tile step into any cell free of its pattern (41.3 against 39.3; Manhattan
//! distance + linear conflict: 39.1), and IDA* expands a tenth of the nodes (59 million
//! against 633 million for all 100, mirror lookups included).

use super::board::Geometry;
use super::ida::{Watch, CHECK_EVERY};
use super::patterns::{Pattern, UNREACHED};

/// The most states (placements × cells) a build may mark: 2^28 bits, 32 MiB. The 4x4's
/// six-tile patterns need exactly that.
pub const MAX_STATES: usize = 1 << 28;

/// The board's cells as bit masks, to grow a region a whole step at a time.
struct Masks {
    all: u64,
    not_first_column: u64,
    not_last_column: u64,
    cols: u32,
}

impl Masks {
    fn new(board: &Geometry) -> Masks {
        let n = board.cells();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let column = |c: usize| (0..board.rows).fold(0u64, |m, r| m | 1 << (r * board.cols + c));
        Masks {
            all,
            not_first_column: all & !column(0),
            not_last_column: all & !column(board.cols - 1),
            cols: board.cols as u32,
        }
    }

    /// The cells of `free` reachable from `start` through `free` (start included).
    fn region(&self, free: u64, start: usize) -> u64 {
        let mut reach = 1u64 << start;
        loop {
            let grown = reach
                | ((reach << 1) & self.not_first_column)
                | ((reach >> 1) & self.not_last_column)
                | (reach << self.cols)
                | (reach >> self.cols);
            let grown = (grown & free & self.all) | reach;
            if grown == reach {
                return reach;
            }
            reach = grown;
        }
    }
}

/// The lowest cell of the blank's region, for any cells held and any cell of the blank.
/// On boards of up to 16 cells it is looked up: whatever the tiles, the region depends
/// only on which cells they hold, and six tiles of the 4x4 hold one of 8,008 sets, so
/// the answers used fit in the processor's cache (the table is 1 MiB; measured under a
/// load of 7 on 2 cores, a six-tile table took 3.7 s growing regions, 3.3 s looking
/// them up).
struct Regions {
    masks: Masks,
    cells: usize,
    lowest: Option<Vec<u8>>,
}

impl Regions {
    const LOOKED_UP_CELLS: usize = 16;

    fn new(board: &Geometry, tiles: usize) -> Regions {
        let masks = Masks::new(board);
        let cells = board.cells();
        let mut regions = Regions {
            masks,
            cells,
            lowest: None,
        };
        if cells <= Self::LOOKED_UP_CELLS {
            let mut lowest = vec![0u8; (1 << cells) * cells];
            for held in (0..1u64 << cells).filter(|h| h.count_ones() as usize == tiles) {
                for cell in (0..cells).filter(|&c| held & 1 << c == 0) {
                    lowest[held as usize * cells + cell] = regions.grown(held, cell);
                }
            }
            regions.lowest = Some(lowest);
        }
        regions
    }

    /// The lowest cell of the region of `cell` (not held) when `held` are held.
    fn lowest(&self, held: u64, cell: usize) -> u8 {
        match &self.lowest {
            Some(lowest) => lowest[held as usize * self.cells + cell],
            None => self.grown(held, cell),
        }
    }

    fn grown(&self, held: u64, cell: usize) -> u8 {
        let region = self.masks.region(self.masks.all & !held, cell);
        region.trailing_zeros() as u8
    }
}

/// Whether a pattern's table can be built within MAX_STATES.
pub fn buildable(board: &Geometry, pattern: &Pattern) -> bool {
    pattern
        .table_length
        .checked_mul(board.cells())
        .is_some_and(|states| states <= MAX_STATES)
}

/// A placement's index read back as its cells, digit by digit in base N.
struct Digits {
    cells: usize,
    /// log2 N when N is a power of two (the 4x4): shifts instead of divisions, which
    /// took a tenth of a build.
    bits: Option<u32>,
}

impl Digits {
    fn new(cells: usize) -> Digits {
        let bits = cells.is_power_of_two().then(|| cells.trailing_zeros());
        Digits { cells, bits }
    }

    /// Fills `cells` (most significant digit first) and returns them as a set.
    fn split(&self, mut index: usize, cells: &mut [usize]) -> u64 {
        let mut held = 0u64;
        for cell in cells.iter_mut().rev() {
            *cell = match self.bits {
                Some(bits) => {
                    let digit = index & (self.cells - 1);
                    index >>= bits;
                    digit
                }
                None => {
                    let digit = index % self.cells;
                    index /= self.cells;
                    digit
                }
            };
            held |= 1 << *cell;
        }
        held
    }
}

/// One bit a state: (placement, region), a placement's regions side by side.
struct Marks {
    bits: Vec<u64>,
}

enum Mark {
    Old,
    NewState,
    /// The first state of its placement: the placement's value is the depth it is met at.
    NewPlacement,
}

impl Marks {
    fn new(states: usize) -> Marks {
        Marks {
            bits: vec![0; states.div_ceil(64)],
        }
    }

    fn get(&self, state: usize) -> bool {
        self.bits[state / 64] & (1 << (state % 64)) != 0
    }

    /// Marks `state`, one of the `n` states from `first` on that share its placement.
    fn mark(&mut self, state: usize, first: usize, n: usize) -> Mark {
        if self.get(state) {
            return Mark::Old;
        }
        // The placement's bits share a word whenever n divides 64 (the 4x4: 16 bits of
        // one word), so this costs no further read from memory there.
        let offset = first % 64;
        let placement_seen = if offset + n <= 64 {
            let lane = if n == 64 {
                u64::MAX
            } else {
                ((1u64 << n) - 1) << offset
            };
            self.bits[first / 64] & lane != 0
        } else {
            (first..first + n).any(|s| self.get(s))
        };
        self.bits[state / 64] |= 1 << (state % 64);
        if placement_seen {
            Mark::NewState
        } else {
            Mark::NewPlacement
        }
    }
}

/// The pattern's table (see the module's note); the watch is asked every 65,536 states.
/// The caller checks `buildable` first.
pub fn build_table<W: Watch>(
    board: &Geometry,
    blank: u8,
    pattern: &Pattern,
    watch: &mut W,
) -> Result<Vec<u8>, W::Stop> {
    let n = board.cells();
    let regions = Regions::new(board, pattern.labels.len());
    let weights = pattern.weights(n);
    let mut table = vec![UNREACHED; pattern.table_length];
    let mut seen = Marks::new(pattern.table_length * n);

    let goal: usize = pattern
        .labels
        .iter()
        .zip(&weights)
        .map(|(&c, w)| c as usize * w)
        .sum();
    let goal_held = pattern.labels.iter().fold(0u64, |m, &c| m | 1 << c);
    let start = goal * n + regions.lowest(goal_held, blank as usize) as usize;
    seen.mark(start, goal * n, n);
    table[goal] = 0;
    let mut frontier = vec![start as u32];
    let mut cells = vec![0usize; weights.len()];
    let digits = Digits::new(n);
    let mut expanded = 0u64;
    let mut depth = 0u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &state in &frontier {
            expanded += 1;
            if expanded.is_multiple_of(CHECK_EVERY) {
                watch.check()?;
            }
            let (index, lowest) = (state as usize / n, (state as usize % n) as u8);
            let held = digits.split(index, &mut cells);
            for (&cell, &w) in cells.iter().zip(&weights) {
                for &dest in board.neighbours(cell) {
                    let dest = dest as usize;
                    if held & (1 << dest) != 0 || regions.lowest(held, dest) != lowest {
                        continue;
                    }
                    // The tile slides into the blank's region; the blank takes its cell.
                    let moved = index + dest * w - cell * w;
                    let now_held = held ^ (1 << cell) ^ (1 << dest);
                    let state = moved * n + regions.lowest(now_held, cell) as usize;
                    match seen.mark(state, moved * n, n) {
                        Mark::Old => {}
                        Mark::NewState => next.push(state as u32),
                        Mark::NewPlacement => {
                            table[moved] = depth + 1;
                            next.push(state as u32);
                        }
                    }
                }
            }
        }
        // In index order, the successors of each kind of move (a tile, a direction) come
        // in index order too: a couple of dozen streams the processor prefetches, where
        // unordered they were a miss of memory each (measured under a load of 7 on 2
        // cores: 4.8 s a six-tile table unordered, 3.7 s ordered).
        next.sort_unstable();
        frontier = next;
        depth += 1;
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_region_stops_at_the_pattern_tiles() {
        let board = Geometry::new(3, 3).unwrap();
        let masks = Masks::new(&board);
        // Tiles in cells 1 and 3 wall off the top-left corner.
        let free = masks.all & !(1 << 1 | 1 << 3);
        assert_eq!(masks.region(free, 0), 1);
        assert_eq!(
            masks.region(free, 8),
            masks.all & !(1 << 0 | 1 << 1 | 1 << 3)
        );
    }

    #[test]
    fn a_region_does_not_wrap_round_the_board_edges() {
        let board = Geometry::new(3, 3).unwrap();
        let masks = Masks::new(&board);
        // The middle column held: the left column does not reach the right one.
        let free = masks.all & !(1 << 1 | 1 << 4 | 1 << 7);
        assert_eq!(masks.region(free, 0), 1 << 0 | 1 << 3 | 1 << 6);
        assert_eq!(masks.region(free, 2), 1 << 2 | 1 << 5 | 1 << 8);
    }
}
