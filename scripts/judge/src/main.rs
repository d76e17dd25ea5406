//! judge: bundle a problem into the one file a judge gets, compile it like each judge that
//! takes it, run it on the samples, compare, time; plus bench, stress, new, list and submit.
//! Run it through `make`.

mod args;
mod bench;
mod bundle;
mod check;
mod compare;
mod http;
mod intake;
mod json;
mod judges;
mod kit;
mod list;
mod mutate;
mod problem;
mod receive;
mod run;
mod samples;
mod scaffold;
mod stress;
mod submit;
mod toml;
mod toolchain;
mod verdict;
mod watch;
mod worst;

use std::env;
use std::path::PathBuf;
use std::process;

const USAGE: &str = "\
usage: judge <command> [arguments]   (normally through make; see `make help`)
  check [NAME...]                        bundle, compile, run and judge the samples
  bench NAME [--runs R]                  time the submission on the problem's bench sets
  stress NAME [--n N] [--seed S] [--solver FILE.rs] [--samples DIR]
                                         random inputs against the reference until they differ
  worst NAME [--n N] [--seed S] [--keep K] [--limit-ms MS] [--solver FILE.rs] [--out DIR]
                                         the slowest generated inputs, timed, kept, saved
  swap A:B [C:D...]                      swap bytes of stdin at these offsets (replays make worst)
  submit NAME [--judge KEY]              check the bundle, name the judge it is ready for, copy it
  new NAME [--template plain|grid]       scaffold problems/NAME and samples/NAME
  list [NAME...]                         where each problem's file can be pasted
  receive [--port P]                     scaffold the problems Competitive Companion sends
  import FILE                            the same from a saved request body (JSON)
  watch NAME                             check NAME again whenever its files change";

/// Every command and the flags it knows (anything else is refused by [`args::parse`]).
const COMMANDS: &[(&str, &[&str])] = &[
    ("check", &[]),
    ("bench", &["--runs"]),
    ("stress", &["--n", "--seed", "--solver", "--samples"]),
    (
        "worst",
        &["--n", "--seed", "--keep", "--limit-ms", "--solver", "--out"],
    ),
    ("swap", &[]),
    ("submit", &["--judge"]),
    ("new", &["--template"]),
    ("list", &[]),
    ("receive", &["--port"]),
    ("import", &[]),
    // --stop-after-runs N: end after N checks (for tests; not in the usage).
    ("watch", &["--stop-after-runs"]),
];

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    match run(&args) {
        Ok(true) => {}
        Ok(false) => process::exit(1),
        Err(e) => {
            eprintln!("judge: {}", e);
            process::exit(2);
        }
    }
}

fn run(args: &[String]) -> Result<bool, String> {
    let (command, rest) = args.split_first().ok_or_else(|| USAGE.to_string())?;
    let known = COMMANDS
        .iter()
        .find(|(name, _)| name == command)
        .map(|(_, flags)| *flags)
        .ok_or_else(|| format!("unknown command `{}`\n{}", command, USAGE))?;
    let args = args::parse(command, rest, known)?;
    let root = workspace_root()?;
    let names = &args.names;
    let one = |names: &[String]| -> Result<problem::Problem, String> {
        match names {
            [name] => Ok(problem::select(&root, std::slice::from_ref(name))?.remove(0)),
            _ => Err(format!(
                "`{}` takes one problem name (P=<name>); the problems are: {}",
                command,
                problem::all_names(&root).join(", ")
            )),
        }
    };
    match command.as_str() {
        "check" => check::run(&root, &problem::select(&root, names)?),
        "bench" => {
            let runs = args.number("--runs")?.unwrap_or(5).max(1) as usize;
            bench::run(&root, &one(names)?, runs)
        }
        "stress" => {
            let opts = stress::Options {
                count: args.number("--n")?.unwrap_or(500),
                seed: args.number("--seed")?.unwrap_or(1),
                solver: args.text("--solver").map(PathBuf::from),
                samples: args.text("--samples").map(PathBuf::from),
            };
            stress::run(&root, &one(names)?, &opts)
        }
        "worst" => {
            let opts = worst::Options {
                count: args.number("--n")?.unwrap_or(600),
                seed: args.number("--seed")?.unwrap_or(1),
                keep: args.number("--keep")?.unwrap_or(5).max(1) as usize,
                limit_ms: args.number("--limit-ms")?,
                solver: args.text("--solver").map(PathBuf::from),
                out: args.text("--out").map(PathBuf::from),
            };
            worst::run(&root, &one(names)?, &opts)
        }
        "swap" => mutate::replay(names),
        "submit" => submit::run(&root, &one(names)?, args.text("--judge")),
        "new" => match names.as_slice() {
            [name] => {
                let template = match args.text("--template") {
                    Some(t) => scaffold::Template::by_name(t)?,
                    None => scaffold::Template::Plain,
                };
                scaffold::new_problem(&root, name, template).map(|_| true)
            }
            _ => Err("`new` takes one name: make new P=<name>".to_string()),
        },
        "receive" => {
            let port = args
                .number("--port")?
                .unwrap_or(u64::from(receive::DEFAULT_PORT));
            if port > u64::from(u16::MAX) {
                return Err(format!("--port {}: not a port", port));
            }
            receive::receive(&root, port as u16)
        }
        "import" => match names.as_slice() {
            [file] => receive::import(&root, std::path::Path::new(file)),
            _ => Err("`import` takes one file: make import FILE=<problem.json>".to_string()),
        },
        "watch" => match names.as_slice() {
            [name] => watch::run(&root, name, args.number("--stop-after-runs")?),
            _ => Err("`watch` takes one problem name: make watch P=<name>".to_string()),
        },
        "list" => list::run(&problem::select(&root, names)?),
        _ => unreachable!("every command of COMMANDS is matched"),
    }
}

/// The nearest directory upwards that holds `problems/` and a workspace `Cargo.toml`.
fn workspace_root() -> Result<PathBuf, String> {
    let mut dir = env::current_dir().map_err(|e| e.to_string())?;
    loop {
        if dir.join("problems").is_dir() && dir.join("Cargo.toml").is_file() {
            return Ok(dir);
        }
        if !dir.pop() {
            return Err("not inside the workspace (no problems/ folder found)".to_string());
        }
    }
}
