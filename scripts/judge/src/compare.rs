//! Comparing outputs the way judges do: by tokens (the default), by lines, or by tokens with
//! a float tolerance; `compare` in `[package.metadata.judge]` picks one (or the checker).

use crate::json::Json;

/// How an output is judged: `compare = "..."` in `[package.metadata.judge]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Compare {
    /// Whitespace-separated tokens, equal one by one: how most judges compare (testlib's
    /// `wcmp`). Spaces, line breaks and blank lines between them do not matter.
    Tokens,
    /// Line by line, trailing whitespace and final empty lines ignored; leading whitespace and
    /// blank lines between lines matter.
    Lines,
    /// Tokens, where two numbers match when `|got - expected| <= abs` or
    /// `|got - expected| <= rel * |expected|` (testlib's `rcmp`, oj's `-e`); a token that is
    /// not a number on both sides must be equal.
    Float { abs: f64, rel: f64 },
    /// By the problem's `<name>-check` program (any valid answer is accepted).
    Checker,
}

/// The tolerance `compare = "float"` takes when `float-abs` or `float-rel` is left out: the
/// "absolute or relative error at most 10^-6" of most statements (testlib's `rcmp6`).
pub const DEFAULT_FLOAT_ERROR: f64 = 1e-6;

impl std::fmt::Display for Compare {
    /// The manifest's spelling: `tokens`, `lines`, `float (abs 1e-6, rel 1e-6)`, `checker`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Compare::Tokens => f.write_str("tokens"),
            Compare::Lines => f.write_str("lines"),
            Compare::Float { abs, rel } => write!(f, "float (abs {:e}, rel {:e})", abs, rel),
            Compare::Checker => f.write_str("checker"),
        }
    }
}

impl Compare {
    /// Reads `compare`, `float-abs` and `float-rel` of a `[package.metadata.judge]` table.
    /// `compare` left out means `tokens`; the tolerances are only for `float`, each a number
    /// at least 0 (default [`DEFAULT_FLOAT_ERROR`]). Errors are one line naming the key.
    pub fn from_metadata(meta: &Json) -> Result<Compare, String> {
        let mode = match meta.get("compare") {
            None => "tokens",
            Some(v) => v
                .as_str()
                .ok_or_else(|| "compare must be a string".to_string())?,
        };
        let tolerance = |key: &str| -> Result<Option<f64>, String> {
            match meta.get(key) {
                None => Ok(None),
                Some(v) => match v.as_f64() {
                    Some(x) if x >= 0.0 && x.is_finite() => Ok(Some(x)),
                    _ => Err(format!("{} must be a number at least 0, such as 1e-6", key)),
                },
            }
        };
        let (abs, rel) = (tolerance("float-abs")?, tolerance("float-rel")?);
        let compare = match mode {
            "tokens" => Compare::Tokens,
            "lines" => Compare::Lines,
            "checker" => Compare::Checker,
            "float" => {
                return Ok(Compare::Float {
                    abs: abs.unwrap_or(DEFAULT_FLOAT_ERROR),
                    rel: rel.unwrap_or(DEFAULT_FLOAT_ERROR),
                })
            }
            other => {
                return Err(format!(
                    "compare = \"{}\": use \"tokens\", \"lines\", \"float\" or \"checker\"",
                    other
                ))
            }
        };
        match (abs, rel) {
            (None, None) => Ok(compare),
            (Some(_), _) => Err(format!(
                "float-abs needs compare = \"float\", not \"{}\"",
                mode
            )),
            (None, Some(_)) => Err(format!(
                "float-rel needs compare = \"float\", not \"{}\"",
                mode
            )),
        }
    }

    /// `None` when `got` matches `expected` in this mode, otherwise the first difference on
    /// one line. `Checker` has no text rule of its own: it compares as `Lines` here (for the
    /// expected stderr of a case, and as the fallback where no checker runs). O(length).
    pub fn first_difference(self, expected: &[u8], got: &[u8]) -> Option<String> {
        match self {
            Compare::Tokens => token_difference(expected, got, |w, h| w == h),
            Compare::Float { abs, rel } => {
                token_difference(expected, got, |w, h| w == h || close(w, h, abs, rel))
            }
            Compare::Lines | Compare::Checker => first_difference(expected, got),
        }
    }
}

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
/// ignored); otherwise a one-line description of the first difference. `compare = "lines"`.
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

/// The whitespace-separated tokens of `text`, each with the offset it starts at.
fn tokens(text: &[u8]) -> impl Iterator<Item = (&[u8], usize)> {
    let mut pos = 0;
    std::iter::from_fn(move || {
        while pos < text.len() && text[pos].is_ascii_whitespace() {
            pos += 1;
        }
        let start = pos;
        while pos < text.len() && !text[pos].is_ascii_whitespace() {
            pos += 1;
        }
        (pos > start).then(|| (&text[start..pos], start))
    })
}

/// The first token pair that `same` refuses, or a token one side has and the other not,
/// described by [`crate::diff::token_difference`].
fn token_difference(
    expected: &[u8],
    got: &[u8],
    same: impl Fn(&[u8], &[u8]) -> bool,
) -> Option<String> {
    let (mut want, mut have) = (tokens(expected), tokens(got));
    let mut index = 0;
    loop {
        index += 1;
        match (want.next(), have.next()) {
            (None, None) => return None,
            (Some((w, _)), Some((h, _))) if same(w, h) => continue,
            (w, h) => {
                return Some(crate::diff::token_difference(
                    index,
                    (expected, w.map(|t| t.1)),
                    (got, h.map(|t| t.1)),
                ))
            }
        }
    }
}

/// Whether `t` is written as a decimal number: `[+-]digits[.digits][(e|E)[+-]digits]`, with
/// digits on at least one side of the point. Words such as `inf` and `nan` are not numbers.
fn is_number(t: &[u8]) -> bool {
    let digits = |s: &[u8]| s.iter().take_while(|b| b.is_ascii_digit()).count();
    let mut i = usize::from(matches!(t.first(), Some(b'+' | b'-')));
    let whole = digits(&t[i..]);
    i += whole;
    let mut fraction = 0;
    if t.get(i) == Some(&b'.') {
        i += 1;
        fraction = digits(&t[i..]);
        i += fraction;
    }
    if whole + fraction == 0 {
        return false;
    }
    if matches!(t.get(i), Some(b'e' | b'E')) {
        i += 1;
        i += usize::from(matches!(t.get(i), Some(b'+' | b'-')));
        let exponent = digits(&t[i..]);
        if exponent == 0 {
            return false;
        }
        i += exponent;
    }
    i == t.len()
}

/// Whether `got` is within `abs` or `rel * |expected|` of `expected`, both numbers.
fn close(expected: &[u8], got: &[u8], abs: f64, rel: f64) -> bool {
    if !is_number(expected) || !is_number(got) {
        return false;
    }
    let value = |t: &[u8]| std::str::from_utf8(t).ok()?.parse::<f64>().ok();
    let (Some(w), Some(h)) = (value(expected), value(got)) else {
        return false;
    };
    // Equal values, infinities included (a number past f64's range reads as one).
    if w == h {
        return true;
    }
    if !(w.is_finite() && h.is_finite()) {
        return false;
    }
    let error = (h - w).abs();
    error <= abs || error <= rel * w.abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_ignore_trailing_whitespace_and_final_newlines() {
        assert_eq!(first_difference(b"1 2\n3\n", b"1 2  \r\n3"), None);
        assert_eq!(first_difference(b"a\n\n", b"a"), None);
        assert_eq!(Compare::Lines.first_difference(b"a b\n", b"a b"), None);
    }

    #[test]
    fn lines_name_the_first_differing_line() {
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
    fn lines_keep_leading_whitespace_and_inner_spacing() {
        assert!(Compare::Lines.first_difference(b"a\n", b" a\n").is_some());
        assert!(Compare::Lines
            .first_difference(b"a b\n", b"a  b\n")
            .is_some());
        assert!(Compare::Lines
            .first_difference(b"a b\n", b"a\nb\n")
            .is_some());
        // The checker's text rule, for stderr, is that of lines.
        assert!(Compare::Checker.first_difference(b"a\n", b" a\n").is_some());
    }

    #[test]
    fn tokens_ignore_every_kind_of_spacing() {
        let t = Compare::Tokens;
        assert_eq!(t.first_difference(b"1 2\n3\n", b"  1\t2 3"), None);
        assert_eq!(t.first_difference(b"YES\n", b"\r\n\nYES  \r\n\n"), None);
        assert_eq!(t.first_difference(b"", b" \n "), None);
        assert_eq!(t.first_difference(b"a b\n", b"a\nb\n"), None);
    }

    #[test]
    fn tokens_name_the_first_differing_token_and_its_line() {
        let t = Compare::Tokens;
        assert_eq!(
            t.first_difference(b"1 2\n3 4\n", b"1 2\n3 5\n").unwrap(),
            "token 4 (line 2, column 3): expected `3 4`, got `3 5`"
        );
        assert_eq!(
            t.first_difference(b"1 2 3\n", b"1 2\n").unwrap(),
            "token 3 (line 1, column 5 of the expected): expected `1 2 3`, got end of output"
        );
        assert_eq!(
            t.first_difference(b"1\n", b"1\n\n7\n").unwrap(),
            "token 2 (line 3, column 1): expected end of output, got `7`"
        );
        // Exact: no numeric equality, no case folding.
        assert!(t.first_difference(b"1\n", b"1.0\n").is_some());
        assert!(t.first_difference(b"Yes\n", b"YES\n").is_some());
    }

    #[test]
    fn floats_match_within_the_absolute_or_the_relative_error() {
        let f = Compare::Float {
            abs: 1e-6,
            rel: 1e-6,
        };
        assert_eq!(f.first_difference(b"0.5\n", b"0.5000009"), None);
        assert_eq!(f.first_difference(b"3\n", b"2.9999991"), None);
        assert!(f.first_difference(b"0.5\n", b"0.500002").is_some());
        // Relative to the expected value: 1e12 allows 1e6 off.
        assert_eq!(f.first_difference(b"1e12", b"1000000900000"), None);
        assert!(f.first_difference(b"1e12", b"1000001100000").is_some());
        // Only absolute, only relative.
        let abs = Compare::Float {
            abs: 0.01,
            rel: 0.0,
        };
        assert_eq!(abs.first_difference(b"100", b"100.009"), None);
        assert!(abs.first_difference(b"100", b"100.02").is_some());
        let rel = Compare::Float {
            abs: 0.0,
            rel: 0.01,
        };
        assert_eq!(rel.first_difference(b"100", b"100.9"), None);
        assert!(rel.first_difference(b"0.001", b"0.0011").is_some());
        assert_eq!(
            f.first_difference(b"1.0 2.0\n", b"1.0 2.1\n").unwrap(),
            "token 2 (line 1, column 5): expected `1.0 2.0`, got `1.0 2.1`"
        );
    }

    #[test]
    fn floats_compare_words_exactly_and_numbers_only_as_written() {
        let f = Compare::Float {
            abs: 1e-6,
            rel: 1e-6,
        };
        assert_eq!(
            f.first_difference(b"Case 1: 0.5\n", b"Case 1:  0.4999999"),
            None
        );
        assert!(f.first_difference(b"YES 1", b"NO 1").is_some());
        // Words that Rust would parse as floats are words here.
        assert!(f.first_difference(b"inf", b"infinity").is_some());
        assert_eq!(f.first_difference(b"nan", b"nan"), None);
        assert!(f.first_difference(b"1", b"0x1").is_some());
        assert!(f.first_difference(b"1", b"1.").is_none());
        assert!(f.first_difference(b"0.5", b".5").is_none());
        // Past f64's range on both sides: equal infinities.
        assert_eq!(f.first_difference(b"1e400", b"2e400"), None);
        assert!(f.first_difference(b"1e400", b"-1e400").is_some());
        for (t, number) in [
            ("-1.5e-3", true),
            ("+2", true),
            ("1e", false),
            (".", false),
            ("e5", false),
            ("1.2.3", false),
            ("--1", false),
        ] {
            assert_eq!(is_number(t.as_bytes()), number, "{}", t);
        }
    }

    /// `[package.metadata.judge]` as cargo metadata gives it: `text` is its TOML keys, written
    /// here as JSON members.
    fn metadata(members: &str) -> Result<Compare, String> {
        Compare::from_metadata(&crate::json::parse(&format!("{{{}}}", members)).unwrap())
    }

    #[test]
    fn manifest_keys() {
        assert_eq!(metadata(""), Ok(Compare::Tokens));
        assert_eq!(metadata(r#""compare": "lines""#), Ok(Compare::Lines));
        assert_eq!(metadata(r#""compare": "checker""#), Ok(Compare::Checker));
        assert_eq!(
            metadata(r#""compare": "float""#),
            Ok(Compare::Float {
                abs: 1e-6,
                rel: 1e-6
            })
        );
        assert_eq!(
            metadata(r#""compare": "float", "float-abs": 1e-9, "float-rel": 0"#),
            Ok(Compare::Float {
                abs: 1e-9,
                rel: 0.0
            })
        );
        assert_eq!(
            metadata(r#""compare": "exact""#).unwrap_err(),
            "compare = \"exact\": use \"tokens\", \"lines\", \"float\" or \"checker\""
        );
        assert_eq!(
            metadata(r#""compare": "tokens", "float-abs": 0.1"#).unwrap_err(),
            "float-abs needs compare = \"float\", not \"tokens\""
        );
        assert_eq!(
            metadata(r#""float-rel": 1e-3"#).unwrap_err(),
            "float-rel needs compare = \"float\", not \"tokens\""
        );
        assert!(metadata(r#""compare": "float", "float-abs": -1.0"#)
            .unwrap_err()
            .contains("float-abs must be a number at least 0"));
        assert!(metadata(r#""compare": "float", "float-rel": "1e-6""#)
            .unwrap_err()
            .contains("float-rel must be a number"));
        assert_eq!(
            Compare::Float {
                abs: 1e-6,
                rel: 1e-9
            }
            .to_string(),
            "float (abs 1e-6, rel 1e-9)"
        );
    }
}
