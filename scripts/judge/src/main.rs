//! judge: bundle a problem into the one file a judge gets, compile it like a judge, run it
//! on the samples, compare, time; plus bench, stress, new and submit. Run it through `make`.

mod bench;
mod bundle;
mod check;
mod compare;
mod http;
mod intake;
mod json;
mod kit;
mod problem;
mod receive;
mod run;
mod scaffold;
mod stress;
mod toml;
mod verdict;
mod watch;

use std::env;
use std::path::{Path, PathBuf};
use std::process::{self, Command, Stdio};

const USAGE: &str = "\
usage: judge <command> [arguments]   (normally through make; see `make help`)
  check [NAME...]                        bundle, compile, run and judge the samples
  bench NAME [--runs R]                  time the submission on the problem's bench sets
  stress NAME [--n N] [--seed S] [--solver FILE.rs] [--samples DIR]
                                         random inputs against the reference until they differ
  submit NAME                            check the bundle, print its path and size, copy it
  new NAME                               scaffold problems/NAME and samples/NAME
  list                                   the problems and their judge facts
  receive [--port P]                     scaffold the problems Competitive Companion sends
  import FILE                            the same from a saved request body (JSON)
  watch NAME                             check NAME again whenever its files change";

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
    let root = workspace_root()?;
    let (command, rest) = args.split_first().ok_or_else(|| USAGE.to_string())?;
    let (names, flags) = split_flags(rest)?;
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
        "check" => check::run(&root, &problem::select(&root, &names)?),
        "bench" => {
            let runs = flag_number(&flags, "--runs")?.unwrap_or(5).max(1) as usize;
            bench::run(&root, &one(&names)?, runs)
        }
        "stress" => {
            let opts = stress::Options {
                count: flag_number(&flags, "--n")?.unwrap_or(500),
                seed: flag_number(&flags, "--seed")?.unwrap_or(1),
                solver: flag(&flags, "--solver").map(PathBuf::from),
                samples: flag(&flags, "--samples").map(PathBuf::from),
            };
            stress::run(&root, &one(&names)?, &opts)
        }
        "submit" => submit(&root, &one(&names)?),
        "new" => match names.as_slice() {
            [name] => scaffold::new_problem(&root, name).map(|_| true),
            _ => Err("`new` takes one name: make new P=<name>".to_string()),
        },
        "receive" => {
            let port = flag_number(&flags, "--port")?.unwrap_or(receive::DEFAULT_PORT as u64);
            if port > u64::from(u16::MAX) {
                return Err(format!("--port {}: not a port", port));
            }
            receive::receive(&root, port as u16)
        }
        "import" => match names.as_slice() {
            [file] => receive::import(&root, Path::new(file)),
            _ => Err("`import` takes one file: make import FILE=<problem.json>".to_string()),
        },
        "watch" => match names.as_slice() {
            [name] => watch::run(&root, name, flag_number(&flags, "--stop-after-runs")?),
            _ => Err("`watch` takes one problem name: make watch P=<name>".to_string()),
        },
        "list" => {
            for p in problem::select(&root, &[])? {
                println!(
                    "{:<10} {} {:<6} {:>6} ms {:>4} MiB  compare={}  {}",
                    p.name, p.judge, p.id, p.time_limit_ms, p.memory_limit_mib, p.compare, p.url
                );
            }
            Ok(true)
        }
        _ => Err(format!("unknown command `{}`\n{}", command, USAGE)),
    }
}

/// `--flag value` pairs of the command line.
type Flags = Vec<(String, String)>;

/// Splits `NAME... --flag value...` into names and flag pairs.
fn split_flags(args: &[String]) -> Result<(Vec<String>, Flags), String> {
    let mut names = Vec::new();
    let mut flags = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a.starts_with("--") {
            let v = it.next().ok_or_else(|| format!("{} needs a value", a))?;
            flags.push((a.clone(), v.clone()));
        } else if !a.is_empty() {
            names.push(a.clone());
        }
    }
    Ok((names, flags))
}

fn flag<'a>(flags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    flags
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty())
}

fn flag_number(flags: &[(String, String)], name: &str) -> Result<Option<u64>, String> {
    flag(flags, name)
        .map(|v| {
            v.parse()
                .map_err(|_| format!("{} {}: not a number", name, v))
        })
        .transpose()
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

/// Builds the submission, prints its path and size, and copies it to the clipboard when a
/// clipboard tool is present.
fn submit(root: &Path, problem: &problem::Problem) -> Result<bool, String> {
    if !check::run(root, std::slice::from_ref(problem))? {
        println!("(the samples do not all pass: think twice before submitting)");
    }
    let source = root
        .join("target/submit")
        .join(format!("{}.rs", problem.name));
    let text = std::fs::read(&source).map_err(|e| format!("{}: {}", source.display(), e))?;
    println!("{}  {} bytes", source.display(), text.len());
    let tools: [(&str, &[&str]); 4] = [
        ("wl-copy", &[]),
        ("xclip", &["-selection", "clipboard"]),
        ("xsel", &["--clipboard", "--input"]),
        ("pbcopy", &[]),
    ];
    for (tool, args) in tools.iter() {
        let child = Command::new(tool)
            .args(*args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        if let Ok(mut child) = child {
            use std::io::Write;
            let wrote = child
                .stdin
                .take()
                .is_some_and(|mut s| s.write_all(&text).is_ok());
            if wrote && child.wait().is_ok_and(|s| s.success()) {
                println!("copied to the clipboard with {}", tool);
                return Ok(true);
            }
        }
    }
    println!("no clipboard tool (wl-copy, xclip, xsel, pbcopy): paste the file above");
    Ok(true)
}
