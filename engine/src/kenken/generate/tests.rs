//! The generator's parts on fixed seeds: layouts tile the grid with connected cages
//! within the caps, clues are weighted as documented, a repair breaks the second
//! solution, and a puzzle made is unique, at its level and the same from the same seed.

use super::caging::{Cage, Cells, Tally};
use super::clues::Attempt;
use super::grading::{cage_specs, Grid};
use super::layout::{random_layout, LayoutRules};
use super::*;
use crate::grader::{self, Technique};
use crate::kenken::{self, KenKen};
use crate::search::{Budget, Solver};

/// KenKen's level table as bookgen's rules name it (bookgen/puzzles/kenken/rules.py).
fn levels() -> Vec<Vec<Technique<kenken::Technique>>> {
    let names: [&[&str]; 5] = [
        &[
            "one-cell cage",
            "naked single",
            "hidden single",
            "cage single",
        ],
        &["cage arithmetic"],
        &[
            "naked pair",
            "hidden pair",
            "cage claims a digit in its line",
        ],
        &[
            "naked triple",
            "hidden triple",
            "line pins a digit into a cage",
            "X-wing",
        ],
        &[
            "line sum rule",
            "line product rule",
            "two cages in a line",
            "XY-wing",
            "swordfish",
        ],
    ];
    names
        .iter()
        .map(|level| {
            level
                .iter()
                .map(|name| grader::technique::<KenKen>(name).expect("a known technique"))
                .collect()
        })
        .collect()
}

fn settings(n: usize, level: usize, ops: &[Op], hidden: bool) -> Settings {
    Settings {
        n,
        level,
        ops: ops.to_vec(),
        hidden,
        cage_limit: 4,
        single_cap: (n * n / 12).max(1),
        size_decay: 0.6,
        giveaway_weight: 0.3,
        limits: Limits {
            attempts: 400,
            rounds: 120,
            search_nodes: 600,
            harden_tries: 40,
            harden_grades: 100,
            loose_share: 0.5,
            proof_levels_up: 2,
            balance_tries: 5,
        },
    }
}

const ALL_OPS: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];

fn solutions(n: usize, cages: &[Cage], hidden: bool, limit: usize) -> Vec<Vec<u8>> {
    let symbols: Vec<i64> = (1..=n as i64).collect();
    let rows = (0..n).map(|r| (0..n).map(|c| r * n + c).collect::<Vec<_>>());
    let cols = (0..n).map(|c| (0..n).map(|r| r * n + c).collect::<Vec<_>>());
    let groups: Vec<Vec<usize>> = rows.chain(cols).collect();
    let specs = cage_specs(cages, hidden);
    let solver = Solver::new(n * n, &symbols, &groups, &specs);
    let mut never = || false;
    let count = solver
        .count(&[], limit, &mut Budget::new(None, &mut never))
        .expect("never interrupted");
    count
        .solutions
        .into_iter()
        .map(|s| s.into_iter().map(|k| k + 1).collect())
        .collect()
}

#[test]
fn a_layout_tiles_the_grid_with_connected_cages_within_the_caps() {
    for seed in 0..200u64 {
        let n = 3 + (seed as usize) % 10;
        let rules = LayoutRules {
            n,
            max_cage: 2 + (seed as usize) % 5,
            single_cap: (seed as usize) % 4,
            size_decay: 0.3 + 0.1 * (seed % 6) as f64,
        };
        let Some(layout) = random_layout(&rules, &mut Rng::new(seed)) else {
            continue;
        };
        let mut seen = vec![0; n * n];
        for cells in &layout {
            assert!(
                cells.connected(n),
                "seed {seed}: {cells:?} is not connected"
            );
            assert!(cells.len() <= rules.max_cage);
            for c in cells.iter() {
                seen[c] += 1;
            }
        }
        assert!(
            seen.iter().all(|&k| k == 1),
            "seed {seed}: every cell in exactly one cage"
        );
        assert!(layout.iter().filter(|c| c.len() == 1).count() <= rules.single_cap);
    }
}

#[test]
fn bipartitions_are_connected_and_cover_the_cage_once_each() {
    let n = 4;
    // An L of four cells: 0 1 2 in the top row, 6 below 2.
    let cage = Cells::of(&[0, 1, 2, 6]);
    let parts = cage.bipartitions(n);
    // {0}|{1,2,6}, {0,1}|{2,6}, {0,1,2}|{6}; {0,2} and the like are not connected.
    assert_eq!(parts.len(), 3);
    for (a, b) in parts {
        assert!(a.contains(0) && a.connected(n) && b.connected(n));
        assert_eq!(a.union(&b), cage);
    }
}

fn attempt<'a>(set: &'a Settings, solution: Vec<u8>, rng: &'a mut Rng) -> Attempt<'a> {
    Attempt { set, solution, rng }
}

#[test]
fn clues_are_weighted_by_how_rarely_their_operation_is_used() {
    // Cells 0 and 1 of a 9x9 row holding 2 and 4: 6+, 2−, 8× and 2÷ all fit, none is a
    // giveaway. With + used three times its weight is 1/16 against 1 for the others.
    let set = settings(9, 2, &ALL_OPS, false);
    let mut solution = vec![1u8; 81];
    solution[0] = 2;
    solution[1] = 4;
    let mut rng = Rng::new(5);
    let mut att = attempt(&set, solution, &mut rng);
    let used = Tally([3, 0, 0, 0]);
    let mut drawn = [0u32; 4];
    let draws = 20_000;
    for _ in 0..draws {
        let cage = att
            .clue(Cells::of(&[0, 1]), &used)
            .expect("every operation fits");
        assert!(!att.giveaway(&cage));
        drawn[caging::slot(cage.op).expect("an operation")] += 1;
    }
    let share = |k: usize| f64::from(drawn[k]) / f64::from(draws);
    let plus = (1.0 / 16.0) / (1.0 / 16.0 + 3.0);
    assert!((share(0) - plus).abs() < 0.006, "{drawn:?}");
    for k in 1..4 {
        assert!((share(k) - (1.0 - plus) / 3.0).abs() < 0.02, "{drawn:?}");
    }
}

#[test]
fn a_giveaway_weight_of_zero_never_draws_a_giveaway() {
    // 1 and 2 in a 4x4 row: 3+ and 2× are only {1, 2} (giveaways); 1− and 2÷ are not.
    let mut set = settings(4, 2, &ALL_OPS, false);
    set.giveaway_weight = 0.0;
    let mut solution = vec![3u8; 16];
    solution[0] = 1;
    solution[1] = 2;
    let mut rng = Rng::new(9);
    let mut att = attempt(&set, solution, &mut rng);
    for _ in 0..2000 {
        let cage = att
            .clue(Cells::of(&[0, 1]), &Tally::default())
            .expect("fits");
        assert!(matches!(cage.op, Op::Sub | Op::Div), "{cage:?}");
    }
    assert!(att.giveaway(&att.make_cage(Cells::of(&[0, 1]), Op::Add)));
    assert!(att.giveaway(&att.make_cage(Cells::of(&[0, 1]), Op::Mul)));
}

#[test]
fn a_repair_breaks_the_second_solution() {
    let mut repaired = 0;
    for seed in 0..40u64 {
        let n = 4 + (seed as usize) % 3;
        let set = settings(n, 2, &ALL_OPS, seed % 4 == 0);
        let Some(made) = random_caging(&set, seed) else {
            continue;
        };
        let found = solutions(n, &made.cages, set.hidden, 2);
        let Some(other) = found.into_iter().find(|s| *s != made.solution) else {
            continue;
        };
        let mut rng = Rng::new(seed);
        let mut att = attempt(&set, made.solution.clone(), &mut rng);
        let Some(m) = moves::choose_repair(&mut att, &made.cages, &other) else {
            continue;
        };
        let next = m.apply(&made.cages);
        assert!(
            next.iter().all(|k| att.holds(k, &made.solution)),
            "the true solution still meets every cage"
        );
        assert!(
            !next.iter().all(|k| att.holds(k, &other)),
            "seed {seed}: the other solution still fits"
        );
        repaired += 1;
    }
    assert!(repaired >= 10, "only {repaired} ambiguous cagings repaired");
}

#[test]
fn looseness_is_one_before_any_pencil_mark_and_zero_when_solved() {
    assert!((looseness(6, &[(1 << 6) - 1; 36]) - 1.0).abs() < 1e-12);
    let solved: Vec<u64> = (0..36).map(|i| 1 << (i % 6)).collect();
    assert_eq!(looseness(6, &solved), 0.0);
}

fn make(set: &Settings, seed: u64) -> Made {
    let mut running = || Watched::Running;
    generate(set, &levels(), seed, &mut running)
        .expect("never stopped")
        .expect("made within the attempts")
}

#[test]
fn a_puzzle_made_is_unique_at_its_level_and_the_same_from_the_same_seed() {
    let table = levels();
    for (k, &(n, level, hidden)) in [
        (4, 1, false),
        (5, 0, true),
        (6, 3, false),
        (6, 2, true),
        (7, 4, false),
    ]
    .iter()
    .enumerate()
    {
        let set = settings(n, level, &ALL_OPS, hidden);
        let made = make(&set, k as u64);
        assert_eq!(
            solutions(n, &made.cages, hidden, 2),
            vec![made.solution.clone()]
        );
        let grid = Grid::new(n).expect("a grid");
        let graded = grid.grade(&made.cages, hidden, &table, table.len() - 1);
        assert_eq!(
            (graded.ending, graded.level),
            (Ending::Solved, level as i32)
        );
        assert!(made.cages.iter().all(|c| c.cells.len() <= set.cage_limit));
        assert!(made.cages.iter().filter(|c| c.single()).count() <= set.single_cap);
        let again = make(&set, k as u64);
        assert_eq!(
            (again.cages, again.solution),
            (made.cages.clone(), made.solution.clone())
        );
        let other = make(&set, 1000 + k as u64);
        assert_ne!(other.cages, made.cages);
    }
}

#[test]
fn an_expired_watch_stops_before_any_work_and_an_interrupt_halts() {
    let set = settings(6, 2, &ALL_OPS, false);
    let mut expired = || Watched::Expired;
    assert!(matches!(
        generate(&set, &levels(), 1, &mut expired),
        Ok(None)
    ));
    let mut interrupted = || Watched::Interrupted;
    assert!(matches!(
        generate(&set, &levels(), 1, &mut interrupted),
        Err(Halt::Interrupted)
    ));
}

#[test]
fn the_harder_levels_go_on_from_a_stall_with_hidden_signs_or_from_ten_up_only() {
    // Shown signs below 10x10: straight to the search from the level's own marks.
    assert_eq!(proof_levels(&settings(6, 3, &ALL_OPS, false)), 0);
    assert_eq!(proof_levels(&settings(9, 1, &ALL_OPS, false)), 0);
    // Hidden signs: the caller's count (a search from loose marks costs more).
    assert_eq!(proof_levels(&settings(9, 0, &ALL_OPS, true)), 2);
    // From 10x10 up one level, signs shown or not.
    assert_eq!(proof_levels(&settings(10, 2, &ALL_OPS, false)), 1);
    assert_eq!(proof_levels(&settings(12, 2, &ALL_OPS, true)), 1);
}

#[test]
fn grading_with_the_grids_kept_cages_is_grading_them_afresh() {
    let table = levels();
    for (n, hidden) in [
        (4, false),
        (4, true),
        (5, false),
        (6, false),
        (6, true),
        (9, false),
    ] {
        let grid = Grid::new(n).expect("a grid");
        for seed in 0..12 {
            let set = settings(n, 1, &ALL_OPS, hidden);
            let Some(made) = random_caging(&set, seed) else {
                continue;
            };
            for level in [0, 1, table.len() - 1] {
                // Twice: the first grading keeps the cages, the second reads them back.
                for _ in 0..2 {
                    let kept = grid.grade(&made.cages, hidden, &table, level);
                    let fresh = grid.grade_specs(&cage_specs(&made.cages, hidden), &table, level);
                    assert_eq!(
                        (kept.ending, kept.level),
                        (fresh.ending, fresh.level),
                        "n={n} seed={seed}"
                    );
                    assert_eq!(kept.board.board.cand, fresh.board.board.cand);
                    assert_eq!(kept.board.rules.alive, fresh.board.rules.alive);
                }
            }
        }
    }
}
