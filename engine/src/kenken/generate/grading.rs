//! The engine's own structures for one grid size, built once per generation: the shape
//! of rows and columns the grader's boards share, an empty board to copy, and the Latin
//! square's solver. A caging is graded by giving a copy of the board KenKen's rules for
//! its cages; the search for a second solution compiles its own solver.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Arc;

use super::caging::{Cage, Cells};
use crate::cellset::Mask;
use crate::grader::shape::{GroupSpec, Line, Shape};
use crate::grader::{self, Apply, Board, Ending, Position};
use crate::kenken::cages::{CageShape, Quick};
use crate::kenken::KenKen;
use crate::search::cages::Op;
use crate::search::{Budget, CageSpec, Count, Solver, Stop};

pub struct Grid {
    symbols: Vec<i64>,
    shape: Arc<Shape>,
    empty: Board,
    pub latin: Solver,
    /// Each cage graded so far as the board sees it, by cells, operation as the solver
    /// reads it, and target: a generator's gradings share most of their cages (a round
    /// changes one or two), and listing the combinations, sorting the lines and copying
    /// the cells of every cage for every grading cost a 4x4 more than its grading.
    cages: RefCell<HashMap<CageKey, Arc<CageShape>, Quick>>,
}

type CageKey = (Cells, Op, i64);
/// The kept cages are forgotten past this many (bounded memory; a cage never changes).
const KEPT_CAGES: usize = 1 << 12;

/// How a grading ended, the hardest level it used (-1: none) and the board where it
/// stopped.
pub struct Graded {
    pub ending: Ending,
    pub level: i32,
    pub board: Position<KenKen>,
}

impl Grid {
    /// The grid of side n, made once per thread (None only if an empty board could
    /// contradict, which it cannot).
    pub fn shared(n: usize) -> Option<Rc<Grid>> {
        thread_local! {
            static GRIDS: RefCell<BTreeMap<usize, Rc<Grid>>> = const { RefCell::new(BTreeMap::new()) };
        }
        if let Some(grid) = GRIDS.with(|grids| grids.borrow().get(&n).cloned()) {
            return Some(grid);
        }
        let grid = Rc::new(Grid::new(n)?);
        GRIDS.with(|grids| grids.borrow_mut().insert(n, Rc::clone(&grid)));
        Some(grid)
    }

    /// None only if an empty board could contradict (it cannot).
    pub fn new(n: usize) -> Option<Grid> {
        let symbols: Vec<i64> = (1..=n as i64).collect();
        let rows = (0..n).map(|r| (0..n).map(|c| r * n + c).collect::<Vec<usize>>());
        let cols = (0..n).map(|c| (0..n).map(|r| r * n + c).collect::<Vec<usize>>());
        let groups: Vec<Vec<usize>> = rows.chain(cols).collect();
        let specs: Vec<GroupSpec> = groups
            .iter()
            .enumerate()
            .map(|(g, cells)| GroupSpec {
                cells: cells.clone(),
                line: if g < n { Line::Row } else { Line::Column },
                compact: false,
            })
            .collect();
        let shape = Arc::new(Shape::new(n * n, &symbols, &specs, &[]));
        let empty = Board::new(Arc::clone(&shape), &[]).ok()?;
        Some(Grid {
            latin: Solver::new(n * n, &symbols, &groups, &[]),
            symbols,
            shape,
            empty,
            cages: RefCell::new(HashMap::default()),
        })
    }

    /// The cage as the board sees it (any sign for a multi-cell cage when the signs are
    /// hidden), made once and kept.
    fn cage_shape(&self, cage: &Cage, hidden: bool) -> Arc<CageShape> {
        let op = if hidden && !cage.single() {
            Op::Hidden
        } else {
            cage.op
        };
        let key = (cage.cells, op, cage.target);
        if let Some(found) = self.cages.borrow().get(&key) {
            return Arc::clone(found);
        }
        let spec = CageSpec {
            cells: cage.cells.iter().collect(),
            op,
            target: i128::from(cage.target),
            distinct: false,
        };
        let made = Arc::new(CageShape::new(&self.shape, &spec));
        let mut kept = self.cages.borrow_mut();
        if kept.len() >= KEPT_CAGES {
            kept.clear();
        }
        kept.insert(key, Arc::clone(&made));
        made
    }

    /// Grade the caging with the levels up to `up_to`: the cages in the order of the
    /// printed model (by their top-left cell), as `grade_specs` of `specs` would.
    pub fn grade<T: Apply<KenKen>>(
        &self,
        cages: &[Cage],
        hidden: bool,
        levels: &[Vec<T>],
        up_to: usize,
    ) -> Graded {
        let mut order: Vec<&Cage> = cages.iter().collect();
        order.sort_by_key(|k| k.cells.first());
        let shapes = order
            .into_iter()
            .map(|k| self.cage_shape(k, hidden))
            .collect();
        self.grade_rules(KenKen::of_cages(self.shape.n, shapes), levels, up_to)
    }

    /// `grade` of cages as the solver reads them, in the order given (a printed
    /// puzzle's, for its re-proof).
    pub fn grade_specs<T: Apply<KenKen>>(
        &self,
        specs: &[CageSpec],
        levels: &[Vec<T>],
        up_to: usize,
    ) -> Graded {
        self.grade_rules(KenKen::with_cages(&self.shape, specs), levels, up_to)
    }

    fn grade_rules<T: Apply<KenKen>>(
        &self,
        rules: KenKen,
        levels: &[Vec<T>],
        up_to: usize,
    ) -> Graded {
        let listed = rules.compiled.unlisted.is_none();
        let mut board = Position {
            board: self.empty.clone(),
            rules,
        };
        if !listed {
            // A cage with too many ways to list is not graded: never solved.
            return Graded {
                ending: Ending::Unfinished,
                level: -1,
                board,
            };
        }
        let graded = grader::grade(&mut board, levels, Some(up_to), false);
        Graded {
            ending: graded.ending,
            level: graded.level,
            board,
        }
    }

    /// Solutions of these cages (as the solver reads them) from an empty grid, up to
    /// `limit`: the search alone, nothing the grader worked out.
    pub fn count(
        &self,
        specs: &[CageSpec],
        limit: usize,
        budget: &mut Budget,
    ) -> Result<Count, Stop> {
        self.latin
            .with_cages(&self.symbols, specs)
            .count(&[], limit, budget)
    }

    /// A solution of the caging other than `solution` (digits 1..n per cell) found from
    /// the pencil marks `cand` within `nodes` branchings, and whether the search finished.
    pub fn second_solution(
        &self,
        cages: &[Cage],
        hidden: bool,
        cand: &[Mask],
        solution: &[u8],
        nodes: u64,
    ) -> Result<(Option<Vec<u8>>, bool), Stop> {
        let specs = cage_specs(cages, hidden);
        let solver = self.latin.with_cages(&self.symbols, &specs);
        let mut never = || false;
        let count = solver.count_from(cand, 2, &mut Budget::new(Some(nodes), &mut never))?;
        let other = count
            .solutions
            .into_iter()
            .map(|s| s.into_iter().map(|k| k + 1).collect::<Vec<u8>>())
            .find(|s| s.as_slice() != solution);
        Ok((other, count.complete))
    }
}

/// The cages as the solver reads them (any sign for a multi-cell cage when the signs are
/// hidden), in the order of the printed model: by their top-left cell.
pub(super) fn cage_specs(cages: &[Cage], hidden: bool) -> Vec<CageSpec> {
    let mut specs: Vec<CageSpec> = cages
        .iter()
        .map(|k| CageSpec {
            cells: k.cells.iter().collect(),
            op: if hidden && !k.single() {
                Op::Hidden
            } else {
                k.op
            },
            target: i128::from(k.target),
            distinct: false,
        })
        .collect();
    specs.sort_by_key(|k| k.cells[0]);
    specs
}
