//! How a problem's solution reads and writes: stdin and stdout (most problems), named files
//! (`sort.in` and `sort.out`, USACO's classic form), or a conversation with an interactor.
//!
//! Read from `[package.metadata.judge]`:
//!
//! ```toml
//! interactive = true        # talks with problems/<name>/src/bin/interactor.rs
//! input-file = "sort.in"    # reads this file of its working folder instead of stdin
//! output-file = "sort.out"  # writes this file instead of stdout
//! ```

use crate::text::json::Json;

/// The keys of `[package.metadata.judge]` this module reads.
pub const KEYS: [&str; 3] = ["interactive", "input-file", "output-file"];

/// How a problem's solution reads its input and writes its answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Io {
    /// stdin -> stdout.
    #[default]
    Stdio,
    /// Named files in the solution's working folder; `None` for the standard stream.
    /// At least one is named.
    Files {
        input: Option<String>,
        output: Option<String>,
    },
    /// stdin and stdout connected to the problem's interactor.
    Interactive,
}

impl Io {
    /// The I/O `[package.metadata.judge]` (`meta`) declares: one line saying what is wrong
    /// otherwise (a file name must be a plain name: no folder, no `..`).
    pub fn from_metadata(meta: &Json) -> Result<Io, String> {
        let interactive = match meta.get("interactive") {
            None => false,
            Some(v) => v.as_bool().ok_or("interactive must be true or false")?,
        };
        let file = |key: &str| -> Result<Option<String>, String> {
            match meta.get(key) {
                None => Ok(None),
                Some(v) => {
                    let name = v
                        .as_str()
                        .ok_or_else(|| format!("{} must be a file name", key))?;
                    plain_file_name(name)
                        .map(|n| Some(n.to_string()))
                        .map_err(|why| format!("{} `{}`: {}", key, name.escape_default(), why))
                }
            }
        };
        let (input, output) = (file("input-file")?, file("output-file")?);
        match (interactive, &input, &output) {
            (true, None, None) => Ok(Io::Interactive),
            (true, _, _) => Err(
                "an interactive problem talks through stdin and stdout: drop input-file and \
                 output-file"
                    .to_string(),
            ),
            (false, None, None) => Ok(Io::Stdio),
            (false, _, _) => Ok(Io::Files { input, output }),
        }
    }

    pub fn is_interactive(&self) -> bool {
        *self == Io::Interactive
    }

    /// The file the solution reads, where it reads one.
    pub fn input_file(&self) -> Option<&str> {
        match self {
            Io::Files { input, .. } => input.as_deref(),
            _ => None,
        }
    }

    /// The file the solution writes, where it writes one.
    pub fn output_file(&self) -> Option<&str> {
        match self {
            Io::Files { output, .. } => output.as_deref(),
            _ => None,
        }
    }

    /// The `[package.metadata.judge]` lines that declare this I/O (empty for stdio).
    pub fn metadata_lines(&self) -> String {
        match self {
            Io::Stdio => String::new(),
            Io::Interactive => "# The solution talks with src/bin/interactor.rs (PROTOCOL.md, \
                 \"Interactive and file problems\").\ninteractive = true\n"
                .to_string(),
            Io::Files { input, output } => {
                let mut lines =
                    "# The solution reads and writes these files of its working folder.\n"
                        .to_string();
                if let Some(name) = input {
                    lines.push_str(&format!("input-file = \"{}\"\n", name));
                }
                if let Some(name) = output {
                    lines.push_str(&format!("output-file = \"{}\"\n", name));
                }
                lines
            }
        }
    }
}

/// `name` when it is a plain file name a solution can open in its working folder: not
/// empty, at most 100 bytes, no `/`, `\`, control character or quote, not `.` or `..`.
pub fn plain_file_name(name: &str) -> Result<&str, &'static str> {
    if name.is_empty() || name.len() > 100 {
        return Err("must be a file name of 1 to 100 bytes");
    }
    if name == "." || name == ".." || name.contains(['/', '\\', '"', '\'']) {
        return Err("must be a plain file name, without folders or quotes");
    }
    if name.chars().any(char::is_control) {
        return Err("must not hold control characters");
    }
    Ok(name)
}

/// The interactive template's own files (`make new TEMPLATE=interactive`, and a problem
/// Competitive Companion marks interactive): (path inside `problems/<name>`, text with
/// `NAME`).
pub const INTERACTIVE_TEMPLATE: &[(&str, &str)] = &[
    (
        "src/main.rs",
        include_str!("../../templates/interactive/src/main.rs"),
    ),
    (
        "src/bin/interactor.rs",
        include_str!("../../templates/interactive/src/bin/interactor.rs"),
    ),
    (
        "tests/cli.rs",
        include_str!("../../templates/interactive/tests/cli.rs"),
    ),
];

/// The first case a new problem gets: empty, or for the interactive template the secret
/// number its interactor reads.
pub fn first_case(interactive: bool) -> &'static str {
    if interactive {
        "731\n"
    } else {
        ""
    }
}

/// `manifest` (a new package's) declaring `io`: its lines at the top of
/// `[package.metadata.judge]`.
pub fn declare(manifest: &str, io: &Io) -> String {
    let table = "[package.metadata.judge]\n";
    manifest.replacen(table, &format!("{}{}", table, io.metadata_lines()), 1)
}

/// The manifest `manifest` of a new package `name` made interactive: `interactive = true`
/// and the interactor's `[[bin]]` table (never bundled: the bundle is `src/main.rs`'s).
pub fn interactive_manifest(name: &str, manifest: &str) -> String {
    format!(
        "{}\n[[bin]]\nname = \"{}-interactor\"\npath = \"src/bin/interactor.rs\"\n",
        declare(manifest, &Io::Interactive),
        name
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::json;

    fn io(fields: &str) -> Result<Io, String> {
        Io::from_metadata(&json::parse(&format!("{{{}}}", fields)).unwrap())
    }

    #[test]
    fn the_keys_declare_the_io() {
        assert_eq!(io(""), Ok(Io::Stdio));
        assert_eq!(io(r#""interactive": true"#), Ok(Io::Interactive));
        assert_eq!(io(r#""interactive": false"#), Ok(Io::Stdio));
        let files = io(r#""input-file": "sort.in", "output-file": "sort.out""#).unwrap();
        assert_eq!(
            (files.input_file(), files.output_file()),
            (Some("sort.in"), Some("sort.out"))
        );
        let input_only = io(r#""input-file": "a.in""#).unwrap();
        assert_eq!(input_only.output_file(), None);
        assert!(io(r#""interactive": "yes""#).is_err());
        assert!(io(r#""interactive": true, "input-file": "a.in""#).is_err());
        for bad in ["../a.in", "a/b", "", ".."] {
            let e = io(&format!(r#""input-file": "{}""#, bad)).unwrap_err();
            assert!(e.starts_with("input-file"), "{}", e);
        }
    }

    #[test]
    fn the_problem_reader_takes_the_keys() {
        for key in KEYS {
            assert!(crate::workspace::problem::METADATA_KEYS.contains(&key));
        }
    }

    #[test]
    fn its_lines_read_back() {
        for declared in [
            Io::Stdio,
            Io::Interactive,
            Io::Files {
                input: Some("sort.in".into()),
                output: Some("sort.out".into()),
            },
            Io::Files {
                input: Some("in.txt".into()),
                output: None,
            },
        ] {
            let toml = declared.metadata_lines();
            let mut fields = Vec::new();
            for line in toml.lines().filter(|l| !l.starts_with('#')) {
                let (k, v) = line.split_once(" = ").unwrap();
                fields.push(format!("\"{}\": {}", k, v));
            }
            assert_eq!(io(&fields.join(", ")), Ok(declared));
        }
    }
}
