//! Steps as Python values: tuples of plain numbers and names, which the Python side turns
//! into its Step records (cells and groups by index into the model it holds).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::grader::step::Step;

pub fn steps(py: Python<'_>, steps: &[Step]) -> PyResult<Py<PyAny>> {
    let list = PyList::empty(py);
    for step in steps {
        let d = &step.detail;
        let detail = PyDict::new(py);
        detail.set_item("kind", d.kind)?;
        detail.set_item("cage", d.cage)?;
        detail.set_item("other", d.other)?;
        detail.set_item("ways", &d.ways)?;
        detail.set_item("fit", &d.fit)?;
        detail.set_item("groups", &d.groups)?;
        detail.set_item("region", &d.region)?;
        detail.set_item("cells", &d.cells)?;
        detail.set_item("minus", &d.minus)?;
        detail.set_item("digits", &d.digits)?;
        detail.set_item("total", d.total)?;
        detail.set_item("known", d.known)?;
        detail.set_item("need", d.need)?;
        list.append((
            step.technique,
            &step.placed,
            &step.removed,
            &step.left,
            detail,
        ))?;
    }
    Ok(list.into_any().unbind())
}
