//! Text the tool reads and shows: JSON, and bytes made printable on one line.

pub mod json;
pub mod printable;
