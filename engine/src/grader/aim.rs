//! A full grid aimed at a level by removing and giving back givens, in the engine: the
//! loop bookgen's sudoku generator ran in Python (bookgen/puzzles/sudoku/generate.py,
//! `_Aim`), with the same steps, where each try crossed into the engine to be graded. A
//! 6x6 medium makes 3 to 15 puzzles a CPU second whichever way it is searched, so the
//! cost of a try is what counts, and here a try is a grading and nothing around it.
//!
//! 1. Orbits of givens (the cells of the symmetry, in random order) are removed while
//!    the level's techniques still work them out again, a batch at a time while whole
//!    batches go, never below the level's fewest givens.
//! 2. A puzzle still easier than the level loses more orbits, each graded from scratch.
//! 3. A removal that makes it too hard is repaired by giving orbits back from the
//!    answer, each kept unless it makes the puzzle easier than the level, until the
//!    grader rates it exactly at the level (from medium on, tried on the grader's
//!    stalled boards: adding a given never makes a puzzle harder and the techniques only
//!    narrow the pencil marks, so the grader ends the same from there as from scratch).
//!
//! The grader's techniques are sound, so a puzzle it solves has one solution; the
//! caller grades the puzzle found from scratch again and proves it unique before print.

use super::{grade, next_step, Apply, Ending, Outcome, Position};
use crate::rng::Rng;

/// Removals tried past the level before a fresh grid, and givens tried back per removal.
const PUSHES: usize = 12;
const GIVE_BACKS: usize = 12;
/// Orbits removed at once at the start of step 1.
const BATCH: usize = 6;
/// Levels from which givens are given back on the grader's stalled boards (those with no
/// most givens: beginner and easy are also told by their givens).
const INCREMENTAL_FROM: usize = 2;
/// The caller's stop is asked at a grid's first try and once in this many after (it
/// takes Python's lock): at least once a grid, however quick the grids.
const CHECK_EVERY: u32 = 64;

/// What a puzzle must be: graded exactly `level` of `levels`, with `floor` to `ceiling`
/// givens.
pub struct Target<'a, T> {
    pub levels: &'a [Vec<T>],
    pub level: usize,
    pub floor: usize,
    pub ceiling: Option<usize>,
}

impl<T> Target<'_, T> {
    fn fits(&self, count: usize) -> bool {
        count >= self.floor && self.ceiling.is_none_or(|c| count <= c)
    }
}

/// The caller's budget ran out (its stop said so).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

/// One full grid aimed at the target: the cells given, or None when the grid was given up.
pub struct Aim<'a, R, T, M, S>
where
    M: Fn(&[(usize, usize)]) -> Outcome<Position<R>>,
    S: FnMut() -> bool,
{
    target: &'a Target<'a, T>,
    /// A position of the rules with these givens (cell, symbol index).
    make: &'a M,
    answer: &'a [u8],
    orbits: Vec<Vec<usize>>,
    given: Vec<bool>,
    count: usize,
    rng: &'a mut Rng,
    stop: &'a mut S,
    checks: u32,
    /// The stalled position of the last grading up to the level, and its givens.
    last_stalled: Option<(Vec<bool>, Position<R>)>,
}

impl<'a, R, T, M, S> Aim<'a, R, T, M, S>
where
    R: Clone,
    T: Apply<R>,
    M: Fn(&[(usize, usize)]) -> Outcome<Position<R>>,
    S: FnMut() -> bool,
{
    /// Every cell given its answer; `orbits` in the order they are removed.
    pub fn new(
        target: &'a Target<'a, T>,
        make: &'a M,
        answer: &'a [u8],
        orbits: Vec<Vec<usize>>,
        rng: &'a mut Rng,
        stop: &'a mut S,
    ) -> Self {
        Aim {
            target,
            make,
            answer,
            orbits,
            given: vec![true; answer.len()],
            count: answer.len(),
            rng,
            stop,
            checks: 0,
            last_stalled: None,
        }
    }

    /// The cells given in a puzzle exactly at the level, or None for the next grid.
    pub fn run(mut self) -> Result<Option<Vec<usize>>, Stopped> {
        let order: Vec<usize> = (0..self.orbits.len()).collect();
        let kept = self.remove_within_level(order)?;
        let level = self.level(None);
        if self.done(level) {
            return Ok(Some(self.cells()));
        }
        if level < self.target.level && self.push_harder(kept)? {
            return Ok(Some(self.cells()));
        }
        Ok(None)
    }

    fn cells(&self) -> Vec<usize> {
        (0..self.given.len()).filter(|&i| self.given[i]).collect()
    }

    fn out_of_time(&mut self) -> Result<(), Stopped> {
        self.checks += 1;
        if self.checks % CHECK_EVERY == 1 && (self.stop)() {
            return Err(Stopped);
        }
        Ok(())
    }

    fn remove(&mut self, orbit: usize) {
        for &i in &self.orbits[orbit] {
            if self.given[i] {
                self.given[i] = false;
                self.count -= 1;
            }
        }
    }

    fn add(&mut self, orbit: usize) {
        for &i in &self.orbits[orbit] {
            if !self.given[i] {
                self.given[i] = true;
                self.count += 1;
            }
        }
    }

    fn size(&self, orbit: usize) -> usize {
        self.orbits[orbit].len()
    }

    /// The position of the givens but those of `skip`, in cell order.
    fn position_without(&self, skip: &[usize]) -> Option<Position<R>> {
        let mut given = self.given.clone();
        for &o in skip {
            for &i in &self.orbits[o] {
                given[i] = false;
            }
        }
        let pairs: Vec<(usize, usize)> = (0..given.len())
            .filter(|&i| given[i])
            .map(|i| (i, usize::from(self.answer[i])))
            .collect();
        (self.make)(&pairs).ok()
    }

    fn allowed(&self, up_to: usize) -> &'a [Vec<T>] {
        let levels = self.target.levels;
        &levels[..(up_to + 1).min(levels.len())]
    }

    /// The grader's level for the current givens (within `up_to`); the number of levels
    /// when it cannot finish (harder, or not unique).
    fn level(&mut self, up_to: Option<usize>) -> usize {
        let beyond = self.target.levels.len();
        let Some(mut position) = self.position_without(&[]) else {
            return beyond;
        };
        let graded = grade(&mut position, self.target.levels, up_to, false);
        if up_to == Some(self.target.level) && graded.ending == Ending::Unfinished {
            self.last_stalled = Some((self.given.clone(), position));
        }
        if graded.ending != Ending::Solved {
            return beyond;
        }
        graded.level.max(0) as usize
    }

    fn done(&self, level: usize) -> bool {
        level == self.target.level && self.target.fits(self.count)
    }

    /// Step 1: each orbit the level's techniques can do without is removed; the orbits
    /// kept. Batches while whole batches go, then one at a time from the first that fails.
    fn remove_within_level(&mut self, orbits: Vec<usize>) -> Result<Vec<usize>, Stopped> {
        let mut kept = Vec::new();
        let mut pending: std::collections::VecDeque<usize> = orbits.into();
        let mut batch = BATCH;
        while !pending.is_empty() {
            self.out_of_time()?;
            let take = batch.min(pending.len());
            let chunk: Vec<usize> = pending.drain(..take).collect();
            let size: usize = chunk.iter().map(|&o| self.size(o)).sum();
            if self.count < self.target.floor + size {
                if chunk.len() > 1 {
                    batch = 1;
                    for &o in chunk.iter().rev() {
                        pending.push_front(o);
                    }
                } else {
                    kept.extend(chunk);
                }
                continue;
            }
            for &o in &chunk {
                self.remove(o);
            }
            if self.works_out(&chunk) {
                continue;
            }
            for &o in &chunk {
                self.add(o);
            }
            if chunk.len() > 1 {
                batch = 1;
                for &o in chunk.iter().rev() {
                    pending.push_front(o);
                }
            } else {
                kept.extend(chunk);
            }
        }
        Ok(kept)
    }

    /// Whether the level's techniques, from the current givens, write the removed cells
    /// in again (from there on they have all they had before the removal).
    fn works_out(&self, removed: &[usize]) -> bool {
        let Some(mut position) = self.position_without(&[]) else {
            return false;
        };
        let allowed = self.allowed(self.target.level);
        let cells: Vec<usize> = removed
            .iter()
            .flat_map(|&o| self.orbits[o].iter().copied())
            .collect();
        while !cells.iter().all(|&i| position.placed[i]) {
            match next_step(&mut position, allowed) {
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => return false,
            }
        }
        true
    }

    /// `k` of `items` at random, as Python's `random.sample` draws them.
    fn sample(&mut self, items: &[usize], k: usize) -> Vec<usize> {
        let mut pool = items.to_vec();
        for i in 0..k.min(pool.len()) {
            let j = i + self.rng.below(pool.len() - i);
            pool.swap(i, j);
        }
        pool.truncate(k);
        pool
    }

    /// Steps 2 and 3: more removals, each too-hard one repaired by giving givens back.
    fn push_harder(&mut self, kept: Vec<usize>) -> Result<bool, Stopped> {
        let level = self.target.level;
        for orbit in self.sample(&kept, PUSHES) {
            self.out_of_time()?;
            self.remove(orbit);
            let graded = self.level(Some(level));
            if self.done(graded) {
                return Ok(true);
            }
            if graded <= level && self.count >= self.target.floor {
                continue;
            }
            let before = (self.given.clone(), self.count);
            if graded > level && self.give_back(orbit)? {
                return Ok(true);
            }
            (self.given, self.count) = before;
            self.add(orbit);
        }
        Ok(false)
    }

    /// Step 3: orbits of the answer given back, each kept unless it makes the puzzle
    /// easier than the level, until it is exactly at the level.
    fn give_back(&mut self, removed: usize) -> Result<bool, Stopped> {
        let empty: Vec<usize> = (0..self.orbits.len())
            .filter(|&o| o != removed && !self.given[self.orbits[o][0]])
            .collect();
        let tries = self.sample(&empty, GIVE_BACKS);
        let level = self.target.level;
        if level >= INCREMENTAL_FROM && self.target.ceiling.is_none() {
            return self.give_back_on_boards(tries);
        }
        for orbit in tries {
            self.out_of_time()?;
            self.add(orbit);
            if self.target.ceiling.is_some_and(|c| self.count > c) {
                self.remove(orbit);
                continue;
            }
            let graded = self.level(Some(level));
            if self.done(graded) {
                return Ok(true);
            }
            if graded < level {
                self.remove(orbit);
            }
        }
        Ok(false)
    }

    /// The grader's position for the current givens worked as far as the level goes.
    fn stalled(&mut self) -> Option<Position<R>> {
        if let Some((given, position)) = &self.last_stalled {
            if *given == self.given {
                return Some(position.clone());
            }
        }
        let mut position = self.position_without(&[])?;
        grade(
            &mut position,
            self.target.levels,
            Some(self.target.level),
            false,
        );
        Some(position)
    }

    /// A copy of `position` with the orbits' answers written in, graded up to `up_to`
    /// (None when every cell was already written in), and whether it is solved.
    fn given_on(
        &self,
        position: &Position<R>,
        orbits: &[usize],
        up_to: usize,
    ) -> (Option<Position<R>>, bool) {
        let cells = orbits.iter().flat_map(|&o| self.orbits[o].iter().copied());
        if cells.clone().all(|i| position.placed[i]) {
            return (None, position.solved());
        }
        let mut next = position.clone();
        for i in cells {
            // The answer's symbols never clash with what the techniques worked out.
            if !next.placed[i] && next.place(i, 1 << self.answer[i]).is_err() {
                return (None, false);
            }
        }
        let graded = grade(&mut next, self.target.levels, Some(up_to), false);
        let solved = graded.ending == Ending::Solved;
        (Some(next), solved)
    }

    /// Step 3 on the stalled boards: a given is kept while the puzzle stays too hard,
    /// seen on the stalled position with it written in; only a puzzle that position
    /// solves is graded from scratch (or on the position below the level).
    fn give_back_on_boards(&mut self, tries: Vec<usize>) -> Result<bool, Stopped> {
        let level = self.target.level;
        let Some(mut within) = self.stalled() else {
            return Ok(false);
        };
        let mut below: Option<Position<R>> = None;
        let mut kept: Vec<usize> = Vec::new();
        for orbit in tries {
            self.out_of_time()?;
            self.add(orbit);
            let (next, solved) = self.given_on(&within, &[orbit], level);
            if !solved {
                if let Some(next) = next {
                    within = next;
                }
                kept.push(orbit);
                continue;
            }
            kept.push(orbit);
            if below.is_none() {
                let Some(mut start) = self.position_without(&kept) else {
                    return Ok(false);
                };
                grade(&mut start, self.target.levels, Some(level - 1), false);
                below = Some(start);
            }
            let easier = below
                .as_ref()
                .is_some_and(|b| self.given_on(b, &kept, level - 1).1);
            kept.pop();
            if easier {
                self.remove(orbit);
                continue;
            }
            let graded = self.level(Some(level));
            if self.done(graded) {
                return Ok(true);
            }
            if graded < level {
                self.remove(orbit);
            } else {
                let Some(again) = self.stalled() else {
                    return Ok(false);
                };
                (within, below) = (again, None);
                kept.clear();
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;
    use std::sync::Arc;

    use super::{Aim, Stopped, Target};
    use crate::grader::techniques::Shared;
    use crate::grader::test_shapes::{sudoku6, GRID};
    use crate::grader::{grade, Ending, Plain, Position, Technique};
    use crate::rng::Rng;

    fn ladder() -> Vec<Vec<Technique<Infallible>>> {
        let named = |names: &[&str]| {
            names
                .iter()
                .map(|n| Technique::Shared(Shared::named(n).expect("a shared technique")))
                .collect()
        };
        vec![
            named(&["full house", "hidden single in a box"]),
            named(&["hidden single", "naked single"]),
            named(&["pointing and claiming", "naked pair", "hidden pair"]),
        ]
    }

    #[test]
    fn an_aimed_puzzle_is_graded_exactly_at_the_level_from_scratch_within_its_givens() {
        let shape = sudoku6(false);
        let levels = ladder();
        let answer: Vec<u8> = GRID.iter().flatten().copied().collect();
        let make = |givens: &[(usize, usize)]| Position::<Plain>::start(Arc::clone(&shape), givens);
        let target = Target {
            levels: &levels,
            level: 1,
            floor: 13,
            ceiling: Some(16),
        };
        let orbits: Vec<Vec<usize>> = (0..36).map(|i| vec![i]).collect();
        let mut stop = || false;
        let mut found = None;
        for seed in 0..200 {
            let mut rng = Rng::new(seed);
            let mut order = orbits.clone();
            rng.shuffle(&mut order);
            let aim = Aim::new(&target, &make, &answer, order, &mut rng, &mut stop);
            if let Some(cells) = aim.run().expect("never stopped") {
                found = Some(cells);
                break;
            }
        }
        let cells = found.expect("an easy puzzle within 200 orders");
        assert!((13..=16).contains(&cells.len()));
        let givens: Vec<(usize, usize)> =
            cells.iter().map(|&i| (i, usize::from(answer[i]))).collect();
        let mut position = make(&givens).expect("the answer's givens never clash");
        let graded = grade(&mut position, &levels, None, false);
        assert_eq!((graded.ending, graded.level), (Ending::Solved, 1));
    }

    #[test]
    fn a_stop_ends_the_aim() {
        let shape = sudoku6(false);
        let levels = ladder();
        let answer: Vec<u8> = GRID.iter().flatten().copied().collect();
        let make = |givens: &[(usize, usize)]| Position::<Plain>::start(Arc::clone(&shape), givens);
        let target = Target {
            levels: &levels,
            level: 2,
            floor: 0,
            ceiling: None,
        };
        let mut rng = Rng::new(1);
        let mut stop = || true;
        let singles: Vec<Vec<usize>> = (0..36).map(|i| vec![i]).collect();
        let aim = Aim::new(&target, &make, &answer, singles, &mut rng, &mut stop);
        assert!(matches!(aim.run(), Err(Stopped)));
    }
}
