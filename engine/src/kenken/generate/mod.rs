//! KenKen generation, whole, in the engine: a random Latin square is caged and clued for
//! the level (cage sizes, one-cell cap, an even mix of operations, the level's share of
//! giveaways), then rounds of grading settle it. The grader (techniques up to the level)
//! either solves the puzzle, which proves it unique, or stalls; the harder levels'
//! techniques go on from there, and if they do not finish, the search looks for a second
//! solution from the grader's pencil marks (with hidden signs only when the marks are
//! firm enough for a search to finish). A second solution is repaired where the two
//! differ; a unique puzzle too hard for its level has a cage split where the grader
//! stalled (or given a clue that says more). A puzzle easier than asked climbs towards the
//! level by changes the grader still solves; a finished one has its operations evened out.
//!
//! The policy (the level's style, the caps, the work limits) is the caller's (Python's),
//! passed in as `Settings`. Every limit is a count, never a time: the puzzle made depends
//! on the seed alone; the caller's watch (a deadline, an interrupt) can only stop the work.

mod caging;
mod clues;
pub(crate) mod grading;
mod layout;
mod moves;
mod sets;
#[cfg(test)]
mod sets_tests;
#[cfg(test)]
mod tests;

pub use caging::{Cage, Cells, MAX_CAGE};

/// The largest side the engine makes or proves a KenKen of (the Python face offers 12).
pub const MAX_SIDE: usize = 15;

use clues::Attempt;
use grading::Grid;
use layout::LayoutRules;

use crate::cellset::Mask;
use crate::grader::{self, Apply, Ending};
use crate::kenken::KenKen;
use crate::rng::Rng;
use crate::search::cages::Op;
use crate::search::Stop;

/// The work limits, all counts (see the caller's constants for what each was measured at).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Layouts tried before giving up.
    pub attempts: usize,
    /// Settle rounds (each one grading) per layout.
    pub rounds: usize,
    /// Branchings of a search for a second solution before it counts as "not known".
    pub search_nodes: u64,
    /// Candidates graded per step of a climb, and in all.
    pub harden_tries: usize,
    pub harden_grades: usize,
    /// With hidden signs, a stalled puzzle whose marks leave more than this share of the
    /// grid open is split without a search.
    pub loose_share: f64,
    /// Levels above the target the grader goes on to prove a stalled puzzle unique
    /// (with hidden signs below 10x10; see `proof_levels`).
    pub proof_levels_up: usize,
    /// Gradings spent evening out the operations of a finished puzzle.
    pub balance_tries: usize,
}

/// What a section asks for, as the generator needs it.
#[derive(Clone, Debug)]
pub struct Settings {
    pub n: usize,
    /// The level's index in `levels` (0: beginner).
    pub level: usize,
    /// The allowed operations, in the section's order.
    pub ops: Vec<Op>,
    pub hidden: bool,
    pub cage_limit: usize,
    pub single_cap: usize,
    pub size_decay: f64,
    pub giveaway_weight: f64,
    pub limits: Limits,
}

/// What the caller's watch says between rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watched {
    Running,
    /// The time budget is spent.
    Expired,
    /// An interrupt is pending (Ctrl-C, SIGTERM).
    Interrupted,
}

/// Why generation stopped without a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The budget ran out while a caging was being settled.
    BudgetSpent,
    Interrupted,
}

/// A KenKen: its cages and its solution (digits 1..n per cell, reading order).
pub struct Made {
    pub cages: Vec<Cage>,
    pub solution: Vec<u8>,
}

/// Make one KenKen at exactly `settings.level` of `levels`, every random draw from the
/// engine's source seeded with `seed`; None when no attempt succeeded (within the
/// attempts, or before the budget ran out).
pub fn generate<T: Apply<KenKen>>(
    settings: &Settings,
    levels: &[Vec<T>],
    seed: u64,
    watch: &mut dyn FnMut() -> Watched,
) -> Result<Option<Made>, Halt> {
    if settings.n < 2
        || settings.n > MAX_SIDE
        || settings.cage_limit > MAX_CAGE
        || settings.cage_limit < 2
    {
        return Ok(None);
    }
    let Some(grid) = Grid::shared(settings.n) else {
        return Ok(None);
    };
    let mut rng = Rng::new(seed);
    let rules = LayoutRules {
        n: settings.n,
        max_cage: settings.cage_limit,
        single_cap: settings.single_cap,
        size_decay: settings.size_decay,
    };
    let work = Work {
        grid: &grid,
        levels,
    };
    for _ in 0..settings.limits.attempts {
        match watch() {
            Watched::Expired => break,
            Watched::Interrupted => return Err(Halt::Interrupted),
            Watched::Running => {}
        }
        let mut interrupted = || watch() == Watched::Interrupted;
        let square = layout::latin_square(&grid.latin, settings.n, &mut rng, &mut interrupted)
            .map_err(|_| Halt::Interrupted)?;
        let Some(solution) = square else { continue };
        let Some(layout) = layout::random_layout(&rules, &mut rng) else {
            continue;
        };
        let mut att = Attempt {
            set: settings,
            solution,
            rng: &mut rng,
        };
        let Some(cages) = clue_all(&mut att, layout) else {
            continue;
        };
        if let Some(fitted) = work.settle(&mut att, cages, watch)? {
            let cages = work.balance(&mut att, fitted);
            return Ok(Some(Made {
                cages,
                solution: att.solution,
            }));
        }
    }
    Ok(None)
}

/// A random caging of a random Latin square, clued for an even mix of the operations and
/// never graded: mostly ambiguous, fodder for tests of the grader's soundness. None when
/// the layout left more one-cell cages than the cap (or no operation fits a cage).
pub fn random_caging(settings: &Settings, seed: u64) -> Option<Made> {
    let grid = Grid::shared(settings.n)?;
    let mut rng = Rng::new(seed);
    let mut never = || false;
    let solution = layout::latin_square(&grid.latin, settings.n, &mut rng, &mut never).ok()??;
    let rules = LayoutRules {
        n: settings.n,
        max_cage: settings.cage_limit,
        single_cap: settings.single_cap,
        size_decay: settings.size_decay,
    };
    let layout = layout::random_layout(&rules, &mut rng)?;
    let mut att = Attempt {
        set: settings,
        solution,
        rng: &mut rng,
    };
    let cages = clue_all(&mut att, layout)?;
    Some(Made {
        cages,
        solution: att.solution,
    })
}

/// A clue for every cage, drawn in turn so the operations come out about evenly: largest
/// cages first, since they can only add or multiply, so the two-cell cages after them
/// lean towards − and ÷.
fn clue_all(att: &mut Attempt, mut layout: Vec<Cells>) -> Option<Vec<Cage>> {
    layout.sort_by_key(|c| std::cmp::Reverse(c.len()));
    let mut cages = Vec::with_capacity(layout.len());
    let mut used = caging::Tally::default();
    for cells in layout {
        let cage = att.clue(cells, &used)?;
        used = used.plus(&cage);
        cages.push(cage);
    }
    Some(cages)
}

/// Levels above the target the grader goes on from a stalled puzzle before the search:
/// the caller's count with hidden signs, one from 10x10 up, none with signs shown below
/// 10x10. There the search from the level's own marks costs less than the harder
/// levels' grading, which proved a stalled puzzle unique only about one time in ten
/// (callgrind, shown signs, 10-30 seeds a row, instructions a puzzle: 6x6 hard 12.2 M to
/// 9.2 M, 9x9 hard 66.6 M to 51.8 M, 9x9 medium 42.6 M to 30.7 M, 8x8 hard 44.2 M to
/// 33.4 M, 6x6 medium 6.2 M to 4.2 M, 6x6 easy 4.2 M to 3.7 M, 4x4 easy the same).
fn proof_levels(set: &Settings) -> usize {
    match (set.hidden, set.n < 10) {
        (true, true) => set.limits.proof_levels_up,
        (false, true) => 0,
        (_, false) => 1,
    }
}

/// How much of an n x n grid the pencil marks leave open, 0 (solved) to 1 (nothing known).
pub fn looseness(n: usize, cand: &[Mask]) -> f64 {
    let open: f64 = cand
        .iter()
        .map(|d| f64::from(d.count_ones().max(1)).log2())
        .sum();
    open / ((n * n) as f64 * (n as f64).log2())
}

/// The grid's structures and the level table, for one generation.
struct Work<'a, T> {
    grid: &'a Grid,
    levels: &'a [Vec<T>],
}

impl<T: Apply<KenKen>> Work<'_, T> {
    fn grade(&self, att: &Attempt, cages: &[Cage], up_to: usize) -> grading::Graded {
        self.grid.grade(cages, att.set.hidden, self.levels, up_to)
    }

    /// Repair and split the cages until the puzzle is unique and graded exactly at the
    /// level; None when it ends up easier than that (and cannot climb) or cannot be fixed.
    ///
    /// Solved means unique (every step of the grader is sound), and the grader, trying
    /// easier levels first, took the path it takes with every level allowed, so its level
    /// is the puzzle's. Stalled, the search from the grader's marks says whether a second
    /// solution exists: if so the cages are repaired where the two differ; if not, the
    /// puzzle is unique but too hard, and a cage is split where the techniques stalled.
    fn settle(
        &self,
        att: &mut Attempt,
        mut cages: Vec<Cage>,
        watch: &mut dyn FnMut() -> Watched,
    ) -> Result<Option<Vec<Cage>>, Halt> {
        let set = att.set;
        let (n, level) = (set.n, set.level);
        let mut known_unique = false;
        for _ in 0..set.limits.rounds {
            match watch() {
                Watched::Running => {}
                Watched::Expired => return Err(Halt::BudgetSpent),
                Watched::Interrupted => return Err(Halt::Interrupted),
            }
            let mut graded = self.grade(att, &cages, level);
            match graded.ending {
                Ending::Solved if graded.level == level as i32 => return Ok(Some(cages)),
                Ending::Solved => return self.harden(att, cages, graded.level, watch),
                Ending::Impossible => return Ok(None), // cannot happen: the square meets every cage
                Ending::Unfinished => {}
            }
            let unfilled: Vec<bool> = graded.board.placed.iter().map(|&p| !p).collect();
            let (mut other, mut proved) = (None, known_unique);
            if !known_unique {
                // The harder levels' techniques go on from where the level stalled: if they
                // finish, the puzzle is unique with no search; if not, their marks leave the
                // search far less to try.
                let up = proof_levels(set);
                if up > 0 && level + 1 < self.levels.len() {
                    let reach = (level + up).min(self.levels.len() - 1);
                    proved = grader::grade(&mut graded.board, self.levels, Some(reach), false)
                        .ending
                        == Ending::Solved;
                }
                let cand = &graded.board.cand;
                let too_loose = set.hidden && looseness(n, cand) > set.limits.loose_share;
                if !(proved || too_loose) {
                    let (found, complete) = self
                        .grid
                        .second_solution(
                            &cages,
                            set.hidden,
                            cand,
                            &att.solution,
                            set.limits.search_nodes,
                        )
                        .map_err(|_: Stop| Halt::Interrupted)?;
                    other = found;
                    proved = complete;
                }
            }
            let changed = match other {
                Some(other) => moves::choose_repair(att, &cages, &other).map(|m| m.apply(&cages)),
                None => {
                    // Unique (or not yet known): split a cage where the grader stalled. A split
                    // whose parts keep the cage's operation only adds rules, so a unique puzzle
                    // stays unique; with hidden signs uniqueness is checked again. Far from the
                    // level (many cells unfilled) several cages change in one round.
                    let steps = 1 + unfilled.iter().filter(|&&u| u).count() / (2 * n);
                    let (mut now, mut keeps, mut any) = (cages.clone(), true, false);
                    for _ in 0..steps {
                        let Some((step, step_keeps)) =
                            moves::choose_refinement(att, &now, &unfilled)
                        else {
                            break;
                        };
                        now = step.apply(&now);
                        keeps = keeps && step_keeps;
                        any = true;
                    }
                    known_unique = proved && keeps;
                    any.then_some(now)
                }
            };
            match changed {
                Some(next) => cages = next,
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// Climb from a unique puzzle graded below the level towards it: take a merge, clue
    /// change or cell shift after which the grader (up to the level) still solves the
    /// puzzle, which proves it still unique, at a level no lower than before. At most
    /// `harden_grades` gradings in all, `harden_tries` per step; None when it stalls.
    fn harden(
        &self,
        att: &mut Attempt,
        mut cages: Vec<Cage>,
        mut graded: i32,
        watch: &mut dyn FnMut() -> Watched,
    ) -> Result<Option<Vec<Cage>>, Halt> {
        let set: &Settings = att.set;
        let (limits, level) = (&set.limits, set.level);
        let mut left = limits.harden_grades;
        'climb: while left > 0 {
            for (tried, m) in moves::hardenings(att, &cages).into_iter().enumerate() {
                if tried == limits.harden_tries || left == 0 {
                    return Ok(None);
                }
                match watch() {
                    Watched::Running => {}
                    Watched::Expired => return Ok(None),
                    Watched::Interrupted => return Err(Halt::Interrupted),
                }
                left -= 1;
                let next = m.apply(&cages);
                let result = self.grade(att, &next, level);
                if result.ending == Ending::Solved && result.level >= graded {
                    if result.level == level as i32 {
                        return Ok(Some(next));
                    }
                    cages = next;
                    graded = result.level;
                    continue 'climb;
                }
            }
            return Ok(None);
        }
        Ok(None)
    }

    /// Even out the operations of a finished puzzle (splits and repairs keep + and × on
    /// the parts of large cages, so − and ÷ end up rare): a two-cell + or × cage whose
    /// digits also make a − or ÷ clue (not a giveaway unless it was one) takes it when the
    /// grader still solves the puzzle at exactly its level. At most `balance_tries` gradings.
    fn balance(&self, att: &mut Attempt, mut cages: Vec<Cage>) -> Vec<Cage> {
        let set: &Settings = att.set;
        let allowed: Vec<Op> = [Op::Sub, Op::Div]
            .into_iter()
            .filter(|op| set.ops.contains(op))
            .collect();
        if allowed.is_empty() || set.hidden {
            return cages;
        }
        let mut tried = 0;
        let mut order: Vec<usize> = (0..cages.len()).collect();
        att.rng.shuffle(&mut order);
        for k in order {
            let cage = cages[k];
            if cage.cells.len() != 2
                || !matches!(cage.op, Op::Add | Op::Mul)
                || tried == set.limits.balance_tries
            {
                continue;
            }
            let used = caging::Tally::of(&cages);
            let rarest = allowed.iter().map(|&op| used.get(op)).min().unwrap_or(0);
            if used.get(cage.op) <= rarest {
                continue;
            }
            let (values, len) = att.values(&cage.cells);
            let mut fits: Vec<Op> = clues::fitting_ops(&values[..len], &allowed)
                .as_slice()
                .to_vec();
            fits.sort_by_key(|&op| used.get(op));
            if let Some(&op) = fits.first() {
                let new = att.make_cage(cage.cells, op);
                if att.giveaway(&new) && !att.giveaway(&cage) {
                    continue;
                }
                tried += 1;
                let mut next = cages.clone();
                next[k] = new;
                let result = self.grade(att, &next, set.level);
                if result.ending == Ending::Solved && result.level == set.level as i32 {
                    cages = next;
                }
            }
        }
        cages
    }
}
