//! Generated inputs: the stress loop against a reference and the search for the slowest
//! input, with their mutations, progress line and histograms.

pub mod histogram;
pub mod mutate;
pub mod origin;
pub mod program;
pub mod progress;
