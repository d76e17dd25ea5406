//! Comparing outputs the way judges do: line by line, trailing whitespace ignored; read as
//! they stream, so an output's size never shows in the tool's memory.

use crate::printable::printable;
use std::io::{self, BufRead};

/// The next line of `text` (without its `\n`), trailing whitespace removed, invalid UTF-8
/// shown as U+FFFD; `None` at the end.
fn next_line<R: BufRead>(text: &mut R, buf: &mut Vec<u8>) -> io::Result<Option<String>> {
    buf.clear();
    if text.read_until(b'\n', buf)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(buf).trim_end().to_string()))
}

/// `None` when `got` matches `expected` line by line (trailing whitespace and final empty
/// lines ignored); otherwise a one-line description of the first difference. Both are read
/// once, as streams: memory is one line of each.
pub fn first_difference_in<E: BufRead, G: BufRead>(
    mut expected: E,
    mut got: G,
) -> io::Result<Option<String>> {
    let (mut wbuf, mut hbuf) = (Vec::new(), Vec::new());
    let mut line = 0;
    loop {
        line += 1;
        let w = next_line(&mut expected, &mut wbuf)?;
        let h = next_line(&mut got, &mut hbuf)?;
        let differ = match (&w, &h) {
            (None, None) => return Ok(None),
            (Some(w), Some(h)) => w != h,
            // One side ended: equal if the other has only empty lines left.
            (Some(rest), None) => !only_empty_after(rest, &mut expected, &mut wbuf)?,
            (None, Some(rest)) => !only_empty_after(rest, &mut got, &mut hbuf)?,
        };
        if differ {
            let show = |l: &Option<String>| match l {
                Some(l) => format!("`{}`", clip(l)),
                None => "end of output".to_string(),
            };
            return Ok(Some(format!(
                "line {}: expected {}, got {}",
                line,
                show(&w),
                show(&h)
            )));
        }
        if w.is_none() || h.is_none() {
            return Ok(None);
        }
    }
}

/// Whether `first` and every line after it in `text` are empty.
fn only_empty_after<R: BufRead>(first: &str, text: &mut R, buf: &mut Vec<u8>) -> io::Result<bool> {
    if !first.is_empty() {
        return Ok(false);
    }
    while let Some(l) = next_line(text, buf)? {
        if !l.is_empty() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// [`first_difference_in`] of two texts in memory.
pub fn first_difference(expected: &[u8], got: &[u8]) -> Option<String> {
    first_difference_in(expected, got).unwrap_or_else(|e| Some(e.to_string()))
}

/// A line as a message shows it: at most 60 characters, control characters escaped.
fn clip(line: &str) -> String {
    let shown = if line.chars().count() > 60 {
        line.chars().take(57).collect::<String>() + "..."
    } else {
        line.to_string()
    };
    printable(&shown).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ignores_trailing_whitespace_and_final_newlines() {
        assert_eq!(first_difference(b"1 2\n3\n", b"1 2  \r\n3"), None);
        assert_eq!(first_difference(b"a\n\n", b"a"), None);
    }

    #[test]
    fn names_the_first_differing_line() {
        assert_eq!(
            first_difference(b"a\nb\nc\n", b"a\nx\nc\n").unwrap(),
            "line 2: expected `b`, got `x`"
        );
        assert_eq!(
            first_difference(b"a\nb\n", b"a\n").unwrap(),
            "line 2: expected `b`, got end of output"
        );
        assert_eq!(
            first_difference(b"a\n", b"a\n\nextra").unwrap(),
            "line 2: expected end of output, got ``"
        );
    }

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(
            first_difference(b"a\n", b"\x1b[2J\n").unwrap(),
            "line 1: expected `a`, got `\\u{1b}[2J`"
        );
    }

    #[test]
    fn empty_lines_after_the_end_are_ignored_text_is_not() {
        assert_eq!(first_difference(b"a\n", b"a\n\n  \n\n"), None);
        assert_eq!(first_difference(b"a\n\n\n", b"a"), None);
        assert_eq!(
            first_difference(b"a\n\n\nb\n", b"a\n").unwrap(),
            "line 2: expected ``, got end of output"
        );
    }

    #[test]
    fn leading_whitespace_matters() {
        assert!(first_difference(b"a\n", b" a\n").is_some());
    }
}
