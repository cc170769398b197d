//! bookgen's engine, exposed to Python as `bookgen._engine`: the constraint model over
//! bitsets (groups, cages, inequalities), propagation and solution counting (search), the
//! human-technique grader with a step log and the shared techniques (grader), the families
//! that plug their own rules and techniques into it (kenken, killer; chosen by name in
//! families), the families' generators and the sliding searches, and the Python face (py,
//! which registers the module).

pub mod cellset;
pub mod families;
pub mod grader;
pub mod inequality;
pub mod kenken;
pub mod killer;
pub mod py;
pub mod regions;
pub mod rng;
pub mod search;
pub mod sliding;
