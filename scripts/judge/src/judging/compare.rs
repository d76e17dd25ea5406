//! Comparing outputs the way judges do: by tokens (the default), by lines, or by tokens with
//! a float tolerance; `compare` in `[package.metadata.judge]` picks one (or the checker).
//! Outputs are read as they stream, so an output's size never shows in the tool's memory.

use crate::judging::diff;
use crate::text::json::Json;
use std::io::{self, BufRead};

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
    /// Tokens as [`Compare::Tokens`], equal when they match ignoring ASCII letter case
    /// (`YES`, `yes`, `Yes`): "print the answer in any case" problems.
    AnyCase,
    /// By the problem's `<name>-check` program (any valid answer is accepted).
    Checker,
}

/// The tolerance `compare = "float"` takes when `float-abs` or `float-rel` is left out: the
/// "absolute or relative error at most 10^-6" of most statements (testlib's `rcmp6`).
pub const DEFAULT_FLOAT_ERROR: f64 = 1e-6;

impl std::fmt::Display for Compare {
    /// The manifest's spelling: `tokens`, `lines`, `float (abs 1e-6, rel 1e-6)`, `anycase`,
    /// `checker`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Compare::Tokens => f.write_str("tokens"),
            Compare::Lines => f.write_str("lines"),
            Compare::Float { abs, rel } => write!(f, "float (abs {:e}, rel {:e})", abs, rel),
            Compare::AnyCase => f.write_str("anycase"),
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
            "anycase" => Compare::AnyCase,
            "float" => {
                return Ok(Compare::Float {
                    abs: abs.unwrap_or(DEFAULT_FLOAT_ERROR),
                    rel: rel.unwrap_or(DEFAULT_FLOAT_ERROR),
                })
            }
            other => {
                return Err(format!(
                    "compare = \"{}\": use \"tokens\", \"lines\", \"float\", \"anycase\" or \
                     \"checker\"",
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
        self.first_difference_in(expected, got)
            .unwrap_or_else(|e| Some(e.to_string()))
    }

    /// [`Compare::first_difference`] of two streams, each read once: memory is one line or
    /// one token of each, whatever their size.
    pub fn first_difference_in<E: BufRead, G: BufRead>(
        self,
        expected: E,
        got: G,
    ) -> io::Result<Option<String>> {
        match self {
            Compare::Tokens => token_difference(expected, got, |w, h| w == h),
            Compare::AnyCase => token_difference(expected, got, |w, h| w.eq_ignore_ascii_case(h)),
            Compare::Float { abs, rel } => {
                token_difference(expected, got, |w, h| w == h || close(w, h, abs, rel))
            }
            Compare::Lines | Compare::Checker => first_difference_in(expected, got),
        }
    }
}

/// Outputs over this size get no [`Compare::hint`]: it reads both again.
const HINT_MAX_BYTES: u64 = 16 << 20;

impl Compare {
    /// What a WA row adds when the output `got` (a file) differs from `expected` in a way a
    /// problem may accept: only in ASCII letter case (names `compare = "anycase"`), or the
    /// same tokens, as many of each, in another order (names `compare = "checker"`). `None`
    /// otherwise, for `checker` and `anycase`, and when either file is over 16 MiB. Reads
    /// both files again, as streams: memory is one line or token of each and two 64-bit
    /// sums; O(length). The order test is by an order-free fingerprint of the tokens (two
    /// sums of 64-bit hashes and the count), so two different collections pass it only by
    /// a hash collision: a hint, never a verdict.
    pub fn hint(
        self,
        expected: &std::path::Path,
        got: &std::path::Path,
    ) -> io::Result<Option<String>> {
        use std::fs::File;
        use std::io::BufReader;
        if matches!(self, Compare::Checker | Compare::AnyCase) {
            return Ok(None);
        }
        for file in [expected, got] {
            if std::fs::metadata(file)?.len() > HINT_MAX_BYTES {
                return Ok(None);
            }
        }
        let open = |p: &std::path::Path| File::open(p).map(BufReader::new);
        let lower = |p: &std::path::Path| open(p).map(AsciiLower::new);
        if self
            .first_difference_in(lower(expected)?, lower(got)?)?
            .is_none()
        {
            return Ok(Some(
                "only letter case differs: if the problem accepts any case, set compare = \"anycase\""
                    .to_string(),
            ));
        }
        let in_order = Compare::Tokens
            .first_difference_in(open(expected)?, open(got)?)?
            .is_none();
        if !in_order && fingerprint(open(expected)?)? == fingerprint(open(got)?)? {
            return Ok(Some(
                "the same tokens in another order: if the problem accepts several answers, set \
                 compare = \"checker\" and write its checker"
                    .to_string(),
            ));
        }
        Ok(None)
    }
}

/// An order-free fingerprint of the tokens of `text`: their count and two wrapping sums of
/// independent 64-bit hashes of each. Equal collections of tokens give equal fingerprints.
fn fingerprint<R: BufRead>(text: R) -> io::Result<(u64, u64, u64)> {
    use std::hash::{Hash, Hasher};
    let mut tokens = Tokens::new(text);
    let (mut count, mut a, mut b) = (0u64, 0u64, 0u64);
    while let Some((token, _)) = tokens.next()? {
        let hash = |seed: u8| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            (seed, token).hash(&mut h);
            h.finish()
        };
        count += 1;
        a = a.wrapping_add(hash(0));
        b = b.wrapping_add(hash(1));
    }
    Ok((count, a, b))
}

/// A stream read with its ASCII letters in lowercase, one fill of the inner reader at a
/// time: what compares two outputs ignoring letter case, in any mode.
struct AsciiLower<R> {
    inner: R,
    buf: Vec<u8>,
    pos: usize,
}

impl<R: BufRead> AsciiLower<R> {
    fn new(inner: R) -> AsciiLower<R> {
        AsciiLower {
            inner,
            buf: Vec::new(),
            pos: 0,
        }
    }
}

impl<R: BufRead> io::Read for AsciiLower<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = {
            let buf = self.fill_buf()?;
            let n = buf.len().min(out.len());
            out[..n].copy_from_slice(&buf[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for AsciiLower<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos == self.buf.len() {
            let inner = self.inner.fill_buf()?;
            self.buf.clear();
            self.buf.extend(inner.iter().map(u8::to_ascii_lowercase));
            let n = inner.len();
            self.inner.consume(n);
            self.pos = 0;
        }
        Ok(&self.buf[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.buf.len());
    }
}

/// `None` when `got` matches `expected` line by line, byte for byte (trailing ASCII
/// whitespace and final empty lines ignored); otherwise a one-line description of the first
/// difference. Both are read once, as streams: memory is one line of each, at most
/// [`diff::HELD`] bytes (a longer line is compared as it streams). `compare = "lines"`.
pub fn first_difference_in<E: BufRead, G: BufRead>(
    mut expected: E,
    mut got: G,
) -> io::Result<Option<String>> {
    let (mut wl, mut hl) = (diff::Held::default(), diff::Held::default());
    let mut line = 0;
    loop {
        line += 1;
        let w_more = diff::read_held(&mut expected, &mut wl)?;
        let h_more = diff::read_held(&mut got, &mut hl)?;
        if w_more && h_more && (wl.cut || hl.cut) {
            match diff::long_line_difference(line, &mut wl, &mut expected, &mut hl, &mut got)? {
                None => continue,
                found => return Ok(found),
            }
        }
        let differ = match (w_more, h_more) {
            (false, false) => return Ok(None),
            (true, true) => diff::trim_end(&wl.bytes) != diff::trim_end(&hl.bytes),
            // One side ended: equal if the other has only empty lines left.
            (true, false) => !only_empty_after(&mut wl, &mut expected)?,
            (false, true) => !only_empty_after(&mut hl, &mut got)?,
        };
        let (w, h) = (diff::trim_end(&wl.bytes), diff::trim_end(&hl.bytes));
        if differ {
            return Ok(Some(diff::line_difference(
                line,
                Some(w).filter(|_| w_more),
                Some(h).filter(|_| h_more),
            )));
        }
        if !(w_more && h_more) {
            return Ok(None);
        }
    }
}

/// Whether the line `first` holds and every line after it in `text` are empty.
fn only_empty_after<R: BufRead>(first: &mut diff::Held, text: &mut R) -> io::Result<bool> {
    let mut line = diff::Held::default();
    if !diff::rest_is_space(text, first, 0)? {
        return Ok(false);
    }
    while diff::read_held(text, &mut line)? {
        if !diff::rest_is_space(text, &mut line, 0)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Bytes of a line kept before a token, for the window of a difference.
const KEPT_BEFORE: usize = 64;
/// Bytes of a line read after a token, for the window of a difference.
const READ_AFTER: usize = 64;

/// The whitespace-separated tokens of a stream, one at a time, each with its line (1-based).
/// A token is handed out from the reader's own buffer: only one that straddles two fills of
/// the buffer is copied (into `carry`, reused). What a difference needs to be shown in place
/// ([`Tokens::place`]) is kept as counts and at most [`KEPT_BEFORE`] bytes of the line per
/// fill, and worked out only when asked.
struct Tokens<R> {
    text: R,
    /// Bytes of the reader's buffer scanned and not yet consumed: the last token ends there.
    pos: usize,
    /// The line (1-based) at `pos`, and where it starts in the buffer (0 when it started in
    /// an earlier fill).
    line: usize,
    line_start: usize,
    /// That line's part in earlier fills: its characters, and its last bytes (at most
    /// [`KEPT_BEFORE`]).
    column: usize,
    recent: Vec<u8>,
    /// The last token: its line, and where it starts in the buffer, or in `carry` when it
    /// straddles fills.
    token_line: usize,
    start: usize,
    carried: bool,
    carry: Vec<u8>,
    /// For a carried token, kept when its first fill is left: its column (0-based,
    /// characters), and its line's bytes before it (at most [`KEPT_BEFORE`]).
    carried_column: usize,
    carried_before: Vec<u8>,
}

/// Characters in UTF-8 `bytes`: the bytes that do not continue a character.
fn characters(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// Appends `more` to `kept`, keeping only the last [`KEPT_BEFORE`] bytes.
fn keep_last(kept: &mut Vec<u8>, more: &[u8]) {
    if more.len() >= KEPT_BEFORE {
        kept.clear();
        kept.extend_from_slice(&more[more.len() - KEPT_BEFORE..]);
    } else {
        kept.extend_from_slice(more);
        let extra = kept.len().saturating_sub(KEPT_BEFORE);
        kept.drain(..extra);
    }
}

impl<R: BufRead> Tokens<R> {
    fn new(text: R) -> Tokens<R> {
        Tokens {
            text,
            pos: 0,
            line: 1,
            line_start: 0,
            column: 0,
            recent: Vec::new(),
            token_line: 1,
            start: 0,
            carried: false,
            carry: Vec::new(),
            carried_column: 0,
            carried_before: Vec::new(),
        }
    }

    /// The next token and its line, or `None` at the end.
    fn next(&mut self) -> io::Result<Option<(&[u8], usize)>> {
        if !self.advance()? {
            return Ok(None);
        }
        let token = if self.carried {
            &self.carry[..]
        } else {
            // The fill the token was found in: nothing of it is consumed yet.
            &self.text.fill_buf()?[self.start..self.pos]
        };
        Ok(Some((token, self.token_line)))
    }

    /// Scans up to the end of the next token; false when there is none.
    fn advance(&mut self) -> io::Result<bool> {
        self.carried = false;
        // The spacing before the token, then the token, within one fill where they fit.
        loop {
            let buf = self.text.fill_buf()?;
            let (mut i, mut line, mut line_start) = (self.pos, self.line, self.line_start);
            while i < buf.len() && buf[i].is_ascii_whitespace() {
                if buf[i] == b'\n' {
                    line += 1;
                    line_start = i + 1;
                }
                i += 1;
            }
            if line != self.line {
                self.line = line;
                self.line_start = line_start;
                self.column = 0;
                self.recent.clear();
            }
            self.pos = i;
            if i == buf.len() {
                if !self.refill()? {
                    return Ok(false);
                }
                continue;
            }
            self.token_line = line;
            self.start = i;
            while i < buf.len() && !buf[i].is_ascii_whitespace() {
                i += 1;
            }
            self.pos = i;
            if i < buf.len() {
                return Ok(true);
            }
            // The token may go on in the next fill: keep it, and where it is, before leaving.
            let head = &buf[self.line_start..self.start];
            self.carried_column = self.column + characters(head);
            self.carried_before.clear();
            self.carried_before.extend_from_slice(&self.recent);
            keep_last(&mut self.carried_before, head);
            self.carry.clear();
            self.carry.extend_from_slice(&buf[self.start..]);
            self.carried = true;
            break;
        }
        while self.refill()? {
            let buf = self.text.fill_buf()?;
            let end = buf
                .iter()
                .position(|b| b.is_ascii_whitespace())
                .unwrap_or(buf.len());
            self.carry.extend_from_slice(&buf[..end]);
            self.pos = end;
            if end < buf.len() {
                break;
            }
        }
        Ok(true)
    }

    /// Leaves the current fill, scanned to its end (its line's part joins `column` and
    /// `recent`), for the next one; false at the end of the stream.
    fn refill(&mut self) -> io::Result<bool> {
        let buf = self.text.fill_buf()?;
        let len = buf.len();
        let tail = &buf[self.line_start.min(len)..];
        self.column += characters(tail);
        keep_last(&mut self.recent, tail);
        self.text.consume(len);
        self.pos = 0;
        self.line_start = 0;
        Ok(!self.text.fill_buf()?.is_empty())
    }

    /// Where the last token is, for a message: its line, its column, and the text of its line
    /// around it (up to [`KEPT_BEFORE`] bytes before it, the rest of the line up to
    /// [`READ_AFTER`] bytes after it, read now) with the token's index in it.
    fn place(&mut self) -> io::Result<diff::Place> {
        let (column, mut before, mut rest) = if self.carried {
            (
                self.carried_column,
                self.carried_before.clone(),
                self.carry.clone(),
            )
        } else {
            let buf = self.text.fill_buf()?;
            let head = &buf[self.line_start..self.start];
            let mut before = self.recent.clone();
            keep_last(&mut before, head);
            let token = buf[self.start..self.pos].to_vec();
            (self.column + characters(head), before, token)
        };
        // The rest of the line after the token: READ_AFTER bytes, then the rest of a
        // character cut there.
        let mut after = 0;
        loop {
            let buf = self.text.fill_buf()?;
            let part = &buf[self.pos..];
            let taken = part
                .iter()
                .enumerate()
                .position(|(i, &b)| !goes_on(b, after + i))
                .unwrap_or(part.len());
            rest.extend_from_slice(&part[..taken]);
            after += taken;
            self.pos += taken;
            if taken < part.len() || !self.refill()? {
                break;
            }
        }
        let at = before.len();
        before.extend_from_slice(diff::trim_end(&rest));
        Ok(diff::Place {
            line: self.token_line,
            column,
            at,
            text: before,
        })
    }
}

/// Whether the rest of a line shown after a token takes `b`, its byte at `after` (0-based):
/// up to the line's end, at most [`READ_AFTER`] bytes, then the bytes that continue a
/// character cut there (at most 3).
fn goes_on(b: u8, after: usize) -> bool {
    b != b'\n' && (after < READ_AFTER || (after < READ_AFTER + 3 && b & 0xC0 == 0x80))
}

/// The first token pair that `same` refuses, or a token one side has and the other not,
/// shown in place ([`diff::token_difference`]).
fn token_difference<E: BufRead, G: BufRead>(
    expected: E,
    got: G,
    same: impl Fn(&[u8], &[u8]) -> bool,
) -> io::Result<Option<String>> {
    let (mut want, mut have) = (Tokens::new(expected), Tokens::new(got));
    let mut index = 0;
    loop {
        index += 1;
        let (w, h) = (want.next()?, have.next()?);
        let (w_ended, h_ended) = (w.is_none(), h.is_none());
        match (w, h) {
            (None, None) => return Ok(None),
            (Some((w, _)), Some((h, _))) if same(w, h) => continue,
            _ => {}
        }
        let w = if w_ended { None } else { Some(want.place()?) };
        let h = if h_ended { None } else { Some(have.place()?) };
        return Ok(Some(diff::token_difference(index, w, h)));
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

    /// `compare = "lines"` of two texts in memory.
    fn first_difference(expected: &[u8], got: &[u8]) -> Option<String> {
        Compare::Lines.first_difference(expected, got)
    }

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(
            first_difference(b"a\n", b"\x1b[2J\n").unwrap(),
            "line 1, column 1: expected `a`, got `\\u{1b}[2J`"
        );
        assert_eq!(
            Compare::Tokens
                .first_difference(b"a\n", b"\x1b]0;x\x07\n")
                .unwrap(),
            "token 1 (line 1, column 1): expected `a`, got `\\u{1b}]0;x\\u{7}`"
        );
    }

    #[test]
    fn outputs_are_compared_as_bytes_and_shown_escaped() {
        // Invalid UTF-8 is never decoded away: two different bytes differ, and show so.
        assert_eq!(
            first_difference(b"\xfe\n", b"\xff\n").unwrap(),
            "line 1, column 1: expected `\\xfe`, got `\\xff`"
        );
        assert_eq!(
            Compare::Tokens
                .first_difference(b"\xfe\n", b"\xff\n")
                .unwrap(),
            "token 1 (line 1, column 1): expected `\\xfe`, got `\\xff`"
        );
        assert_eq!(Compare::Tokens.first_difference(b"a\xfe", b"a\xfe\n"), None);
        // A no-break space is not whitespace to a judge: not trimmed, not hidden.
        let nbsp = "ok\u{a0}\n".as_bytes();
        assert_eq!(
            Compare::Tokens.first_difference(b"ok\n", nbsp).unwrap(),
            "token 1 (line 1, column 1): expected `ok`, got `ok\\u{a0}`"
        );
        assert_eq!(
            first_difference(b"ok\n", nbsp).unwrap(),
            "line 1, column 3: expected `ok` (the line ends), got `ok\\u{a0}`"
        );
        // A real U+FFFD is told from an invalid byte.
        assert_eq!(
            first_difference("\u{fffd}".as_bytes(), b"\xff").unwrap(),
            "line 1, column 1: expected `\\u{fffd}`, got `\\xff`"
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
    fn a_token_far_into_a_long_line_is_shown_in_place() {
        let want: String = (1..=40).map(|i| format!("{} ", i)).collect();
        let have = want.replace(" 38 ", " 83 ");
        let said = token_difference(
            std::io::BufReader::with_capacity(3, want.as_bytes()),
            std::io::BufReader::with_capacity(3, have.as_bytes()),
            |w, h| w == h,
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            said,
            "token 38 (line 1, column 103): expected `...1 32 33 34 35 36 37 38 39 40`, \
             got `...1 32 33 34 35 36 37 83 39 40`"
        );
    }

    #[test]
    fn tokens_are_read_across_buffer_boundaries() {
        // A reader that hands out 3 bytes at a time splits tokens and line breaks.
        let text = b"12 345\n6789 0\n".to_vec();
        let small = std::io::BufReader::with_capacity(3, &text[..]);
        let mut tokens = Tokens::new(small);
        let mut all = Vec::new();
        while let Some((t, line)) = tokens.next().unwrap() {
            all.push((String::from_utf8(t.to_vec()).unwrap(), line));
        }
        let want = [("12", 1), ("345", 1), ("6789", 2), ("0", 2)];
        let want: Vec<(String, usize)> = want.iter().map(|(t, l)| (t.to_string(), *l)).collect();
        assert_eq!(all, want);
    }

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
        Compare::from_metadata(&crate::text::json::parse(&format!("{{{}}}", members)).unwrap())
    }

    #[test]
    fn anycase_matches_tokens_ignoring_ascii_letter_case_only() {
        let any = Compare::AnyCase;
        assert_eq!(any.first_difference(b"YES\nNo 3\n", b"yes  nO\n3"), None);
        assert_eq!(
            any.first_difference(b"YES\n", b"YESS\n").unwrap(),
            "token 1 (line 1, column 1): expected `YES`, got `YESS`"
        );
        // Only ASCII letters fold: other bytes must be equal.
        assert!(any
            .first_difference("\u{c9}\n".as_bytes(), "\u{e9}\n".as_bytes())
            .is_some());
    }

    #[test]
    fn a_wa_hints_at_letter_case_and_at_another_order() {
        let tmp = testkit::TempDir::new("judge-hint");
        let (want, got) = (tmp.path().join("want"), tmp.path().join("got"));
        let hint = |compare: Compare, w: &str, g: &str| {
            std::fs::write(&want, w).unwrap();
            std::fs::write(&got, g).unwrap();
            compare.hint(&want, &got).unwrap()
        };
        let case = hint(Compare::Tokens, "YES\nNO\n", "Yes\nno\n").unwrap();
        assert!(case.contains("compare = \"anycase\""), "{}", case);
        let case = hint(Compare::Lines, "Alice Bob\n", "alice BOB\n").unwrap();
        assert!(case.contains("compare = \"anycase\""), "{}", case);
        let order = hint(Compare::Tokens, "1 2 3\n3 4\n", "3 4\n1 2 3\n").unwrap();
        assert!(order.contains("compare = \"checker\""), "{}", order);
        assert!(order.contains("another order"), "{}", order);
        // Another multiset, or the same tokens in order (only spacing differs): no hint.
        assert_eq!(hint(Compare::Tokens, "1 2 2\n", "2 1 1\n"), None);
        assert_eq!(hint(Compare::Tokens, "1 2\n", "1 2 2\n"), None);
        assert_eq!(hint(Compare::Lines, "1 2\n", "1\n2\n"), None);
        // A checker decides for itself; anycase already ignores case.
        assert_eq!(hint(Compare::Checker, "YES\n", "yes\n"), None);
        assert_eq!(hint(Compare::AnyCase, "1 2\n", "2 1\n"), None);
    }

    #[test]
    fn lowercase_reading_keeps_every_other_byte_across_fills() {
        use std::io::Read;
        let text = b"AbC\xff\n\xc3\x89z";
        let mut out = Vec::new();
        AsciiLower::new(std::io::BufReader::with_capacity(2, &text[..]))
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, b"abc\xff\n\xc3\x89z");
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
            "compare = \"exact\": use \"tokens\", \"lines\", \"float\", \"anycase\" or \"checker\""
        );
        assert_eq!(metadata(r#""compare": "anycase""#), Ok(Compare::AnyCase));
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

    /// Readers that hand out `capacity` bytes at a time (0: the whole text at once).
    fn reader(text: &[u8], capacity: usize) -> Box<dyn BufRead + '_> {
        match capacity {
            0 => Box::new(text),
            c => Box::new(std::io::BufReader::with_capacity(c, text)),
        }
    }

    /// The tokens of `text` with their lines, read `capacity` bytes at a time.
    fn all_tokens(text: &[u8], capacity: usize) -> Vec<(Vec<u8>, usize)> {
        let mut tokens = Tokens::new(reader(text, capacity));
        let mut all = Vec::new();
        while let Some((t, line)) = tokens.next().unwrap() {
            all.push((t.to_vec(), line));
        }
        all
    }

    /// Both streamings, tokens and float, of `expected` and `got` read `cw` and `ch` bytes at
    /// a time: the messages they give must be those of the copying streaming.
    fn assert_as_copied(expected: &[u8], got: &[u8], cw: usize, ch: usize) {
        let float = |w: &[u8], h: &[u8]| w == h || close(w, h, 1e-6, 1e-6);
        let exact = |w: &[u8], h: &[u8]| w == h;
        let now = token_difference(reader(expected, cw), reader(got, ch), exact).unwrap();
        let then = copied::token_difference(expected, got, exact).unwrap();
        assert_eq!(now, then, "{:?} against {:?}, {} {}", expected, got, cw, ch);
        let now = token_difference(reader(expected, cw), reader(got, ch), float).unwrap();
        let then = copied::token_difference(expected, got, float).unwrap();
        assert_eq!(now, then, "{:?} against {:?}, {} {}", expected, got, cw, ch);
    }

    /// Pieces of random outputs: tokens short and long, numbers, every kind of spacing,
    /// multi-byte characters, cut and invalid UTF-8.
    const PIECES: [&[u8]; 20] = [
        b" ",
        b"\n",
        b"\r\n",
        b"\t",
        b"\x0b",
        b"\x0c",
        b"   ",
        b"\n\n",
        b"1",
        b"7",
        b"0.5",
        b"0.5000001",
        b"-1e3",
        b"YES",
        "\u{e9}t\u{e9}".as_bytes(),
        "\u{5b57}".as_bytes(),
        b"\xff",
        b"\xe5\xad",
        b"abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789",
        b"\x1b",
    ];

    #[test]
    fn tokens_read_in_place_say_what_copied_tokens_said() {
        let mut rng = rng::Rng::new(31);
        let sizes = [1, 2, 3, 4, 5, 6, 7, 64, 8192, 0];
        for _ in 0..400 {
            let mut want: Vec<&[u8]> = (0..rng.between(0, 60))
                .map(|_| PIECES[rng.below(PIECES.len())])
                .collect();
            // Long lines now and then, so that the window before a token is cut.
            if rng.below(3) == 0 {
                want.retain(|p| !p.contains(&b'\n'));
            }
            let mut have = want.clone();
            for _ in 0..rng.below(4) {
                let piece = PIECES[rng.below(PIECES.len())];
                let at = rng.below(have.len() + 1);
                match rng.below(3) {
                    0 => have.insert(at, piece),
                    _ if at == have.len() => {}
                    1 => have[at] = piece,
                    _ => {
                        have.remove(at);
                    }
                }
            }
            let (want, have) = (want.concat(), have.concat());
            let tokens = copied_tokens(&want);
            for &c in &sizes {
                assert_eq!(all_tokens(&want, c), tokens, "{:?} by {}", want, c);
                if !tokens.is_empty() {
                    let k = rng.between(1, tokens.len());
                    assert_eq!(
                        place_of(&want, k, c),
                        copied_place_of(&want, k),
                        "{:?}",
                        want
                    );
                }
            }
            assert_as_copied(&want, &have, 0, 0);
            for _ in 0..8 {
                let (cw, ch) = (sizes[rng.below(7)], sizes[rng.below(sizes.len())]);
                assert_as_copied(&want, &have, cw, ch);
            }
        }
    }

    /// The place of token `k` (1-based) of `text`, read `capacity` bytes at a time.
    fn place_of(text: &[u8], k: usize, capacity: usize) -> (usize, usize, Vec<u8>, usize) {
        let mut tokens = Tokens::new(reader(text, capacity));
        for _ in 0..k {
            tokens.next().unwrap().unwrap();
        }
        let p = tokens.place().unwrap();
        (p.line, p.column, p.text, p.at)
    }

    /// The place of token `k` (1-based) of `text`, as the copying streaming shows it.
    fn copied_place_of(text: &[u8], k: usize) -> (usize, usize, Vec<u8>, usize) {
        let mut tokens = copied::Tokens::new(text);
        let mut line = 0;
        for _ in 0..k {
            line = tokens.next().unwrap().unwrap().1;
        }
        let p = tokens.place(line).unwrap();
        (p.line, p.column, p.text, p.at)
    }

    /// The tokens of `text` with their lines, as the copying streaming reads them.
    fn copied_tokens(text: &[u8]) -> Vec<(Vec<u8>, usize)> {
        let mut tokens = copied::Tokens::new(text);
        let mut all = Vec::new();
        while let Some((t, line)) = tokens.next().unwrap() {
            all.push((t.to_vec(), line));
        }
        all
    }

    #[test]
    fn differences_at_the_first_and_the_last_token_across_buffer_boundaries() {
        let cases: [(&[u8], &[u8]); 8] = [
            (b"1 2 3\n", b"9 2 3\n"),
            (b"1 2 3\n", b"1 2 9\n"),
            (b"1 2 3", b"1 2 3 4"),
            (b"1 2 3 4", b"1 2 3"),
            (b"", b"x"),
            (b"x\n", b""),
            (
                b"\n\n  long_token_at_the_start",
                b"\n\n  long_token_at_the_stArt   \n",
            ),
            (b"a b\n\n  c\xe9d", b"a b\n\n  c\xe9e"),
        ];
        for (want, have) in cases {
            for cw in 0..8 {
                for ch in 0..8 {
                    assert_as_copied(want, have, cw, ch);
                    assert_as_copied(have, want, ch, cw);
                }
            }
        }
        let small = |w: &'static [u8], h: &'static [u8]| {
            token_difference(reader(w, 2), reader(h, 3), |w, h| w == h).unwrap()
        };
        assert_eq!(
            small(b"1 2 3\n", b"9 2 3\n").unwrap(),
            "token 1 (line 1, column 1): expected `1 2 3`, got `9 2 3`"
        );
        assert_eq!(
            small(b"1 2 3\n", b"1 2 39").unwrap(),
            "token 3 (line 1, column 5): expected `1 2 3`, got `1 2 39`"
        );
    }

    #[test]
    fn huge_tokens_are_read_whole() {
        let huge = vec![b'7'; 100_000];
        let mut other = huge.clone();
        *other.last_mut().unwrap() = b'8';
        let line = |t: &[u8]| [&b"x "[..], t, b" y\n"].concat();
        let (want, same, have) = (line(&huge), line(&huge), line(&other));
        for c in [1, 7, 4096, 0] {
            assert_eq!(all_tokens(&want, c).len(), 3);
            assert_eq!(all_tokens(&want, c)[1].0.len(), huge.len());
            let exact = |w: &[u8], h: &[u8]| w == h;
            assert_eq!(
                token_difference(reader(&want, c), reader(&same, 5), exact).unwrap(),
                None
            );
        }
        let said = token_difference(reader(&want, 3), reader(&have, 8192), |w, h| w == h)
            .unwrap()
            .unwrap();
        assert!(
            said.starts_with("token 2 (line 1, column 3): expected `x 777"),
            "{}",
            said
        );
        assert_as_copied(&want, &have, 1, 7);
        assert_as_copied(&want, &have[..50_000], 7, 1);
        assert_as_copied(&want, b"x 7 y", 4096, 0);
    }

    /// The token streaming as it was before it read tokens in place (a copy of the reader's
    /// buffer per token): the reference the tests hold the streaming to.
    mod copied {
        use std::io::{self, BufRead};

        /// Bytes of a line kept before a token, for the window of a difference.
        const KEPT_BEFORE: usize = 64;
        /// Bytes of a line read after a token, for the window of a difference.
        const READ_AFTER: usize = 64;

        /// The whitespace-separated tokens of a stream, one at a time, each with its line (1-based).
        /// It keeps the last [`KEPT_BEFORE`] bytes of the current line and the token's column, so
        /// that a difference can be shown in place ([`Tokens::place`]).
        pub(super) struct Tokens<R> {
            text: R,
            line: usize,
            token: Vec<u8>,
            /// The current line's last bytes, and its characters so far.
            recent: Vec<u8>,
            column: usize,
            /// Where the last token starts: its column (0-based, characters), and the line's bytes
            /// before it (at most [`KEPT_BEFORE`]).
            token_column: usize,
            before: Vec<u8>,
        }

        impl<R: BufRead> Tokens<R> {
            pub(super) fn new(text: R) -> Tokens<R> {
                Tokens {
                    text,
                    line: 1,
                    token: Vec::new(),
                    recent: Vec::new(),
                    column: 0,
                    token_column: 0,
                    before: Vec::new(),
                }
            }

            /// Keeps `b` as the current line's latest byte.
            fn keep(&mut self, b: u8) {
                if b & 0xC0 != 0x80 {
                    self.column += 1;
                }
                self.recent.push(b);
                if self.recent.len() > 2 * KEPT_BEFORE {
                    self.recent.drain(..self.recent.len() - KEPT_BEFORE);
                }
            }

            /// The next token and its line, or `None` at the end.
            pub(super) fn next(&mut self) -> io::Result<Option<(&[u8], usize)>> {
                self.token.clear();
                let mut line = self.line;
                loop {
                    let buf = self.text.fill_buf()?.to_vec();
                    if buf.is_empty() {
                        break;
                    }
                    let mut used = 0;
                    let mut done = false;
                    for &b in &buf {
                        if b.is_ascii_whitespace() {
                            if !self.token.is_empty() {
                                done = true;
                                break;
                            }
                            if b == b'\n' {
                                self.line += 1;
                                self.column = 0;
                                self.recent.clear();
                            } else {
                                self.keep(b);
                            }
                        } else {
                            if self.token.is_empty() {
                                line = self.line;
                                self.token_column = self.column;
                                let from = self.recent.len().saturating_sub(KEPT_BEFORE);
                                self.before = self.recent[from..].to_vec();
                            }
                            self.token.push(b);
                            self.keep(b);
                        }
                        used += 1;
                    }
                    self.text.consume(used);
                    if done {
                        break;
                    }
                }
                if self.token.is_empty() {
                    return Ok(None);
                }
                Ok(Some((&self.token[..], line)))
            }

            /// Where the last token is, for a message: its line, its column, and the text of its line
            /// around it (up to [`KEPT_BEFORE`] bytes before it, the rest of the line up to
            /// [`READ_AFTER`] bytes after it, read now) with the token's index in it.
            pub(super) fn place(&mut self, line: usize) -> io::Result<crate::judging::diff::Place> {
                let mut after = Vec::new();
                loop {
                    let buf = self.text.fill_buf()?;
                    let Some(&b) = buf.first() else {
                        break;
                    };
                    // Up to READ_AFTER bytes, then the rest of a character cut there.
                    let cut = after.len() >= READ_AFTER
                        && (b & 0xC0 != 0x80 || after.len() >= READ_AFTER + 3);
                    if b == b'\n' || cut {
                        break;
                    }
                    after.push(b);
                    self.text.consume(1);
                }
                let mut rest = self.token.clone();
                rest.extend_from_slice(&after);
                let mut text = self.before.clone();
                text.extend_from_slice(crate::judging::diff::trim_end(&rest));
                Ok(crate::judging::diff::Place {
                    line,
                    column: self.token_column,
                    at: self.before.len(),
                    text,
                })
            }
        }

        /// The first token pair that `same` refuses, or a token one side has and the other not,
        /// shown in place ([`crate::judging::diff::token_difference`]).
        pub(super) fn token_difference<E: BufRead, G: BufRead>(
            expected: E,
            got: G,
            same: impl Fn(&[u8], &[u8]) -> bool,
        ) -> io::Result<Option<String>> {
            let (mut want, mut have) = (Tokens::new(expected), Tokens::new(got));
            let mut index = 0;
            loop {
                index += 1;
                let (w, h) = (
                    want.next()?.map(|(_, line)| line),
                    have.next()?.map(|(_, line)| line),
                );
                match (w, h) {
                    (None, None) => return Ok(None),
                    (Some(_), Some(_)) if same(&want.token, &have.token) => continue,
                    _ => {}
                }
                let w = w.map(|line| want.place(line)).transpose()?;
                let h = h.map(|line| have.place(line)).transpose()?;
                return Ok(Some(crate::judging::diff::token_difference(index, w, h)));
            }
        }
    }
}
