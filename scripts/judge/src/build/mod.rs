//! From a problem to the one file a judge gets: the bundle, the compilers on this machine,
//! compiles like each judge's, cached, and the problem's C++ testlib programs.

pub mod bundle;
pub mod compile;
pub mod cpp;
pub mod diagnostics;
pub mod install;
pub mod judge_rustc;
pub mod linemap;
pub mod probes;
pub mod scan;
pub mod speculate;
pub mod testlib;
pub mod toolchain;
