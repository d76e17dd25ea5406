//! The `judge` command: the library's commands on the command line. Run it through `make`.

use judge::{commands, exec::launch, exec::pipe, Outcome};
use std::process;

fn main() {
    // Started as the launcher of a judged run (the portable path): that, and nothing else.
    launch::serve_if_asked();
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
