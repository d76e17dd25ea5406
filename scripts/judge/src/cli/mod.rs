//! The command line: the table of commands and flags, and parsing a command's arguments.

pub mod args;
pub mod table;
