//! Every kind of cage's assignments, listed once per process and shared by the search's
//! propagators and KenKen's grader (kenken::cages), which read the same listing in the
//! same order (`index_tuples`, made flat by `index_flat`): a generator compiles a search and grades a board for
//! many cagings made of mostly the same kinds, and with one cache each kind is listed
//! once, not once for each. Measured on 30 seeds of 9x9 hard KenKen from a cold start,
//! the listing was about a tenth of the generator's work, half of it the second copy.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use super::cages::{index_flat, Differ, Op};
use super::packed::Packed;

/// A cage's assignments: symbol indices, one per cell, the assignments one after
/// another; and, where the cells times the symbols fit in 128 bits, each assignment
/// packed as one bit per (cell, symbol), so checking one against the marks is one AND.
pub struct Assignments {
    pub flat: Vec<u8>,
    pub packed: Packed,
    /// Bits per cell in `packed`: the number of symbols.
    pub width: usize,
}

impl Assignments {
    pub fn new(flat: Vec<u8>, cells: usize, width: usize) -> Assignments {
        Assignments {
            packed: Packed::new(&flat, cells, width),
            flat,
            width,
        }
    }
}

/// A kind of cage: operation, target, symbols, which cells must differ.
type Kind = (Op, i128, Vec<i64>, Differ);
/// A kind's assignments; None when too many to list.
pub type Listed = Option<Arc<Assignments>>;

static LISTED: OnceLock<Mutex<HashMap<Kind, Listed>>> = OnceLock::new();
/// The caches are emptied past this many kinds (bounded memory; never changes a result).
const LISTED_KINDS: usize = 8192;

/// The assignments of a kind of cage, listed the first time it is asked for.
pub fn listed_tuples(op: Op, target: i128, symbols: &[i64], differ: &Differ) -> Listed {
    let cache = LISTED.get_or_init(|| Mutex::new(HashMap::new()));
    let key: Kind = (op, target, symbols.to_vec(), differ.clone());
    if let Some(found) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return found.clone();
    }
    let made = index_flat(op, target, symbols, differ)
        .map(|flat| Arc::new(Assignments::new(flat, differ.len(), symbols.len())));
    let mut held = cache.lock().unwrap_or_else(|e| e.into_inner());
    if held.len() >= LISTED_KINDS {
        held.clear();
    }
    held.insert(key, made.clone());
    made
}

/// A kind of cage over the symbols 1..n in a few words: operation, target, cell count,
/// which cells must differ (bit a*SMALL_CELLS+b), n. Looking one up costs no allocation.
pub type Small = (Op, i128, usize, u64, usize);
static LISTED_SMALL: OnceLock<Mutex<HashMap<Small, Listed, Quick>>> = OnceLock::new();
/// Cages of at most this many cells are looked up by the small key.
pub const SMALL_CELLS: usize = 8;

/// The small key of a cage of `k` cells over the symbols 1..n (`nsym` of them), where
/// `differs(a, b)` says cells a and b (positions in the cage) must differ.
pub fn small_key(
    op: Op,
    target: i128,
    k: usize,
    nsym: usize,
    differs: &dyn Fn(usize, usize) -> bool,
) -> Small {
    let mut bits = 0u64;
    for a in 0..k {
        for b in 0..k {
            if differs(a, b) {
                bits |= 1 << (a * SMALL_CELLS + b);
            }
        }
    }
    (op, target, k, bits, nsym)
}

/// `listed_tuples` of a cage over the symbols 1..n by its small key, the full key asked
/// (and its lists made) only the first time a kind is seen.
pub fn listed_small(key: Small, symbols: &[i64], differs: &dyn Fn(usize, usize) -> bool) -> Listed {
    let cache = LISTED_SMALL.get_or_init(|| Mutex::new(HashMap::default()));
    if let Some(found) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return found.clone();
    }
    let k = key.2;
    let differ: Differ = (0..k)
        .map(|a| (0..k).map(|b| differs(a, b)).collect())
        .collect();
    let made = listed_tuples(key.0, key.1, symbols, &differ);
    let mut held = cache.lock().unwrap_or_else(|e| e.into_inner());
    if held.len() >= LISTED_KINDS {
        held.clear();
    }
    held.insert(key, made.clone());
    made
}

/// A quick hash for the small keys of the listing caches (a few integers: no attacker
/// chooses them, and a lookup per cage per grading is hot). Only looked up, never
/// iterated, so it decides nothing.
#[derive(Default, Clone, Copy)]
pub struct QuickHash(u64);

impl Hasher for QuickHash {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    fn write_i64(&mut self, x: i64) {
        self.write_u64(x as u64);
    }

    fn write_isize(&mut self, x: isize) {
        self.write_u64(x as u64);
    }

    fn write_i128(&mut self, x: i128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

pub type Quick = BuildHasherDefault<QuickHash>;
