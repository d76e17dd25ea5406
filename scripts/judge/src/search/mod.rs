//! Generated inputs: the stress loop against a reference and the search for the slowest
//! input, with their mutations, progress line and histograms.

pub mod histogram;
pub mod maker;
pub mod mutate;
pub mod origin;
pub mod program;
pub mod progress;
pub mod ranking;
pub mod reduce;
pub mod shrink;
pub mod stress;
pub mod worst;
