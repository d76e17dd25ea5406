//! `make receive`: the problems Competitive Companion sends, scaffolded (see
//! [`crate::intake::listen`]).

use super::Outcome;
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::intake::listen;
use std::convert::TryFrom;
use std::io::{self, Write};
use std::path::Path;

/// The arguments of `receive`.
pub struct Args {
    /// The port to listen on, 127.0.0.1 only; 0: any free port.
    pub port: u16,
}

impl Args {
    /// `receive [--port P]`.
    pub fn parse(line: &Parsed) -> Result<Args> {
        let port = line.count("--port")?;
        let port = u16::try_from(port)
            .map_err(|_| Error::Usage(format!("--port {}: not a port", port)))?;
        Ok(Args { port })
    }
}

/// Listens until every batch seen is complete, or one lost a problem among requests refused
/// unread and cannot complete; passes when no problem of a batch was refused or lost. Each
/// line as it happens: problems written on stdout, every refusal on stderr.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    let passed = listen::receive(root, args.port, &mut |heard| {
        if heard.is_refusal() {
            eprintln!("{}", heard);
        } else {
            println!("{}", heard);
            let _ = io::stdout().flush();
        }
    })?;
    Ok(Outcome::of(passed))
}
