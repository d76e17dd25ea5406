//! What NAME-gen, NAME-ref and NAME-check share (`mod kit;` in each). Never the solver's
//! search: a reference that shares the code under test proves nothing.

#![allow(dead_code)] // each program uses a different part

/// The exit status of a kit program that is not written yet: `tests/kit.rs` skips what
/// exits with it, `make stress` stops and says so.
pub const NOT_WRITTEN: i32 = 3;

/// Ends a kit program that is not written yet: one line on stderr, exit status
/// [`NOT_WRITTEN`], so that nothing can pass by accident on its output.
pub fn not_written(program: &str, job: &str) -> ! {
    eprintln!(
        "{} is not written yet: {} (in the problem's src/bin)",
        program, job
    );
    std::process::exit(NOT_WRITTEN)
}
