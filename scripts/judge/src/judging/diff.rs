//! Showing how two outputs differ: the first difference with its line, column and a window
//! of both sides around it, and a bounded side-by-side view of a whole case.
//!
//! Outputs are bytes: they are compared as bytes and shown as [`Unit`]s, each invalid byte
//! escaped on its own (`\xff`) and every character that prints as nothing or as a space
//! escaped too (`\u{a0}`), so two sides that differ never look the same. Columns count
//! units.

use crate::text::printable::{self, Unit};
use std::collections::hash_map::DefaultHasher;
use std::collections::VecDeque;
use std::hash::Hasher;
use std::io::{self, BufRead};

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

/// Bytes of a line held in memory at once, to compare it and show it: a longer line is
/// compared as it streams, past this, each byte seen once and let go.
pub const HELD: usize = 64 << 10;

/// Bytes of a long line kept before a difference, for its window.
const KEPT: usize = 128;

/// A line of a stream as held: its first bytes, without its `\n`; the rest of a longer
/// one (`cut`) is still in the stream.
#[derive(Default)]
pub struct Held {
    pub bytes: Vec<u8>,
    pub cut: bool,
}

/// Appends up to `more` bytes of the line `line` holds from `text` (the line's rest), and
/// takes its `\n` when reached (then `line.cut` is false). O(more).
fn extend_held<R: BufRead>(text: &mut R, line: &mut Held, more: usize) -> io::Result<()> {
    let mut room = more;
    while line.cut {
        let buf = text.fill_buf()?;
        if buf.is_empty() {
            line.cut = false;
            break;
        }
        if let Some(p) = buf.iter().take(room + 1).position(|&b| b == b'\n') {
            line.bytes.extend_from_slice(&buf[..p]);
            text.consume(p + 1);
            line.cut = false;
            break;
        }
        if room == 0 {
            break;
        }
        let take = buf.len().min(room);
        line.bytes.extend_from_slice(&buf[..take]);
        text.consume(take);
        room -= take;
    }
    Ok(())
}

/// Reads the next line of `text` into `line`: up to [`HELD`] bytes of it, a longer line's
/// rest left in the stream (`line.cut`). False at the end of the stream. Memory: [`HELD`].
pub fn read_held<R: BufRead>(text: &mut R, line: &mut Held) -> io::Result<bool> {
    line.bytes.clear();
    if text.fill_buf()?.is_empty() {
        line.cut = false;
        return Ok(false);
    }
    line.cut = true;
    extend_held(text, line, HELD)?;
    Ok(true)
}

/// Whether the line `line` holds is only ASCII whitespace from byte `from` on, its rest in
/// the stream included; reads that rest (to the line's end, or to its first other byte).
pub fn rest_is_space<R: BufRead>(text: &mut R, line: &mut Held, from: usize) -> io::Result<bool> {
    if !line.bytes[from.min(line.bytes.len())..]
        .iter()
        .all(u8::is_ascii_whitespace)
    {
        return Ok(false);
    }
    // The rest is read in a line of its own: what `line` holds stays, for a message.
    let mut rest = Held {
        bytes: Vec::new(),
        cut: line.cut,
    };
    while rest.cut {
        rest.bytes.clear();
        extend_held(text, &mut rest, HELD)?;
        line.cut = rest.cut;
        if !rest.bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Reads the rest of the line `line` holds, letting it go.
pub fn skip_rest<R: BufRead>(text: &mut R, line: &mut Held) -> io::Result<()> {
    while line.cut {
        line.bytes.clear();
        extend_held(text, line, HELD)?;
    }
    Ok(())
}

/// Compares line `number` of two outputs, held in `want` and `have` with the rest of each
/// in its stream (one at least is longer than [`HELD`]): `None` when they are equal but for
/// trailing whitespace, otherwise the first difference as [`line_difference`] says it,
/// with its column counted in characters (an invalid byte counts as one where it starts a
/// sequence). Both lines are read as they stream, side by side: memory is [`HELD`] of
/// each, whatever their length; time is linear in it.
pub fn long_line_difference<E: BufRead, G: BufRead>(
    number: usize,
    want: &mut Held,
    expected: &mut E,
    have: &mut Held,
    got: &mut G,
) -> io::Result<Option<String>> {
    // The equal bytes let go so far: their characters, and the last of them.
    let mut column = 0;
    let mut recent = Vec::new();
    let at = loop {
        extend_held(expected, want, HELD.saturating_sub(want.bytes.len()))?;
        extend_held(got, have, HELD.saturating_sub(have.bytes.len()))?;
        let n = want.bytes.len().min(have.bytes.len());
        let first = want.bytes[..n]
            .iter()
            .zip(&have.bytes[..n])
            .position(|(a, b)| a != b);
        match first {
            Some(i) => break i,
            None if want.bytes.len() != have.bytes.len() => break n,
            None if n == 0 => return Ok(None),
            None => {
                column += characters(&want.bytes[..n]);
                keep_last(&mut recent, &want.bytes[..n]);
                want.bytes.clear();
                have.bytes.clear();
            }
        }
    };
    // The window after the difference, then whether only spacing follows on both sides.
    extend_held(
        expected,
        want,
        (at + AFTER * 4 + 4).saturating_sub(want.bytes.len()),
    )?;
    extend_held(
        got,
        have,
        (at + AFTER * 4 + 4).saturating_sub(have.bytes.len()),
    )?;
    let place = |line: &Held| {
        let mut text = recent.clone();
        keep_last(&mut text, &line.bytes[..at.min(line.bytes.len())]);
        let before = text.len();
        let end = line.bytes.len().min(at + AFTER * 4 + 4);
        text.extend_from_slice(&line.bytes[at.min(end)..end]);
        let ends = at >= line.bytes.len() && !line.cut;
        (
            Place {
                line: number,
                column: column + characters(&line.bytes[..at.min(line.bytes.len())]),
                text,
                at: before,
            },
            ends,
        )
    };
    let (w, h) = (place(want), place(have));
    if rest_is_space(expected, want, at)? && rest_is_space(got, have, at)? {
        return Ok(None);
    }
    let shown = |(p, ends): (Place, bool)| {
        let (units, at, cut) = p.units();
        let cut = cut && at <= BEFORE;
        format!(
            "`{}{}`{}",
            if cut { "..." } else { "" },
            window(&units, at),
            if ends { " (the line ends)" } else { "" }
        )
    };
    Ok(Some(format!(
        "line {}, column {}: expected {}, got {}",
        number,
        w.0.column + 1,
        shown(w),
        shown(h)
    )))
}

/// Characters in UTF-8 `bytes`: the bytes that do not continue a character.
fn characters(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// Appends `more` to `kept`, keeping only its last [`KEPT`] bytes.
fn keep_last(kept: &mut Vec<u8>, more: &[u8]) {
    kept.extend_from_slice(&more[more.len().saturating_sub(KEPT)..]);
    let extra = kept.len().saturating_sub(KEPT);
    kept.drain(..extra);
}

/// Lines of a side-by-side view at most.
pub const MAX_ROWS: usize = 60;
/// Characters of each side in a side-by-side view.
const SIDE: usize = 38;
/// Lines of context kept around each differing line.
const CONTEXT: usize = 2;

/// A line of a side-by-side view: its first [`HELD`] bytes (without trailing whitespace
/// when that is all of it), and for a longer line a digest of the rest (without trailing
/// whitespace), so two lines that differ past what is held are still marked.
#[derive(Default, PartialEq)]
struct ViewLine {
    shown: Vec<u8>,
    rest: Option<u64>,
}

/// One output's lines for the view, its final empty lines left out (as the comparison
/// does): a run of empty lines is handed out only once a line with text follows it.
struct ViewLines<R> {
    text: R,
    held: Held,
    /// Empty lines still to hand out, then the line with text after them.
    empty: usize,
    next: Option<ViewLine>,
}

impl<R: BufRead> ViewLines<R> {
    fn new(text: R) -> ViewLines<R> {
        ViewLines {
            text,
            held: Held::default(),
            empty: 0,
            next: None,
        }
    }

    /// The next line as read, or `None` at the end of the stream. The rest of a long line
    /// is read once, into its digest.
    fn read(&mut self) -> io::Result<Option<ViewLine>> {
        if !read_held(&mut self.text, &mut self.held)? {
            return Ok(None);
        }
        let held = &mut self.held;
        if !held.cut {
            let shown = trim_end(&held.bytes).to_vec();
            return Ok(Some(ViewLine { shown, rest: None }));
        }
        let shown = std::mem::take(&mut held.bytes);
        // The digest of everything up to the last byte that is not whitespace.
        let (mut all, mut text_end) = (DefaultHasher::new(), None);
        while held.cut {
            held.bytes.clear();
            extend_held(&mut self.text, held, HELD)?;
            match held.bytes.iter().rposition(|b| !b.is_ascii_whitespace()) {
                Some(j) => {
                    all.write(&held.bytes[..=j]);
                    text_end = Some(all.clone());
                    all.write(&held.bytes[j + 1..]);
                }
                None => all.write(&held.bytes),
            }
        }
        Ok(Some(match text_end {
            Some(digest) => ViewLine {
                shown,
                rest: Some(digest.finish()),
            },
            // Only whitespace after what is held.
            None => ViewLine {
                shown: trim_end(&shown).to_vec(),
                rest: None,
            },
        }))
    }

    /// The next line of the view, or `None` once only empty lines (or nothing) are left.
    fn next(&mut self) -> io::Result<Option<ViewLine>> {
        if self.empty > 0 {
            self.empty -= 1;
            return Ok(Some(ViewLine::default()));
        }
        if let Some(line) = self.next.take() {
            return Ok(Some(line));
        }
        let mut run = 0;
        loop {
            match self.read()? {
                None => return Ok(None),
                Some(line) if line.shown.is_empty() && line.rest.is_none() => run += 1,
                Some(line) if run == 0 => return Ok(Some(line)),
                Some(line) => {
                    self.next = Some(line);
                    self.empty = run - 1;
                    return Ok(Some(ViewLine::default()));
                }
            }
        }
    }
}

/// The whole of two outputs side by side, expected left, line by line (trailing whitespace
/// ignored and bytes compared, as the comparison does): differing lines marked `!`, long lines cut to a window
/// around their first difference, runs of equal lines away from any difference left out, at
/// most [`MAX_ROWS`] lines. Every line of the result starts with `indent`. O(total length).
pub fn side_by_side(expected: &[u8], got: &[u8], indent: &str) -> String {
    side_by_side_in(expected, got, indent).expect("reading a slice cannot fail")
}

/// [`side_by_side`] of two streams, each read once, as they come: memory is a few lines of
/// [`HELD`] bytes at most, whatever the outputs' size; time is linear in it (past
/// [`MAX_ROWS`] rows the rest is only read, to count its differing lines).
pub fn side_by_side_in<E: BufRead, G: BufRead>(
    expected: E,
    got: G,
    indent: &str,
) -> io::Result<String> {
    let (mut want, mut have) = (ViewLines::new(expected), ViewLines::new(got));
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
    let row = |number: usize, w: Option<&ViewLine>, h: Option<&ViewLine>, differs: bool| {
        let (w, h) = (
            w.map(|l| printable::units(&l.shown)),
            h.map(|l| printable::units(&l.shown)),
        );
        let column = match (&w, &h) {
            (Some(w), Some(h)) if differs => first_column(w, h).unwrap_or(w.len().min(h.len())),
            _ => 0,
        };
        format!(
            "{}{}{:>5}  {:<side$} | {}\n",
            indent,
            if differs { '!' } else { ' ' },
            number,
            cell(w.as_ref(), column),
            cell(h.as_ref(), column),
            side = SIDE
        )
    };
    let mut out = format!(
        "{}{:>6}  {:<side$} | got\n",
        indent,
        "line",
        "expected",
        side = SIDE
    );
    let gap = format!("{}{:>6}\n", indent, "...");
    // Equal lines not shown yet (at most CONTEXT, to show before a difference), whether
    // lines were left out before them, and equal lines still to show after a difference.
    let mut waiting: VecDeque<String> = VecDeque::new();
    let mut skipped = false;
    let mut after = 0;
    let (mut rows, mut n) = (0, 0);
    // Once MAX_ROWS rows are out: the differing lines from the first row not shown on.
    let mut cut: Option<usize> = None;
    loop {
        let (w, h) = (want.next()?, have.next()?);
        if w.is_none() && h.is_none() {
            break;
        }
        n += 1;
        let differs = w != h;
        if let Some(left) = cut.as_mut() {
            *left += usize::from(differs);
            continue;
        }
        if !differs && after == 0 {
            waiting.push_back(row(n, w.as_ref(), h.as_ref(), false));
            if waiting.len() > CONTEXT {
                waiting.pop_front();
                skipped = true;
            }
            continue;
        }
        after = if differs { CONTEXT } else { after - 1 };
        let shown =
            waiting
                .drain(..)
                .chain(std::iter::once(row(n, w.as_ref(), h.as_ref(), differs)));
        for r in shown {
            if rows == MAX_ROWS {
                // This row and those after it are left out, this line among them: count
                // what differs.
                cut = Some(usize::from(differs));
                break;
            }
            if skipped {
                out.push_str(&gap);
                skipped = false;
            }
            out.push_str(&r);
            rows += 1;
        }
    }
    if let Some(left) = cut {
        out.push_str(&format!(
            "{}... cut at {} lines; {} more differing lines\n",
            indent, MAX_ROWS, left
        ));
        return Ok(out);
    }
    if skipped || !waiting.is_empty() {
        out.push_str(&gap);
    }
    if n == 0 {
        out.push_str(&format!("{}(both outputs are empty)\n", indent));
    }
    Ok(out)
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

    /// Line 1 of `want` and `have` compared as they stream through small buffers.
    fn streamed(want: &[u8], have: &[u8]) -> Option<String> {
        let mut e = io::BufReader::with_capacity(1000, want);
        let mut g = io::BufReader::with_capacity(777, have);
        let (mut w, mut h) = (Held::default(), Held::default());
        assert!(read_held(&mut e, &mut w).unwrap() && read_held(&mut g, &mut h).unwrap());
        long_line_difference(1, &mut w, &mut e, &mut h, &mut g).unwrap()
    }

    #[test]
    fn a_long_line_streams_and_says_what_a_held_one_says() {
        let base: Vec<u8> = (0..3 * HELD + 123).map(|i| b'a' + (i % 26) as u8).collect();
        let at = [
            0,
            1,
            500,
            HELD - 1,
            HELD,
            HELD + 1,
            2 * HELD + 7,
            base.len() - 1,
        ];
        for &i in &at {
            let mut other = base.clone();
            other[i] = b'#';
            let whole = line_difference(1, Some(&base), Some(&other));
            assert_eq!(
                streamed(&base, &other).as_deref(),
                Some(&whole[..]),
                "at {}",
                i
            );
            // One side shorter: it ends there.
            let whole = line_difference(1, Some(&base), Some(&base[..i]));
            let short = [&base[..i], b"\n"].concat();
            assert_eq!(
                streamed(&base, &short).as_deref(),
                Some(&whole[..]),
                "ends at {}",
                i
            );
        }
        // Trailing whitespace is ignored, however long; other bytes after it are not.
        let spaced = [&base[..], &vec![b' '; 2 * HELD][..], b"\t\r\nnext"].concat();
        assert_eq!(streamed(&base, &spaced), None);
        assert_eq!(streamed(&spaced, &base), None);
        let tail = [&base[..], &vec![b' '; 2 * HELD][..], b"x"].concat();
        let said = streamed(&base, &tail).unwrap();
        assert!(
            said.contains(&format!("column {}:", base.len() + 1)),
            "{}",
            said
        );
        // Multi-byte characters count once, also across the held bytes' ends.
        let wide = "é".repeat(HELD);
        let changed = format!("{}x", "é".repeat(HELD - 1));
        let whole = line_difference(1, Some(wide.as_bytes()), Some(changed.as_bytes()));
        let said = streamed(wide.as_bytes(), changed.as_bytes());
        assert_eq!(said.as_deref(), Some(&whole[..]));
    }

    #[test]
    fn side_by_side_of_long_lines_marks_a_difference_past_what_is_held() {
        let long = "a".repeat(3 * HELD);
        let want = format!("1\n{}b\n2\n", long);
        let have = format!("1\n{}c\n2\n", long);
        let view = side_by_side(want.as_bytes(), have.as_bytes(), "");
        assert!(view.contains("!    2  "), "{}", view);
        assert!(view.contains("     3  2 "), "{}", view);
        let same = side_by_side(want.as_bytes(), format!("{}  \n\n", want).as_bytes(), "");
        assert!(!same.contains('!'), "{}", same);
    }

    #[test]
    fn side_by_side_is_bounded() {
        let want: String = (0..500).map(|i| format!("{}\n", i)).collect();
        let view = side_by_side(want.as_bytes(), b"", "");
        assert_eq!(view.lines().count(), 1 + MAX_ROWS + 1, "{}", view);
        assert!(view.ends_with("440 more differing lines\n"), "{}", view);
    }
}
