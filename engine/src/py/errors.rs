//! How the engine fails, seen from Python: one enum here, one exception family there.
//! Every call of `bookgen._engine` returns its answer or raises one of these exceptions
//! (never a status string, never None for a failure); bookgen's bridge
//! (bookgen/solve/engine.py) turns each into the matching exception of bookgen.errors.
//! An exception a signal handler raised while the engine worked (Ctrl-C's
//! KeyboardInterrupt, SIGTERM's Stopped, a timeout's OutOfTime) passes through as it was.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    _engine,
    EngineError,
    PyException,
    "Base of every exception the engine raises."
);
create_exception!(
    _engine,
    InvalidRequest,
    EngineError,
    "Arguments the engine cannot work with (a cell outside the grid, an unknown name)."
);
create_exception!(
    _engine,
    Contradiction,
    EngineError,
    "A cell lost its last candidate: the clues contradict."
);
create_exception!(
    _engine,
    CageTooLarge,
    EngineError,
    "A cage has too many ways to make its target to list: no person would list them either, so it is not graded."
);
create_exception!(
    _engine,
    SearchAborted,
    EngineError,
    "The branching budget ran out before the search finished."
);
create_exception!(
    _engine,
    DeadlinePassed,
    EngineError,
    "The call's Deadline expired before it finished."
);
create_exception!(
    _engine,
    NotFound,
    EngineError,
    "A generator used up its attempts (or its time, between attempts) without a puzzle."
);

/// Why an engine call failed.
#[derive(Debug)]
pub enum Error {
    /// Arguments the engine cannot work with.
    Invalid(String),
    Contradiction(&'static str),
    CageTooLarge(String),
    /// A node limit ran out.
    SearchAborted(&'static str),
    /// The Deadline said stop.
    DeadlinePassed(&'static str),
    NotFound(&'static str),
    /// A signal handler raised this while the engine worked: passed on as it is.
    Raised(PyErr),
}

impl Error {
    pub fn invalid(message: impl Into<String>) -> Error {
        Error::Invalid(message.into())
    }
}

impl From<Error> for PyErr {
    fn from(error: Error) -> PyErr {
        match error {
            Error::Invalid(message) => InvalidRequest::new_err(message),
            Error::Contradiction(message) => Contradiction::new_err(message),
            Error::CageTooLarge(message) => CageTooLarge::new_err(message),
            Error::SearchAborted(message) => SearchAborted::new_err(message),
            Error::DeadlinePassed(message) => DeadlinePassed::new_err(message),
            Error::NotFound(message) => NotFound::new_err(message),
            Error::Raised(error) => error,
        }
    }
}

/// The result of an engine call.
pub type Result<T> = std::result::Result<T, Error>;
