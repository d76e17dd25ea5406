//! The `judge` command: the library's commands on the command line. Run it through `make`.

use judge::{commands, exec::pipe, Outcome};
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
