//! Showing how two outputs differ: the first difference with its line, column and a window
//! of both sides around it, and a bounded side-by-side view of a whole case.
//!
//! Outputs are bytes: they are compared as bytes and shown as [`Unit`]s, each invalid byte
//! escaped on its own (`\xff`) and every character that prints as nothing or as a space
//! escaped too (`\u{a0}`), so two sides that differ never look the same. Columns count
//! units.

use crate::text::printable::{self, Unit};

/// Characters of context shown before a difference.
const BEFORE: usize = 20;
/// Characters shown from a difference on.
const AFTER: usize = 30;

/// `bytes` without its trailing ASCII whitespace (space, `\t`, `\r`, `\n`, form feed): the
/// whitespace judges ignore at the end of a line. Other characters (U+00A0) are kept.
pub fn trim_end(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    &bytes[..end]
}

/// The first column (0-based, in units) where `a` and `b` differ; the shorter one's length
/// when one is a prefix of the other. `None` when equal.
fn first_column(a: &[Unit], b: &[Unit]) -> Option<usize> {
    if a == b {
        return None;
    }
    Some(a.iter().zip(b).take_while(|(x, y)| x == y).count())
}

/// The units of `line` around `column` (0-based): up to [`BEFORE`] before it and [`AFTER`]
/// from it on, with `...` where it is cut, shown escaped ([`printable::shown`]), so the
/// window is one line.
pub fn window(line: &[Unit], column: usize) -> String {
    let start = column.saturating_sub(BEFORE);
    let end = (column + AFTER).min(line.len());
    let mut out = String::new();
    if start > 0 {
        out.push_str("...");
    }
    out.push_str(&printable::shown(&line[start.min(end)..end]));
    if end < line.len() {
        out.push_str("...");
    }
    out
}

/// One line about the first difference of two outputs compared line by line: line `number`
/// (1-based) is `want` in the expected output and `have` in the output (`None`: that output
/// has ended), each without its trailing whitespace. Says the line and column, and a
/// window of each side around the column.
pub fn line_difference(number: usize, want: Option<&[u8]>, have: Option<&[u8]>) -> String {
    let (want, have) = (want.map(printable::units), have.map(printable::units));
    match (want.as_deref(), have.as_deref()) {
        (Some(w), Some(h)) => {
            let column = first_column(w, h).unwrap_or(0);
            let side = |line: &[Unit]| {
                if column >= line.len() {
                    format!("`{}` (the line ends)", window(line, column))
                } else {
                    format!("`{}`", window(line, column))
                }
            };
            format!(
                "line {}, column {}: expected {}, got {}",
                number,
                column + 1,
                side(w),
                side(h)
            )
        }
        (Some(w), None) => format!(
            "line {}: expected `{}`, got end of output",
            number,
            window(w, 0)
        ),
        (None, Some(h)) => format!(
            "line {}: expected end of output, got `{}`",
            number,
            window(h, 0)
        ),
        (None, None) => format!("line {}: no difference", number),
    }
}

/// Where a token of an output is, for a message.
pub struct Place {
    /// Its line (1-based) and column (0-based, in characters) in the output.
    pub line: usize,
    pub column: usize,
    /// Bytes of its line around it (the line's start may be cut, even inside a character),
    /// and where the token starts in them.
    pub text: Vec<u8>,
    pub at: usize,
}

impl Place {
    /// The units of the text and the token's index among them, and whether the text was cut
    /// before it (does not start where the line does). A character cut at the text's start
    /// is left out.
    fn units(&self) -> (Vec<Unit>, usize, bool) {
        let (before, rest) = self.text.split_at(self.at.min(self.text.len()));
        let whole = before.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        let cut = self.column > whole;
        let before = if cut {
            let continued = before.iter().take(3).take_while(|&&b| b & 0xC0 == 0x80);
            &before[continued.count()..]
        } else {
            before
        };
        let mut units = printable::units(before);
        let at = units.len();
        units.extend(printable::units(rest));
        (units, at, cut)
    }
}

/// One line about the first difference of two outputs compared token by token: token
/// `index` (1-based) is at `expected` and `got` (`None`: that output has ended). Says the
/// token's line and column in the output (in the expected output when the output has ended),
/// and a window of each side's line around its token.
pub fn token_difference(index: usize, expected: Option<Place>, got: Option<Place>) -> String {
    let (place, whose) = match (&got, &expected) {
        (Some(p), _) => ((p.line, p.column), ""),
        (None, Some(p)) => ((p.line, p.column), " of the expected"),
        (None, None) => ((1, 0), ""),
    };
    let shown = |p: Option<Place>| {
        p.map_or_else(
            || "end of output".to_string(),
            |p| {
                let (units, at, cut) = p.units();
                // A window that starts inside the kept text but not at the line's start.
                let cut = cut && at <= BEFORE;
                format!("`{}{}`", if cut { "..." } else { "" }, window(&units, at))
            },
        )
    };
    format!(
        "token {} (line {}, column {}{}): expected {}, got {}",
        index,
        place.0,
        place.1 + 1,
        whose,
        shown(expected),
        shown(got)
    )
}

/// Lines of a side-by-side view at most.
pub const MAX_ROWS: usize = 60;
/// Characters of each side in a side-by-side view.
const SIDE: usize = 38;
/// Lines of context kept around each differing line.
const CONTEXT: usize = 2;

/// The whole of two outputs side by side, expected left, line by line (trailing whitespace
/// ignored and bytes compared, as the comparison does): differing lines marked `!`, long lines cut to a window
/// around their first difference, runs of equal lines away from any difference left out, at
/// most [`MAX_ROWS`] lines. Every line of the result starts with `indent`. O(total length).
pub fn side_by_side(expected: &[u8], got: &[u8], indent: &str) -> String {
    let lines = |b: &[u8]| -> Vec<Vec<Unit>> {
        let mut v: Vec<&[u8]> = b.split(|&c| c == b'\n').map(trim_end).collect();
        while v.last().is_some_and(|l| l.is_empty()) {
            v.pop();
        }
        v.into_iter().map(printable::units).collect()
    };
    let (want, have) = (lines(expected), lines(got));
    let n = want.len().max(have.len());
    let differs: Vec<bool> = (0..n).map(|i| want.get(i) != have.get(i)).collect();
    let shown: Vec<bool> = (0..n)
        .map(|i| {
            let lo = i.saturating_sub(CONTEXT);
            let hi = (i + CONTEXT).min(n.saturating_sub(1));
            differs[lo..=hi].iter().any(|&d| d)
        })
        .collect();
    let cell = |line: Option<&Vec<Unit>>, column: usize| -> String {
        match line {
            None => "(no line)".to_string(),
            Some(l) if l.len() <= SIDE => window(l, 0),
            Some(l) => {
                // A long line: the window around the difference, cut to the side's width.
                let w = window(l, column.max(BEFORE));
                w.chars().take(SIDE).collect()
            }
        }
    };
    let mut out = format!(
        "{}{:>6}  {:<side$} | got\n",
        indent,
        "line",
        "expected",
        side = SIDE
    );
    let mut rows = 0;
    let mut skipped = false;
    for i in 0..n {
        if !shown[i] {
            skipped = true;
            continue;
        }
        if rows == MAX_ROWS {
            let left = differs[i..].iter().filter(|&&d| d).count();
            out.push_str(&format!(
                "{}... cut at {} lines; {} more differing lines\n",
                indent, MAX_ROWS, left
            ));
            return out;
        }
        if skipped {
            out.push_str(&format!("{}{:>6}\n", indent, "..."));
            skipped = false;
        }
        let (w, h) = (want.get(i), have.get(i));
        let column = match (w, h) {
            (Some(w), Some(h)) => first_column(w, h).unwrap_or(0),
            _ => 0,
        };
        out.push_str(&format!(
            "{}{}{:>5}  {:<side$} | {}\n",
            indent,
            if differs[i] { '!' } else { ' ' },
            i + 1,
            cell(w, column),
            cell(h, column),
            side = SIDE
        ));
        rows += 1;
    }
    if skipped {
        out.push_str(&format!("{}{:>6}\n", indent, "..."));
    }
    if n == 0 {
        out.push_str(&format!("{}(both outputs are empty)\n", indent));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_at_the_end_of_a_long_line_shows_where() {
        let want: String = (1..=40).map(|i| i.to_string() + " ").collect();
        let have = want.replace("39 40", "39 41");
        let said = line_difference(
            1,
            Some(want.trim_end().as_bytes()),
            Some(have.trim_end().as_bytes()),
        );
        assert_eq!(
            said,
            "line 1, column 110: expected `... 34 35 36 37 38 39 40`, got `... 34 35 36 37 38 39 41`"
        );
        // The two sides differ in what is shown, never the same text twice.
        let (left, right) = said.split_once(", got ").unwrap();
        assert_ne!(left.split_once("expected ").unwrap().1, right);
    }

    #[test]
    fn token_differences_say_where_in_the_output_with_a_window() {
        let place = |line, column, text: &str, at| Place {
            line,
            column,
            text: text.as_bytes().to_vec(),
            at,
        };
        assert_eq!(
            token_difference(
                38,
                Some(place(1, 102, "28 29 30 31 32 33 34 35 36 37 38 39 40", 30)),
                Some(place(1, 102, "28 29 30 31 32 33 34 35 36 37 83 39 40", 30)),
            ),
            "token 38 (line 1, column 103): expected `...1 32 33 34 35 36 37 38 39 40`, \
             got `...1 32 33 34 35 36 37 83 39 40`"
        );
        // Kept text shorter than the window, not from the line's start: still marked cut.
        assert_eq!(
            token_difference(
                9,
                Some(place(2, 70, "5 6", 2)),
                Some(place(2, 70, "5 7", 2))
            ),
            "token 9 (line 2, column 71): expected `...5 6`, got `...5 7`"
        );
        assert_eq!(
            token_difference(2, None, Some(place(3, 2, "  7", 2))),
            "token 2 (line 3, column 3): expected end of output, got `  7`"
        );
        assert_eq!(
            token_difference(3, Some(place(1, 4, "1 2 3", 4)), None),
            "token 3 (line 1, column 5 of the expected): expected `1 2 3`, got end of output"
        );
    }

    #[test]
    fn windows_are_cut_on_both_sides_and_escape_control_characters() {
        let line: String = ('a'..='z').cycle().take(100).collect();
        let w = window(&printable::units(line.as_bytes()), 50);
        assert!(w.starts_with("...") && w.ends_with("..."), "{}", w);
        assert_eq!(w.chars().count(), 3 + BEFORE + AFTER + 3);
        assert_eq!(window(&printable::units(b"a\tb"), 0), "a\\tb");
        assert_eq!(window(&[], 0), "");
    }

    #[test]
    fn bytes_differ_where_text_would_look_the_same() {
        assert_eq!(
            line_difference(1, Some(b"\xfe"), Some(b"\xff")),
            "line 1, column 1: expected `\\xfe`, got `\\xff`"
        );
        assert_eq!(
            line_difference(1, Some(b"ok"), Some("ok\u{a0}".as_bytes())),
            "line 1, column 3: expected `ok` (the line ends), got `ok\\u{a0}`"
        );
        // A character cut at the start of the kept text is left out; a cut one elsewhere is
        // shown byte by byte.
        let place = |text: &[u8], at, column| Place {
            line: 1,
            column,
            text: text.to_vec(),
            at,
        };
        let cut = [&b"\xad"[..], "\u{5b57}".as_bytes(), b" 7"].concat();
        assert_eq!(
            token_difference(5, Some(place(&cut, 5, 9)), Some(place(b"\xe5\xad 8", 3, 2))),
            "token 5 (line 1, column 3): expected `...\u{5b57} 7`, got `\\xe5\\xad 8`"
        );
        assert_eq!(
            trim_end("ok\u{a0} \t\r\n".as_bytes()),
            "ok\u{a0}".as_bytes()
        );
        assert_eq!(trim_end(b" \n"), b"");
    }

    #[test]
    fn short_lines_ends_of_lines_and_ends_of_output() {
        assert_eq!(
            line_difference(2, Some(b"b"), Some(b"x")),
            "line 2, column 1: expected `b`, got `x`"
        );
        assert_eq!(
            line_difference(1, Some(b"1 2 3"), Some(b"1 2")),
            "line 1, column 4: expected `1 2 3`, got `1 2` (the line ends)"
        );
        assert_eq!(
            line_difference(3, Some(b"7"), None),
            "line 3: expected `7`, got end of output"
        );
        assert_eq!(
            line_difference(3, None, Some(b"")),
            "line 3: expected end of output, got ``"
        );
    }

    #[test]
    fn side_by_side_marks_differences_and_leaves_out_far_equal_lines() {
        let want: String = (1..=20).map(|i| format!("{}\n", i)).collect();
        let have = want.replace("\n15\n", "\nfifteen\n");
        let view = side_by_side(want.as_bytes(), have.as_bytes(), "  ");
        let rows: Vec<&str> = view.lines().collect();
        assert!(
            rows[0].contains("expected") && rows[0].contains("| got"),
            "{}",
            view
        );
        assert!(
            view.contains("!   15  15") && view.contains("| fifteen"),
            "{}",
            view
        );
        // Lines 13..=17 around the difference, the rest cut with `...`.
        assert!(view.contains("    13  13 "), "{}", view);
        assert!(!view.contains("    12  12 "), "{}", view);
        assert_eq!(rows.len(), 1 + 1 + 5 + 1, "{}", view);
        // A missing line is shown as such.
        let short = side_by_side(b"1\n2\n", b"1\n", "");
        assert!(
            short.contains("!    2  2 ") && short.contains("| (no line)"),
            "{}",
            short
        );
    }

    #[test]
    fn side_by_side_is_bounded() {
        let want: String = (0..500).map(|i| format!("{}\n", i)).collect();
        let view = side_by_side(want.as_bytes(), b"", "");
        assert_eq!(view.lines().count(), 1 + MAX_ROWS + 1, "{}", view);
        assert!(view.ends_with("440 more differing lines\n"), "{}", view);
    }
}
