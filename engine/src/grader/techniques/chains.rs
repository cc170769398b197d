//! Chains, the expert techniques: alternating chains of strong links (at least one end
//! true: a conjugate pair, or the two candidates of a bivalue cell) and weak links (at
//! most one end true: one symbol in two cells that share a group). From a candidate
//! assumed false, every candidate reached over a strong link is true, so one of the two
//! ends is; a chain that comes back to contradict its own assumption proves the start.
//! Chains are followed breadth-first from each start and cut at MAX_LINKS links.
//!
//! - X-chain: one symbol, conjugate pairs as strong links.
//! - XY-chain: bivalue cells as strong links, ending on the symbol it started from.

use std::collections::BTreeMap;

use crate::cellset::{bit_indices, CellSet};
use crate::grader::board::{Board, Outcome};

/// Links in the longest chain looked for (strong and weak together): six strong links,
/// beyond what published expert puzzles ask for.
const MAX_LINKS: usize = 11;

/// A candidate: cell * nsym + symbol index.
type Node = usize;

struct Chains {
    nsym: usize,
    peer: Vec<CellSet>,
    /// The open cells that still have each symbol.
    where_: Vec<CellSet>,
}

impl Chains {
    fn new(board: &mut Board) -> Chains {
        let peers = std::sync::Arc::clone(&board.peers);
        Chains {
            nsym: board.nsym(),
            peer: peers
                .iter()
                .map(|p| CellSet::from_cells(p.iter().copied()))
                .collect(),
            where_: board.where_().to_vec(),
        }
    }

    /// Cell -> the cells it forms a conjugate pair with, for symbol k (pairs in group
    /// order, partners in the order found).
    fn conjugates(&self, board: &Board, k: usize) -> BTreeMap<usize, Vec<usize>> {
        let mut partners: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        let spots = &self.where_[k];
        for &g in &board.shape.covering {
            let places: Vec<usize> = board.shape.groups[g]
                .iter()
                .copied()
                .filter(|&i| spots.contains(i))
                .collect();
            if let [a, b] = places[..] {
                partners.entry(a).or_default().push(b);
                partners.entry(b).or_default().push(a);
            }
        }
        partners
    }

    /// The nodes for symbol k in cells of `among` that share a group with `cell`.
    fn seen_with(&self, k: usize, cell: usize, among: &CellSet) -> Vec<Node> {
        self.peer[cell]
            .and(among)
            .iter()
            .map(|p| p * self.nsym + k)
            .collect()
    }
}

/// What a chain from `start` shows: a node proved true, or that `start` itself is true.
enum Found {
    True(Node),
    StartTrue,
}

/// The nodes proved true from assuming `start` false, breadth-first, in the order found;
/// stops at the first contradiction. `nodes`: how many there are (cells times symbols).
/// The sets of nodes seen are flags by node, not hash sets: only asked and added to,
/// never walked, and hashing was a tenth of an expert sudoku's generation.
fn chase(
    start: Node,
    nodes: usize,
    strong: &dyn Fn(Node) -> Vec<Node>,
    weak: &dyn Fn(Node) -> Vec<Node>,
) -> Vec<Found> {
    let mut found = Vec::new();
    let mut off = Flags::new(nodes);
    off.insert(start);
    let mut on = Flags::new(nodes);
    let mut frontier_off = vec![start];
    let mut links = 0;
    while !frontier_off.is_empty() && links < MAX_LINKS {
        let mut frontier_on = Vec::new();
        for &a in &frontier_off {
            for b in strong(a) {
                if off.contains(&b) {
                    found.push(Found::StartTrue);
                    return found;
                }
                if on.insert(b) {
                    frontier_on.push(b);
                    found.push(Found::True(b));
                }
            }
        }
        links += 1;
        frontier_off = Vec::new();
        if links >= MAX_LINKS {
            break;
        }
        for &a in &frontier_on {
            for b in weak(a) {
                if on.contains(&b) {
                    found.push(Found::StartTrue);
                    return found;
                }
                if off.insert(b) {
                    frontier_off.push(b);
                }
            }
        }
        links += 1;
    }
    found
}

/// A set of nodes as one flag each.
struct Flags(Vec<bool>);

impl Flags {
    fn new(nodes: usize) -> Flags {
        Flags(vec![false; nodes])
    }

    fn contains(&self, node: &Node) -> bool {
        self.0[*node]
    }

    /// Adds the node: true when it was not there yet.
    fn insert(&mut self, node: Node) -> bool {
        !std::mem::replace(&mut self.0[node], true)
    }
}

/// Apply what "start or end is true" (or "start is true") allows; true on progress.
fn conclude(board: &mut Board, chains: &Chains, start: Node, found: &Found) -> Outcome<bool> {
    let (s, k) = (start / chains.nsym, start % chains.nsym);
    let end = match found {
        Found::StartTrue => return board.restrict(s, 1 << k),
        Found::True(end) => *end,
    };
    let (e, x) = (end / chains.nsym, end % chains.nsym);
    if x != k || e == s {
        return Ok(false);
    }
    let mut progress = false;
    for i in chains.peer[s]
        .and(&chains.peer[e])
        .and(&chains.where_[k])
        .iter()
    {
        progress |= board.eliminate(i, 1 << k)?;
    }
    Ok(progress)
}

/// The first chain from one of `starts` that removes a candidate; true if found. (The
/// board only changes at that first progress, so the chase may be worked out ahead.)
fn run(
    board: &mut Board,
    chains: &Chains,
    starts: &[Node],
    strong: &dyn Fn(Node) -> Vec<Node>,
    weak: &dyn Fn(Node) -> Vec<Node>,
) -> Outcome<bool> {
    for &start in starts {
        for found in chase(start, chains.peer.len() * chains.nsym, strong, weak) {
            if conclude(board, chains, start, &found)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

pub fn x_chain(board: &mut Board) -> Outcome<bool> {
    let chains = Chains::new(board);
    for k in 0..chains.nsym {
        let partners = chains.conjugates(board, k);
        let nsym = chains.nsym;
        let strong = |node: Node| -> Vec<Node> {
            partners
                .get(&(node / nsym))
                .map_or(Vec::new(), |ps| ps.iter().map(|p| p * nsym + k).collect())
        };
        let weak = |node: Node| chains.seen_with(k, node / nsym, &chains.where_[k]);
        let starts: Vec<Node> = partners.keys().map(|cell| cell * nsym + k).collect();
        if run(board, &chains, &starts, &strong, &weak)? {
            return Ok(true);
        }
    }
    Ok(false)
}

pub fn xy_chain(board: &mut Board) -> Outcome<bool> {
    let nsym = board.nsym();
    let mut bivalue = CellSet::EMPTY;
    for i in 0..board.n() {
        if !board.placed[i] && board.cand[i].count_ones() == 2 {
            bivalue.insert(i);
        }
    }
    if bivalue.is_empty() {
        return Ok(false);
    }
    let chains = Chains::new(board);
    let cand = board.cand.clone();
    let strong = |node: Node| -> Vec<Node> {
        let (cell, k) = (node / nsym, node % nsym);
        if !bivalue.contains(cell) {
            return Vec::new();
        }
        let other = cand[cell] & !(1 << k);
        vec![cell * nsym + (63 - other.leading_zeros() as usize)]
    };
    let weak = |node: Node| {
        let (cell, k) = (node / nsym, node % nsym);
        chains.seen_with(k, cell, &chains.where_[k].and(&bivalue))
    };
    let starts: Vec<Node> = bivalue
        .iter()
        .flat_map(|cell| bit_indices(cand[cell]).map(move |k| cell * nsym + k))
        .collect();
    run(board, &chains, &starts, &strong, &weak)
}
