//! Every command with its operands, flags and help, defined once: the usage text, the
//! Makefile's help and the README's command table are made from (or tested against) it.

/// A `--flag value` of a command.
#[derive(Debug)]
pub struct Flag {
    /// `--runs`.
    pub name: &'static str,
    /// The value's placeholder in the usage (`R`, `FILE.rs`).
    pub value: &'static str,
    /// The value when the flag is absent; `None`: the command does without it.
    pub default: Option<u64>,
    /// The make variable its make target passes it through (`RUNS`), if any.
    #[cfg_attr(not(test), allow(dead_code))] // the tests hold the Makefile to it
    pub make: Option<&'static str>,
    /// Whether the usage shows it (test-only flags are not shown).
    pub shown: bool,
}

/// Which command a [`Spec`] is: what [`super::run`] dispatches on. The dispatch `match` is
/// exhaustive, so a command cannot be in the table without code that runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Check,
    Run,
    Bench,
    Stress,
    Shrink,
    Worst,
    Swap,
    Submit,
    New,
    List,
    Receive,
    Import,
    Watch,
    Verify,
}

/// A command: how it is called, from the tool and from make, and what it does.
#[derive(Debug)]
pub struct Spec {
    /// What runs it; each command of the table has its own.
    pub command: Command,
    pub name: &'static str,
    /// The operands in the usage: `NAME`, `[NAME...]`, `A:B [C:D...]`, or empty.
    pub operands: &'static str,
    /// The operands of its make target (`P=<name>`; empty: none); `None`: no make target.
    #[cfg_attr(not(test), allow(dead_code))] // the tests hold the Makefile and README to it
    pub make: Option<&'static str>,
    pub flags: &'static [Flag],
    /// One line: what it does.
    pub help: &'static str,
}

impl Spec {
    /// The flag named `name`, if this command has it.
    pub fn flag(&self, name: &str) -> Option<&Flag> {
        self.flags.iter().find(|f| f.name == name)
    }

    /// `bench NAME [--runs R]`: how the tool is called.
    fn synopsis(&self) -> String {
        let mut words = vec![self.name.to_string()];
        words.extend(
            Some(self.operands)
                .filter(|o| !o.is_empty())
                .map(String::from),
        );
        for f in self.flags.iter().filter(|f| f.shown) {
            words.push(format!("[{} {}]", f.name, f.value));
        }
        words.join(" ")
    }
}

const fn flag(name: &'static str, value: &'static str, default: Option<u64>) -> Flag {
    Flag {
        name,
        value,
        default,
        make: None,
        shown: true,
    }
}

const fn make_flag(
    name: &'static str,
    value: &'static str,
    default: Option<u64>,
    var: &'static str,
) -> Flag {
    Flag {
        make: Some(var),
        ..flag(name, value, default)
    }
}

/// The shrink's budget in seconds unless `SHRINK_S` says otherwise.
const SHRINK_S: u64 = crate::search::shrink::DEFAULT_SECONDS;

/// Every command, in the order the usage lists them.
pub const COMMANDS: &[Spec] = &[
    Spec {
        command: Command::Check,
        name: "check",
        operands: "[NAME...]",
        make: Some("[P=<name>]"),
        flags: &[
            make_flag("--case", "N", None, "CASE"),
            make_flag("--verbose", "V", Some(0), "VERBOSE"),
            make_flag("--debug", "D", Some(0), "DEBUG"),
            make_flag("--tests", "FOLDER", None, "TESTS"),
            make_flag("--lc", "CHECKOUT", None, "LC"),
        ],
        help: "bundle, compile like each judge, run and judge the samples (or TESTS=, a test folder)",
    },
    Spec {
        command: Command::Run,
        name: "run",
        operands: "NAME",
        make: Some("P=<name>"),
        flags: &[make_flag("--in", "FILE", None, "IN")],
        help: "run the bundle on a file (or stdin): output, times, memory",
    },
    Spec {
        command: Command::Bench,
        name: "bench",
        operands: "NAME",
        make: Some("P=<name>"),
        flags: &[make_flag("--runs", "R", Some(5), "RUNS")],
        help: "time the submission on the problem's bench sets",
    },
    Spec {
        command: Command::Stress,
        name: "stress",
        operands: "NAME",
        make: Some("P=<name>"),
        flags: &[
            make_flag("--n", "N", Some(500), "N"),
            make_flag("--seed", "S", Some(1), "SEED"),
            make_flag("--shrink-s", "S", Some(SHRINK_S), "SHRINK_S"),
            flag("--solver", "FILE.rs", None),
            flag("--samples", "DIR", None),
        ],
        help: "random inputs against the reference until they differ; the failing case shrunk",
    },
    Spec {
        command: Command::Shrink,
        name: "shrink",
        operands: "NAME",
        make: Some("P=<name>"),
        flags: &[
            make_flag("--in", "FILE", None, "IN"),
            make_flag("--shrink-s", "S", Some(SHRINK_S), "SHRINK_S"),
            flag("--solver", "FILE.rs", None),
            flag("--samples", "DIR", None),
        ],
        help: "shrink a saved failing input as far as it still fails; saved as a sample",
    },
    Spec {
        command: Command::Worst,
        name: "worst",
        operands: "NAME",
        make: Some("P=<name>"),
        flags: &[
            make_flag("--n", "N", Some(600), "N"),
            make_flag("--seed", "S", Some(1), "SEED"),
            flag("--keep", "K", Some(5)),
            flag("--limit-ms", "MS", None),
            flag("--solver", "FILE.rs", None),
            flag("--out", "DIR", None),
        ],
        help: "the slowest generated inputs, timed, kept, saved in data/worst",
    },
    Spec {
        command: Command::Swap,
        name: "swap",
        operands: "A:B [C:D...]",
        make: None,
        flags: &[],
        help: "swap bytes of stdin at these offsets (replays make worst)",
    },
    Spec {
        command: Command::Submit,
        name: "submit",
        operands: "NAME",
        make: Some("P=<name>"),
        flags: &[make_flag("--judge", "KEY", None, "JUDGE")],
        help: "check the bundle, name the judge it is ready for, copy it",
    },
    Spec {
        command: Command::New,
        name: "new",
        operands: "NAME",
        make: Some("P=<name>"),
        flags: &[make_flag("--template", "TEMPLATE", None, "TEMPLATE")],
        help: "scaffold problems/<name> and samples/<name> (template: plain, grid or interactive)",
    },
    Spec {
        command: Command::List,
        name: "list",
        operands: "[NAME...]",
        make: Some("[P=<name>]"),
        flags: &[],
        help: "where each problem's file can be pasted: judge, limits, compiler, URL",
    },
    Spec {
        command: Command::Receive,
        name: "receive",
        operands: "",
        make: Some(""),
        flags: &[make_flag(
            "--port",
            "P",
            Some(crate::intake::listen::DEFAULT_PORT as u64),
            "PORT",
        )],
        help: "scaffold the problems Competitive Companion sends",
    },
    Spec {
        command: Command::Import,
        name: "import",
        operands: "[FILE]",
        make: Some("[FILE=<problem.json>]"),
        flags: &[
            make_flag("--lc", "CHECKOUT", None, "LC"),
            make_flag("--id", "ID", None, "ID"),
        ],
        help: "the same from a saved request body (JSON), or LC= ID=: a Library Checker problem",
    },
    Spec {
        command: Command::Watch,
        name: "watch",
        operands: "NAME",
        make: Some("P=<name>"),
        flags: &[Flag {
            shown: false,
            // End after N checks.
            ..flag("--stop-after-runs", "N", None)
        }],
        help: "check the problem again whenever its files change",
    },
    Spec {
        command: Command::Verify,
        name: "verify",
        operands: "[NAME...]",
        make: Some("[P=<name>]"),
        flags: &[
            make_flag("--lc", "CHECKOUT", None, "LC"),
            make_flag("--acl", "FOLDER", None, "ACL"),
        ],
        help: "Library Checker problems on their whole test set with LC's checker; C++ baselines timed",
    },
];

/// The command named `name`.
pub fn find(name: &str) -> Option<&'static Spec> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// Where the help starts in the usage's lines.
const USAGE_COLUMN: usize = 41;

/// The tool's usage text: one line per command (two when its synopsis is long).
pub fn usage() -> String {
    let mut s = String::from(
        "usage: judge <command> [arguments]   (normally through make; see `make help`)",
    );
    for c in COMMANDS {
        let left = format!("  {}", c.synopsis());
        if left.len() < USAGE_COLUMN {
            s.push_str(&format!("\n{:<w$}{}", left, c.help, w = USAGE_COLUMN));
        } else {
            s.push_str(&format!(
                "\n{}\n{:w$}{}",
                left,
                "",
                c.help,
                w = USAGE_COLUMN
            ));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::path::Path;

    /// Where the help starts in the Makefile's help.
    const MAKE_COLUMN: usize = 40;

    /// `make bench P=<name> [RUNS=5]`: how make calls it, `None` without a make target.
    fn make_synopsis(c: &Spec) -> Option<String> {
        let operands = c.make?;
        let mut words = vec!["make".to_string(), c.name.to_string()];
        words.extend(Some(operands).filter(|o| !o.is_empty()).map(String::from));
        for f in c.flags {
            if let Some(var) = f.make {
                match f.default {
                    Some(d) => words.push(format!("[{}={}]", var, d)),
                    None => words.push(format!("[{}=<{}>]", var, f.value.to_lowercase())),
                }
            }
        }
        Some(words.join(" "))
    }

    /// The line `make help` prints for the command, `None` without a make target.
    fn make_help(c: &Spec) -> Option<String> {
        let left = make_synopsis(c)?;
        Some(format!("{:<w$} {}", left, c.help, w = MAKE_COLUMN - 1))
    }

    /// The command's row in the README's table, `None` without a make target.
    fn readme_row(c: &Spec) -> Option<String> {
        Some(format!("| `{}` | {} |", make_synopsis(c)?, c.help))
    }

    fn workspace_file(name: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(name);
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path.display(), e))
    }

    #[test]
    fn names_commands_and_flags_are_unique() {
        for (i, c) in COMMANDS.iter().enumerate() {
            assert!(COMMANDS[..i].iter().all(|d| d.name != c.name), "{}", c.name);
            assert!(
                COMMANDS[..i].iter().all(|d| d.command != c.command),
                "{}",
                c.name
            );
            for (j, f) in c.flags.iter().enumerate() {
                assert!(f.name.starts_with("--"), "{}", f.name);
                assert!(c.flags[..j].iter().all(|g| g.name != f.name), "{}", f.name);
            }
        }
    }

    #[test]
    fn the_usage_has_a_line_per_command_and_no_hidden_flag() {
        let usage = usage();
        for c in COMMANDS {
            assert!(usage.contains(&format!("  {} ", c.name)), "{}", c.name);
            assert!(usage.contains(c.help), "{}", c.help);
        }
        assert!(!usage.contains("--stop-after-runs"));
        assert!(usage.contains("  bench NAME [--runs R]"), "{}", usage);
    }

    /// The Makefile's `help` target prints exactly the table's line for each command that has
    /// a make target, and each such target passes every make variable to its flag.
    #[test]
    fn the_makefile_help_and_targets_follow_the_table() {
        let makefile = workspace_file("Makefile");
        let echoed: Vec<&str> = makefile
            .lines()
            .filter_map(|l| l.trim().strip_prefix("@echo \"")?.strip_suffix('"'))
            .collect();
        for c in COMMANDS {
            let Some(line) = make_help(c) else {
                continue;
            };
            let prefix = format!("make {} ", c.name);
            let said: Vec<&&str> = echoed
                .iter()
                .filter(|l| l.starts_with(&prefix) || **l == prefix.trim_end())
                .collect();
            assert_eq!(said, [&line.as_str()], "make help for `{}`", c.name);
            let recipe = makefile
                .split(&format!("\n{}:", c.name))
                .nth(1)
                .and_then(|rest| rest.lines().nth(1))
                .unwrap_or_else(|| panic!("no make target `{}`", c.name));
            assert!(
                recipe.contains(&format!("$(JUDGE_TOOL) {} ", c.name))
                    || recipe.ends_with(&format!("$(JUDGE_TOOL) {}", c.name)),
                "{}",
                recipe
            );
            for f in c.flags {
                if let Some(var) = f.make {
                    let passes = format!("$(if $({}),{} $({}))", var, f.name, var);
                    assert!(recipe.contains(&passes), "{}: {}", recipe, passes);
                }
            }
        }
    }

    /// The README's command table has exactly the table's row for each make target.
    #[test]
    fn the_readme_table_follows_the_table() {
        let readme = workspace_file("README.md");
        for c in COMMANDS {
            let Some(row) = readme_row(c) else {
                continue;
            };
            let prefix = format!("| `make {}", c.name);
            let rows: Vec<&str> = readme
                .lines()
                .filter(|l| {
                    l.strip_prefix(&prefix)
                        .is_some_and(|rest| rest.starts_with(' ') || rest.starts_with('`'))
                })
                .collect();
            assert_eq!(rows, [row.as_str()], "README row for `{}`", c.name);
        }
    }
}
