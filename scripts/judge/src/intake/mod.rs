//! Problems from Competitive Companion: the HTTP listener, the request's task, and the
//! judges' sites it names.

pub mod http;
pub mod io;
pub mod library_checker;
pub mod listen;
pub mod sites;
pub mod task;
