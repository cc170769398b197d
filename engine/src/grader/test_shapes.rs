//! A small sudoku the grader's own tests share: a full 6x6 grid and its shape.

use std::sync::Arc;

use crate::grader::shape::{GroupSpec, Line, Shape};

/// A full 6x6 sudoku (2x3 boxes; not an X-sudoku), row by row, as symbol indices.
pub const GRID: [[u8; 6]; 6] = [
    [0, 1, 2, 3, 4, 5],
    [3, 4, 5, 0, 1, 2],
    [1, 2, 0, 4, 5, 3],
    [4, 5, 3, 1, 2, 0],
    [2, 0, 1, 5, 3, 4],
    [5, 3, 4, 2, 0, 1],
];

/// A 6x6 sudoku (2x3 boxes), with both main diagonals as groups too when `x`.
pub fn sudoku6(x: bool) -> Arc<Shape> {
    let group = |cells: Vec<usize>, line| GroupSpec {
        cells,
        line,
        compact: line == Line::Other,
    };
    let mut groups: Vec<GroupSpec> = (0..6)
        .map(|r| group((0..6).map(|c| r * 6 + c).collect(), Line::Row))
        .collect();
    groups.extend((0..6).map(|c| group((0..6).map(|r| r * 6 + c).collect(), Line::Column)));
    for br in [0, 2, 4] {
        for bc in [0, 3] {
            let cells = (0..2)
                .flat_map(|r| (0..3).map(move |c| (br + r) * 6 + bc + c))
                .collect();
            groups.push(group(cells, Line::Other));
        }
    }
    if x {
        groups.push(group((0..6).map(|i| i * 7).collect(), Line::Other));
        groups.push(group((0..6).map(|i| i * 5 + 5).collect(), Line::Other));
    }
    Arc::new(Shape::new(36, &[1, 2, 3, 4, 5, 6], &groups, &[]))
}
