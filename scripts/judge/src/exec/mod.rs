//! Running programs: the supervised run with its limits and measurements, the watchdog,
//! the process group, pipes and the worker pool. Its supervisor is the one module that makes
//! system calls of its own.

pub mod interact;
pub mod pipe;
pub mod pool;
pub mod run;
pub mod signal;
pub mod supervise;
