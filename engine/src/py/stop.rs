//! How a long engine call is stopped: one way for every call. The call runs without
//! Python's lock and, now and then (between a generator's rounds, every few thousand
//! branchings of a search), takes it back for a moment to run Python's signal handlers
//! (Ctrl-C, SIGTERM and `bookgen solve`'s alarm raise their exceptions there, exactly
//! as in Python code) and to ask its Deadline, if it has one, whether time is up.

use pyo3::prelude::*;

use super::errors::Error;

/// When a long call must stop besides a signal: when `expired()` says so (a build's
/// Budget of process time, a solve's wall-clock limit: the caller's own clock).
#[pyclass(frozen, module = "bookgen._engine")]
pub struct Deadline {
    expired: Py<PyAny>,
}

#[pymethods]
impl Deadline {
    #[new]
    fn new(expired: Py<PyAny>) -> Deadline {
        Deadline { expired }
    }
}

impl Deadline {
    /// Whether time is up now (what the caller's `expired()` says, or raised).
    fn expired(&self, py: Python<'_>) -> PyResult<bool> {
        self.expired.call0(py)?.bind(py).is_truthy()
    }
}

/// Why a watched call stopped early.
pub enum Halt {
    /// The Deadline expired.
    Expired,
    /// A signal handler (or the Deadline's `expired`) raised: kept in the Watch.
    Raised,
}

/// The check a long call makes now and then: signals, then the Deadline.
pub struct Watch<'a> {
    deadline: Option<&'a Deadline>,
    raised: Option<PyErr>,
}

impl<'a> Watch<'a> {
    pub fn new(deadline: Option<&'a Deadline>) -> Watch<'a> {
        Watch {
            deadline,
            raised: None,
        }
    }

    /// Takes Python's lock for a moment: Ok while the call may go on.
    pub fn check(&mut self) -> Result<(), Halt> {
        let checked = Python::attach(|py| {
            py.check_signals()?;
            match self.deadline {
                Some(deadline) => deadline.expired(py),
                None => Ok(false),
            }
        });
        match checked {
            Ok(false) => Ok(()),
            Ok(true) => Err(Halt::Expired),
            Err(error) => {
                self.raised = Some(error);
                Err(Halt::Raised)
            }
        }
    }

    /// `check` as the search's and the generators' interrupt tests ask it: true to stop.
    pub fn stop(&mut self) -> bool {
        self.check().is_err()
    }

    /// The error a call stopped by this watch raises: what a handler raised, else
    /// DeadlinePassed with `message`.
    pub fn error(self, message: &'static str) -> Error {
        match self.raised {
            Some(error) => Error::Raised(error),
            None => Error::DeadlinePassed(message),
        }
    }
}
