//! What a search works with besides its domains: its budget of branchings, and the room
//! its propagation reuses at every node (queues of cages and groups, cells just decided,
//! spare domains), made once a search so that no node allocates.

use super::live::Live;
use super::propagators::Propagator;
use super::Stop;
use crate::cellset::Mask;

/// Bounded work for a search: at most `nodes` branchings, and an interrupt check every
/// CHECK_EVERY of them (a pending Ctrl-C or a deadline, asked of the caller).
pub struct Budget<'a> {
    nodes: Option<u64>,
    spent: u64,
    interrupted: &'a mut dyn FnMut() -> bool,
}

const CHECK_EVERY: u64 = 4096;

impl<'a> Budget<'a> {
    pub fn new(nodes: Option<u64>, interrupted: &'a mut dyn FnMut() -> bool) -> Budget<'a> {
        Budget {
            nodes,
            spent: 0,
            interrupted,
        }
    }

    pub(super) fn spend(&mut self) -> Result<(), Stop> {
        self.spent += 1;
        if let Some(limit) = self.nodes {
            if self.spent > limit {
                return Err(Stop::NodeLimit);
            }
        }
        if self.spent.is_multiple_of(CHECK_EVERY) && (self.interrupted)() {
            return Err(Stop::Interrupted);
        }
        Ok(())
    }
}

/// What propagation works with, made once a search: the queues of cages and groups to
/// look at, the cells just decided, and spare domains for the search's children.
pub(super) struct Scratch {
    pub cages: Queue,
    /// (group, symbol) pairs whose count just fell to one (rules.rs `pair`).
    pub hidden: Queue,
    /// Each symbol's places in each covering group (`nsym` masks a group, bit j for the
    /// group's j-th cell), and the places saved by the search's open nodes.
    pub places: Vec<Mask>,
    saved_places: Vec<Mask>,
    pub stack: Vec<usize>,
    pub changed: Vec<usize>,
    /// The domains a cage's cells had before it was pruned (indexed by cell).
    pub prev: Vec<Mask>,
    pub pool: Vec<Vec<Mask>>,
    /// Each listed cage's assignments still alive (live.rs).
    pub live: Live,
}

impl Scratch {
    pub fn new(cages: &[Propagator], groups: usize, nsym: usize, cells: usize) -> Scratch {
        Scratch {
            cages: Queue::new(cages.len()),
            hidden: Queue::new(groups << 6),
            places: vec![0; groups * nsym],
            saved_places: Vec::new(),
            stack: Vec::with_capacity(cells),
            changed: Vec::new(),
            prev: vec![0; cells],
            pool: Vec::new(),
            live: Live::new(cages),
        }
    }

    /// Save the places before a node's children; returns where they are.
    pub fn save_places(&mut self) -> usize {
        let at = self.saved_places.len();
        self.saved_places.extend_from_slice(&self.places);
        at
    }

    /// Put back the places saved at `at` (after a child, whatever its propagation did).
    pub fn restore_places(&mut self, at: usize) {
        let n = self.places.len();
        self.places.copy_from_slice(&self.saved_places[at..at + n]);
    }

    /// Forget the places saved at `at` (the node is done).
    pub fn drop_places(&mut self, at: usize) {
        self.saved_places.truncate(at);
    }
}

/// A work queue of small indices that holds each at most once.
pub(super) struct Queue {
    items: Vec<usize>,
    queued: Vec<bool>,
}

impl Queue {
    pub fn new(size: usize) -> Queue {
        Queue {
            items: Vec::with_capacity(size),
            queued: vec![false; size],
        }
    }

    pub fn push(&mut self, item: usize) {
        if !self.queued[item] {
            self.queued[item] = true;
            self.items.push(item);
        }
    }

    pub fn pop(&mut self) -> Option<usize> {
        let item = self.items.pop()?;
        self.queued[item] = false;
        Some(item)
    }

    pub fn clear(&mut self) {
        for &item in &self.items {
            self.queued[item] = false;
        }
        self.items.clear();
    }
}
