//! judge: bundle a problem into the one file a judge gets, compile it like each judge that
//! takes it, run it on the samples, compare, time; plus bench, stress, worst, new, list,
//! submit, receive and watch. Run it through `make`.

mod args;
mod bundle;
mod commands;
mod compare;
mod diff;
mod error;
mod histogram;
mod http;
mod intake;
mod json;
mod judges;
mod kit;
mod metadata;
mod mutate;
mod names;
mod origin;
mod pipe;
mod pool;
mod printable;
mod problem;
mod program;
mod progress;
mod receive;
mod run;
mod samples;
mod scaffold;
mod signal;
mod sites;
mod supervise;
mod toolchain;
mod verdict;

use commands::Outcome;
use std::process;

fn main() {
    let code = pipe::guard(|| {
        let args: Vec<String> = std::env::args().skip(1).collect();
        match commands::run(&args) {
            Ok(Outcome::Pass) => 0,
            Ok(Outcome::Fail) => 1,
            Err(e) => {
                eprintln!("judge: {}", e);
                2
            }
        }
    });
    process::exit(code);
}
