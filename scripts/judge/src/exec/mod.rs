//! Running programs: the supervised run with its limits and measurements, the watchdog,
//! the process group, pipes and the worker pool. The only layer allowed `unsafe` code.

pub mod pipe;
pub mod pool;
pub mod run;
pub mod signal;
#[allow(unsafe_code)]
pub mod supervise;
