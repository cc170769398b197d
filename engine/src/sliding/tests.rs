//! The sliding engine against breadth-first search on small boards: shortest lengths,
//! admissible tables, one path whatever the heuristic.

use std::collections::HashMap;

use super::board::Geometry;
use super::ida::{self, Heuristic, Solution, Unwatched, Watch};
use super::manhattan::ManhattanConflict;
use super::patterns::{Pattern, PatternDatabase, PatternHeuristic};
use super::tables::build_table;

/// Every position reachable from the identity (blank label `blank`) with its distance.
fn distances(board: &Geometry, blank: u8) -> HashMap<Vec<u8>, u32> {
    let goal: Vec<u8> = (0..board.cells() as u8).collect();
    let mut found = HashMap::from([(goal.clone(), 0)]);
    let mut layer = vec![goal];
    let mut depth = 0;
    while !layer.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for position in &layer {
            let hole = position.iter().position(|&l| l == blank).unwrap();
            for &cell in board.neighbours(hole) {
                let mut moved = position.clone();
                moved.swap(hole, cell as usize);
                if !found.contains_key(&moved) {
                    found.insert(moved.clone(), depth);
                    next.push(moved);
                }
            }
        }
        layer = next;
    }
    found
}

/// A fixed sample of the positions, in a fixed order (a small xorshift, seeded).
fn sample(all: &HashMap<Vec<u8>, u32>, count: usize, seed: u64) -> Vec<(Vec<u8>, u32)> {
    let mut sorted: Vec<_> = all.iter().map(|(p, &d)| (p.clone(), d)).collect();
    sorted.sort();
    let mut state = seed.max(1);
    (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            sorted[(state % sorted.len() as u64) as usize].clone()
        })
        .collect()
}

fn replay(start: &[u8], path: &[u8], blank: u8, board: &Geometry) -> Vec<u8> {
    let mut position = start.to_vec();
    for &tile in path {
        let hole = position.iter().position(|&l| l == blank).unwrap();
        let cell = position.iter().position(|&l| l == tile).unwrap();
        assert!(
            board.neighbours(hole).contains(&(cell as u8)),
            "{tile} is not next to the blank"
        );
        position.swap(hole, cell);
    }
    position
}

fn solve<H: Heuristic>(board: &Geometry, start: &[u8], blank: u8, h: &mut H) -> Solution {
    ida::solve(board, start, blank, h, &mut Unwatched).unwrap()
}

/// The 3x3 split into two patterns of four tiles, the blank's label top-left (0) or
/// bottom-right (8).
fn small_database(blank: u8) -> PatternDatabase {
    let board = Geometry::new(3, 3).unwrap();
    let split = if blank == 0 {
        [vec![1, 2, 3, 4], vec![5, 6, 7, 8]]
    } else {
        [vec![0, 1, 2, 3], vec![4, 5, 6, 7]]
    };
    let patterns: Vec<Pattern> = split
        .into_iter()
        .map(|labels| Pattern::new(&board, blank, labels).unwrap())
        .collect();
    let tables = patterns
        .iter()
        .map(|p| build_table(&board, blank, p, &mut Unwatched).unwrap())
        .collect();
    PatternDatabase::new(board, blank, patterns, tables).unwrap()
}

#[test]
fn manhattan_conflict_finds_shortest_solutions_on_every_small_board_and_blank() {
    for (rows, cols, blank) in [
        (3, 3, 0),
        (3, 3, 8),
        (3, 3, 4),
        (2, 4, 7),
        (4, 2, 0),
        (2, 3, 5),
    ] {
        let board = Geometry::new(rows, cols).unwrap();
        let all = distances(&board, blank);
        for (start, distance) in sample(&all, 300, (rows * 10 + cols) as u64) {
            let mut h = ManhattanConflict::new(&board, blank, 1);
            assert!(h.value(&start) <= distance, "inadmissible on {start:?}");
            let found = solve(&board, &start, blank, &mut h);
            assert_eq!(found.path.len() as u32, distance, "{start:?}");
            let goal: Vec<u8> = (0..board.cells() as u8).collect();
            assert_eq!(replay(&start, &found.path, blank, &board), goal);
        }
    }
}

#[test]
fn pattern_tables_and_their_mirror_lookup_are_admissible() {
    for blank in [0, 8] {
        let database = small_database(blank);
        let all = distances(&database.board, blank);
        let mut mirror_larger = 0;
        for (position, &distance) in &all {
            let (regular, mirrored) = database.lookup(position);
            assert!(regular <= distance && mirrored <= distance, "{position:?}");
            mirror_larger += (mirrored > regular) as u32;
        }
        // The mirror is worth looking up: it is the larger on many positions.
        assert!(mirror_larger > 10_000, "{mirror_larger}");
    }
}

#[test]
fn a_pattern_table_is_zero_at_home_and_at_least_manhattan_everywhere() {
    let board = Geometry::new(3, 3).unwrap();
    let pattern = Pattern::new(&board, 0, vec![1, 2]).unwrap();
    let table = build_table(&board, 0, &pattern, &mut Unwatched).unwrap();
    assert_eq!(table[9 + 2], 0);
    for a in 0..9usize {
        for b in (0..9).filter(|&b| b != a) {
            // Label 1 belongs in row 0, column 1; label 2 in row 0, column 2.
            let manhattan = a / 3 + (a % 3).abs_diff(1) + b / 3 + (b % 3).abs_diff(2);
            assert!(table[a * 9 + b] as usize >= manhattan, "{a} {b}");
        }
        assert_eq!(table[a * 9 + a], super::patterns::UNREACHED);
    }
}

#[test]
fn the_first_shortest_path_is_the_same_whatever_the_heuristic() {
    for blank in [0, 8] {
        let database = small_database(blank);
        let board = &database.board;
        let all = distances(board, blank);
        for (start, distance) in sample(&all, 300, 12) {
            let mut tables = PatternHeuristic::new(&database, 1);
            let with_tables = solve(board, &start, blank, &mut tables);
            let mut manhattan = ManhattanConflict::new(board, blank, 1);
            let without = solve(board, &start, blank, &mut manhattan);
            assert_eq!(with_tables.path, without.path, "{start:?}");
            assert_eq!(with_tables.path.len() as u32, distance);
        }
    }
}

#[test]
fn a_weighted_search_stays_within_its_weight_of_shortest() {
    let board = Geometry::new(3, 3).unwrap();
    let all = distances(&board, 8);
    for weight in [2, 4] {
        for (start, distance) in sample(&all, 200, weight as u64) {
            let found = solve(
                &board,
                &start,
                8,
                &mut ManhattanConflict::new(&board, 8, weight),
            );
            assert!(distance as usize <= found.path.len());
            assert!(found.path.len() <= (weight * distance) as usize);
        }
    }
}

#[test]
fn the_goal_needs_no_move() {
    let board = Geometry::new(4, 4).unwrap();
    let goal: Vec<u8> = (0..16).collect();
    let found = solve(&board, &goal, 0, &mut ManhattanConflict::new(&board, 0, 1));
    assert_eq!(
        found,
        Solution {
            path: vec![],
            nodes: 0
        }
    );
}

struct StopAtOnce;

impl Watch for StopAtOnce {
    type Stop = &'static str;
    fn check(&mut self) -> Result<(), &'static str> {
        Err("stop")
    }
}

#[test]
fn a_watch_that_says_stop_stops_the_search_and_the_build() {
    let board = Geometry::new(4, 4).unwrap();
    let start = [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0];
    let mut h = ManhattanConflict::new(&board, 0, 1);
    let stopped = ida::solve(&board, &start, 0, &mut h, &mut StopAtOnce);
    assert_eq!(stopped, Err(ida::Failure::Stopped("stop")));
    let pattern = Pattern::new(&board, 0, vec![1, 2, 3, 5, 6]).unwrap();
    assert_eq!(
        build_table(&board, 0, &pattern, &mut StopAtOnce),
        Err("stop")
    );
}

#[test]
fn patterns_that_cannot_be_tabled_are_refused() {
    let board = Geometry::new(4, 4).unwrap();
    assert!(Pattern::new(&board, 0, vec![]).is_err());
    assert!(Pattern::new(&board, 0, vec![0, 1]).is_err()); // the blank
    assert!(Pattern::new(&board, 0, vec![1, 1]).is_err());
    assert!(Pattern::new(&board, 0, vec![1, 16]).is_err());
    assert!(Pattern::new(&board, 0, (1..9).collect()).is_err()); // 16^8 bytes
    let pattern = Pattern::new(&board, 0, vec![1, 2]).unwrap();
    let wrong_length = PatternDatabase::new(board.clone(), 0, vec![pattern], vec![vec![0; 10]]);
    assert!(wrong_length.is_err());
}

#[test]
fn only_a_partition_of_every_tile_may_guide_a_search() {
    assert!(small_database(0).covers_every_tile());
    let board = Geometry::new(3, 3).unwrap();
    let pattern = Pattern::new(&board, 0, vec![1, 2, 3]).unwrap();
    let table = build_table(&board, 0, &pattern, &mut Unwatched).unwrap();
    let partial = PatternDatabase::new(board, 0, vec![pattern], vec![table]).unwrap();
    // Tiles 1-3 home and the rest not: the table says 0, the position is no goal.
    assert_eq!(partial.lookup(&[0, 1, 2, 3, 5, 4, 6, 7, 8]).0, 0);
    assert!(!partial.covers_every_tile());
}
