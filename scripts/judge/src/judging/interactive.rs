//! The verdict of an interactive case, from how the conversation ended (testlib's contract:
//! the interactor exits 0 to accept, 1 for a wrong answer, 2 for a presentation error, 3 for
//! its own failure; the first line of its stderr says why).
//!
//! Whoever ended first decides: an interactor that rejects and exits makes the solution's
//! next write fail (EPIPE), and that failure is the rejection's consequence, not an RE. A
//! solution that crashes, runs out of time or memory first gets RE, TLE or MLE. An
//! interactor that fails is FAIL, naming it, whatever the solution did.

use crate::exec::interact::{Conversation, Who};
use crate::exec::run::Exit;
use crate::judging::verdict::{failure, Limits, Verdict};
use std::io;

/// The testlib exit statuses of an interactor.
pub const ACCEPTED: i32 = 0;
pub const WRONG: i32 = 1;
pub const PRESENTATION: i32 = 2;
pub const FAILED: i32 = 3;

/// The hint of an ILE row.
pub const FLUSH_HINT: &str =
    "flush stdout after each line you write (a BufWriter or print! without a flush holds it)";

/// The verdict of `talk` under `limits`, and why in one line; `interactor` names the
/// interactor in a FAIL (`problems/x/src/bin/interactor.rs`).
pub fn judge(
    limits: Limits,
    talk: &Conversation,
    interactor: &str,
) -> io::Result<(Verdict, String)> {
    let sol = &talk.solution;
    let int = &talk.interactor;
    let reason = || match int.first_stderr_line() {
        l if l.is_empty() => "(no reason on its stderr)".to_string(),
        l => l,
    };
    // The interactor's own failure: never the solution's verdict.
    if let Some(stream) = int.over_cap {
        return Ok((
            Verdict::Fail,
            format!(
                "the interactor {} failed ({} reached its {} MiB output cap: stopped there)",
                interactor,
                stream.name(),
                int.output_cap >> 20
            ),
        ));
    }
    let broken = match int.exit {
        Exit::Code(ACCEPTED | WRONG | PRESENTATION) | Exit::Killed => None,
        Exit::Code(FAILED) => Some(format!("exit status 3: {}", reason())),
        other => Some(match int.first_stderr_line() {
            l if l.is_empty() => other.describe(),
            l => format!("{}: {}", other.describe(), l),
        }),
    };
    if let Some(why) = broken {
        return Ok((
            Verdict::Fail,
            format!("the interactor {} failed ({})", interactor, why),
        ));
    }
    if let Some(stream) = sol.over_cap {
        let failed = failure(limits, sol, 0, &b""[..])?;
        return Ok(failed.unwrap_or((Verdict::Ole, stream.name().to_string())));
    }
    if talk.idle && sol.cpu.as_millis() <= u128::from(limits.time_ms) {
        return Ok((Verdict::Ile, idle(talk)));
    }
    let said = || match int.exit {
        Exit::Code(WRONG) => Some((Verdict::Wa, format!("interactor: {}", reason()))),
        Exit::Code(PRESENTATION) => Some((Verdict::Pe, format!("interactor: {}", reason()))),
        _ => None,
    };
    // A rejection ends the conversation: what the solution did after it does not count.
    if talk.first == Some(Who::Interactor) {
        if let Some(rejected) = said() {
            return Ok(rejected);
        }
    }
    if let Some(failed) = failure(limits, sol, 0, sol.stderr.reader()?)? {
        return Ok(failed);
    }
    if let Some(rejected) = said() {
        return Ok(rejected);
    }
    Ok(match int.exit {
        Exit::Code(ACCEPTED) => (Verdict::Ac, String::new()),
        _ => (
            Verdict::Fail,
            format!(
                "the interactor {} did not end after the solution did (killed at the \
                 wall-clock cap): it must exit at the end of its input",
                interactor
            ),
        ),
    })
}

/// The detail of an ILE row.
fn idle(talk: &Conversation) -> String {
    let said = talk.said[Who::Solution as usize];
    format!(
        "the solution and the interactor waited for each other until the {} ms cap (the \
         solution had sent {} line{}): {}",
        talk.solution.elapsed.as_millis(),
        said,
        if said == 1 { "" } else { "s" },
        FLUSH_HINT
    )
}

/// The transcript of `talk`, indented, for `VERBOSE=1`: who said each line, in order.
pub fn transcript(talk: &Conversation) -> String {
    let [sol, int] = talk.said;
    let shown = talk.transcript.len() as u64;
    let mut out = format!(
        "    the exchange: the solution said {} line{}, the interactor {}{}:\n",
        sol,
        if sol == 1 { "" } else { "s" },
        int,
        if shown < sol + int {
            format!("; the last {} lines", shown)
        } else {
            String::new()
        }
    );
    for (who, line) in &talk.transcript {
        let arrow = match who {
            Who::Solution => "solution   -> ",
            Who::Interactor => "interactor -> ",
        };
        let cut: String = line.chars().take(120).collect();
        out.push_str(&format!(
            "      {}{}\n",
            arrow,
            crate::text::printable::printable(&cut)
        ));
    }
    if talk.transcript.is_empty() {
        out.push_str("      (nothing: no line was sent either way)\n");
    }
    out
}
