//! What Competitive Companion says of a problem's I/O, and how such a problem is written:
//! `interactive: true` gets the interactive template (the solution and an interactor);
//! `input`/`output` of type `file` become `input-file`/`output-file` in the manifest; a
//! `regex` input (Meta Hacker Cup: the contestant runs the solution on a downloaded file
//! and uploads its output) is an ordinary stdin/stdout problem.

use crate::error::{Error, Result};
use crate::text::json::Json;
use crate::workspace::atomic;
use crate::workspace::io::{self, plain_file_name, Io};
use crate::workspace::scaffold::{self, Facts, Template};
use std::fs;
use std::path::Path;

/// The I/O of a Competitive Companion problem `doc`; one line saying why it is refused.
pub fn io_of(doc: &Json) -> std::result::Result<Io, String> {
    if doc.get("interactive").and_then(Json::as_bool) == Some(true) {
        return Ok(Io::Interactive);
    }
    let mut files = [None, None];
    for (i, (key, stream)) in [("input", "stdin"), ("output", "stdout")]
        .iter()
        .enumerate()
    {
        let Some(spec) = doc.get(key) else { continue };
        match spec.get("type").and_then(Json::as_str).unwrap_or(stream) {
            kind if kind == *stream => {}
            // Run on a downloaded file: `make run IN=<file>`, its stdout uploaded.
            "regex" if *key == "input" => return Ok(Io::Stdio),
            "file" => {
                let name = spec.get("fileName").and_then(Json::as_str).unwrap_or("");
                let name = plain_file_name(name).map_err(|why| {
                    format!(
                        "the problem's {} file `{}` {}",
                        key,
                        name.escape_default(),
                        why
                    )
                })?;
                files[i] = Some(name.to_string());
            }
            other => {
                return Err(format!(
                    "the problem's {} is of type `{}`: the workspace takes {}, file{}",
                    key,
                    other.escape_default(),
                    stream,
                    if *key == "input" { ", regex" } else { "" }
                ))
            }
        }
    }
    let [input, output] = files;
    Ok(match (input, output) {
        (None, None) => Io::Stdio,
        (input, output) => Io::Files { input, output },
    })
}

/// Creates `problems/<name>` for a problem whose I/O is `io`: the interactive template for
/// an interactive one, the default one otherwise, with a file problem's file names in its
/// manifest.
pub fn create(root: &Path, name: &str, facts: &Facts, io: &Io) -> Result<()> {
    if io.is_interactive() {
        return scaffold::create_from(root, name, facts, Template::Interactive);
    }
    // The file names are in the manifest from the start: the package is put in place whole.
    scaffold::create_edited(root, name, facts, Template::Plain, &|text| {
        io::declare(text, io)
    })
}

/// The file that keeps Competitive Companion's sample `n` of an interactive problem: a
/// transcript to read, not a case to run (`samples::cases` takes only `.in` and the like).
pub fn transcript_file(n: usize) -> String {
    format!("{}.transcript", n)
}

/// The samples of an interactive problem (`tests`, as sent from the page `url`) in
/// `samples/<name>`: its first case (what the template's interactor reads) for a new
/// package, and each sample sent, kept as a transcript beside the cases. Returns the cases
/// written.
pub fn interactive_samples(
    root: &Path,
    name: &str,
    tests: &[(String, String)],
    url: &str,
    existing: bool,
) -> Result<usize> {
    let dir = root.join("samples").join(name);
    fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    for (i, (input, output)) in tests.iter().enumerate() {
        let path = dir.join(transcript_file(i + 1));
        let text = format!(
            "Competitive Companion's sample {} of {}: a transcript of the conversation, not a \
             case (the cases are the N.in files the interactor reads).\n--- the judge's side \
             sent\n{}--- the solution sent\n{}",
            i + 1,
            url,
            input,
            output
        );
        write_new(&path, &text)?;
    }
    let first = dir.join("1.in");
    if existing || first.exists() {
        return Ok(0);
    }
    write_new(&first, io::first_case(true))?;
    Ok(1)
}

/// Writes a file of the samples whole, unless one of that name is there (kept as it is).
fn write_new(path: &Path, text: &str) -> Result<()> {
    match atomic::write_new(path, text) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => Err(Error::io(path, e)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::json;

    fn io(body: &str) -> std::result::Result<Io, String> {
        io_of(&json::parse(body).unwrap())
    }

    #[test]
    fn companions_io_is_read() {
        assert_eq!(io(r#"{"interactive": true}"#), Ok(Io::Interactive));
        assert_eq!(
            io(r#"{"input": {"type": "stdin"}, "output": {"type": "stdout"}}"#),
            Ok(Io::Stdio)
        );
        assert_eq!(
            io(r#"{"input": {"type": "file", "fileName": "sort.in"},
                  "output": {"type": "file", "fileName": "sort.out"}}"#),
            Ok(Io::Files {
                input: Some("sort.in".into()),
                output: Some("sort.out".into())
            })
        );
        assert_eq!(
            io(r#"{"input": {"type": "regex", "pattern": "a.*txt"},
                  "output": {"type": "file", "fileName": "out.txt"}}"#),
            Ok(Io::Stdio)
        );
        let e = io(r#"{"input": {"type": "file", "fileName": "../x"}}"#).unwrap_err();
        assert!(e.starts_with("the problem's input file `../x`"), "{}", e);
        let e = io(r#"{"output": {"type": "socket"}}"#).unwrap_err();
        assert!(e.contains("type `socket`"), "{}", e);
    }
}
