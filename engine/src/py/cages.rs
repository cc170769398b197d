//! Cages as Python names them: an operation's sign, and every assignment of a cage.

use pyo3::prelude::*;

use super::errors::{Error, Result};
use crate::search::cages::{self, Op};

/// The operation of a sign ("+", "-", "*", "/", "=", "?").
pub fn operation(sign: &str) -> Result<Op> {
    Op::parse(sign).ok_or_else(|| Error::invalid(format!("unknown cage operation {sign:?}")))
}

/// Every assignment of symbols to a cage's cells that makes its target, in the listing
/// order (see search::cages); raises CageTooLarge when there are too many to list.
/// `differ[a][b]`: cells a and b never repeat a symbol.
#[pyfunction]
pub fn value_tuples(
    op: &str,
    target: i128,
    symbols: Vec<i64>,
    differ: Vec<Vec<bool>>,
) -> Result<Vec<Vec<i64>>> {
    let cells = differ.len();
    cages::value_tuples(operation(op)?, target, &symbols, &differ).ok_or_else(|| {
        Error::CageTooLarge(format!(
            "a {cells}-cell cage {target}{op} has too many arrangements to list"
        ))
    })
}
