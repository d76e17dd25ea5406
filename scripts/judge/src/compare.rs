//! Comparing outputs the way judges do: line by line, trailing whitespace ignored.

/// The lines of `text` with trailing whitespace removed and trailing empty lines dropped.
fn judge_lines(text: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(text);
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// `None` when `got` matches `expected` line by line (trailing whitespace and final newlines
/// ignored); otherwise a one-line description of the first difference.
pub fn first_difference(expected: &[u8], got: &[u8]) -> Option<String> {
    let want = judge_lines(expected);
    let have = judge_lines(got);
    for i in 0..want.len().max(have.len()) {
        let (w, h) = (want.get(i), have.get(i));
        if w != h {
            return Some(crate::diff::line_difference(
                i + 1,
                w.map(String::as_str),
                h.map(String::as_str),
            ));
        }
    }
    None
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
            "line 2, column 1: expected `b`, got `x`"
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
    fn leading_whitespace_matters() {
        assert!(first_difference(b"a\n", b" a\n").is_some());
    }
}
