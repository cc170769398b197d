//! What the grader needs of a grid's shape, worked out once per shape and shared by every
//! board of it: the cells of every group, which groups hold every symbol, which are
//! pieces scanned as a whole, peers, intersections for pointing and claiming, and the two
//! ways round for fish. Every list keeps the order the grader walks it in, so a step is
//! the same step whoever takes it.

use std::sync::Arc;

use crate::cellset::{CellSet, Mask};
use crate::inequality::{closures, Inequality};
use crate::search::CageSpec;

/// A group's kind, as far as the grader cares: rows and columns carry fish.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Line {
    Row,
    Column,
    Other,
}

/// One group as the caller gives it: its cells, whether it is a row, a column or else,
/// and whether it is a piece scanned as a whole (a box, a region, a window).
pub struct GroupSpec {
    pub cells: Vec<usize>,
    pub line: Line,
    pub compact: bool,
}

/// Where group `a` (holding every symbol) meets group `b` in two or more cells but not all
/// of b: pointing and claiming look there.
#[derive(Clone)]
pub struct Intersection {
    pub a: usize,
    pub b: usize,
    pub common: CellSet,
    /// The cells of b outside a, in b's order.
    pub rest: Vec<usize>,
    /// The cells of a inside and outside b, in a's order.
    pub inner: Vec<usize>,
    pub outer: Vec<usize>,
}

/// A fish's way round: the lines a symbol is confined in (base) and the lines it is
/// barred from the rest of (cover).
#[derive(Clone)]
pub struct FishAxis {
    pub base: Vec<usize>,
    pub base_sets: Vec<CellSet>,
    pub cover: Vec<usize>,
    /// Per cell, the index of its cover line (None: in none).
    pub cover_of: Vec<Option<usize>>,
    /// Base lines pairwise disjoint, and cover lines too: every fish proves something.
    pub apart: bool,
}

#[derive(Clone)]
pub struct Shape {
    pub n: usize,
    pub nsym: usize,
    /// The symbols' values, by index (what a step's digits are called).
    pub symbols: Vec<i64>,
    /// The model's cages, in its order (the cage boards compile their own views of them).
    pub cages: Vec<CageSpec>,
    pub full: Mask,
    pub groups: Vec<Vec<usize>>,
    pub group_sets: Vec<CellSet>,
    /// The groups holding every symbol, as indices into `groups`.
    pub covering: Vec<usize>,
    /// Covering groups that are boxes, regions or windows.
    pub compact: Vec<usize>,
    /// Shared by every board of the shape (a generator makes boards by the thousand).
    pub peers: Arc<Vec<Vec<usize>>>,
    pub peer_sets: Vec<CellSet>,
    /// Per cell, the positions in `covering` of the covering groups it is in.
    pub covering_of: Vec<Vec<usize>>,
    pub intersections: Vec<Intersection>,
    pub fish_axes: [FishAxis; 2],
    /// Each covering group listed by increasing cell number (hidden subsets read them so).
    pub covering_ascending: Vec<bool>,
    /// Greater-than signs, in the model's order; per cell, the cells it is larger than
    /// through chains of them (`below`) and smaller than (`above`); empty without signs.
    pub inequalities: Vec<Inequality>,
    pub below: Vec<CellSet>,
    pub above: Vec<CellSet>,
}

impl Shape {
    pub fn new(n: usize, symbols: &[i64], groups: &[GroupSpec], cages: &[CageSpec]) -> Shape {
        let nsym = symbols.len();
        let full: Mask = if nsym >= 64 {
            u64::MAX
        } else {
            (1 << nsym) - 1
        };
        let cells: Vec<Vec<usize>> = groups.iter().map(|g| g.cells.clone()).collect();
        let group_sets: Vec<CellSet> = cells
            .iter()
            .map(|g| CellSet::from_cells(g.iter().copied()))
            .collect();
        let covering: Vec<usize> = (0..groups.len())
            .filter(|&gi| cells[gi].len() == nsym)
            .collect();
        let compact: Vec<usize> = covering
            .iter()
            .copied()
            .filter(|&gi| groups[gi].compact)
            .collect();
        let mut peer_sets = vec![CellSet::EMPTY; n];
        for g in &cells {
            for &a in g {
                for &b in g {
                    peer_sets[a].insert(b);
                }
            }
        }
        for (i, p) in peer_sets.iter_mut().enumerate() {
            p.remove(i);
        }
        let mut covering_of = vec![Vec::new(); n];
        for (k, &gi) in covering.iter().enumerate() {
            for &i in &cells[gi] {
                if !covering_of[i].contains(&k) {
                    covering_of[i].push(k);
                }
            }
        }
        let lines = |line: Line| -> Vec<usize> {
            (0..groups.len())
                .filter(|&gi| groups[gi].line == line && cells[gi].len() == nsym)
                .collect()
        };
        let (rows, cols) = (lines(Line::Row), lines(Line::Column));
        let fish_axes = [
            fish_axis(&rows, &cols, &cells, &group_sets, n),
            fish_axis(&cols, &rows, &cells, &group_sets, n),
        ];
        Shape {
            n,
            nsym,
            symbols: symbols.to_vec(),
            cages: cages.to_vec(),
            full,
            intersections: intersections(&cells, &group_sets, nsym),
            covering_ascending: covering
                .iter()
                .map(|&gi| cells[gi].windows(2).all(|w| w[0] <= w[1]))
                .collect(),
            peers: Arc::new(peer_sets.iter().map(|p| p.iter().collect()).collect()),
            peer_sets,
            groups: cells,
            group_sets,
            covering,
            compact,
            covering_of,
            fish_axes,
            inequalities: Vec::new(),
            below: Vec::new(),
            above: Vec::new(),
        }
    }

    /// This shape with inequalities between cells (greater-than signs).
    pub fn with_inequalities(mut self, inequalities: &[Inequality]) -> Shape {
        let (below, above) = closures(self.n, inequalities);
        self.inequalities = inequalities.to_vec();
        self.below = below;
        self.above = above;
        self
    }
}

fn intersections(groups: &[Vec<usize>], sets: &[CellSet], nsym: usize) -> Vec<Intersection> {
    let mut found = Vec::new();
    for (a, ga) in groups.iter().enumerate() {
        if ga.len() != nsym {
            continue;
        }
        for (b, gb) in groups.iter().enumerate() {
            if a == b {
                continue;
            }
            let common = sets[a].and(&sets[b]);
            let size = common.len() as usize;
            if size >= 2 && size < gb.len() {
                found.push(Intersection {
                    a,
                    b,
                    common,
                    rest: gb
                        .iter()
                        .copied()
                        .filter(|&i| !sets[a].contains(i))
                        .collect(),
                    inner: ga.iter().copied().filter(|&i| common.contains(i)).collect(),
                    outer: ga
                        .iter()
                        .copied()
                        .filter(|&i| !common.contains(i))
                        .collect(),
                });
            }
        }
    }
    found
}

fn fish_axis(
    base: &[usize],
    cover: &[usize],
    groups: &[Vec<usize>],
    sets: &[CellSet],
    n: usize,
) -> FishAxis {
    let mut cover_of = vec![None; n];
    for (ci, &g) in cover.iter().enumerate() {
        for &i in &groups[g] {
            cover_of[i] = Some(ci);
        }
    }
    let disjoint = |lines: &[usize]| {
        let union = lines.iter().fold(CellSet::EMPTY, |u, &g| u.or(&sets[g]));
        lines.iter().map(|&g| groups[g].len()).sum::<usize>() == union.len() as usize
    };
    FishAxis {
        base: base.to_vec(),
        base_sets: base.iter().map(|&g| sets[g]).collect(),
        cover: cover.to_vec(),
        cover_of,
        apart: disjoint(base) && disjoint(cover),
    }
}
