//! The workspace's problems: their manifests and judge facts, their samples, names, test
//! kits and scaffolds.

pub mod atomic;
pub mod io;
pub mod judges;
pub mod kit;
pub mod library_checker;
pub mod metadata;
pub mod named;
pub mod names;
pub mod problem;
pub mod samples;
pub mod scaffold;
pub mod version;
