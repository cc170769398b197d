//! The generator's parts on random grids: layouts connected, without repeated digits and
//! within the caps; splits and shifts keep cages connected; a repair breaks the second
//! solution it was made for; whole generations graded at their level, unique, and the
//! same from the same seed; time and interrupts stop the work with the right failure.

use super::layout::{bipartitions, connected, mask_of, random_layout, Grid, Layout, Plan};
use super::moves::{self, Move, Rules};
use super::*;
use crate::grader::shape::Line;
use crate::grader::{technique, Technique};
use crate::killer::KillerTechnique as K;

/// An empty sudoku of side 4, 6 or 9: rows, columns, boxes.
pub(super) fn frame(side: usize) -> Frame {
    let (bh, bw) = match side {
        4 => (2, 2),
        6 => (2, 3),
        _ => (3, 3),
    };
    let mut groups = Vec::new();
    for r in 0..side {
        groups.push(((0..side).map(|c| r * side + c).collect(), Line::Row, false));
    }
    for c in 0..side {
        groups.push((
            (0..side).map(|r| r * side + c).collect(),
            Line::Column,
            false,
        ));
    }
    for br in (0..side).step_by(bh) {
        for bc in (0..side).step_by(bw) {
            let cells = (0..bh)
                .flat_map(|r| (0..bw).map(move |c| (br + r) * side + bc + c))
                .collect();
            groups.push((cells, Line::Other, true));
        }
    }
    Frame::new(side, (1..=side as i64).collect(), groups)
}

/// Killer's level table, by technique (beginner to expert), as the killer type names it.
fn ladder() -> Vec<Vec<Technique<K>>> {
    let named = |names: &[&str]| -> Vec<Technique<K>> {
        names
            .iter()
            .map(|n| technique::<Killer>(n).expect("a killer technique"))
            .collect()
    };
    vec![
        named(&[
            K::OneCellCage.name(),
            "naked single",
            "hidden single",
            K::CageLastCell.name(),
        ]),
        named(&[K::CageCombinations.name()]),
        named(&[
            "pointing and claiming",
            K::CageClaims.name(),
            K::Rule45House.name(),
            K::HousePins.name(),
            "naked pair",
            "hidden pair",
        ]),
        named(&[
            K::Rule45.name(),
            "naked triple",
            "hidden triple",
            "X-wing",
            "XY-wing",
            "XYZ-wing",
            "swordfish",
        ]),
        named(&[
            K::InniesOuties.name(),
            K::CagesInHouse.name(),
            "X-chain",
            "XY-chain",
        ]),
    ]
}

fn plan(single_cap: usize, givens: usize) -> Plan {
    Plan {
        sizes: vec![2, 3, 4, 5],
        weights: vec![2.0, 3.0, 2.0, 1.0],
        single_cap,
        givens,
    }
}

pub(super) fn solution(frame: &Frame, seed: u64) -> Vec<u8> {
    random_solution(frame, &mut Rng::new(seed)).expect("a sudoku grid")
}

fn spec(level: usize, max_cage: usize, single_cap: usize, givens: usize) -> Spec<Technique<K>> {
    Spec {
        ladder: ladder(),
        level,
        plan: plan(single_cap, givens),
        max_cage,
    }
}

fn assert_well_formed(grid: &Grid, layout: &Layout, max_cage: usize, single_cap: usize) {
    let mut covered = vec![0; grid.n()];
    for (k, cage) in layout.cages.iter().enumerate() {
        assert!(
            connected(grid, mask_of(cage)),
            "cage {cage:?} not connected"
        );
        assert!(grid.digits(cage).1, "cage {cage:?} repeats a digit");
        assert!(
            cage.len() <= max_cage,
            "cage {cage:?} over {max_cage} cells"
        );
        assert!(cage.windows(2).all(|w| w[0] < w[1]));
        for &c in cage {
            covered[c] += 1;
            assert_eq!(layout.owner[c], k);
        }
    }
    assert!(covered.iter().all(|&x| x == 1), "every cell in one cage");
    assert!(
        layout.cages.windows(2).all(|w| w[0][0] < w[1][0]),
        "ordered by first cell"
    );
    assert!(layout.singles() <= single_cap);
}

#[test]
fn random_layouts_are_connected_without_repeats_and_within_the_caps() {
    for side in [4, 6, 9] {
        let frame = frame(side);
        let mut made = 0;
        for seed in 0..40 {
            let grid = Grid::new(side, &solution(&frame, seed));
            let max_cage = 2 + seed as usize % 4;
            let cap = side * side / 16;
            if let Some(layout) = random_layout(&grid, &plan(cap, 0), max_cage, &mut Rng::new(seed))
            {
                assert_well_formed(&grid, &layout, max_cage, cap);
                made += 1;
            }
        }
        assert!(
            made > 20,
            "{side}x{side}: only {made} of 40 layouts within the cap"
        );
    }
}

#[test]
fn one_cell_cages_drawn_on_purpose_are_kept_up_to_the_cap() {
    let frame = frame(9);
    let beginner = Plan {
        sizes: vec![1, 2, 3],
        weights: vec![1.0, 3.0, 1.0],
        single_cap: 20,
        givens: 0,
    };
    let grid = Grid::new(9, &solution(&frame, 3));
    let singles: Vec<usize> = (0..20)
        .filter_map(|seed| random_layout(&grid, &beginner, 3, &mut Rng::new(seed)))
        .map(|layout| layout.singles())
        .collect();
    assert!(singles.iter().all(|&s| s <= 20));
    assert!(
        singles.iter().any(|&s| s > 0),
        "a plan drawing one-cell cages keeps some"
    );
}

#[test]
fn bipartitions_are_every_split_into_two_connected_parts_once() {
    let grid = Grid::new(4, &[0; 16]);
    // An L of four cells: 0 1 2 in the top row, 6 below 2.
    let splits = bipartitions(&grid, &[0, 1, 2, 6]);
    let found: Vec<Vec<usize>> = splits.iter().map(|(a, _)| a.clone()).collect();
    assert_eq!(found, vec![vec![0], vec![0, 1], vec![0, 1, 2]]);
    for (a, b) in &splits {
        assert!(connected(&grid, mask_of(a)) && connected(&grid, mask_of(b)));
        assert_eq!(a.len() + b.len(), 4);
    }
    assert!(bipartitions(&grid, &[5]).is_empty());
}

#[test]
fn merges_shifts_and_splits_keep_layouts_well_formed() {
    let frame = frame(9);
    for seed in 0..10 {
        let grid = Grid::new(9, &solution(&frame, seed));
        let rules = Rules {
            grid: &grid,
            max_cage: 5,
            single_cap: 5,
        };
        let Some(layout) = random_layout(&grid, &plan(5, 0), 5, &mut Rng::new(seed)) else {
            continue;
        };
        let mut all: Vec<Move> = moves::merges(&rules, &layout);
        for c in 0..81 {
            all.extend(moves::shifts_of_cell(&rules, &layout, c));
        }
        for k in 0..layout.cages.len() {
            all.extend(
                moves::splits(&rules, &layout, k, None, &frame.symbols)
                    .into_iter()
                    .map(|(m, _)| m),
            );
        }
        assert!(!all.is_empty());
        for m in &all {
            let next = moves::apply(&layout, m);
            assert_well_formed(&grid, &next, 5, 5);
        }
    }
}

/// Whether the solution `values` (symbol index per cell) meets every cage's sum.
fn meets(frame: &Frame, cages: &[CageSpec], values: &[u8]) -> bool {
    cages.iter().all(|k| {
        k.cells
            .iter()
            .map(|&c| i128::from(frame.symbols[values[c] as usize]))
            .sum::<i128>()
            == k.target
    })
}

#[test]
fn a_repair_breaks_the_second_solution_it_was_made_for() {
    let frame = frame(6);
    let spec = spec(4, 5, 20, 0);
    let mut repaired = 0;
    for seed in 0..60 {
        let sol = solution(&frame, seed);
        let grid = Grid::new(6, &sol);
        let mut rng = Rng::new(seed);
        let Some(layout) = random_layout(&grid, &spec.plan, 5, &mut rng) else {
            continue;
        };
        let mut attempt = Attempt {
            frame: &frame,
            shape: Arc::new(frame.shape.clone()),
            spec: &spec,
            grid: &grid,
            solution: &sol,
            givens: Vec::new(),
            rng: &mut rng,
        };
        let cages = attempt.cage_specs(&layout);
        let (ending, _, board) = attempt.grade(&cages).expect("a board");
        if ending != Ending::Unfinished {
            continue;
        }
        let (Some(other), _) = attempt.second_solution(&cages, &board) else {
            continue;
        };
        assert!(meets(&frame, &cages, &other));
        let Some(next) = attempt.repair(&layout, &other) else {
            continue;
        };
        let broken = !meets(&frame, &attempt.cage_specs(&next), &other)
            || attempt.givens.iter().any(|&c| other[c] != sol[c]);
        assert!(broken, "seed {seed}: the second solution still fits");
        assert!(meets(&frame, &attempt.cage_specs(&next), &sol));
        repaired += 1;
    }
    assert!(repaired >= 10, "only {repaired} repairs tried");
}

/// Exactly one solution, by the search from scratch with the cages and givens.
fn unique(frame: &Frame, made: &Made) -> bool {
    let cages: Vec<CageSpec> = made
        .cages
        .iter()
        .map(|cells| CageSpec {
            cells: cells.clone(),
            op: Op::Add,
            target: cells
                .iter()
                .map(|&c| i128::from(frame.symbols[made.solution[c] as usize]))
                .sum(),
            distinct: true,
        })
        .collect();
    let solver = frame.solver.with_cages(&frame.symbols, &cages);
    let givens: Vec<(usize, usize)> = made
        .givens
        .iter()
        .map(|&c| (c, made.solution[c] as usize))
        .collect();
    let mut never = || false;
    let count = solver
        .count(&givens, 2, &mut Budget::new(None, &mut never))
        .expect("no limit");
    count.solutions == vec![made.solution.clone()]
}

#[test]
fn generated_killers_are_unique_at_their_level_and_well_formed() {
    for (side, level, max_cage, givens) in [(4, 1, 5, 0), (6, 2, 5, 4), (9, 1, 4, 0), (9, 3, 5, 0)]
    {
        let frame = frame(side);
        let cap = side * side / 16;
        let spec = spec(level, max_cage, cap, givens);
        for seed in 0..3 {
            let made = generate(&frame, &spec, seed, &mut || None).expect("made");
            assert!(
                unique(&frame, &made),
                "{side} level {level} seed {seed}: not unique"
            );
            let grid = Grid::new(side, &made.solution);
            let layout = Layout::new(side * side, made.cages.clone());
            assert_eq!(layout.cages, made.cages);
            assert_well_formed(&grid, &layout, max_cage, cap);
            assert!(made.givens.len() <= givens);
            let mut attempt = Attempt {
                frame: &frame,
                shape: Arc::new(frame.shape.clone()),
                spec: &spec,
                grid: &grid,
                solution: &made.solution,
                givens: made.givens.clone(),
                rng: &mut Rng::new(0),
            };
            let (ending, graded, _) = attempt
                .grade(&attempt.cage_specs(&layout))
                .expect("a board");
            assert_eq!((ending, graded), (Ending::Solved, level as i32));
        }
    }
}

#[test]
fn the_same_seed_makes_the_same_killer_and_another_seed_another() {
    let frame = frame(9);
    let spec = spec(1, 5, 5, 0);
    let first = generate(&frame, &spec, 7, &mut || None).expect("made");
    let again = generate(&frame, &spec, 7, &mut || None).expect("made");
    let other = generate(&frame, &spec, 8, &mut || None).expect("made");
    assert_eq!(first, again);
    assert_ne!(first, other);
}

#[test]
fn time_up_stops_between_rounds_or_attempts_and_an_interrupt_stops_at_once() {
    let frame = frame(9);
    let spec = spec(3, 5, 5, 0);
    // The first check is before the first attempt: time up there finds nothing.
    assert_eq!(
        generate(&frame, &spec, 1, &mut || Some(Halt::TimeUp)),
        Err(Failure::NotFound)
    );
    // Checks after that are between rounds: time up there is spent while shaping.
    let mut calls = 0;
    let mut late = || {
        calls += 1;
        (calls > 2).then_some(Halt::TimeUp)
    };
    assert_eq!(
        generate(&frame, &spec, 1, &mut late),
        Err(Failure::TimeSpent)
    );
    let mut calls = 0;
    let mut signal = || {
        calls += 1;
        (calls > 2).then_some(Halt::Interrupted)
    };
    assert_eq!(
        generate(&frame, &spec, 1, &mut signal),
        Err(Failure::Interrupted)
    );
}
