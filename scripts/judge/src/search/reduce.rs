//! The edits a shrink tries on an input, smallest result first within each kind: an input
//! read as lines of whitespace-separated tokens, and the candidates one step away from it.
//!
//! Kinds, in the order a shrink tries them: remove runs of lines, halving the run's length
//! as ddmin does down to single lines; remove runs of tokens within a line, the same way;
//! bring integers toward zero (a value that repeats, everywhere at once; then each integer
//! alone): to 0, then by half of it, a quarter, ... one. A removal of `k` lines or
//! tokens is also tried with a count fixed: an integer before the removed run (on an earlier
//! line, nearest first, or earlier on the same line) made `k` smaller, as an array's `n`
//! must be for a validator to accept the array shortened.

/// An input as lines of tokens (whitespace-separated bytes); empty lines are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tokens {
    pub lines: Vec<Vec<Vec<u8>>>,
}

/// How many count tokens a removal is tried with, besides none.
const COUNT_FIXES: usize = 4;

impl Tokens {
    /// `input` split into lines (at `\n`; a `\r` before it and a last empty line dropped) and
    /// each line into tokens at ASCII whitespace.
    pub fn read(input: &[u8]) -> Tokens {
        let mut lines: Vec<Vec<Vec<u8>>> = input
            .split(|&b| b == b'\n')
            .map(|line| {
                line.split(|b| b.is_ascii_whitespace())
                    .filter(|t| !t.is_empty())
                    .map(<[u8]>::to_vec)
                    .collect()
            })
            .collect();
        if input.ends_with(b"\n") || input.is_empty() {
            lines.pop();
        }
        Tokens { lines }
    }

    /// The input again: tokens joined by one space, each line ended by `\n`.
    pub fn render(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for line in &self.lines {
            out.extend_from_slice(&line.join(&b' '));
            out.push(b'\n');
        }
        out
    }

    /// How many tokens the input has.
    pub fn count(&self) -> usize {
        self.lines.iter().map(Vec::len).sum()
    }

    /// Every candidate one edit away, in the order a shrink tries them: [`Tokens::removals`],
    /// then [`Tokens::smaller`]. Candidates may repeat; the caller skips what it has tried.
    pub fn candidates(&self) -> Vec<Tokens> {
        let mut out = self.removals();
        out.extend(self.smaller());
        out
    }

    /// The removals one edit away: line runs, then token runs of a line, each alone and with
    /// a count fixed ([`Tokens`]'s module doc). Cost: O(lines + tokens) candidates per run
    /// length, each O(input) to make.
    pub fn removals(&self) -> Vec<Tokens> {
        let mut out = Vec::new();
        self.line_removals(&mut out);
        self.token_removals(&mut out);
        out
    }

    /// The integers one edit smaller: a repeated value everywhere at once, then each integer
    /// alone, along [`ladder`]. Cost: O(tokens * log |x|) candidates, each O(input) to make.
    pub fn smaller(&self) -> Vec<Tokens> {
        let mut out = Vec::new();
        self.smaller_numbers(&mut out);
        out
    }

    /// Runs of lines removed, longest runs first, each alone and with a count fixed.
    fn line_removals(&self, out: &mut Vec<Tokens>) {
        let n = self.lines.len();
        for size in run_lengths(n) {
            for start in (0..n).step_by(size) {
                let end = (start + size).min(n);
                let mut cut = self.clone();
                cut.lines.drain(start..end);
                let removed = (end - start) as i128;
                let counts = self.counts_before(start, 0);
                out.push(cut.clone());
                for (l, t) in counts {
                    if let Some(fixed) = cut.minus(l, t, removed) {
                        out.push(fixed);
                    }
                }
            }
        }
    }

    /// Runs of tokens of one line removed, longest runs first, each alone and with a count
    /// fixed (on an earlier line, or earlier on the same line).
    fn token_removals(&self, out: &mut Vec<Tokens>) {
        for (l, line) in self.lines.iter().enumerate() {
            let m = line.len();
            if m < 2 {
                continue;
            }
            for size in run_lengths(m) {
                for start in (0..m).step_by(size) {
                    let end = (start + size).min(m);
                    if end - start == m {
                        continue;
                    }
                    let mut cut = self.clone();
                    cut.lines[l].drain(start..end);
                    out.push(cut.clone());
                    for (cl, ct) in self.counts_before(l, start) {
                        if let Some(fixed) = cut.minus(cl, ct, (end - start) as i128) {
                            out.push(fixed);
                        }
                    }
                }
            }
        }
    }

    /// Each value that appears more than once brought toward zero everywhere at once (a
    /// secret equal to its range's top stays at the top), then each integer alone: along
    /// [`ladder`].
    fn smaller_numbers(&self, out: &mut Vec<Tokens>) {
        let mut repeated: Vec<i128> = Vec::new();
        let mut seen: Vec<i128> = Vec::new();
        for x in self.lines.iter().flatten().filter_map(|t| integer(t)) {
            if seen.contains(&x) {
                if !repeated.contains(&x) && x != 0 {
                    repeated.push(x);
                }
            } else {
                seen.push(x);
            }
        }
        for &x in &repeated {
            for y in ladder(x) {
                let mut next = self.clone();
                for token in next.lines.iter_mut().flatten() {
                    if integer(token) == Some(x) {
                        *token = y.to_string().into_bytes();
                    }
                }
                out.push(next);
            }
        }
        for (l, line) in self.lines.iter().enumerate() {
            for (t, token) in line.iter().enumerate() {
                let Some(x) = integer(token) else { continue };
                for y in ladder(x) {
                    let mut next = self.clone();
                    next.lines[l][t] = y.to_string().into_bytes();
                    out.push(next);
                }
            }
        }
    }

    /// Where a count of what starts at line `line`, token `token` may be: integer tokens
    /// before it on the same line (nearest first), then on earlier lines (the nearest line
    /// first, each line's tokens from its start); at most [`COUNT_FIXES`].
    fn counts_before(&self, line: usize, token: usize) -> Vec<(usize, usize)> {
        let mut found = Vec::new();
        if let Some(same) = self.lines.get(line) {
            for t in (0..token.min(same.len())).rev() {
                if integer(&same[t]).is_some() {
                    found.push((line, t));
                }
            }
        }
        for l in (0..line).rev() {
            for (t, tok) in self.lines[l].iter().enumerate() {
                if integer(tok).is_some() {
                    found.push((l, t));
                }
            }
        }
        found.truncate(COUNT_FIXES);
        found
    }

    /// This input with the integer at line `l`, token `t` made `k` smaller, if it stays at
    /// least 0.
    fn minus(&self, l: usize, t: usize, k: i128) -> Option<Tokens> {
        let x = integer(self.lines.get(l)?.get(t)?)?;
        if x < k {
            return None;
        }
        let mut next = self.clone();
        next.lines[l][t] = (x - k).to_string().into_bytes();
        Some(next)
    }
}

/// The run lengths ddmin tries on `n` items: `n / 2`, `n / 4`, ... down to 1 (and `n` itself
/// when it is 1).
fn run_lengths(n: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    if n == 0 {
        return sizes;
    }
    let mut size = (n / 2).max(1);
    loop {
        sizes.push(size);
        if size == 1 {
            return sizes;
        }
        size /= 2;
    }
}

/// The values `x` is brought toward, nearest zero first: 0, then `x` less half of it, a
/// quarter, ... down to one, so that a value that must stay large still comes down to its
/// threshold in O(log |x|) steps.
fn ladder(x: i128) -> Vec<i128> {
    let mut out = Vec::new();
    if x == 0 {
        return out;
    }
    out.push(0);
    let mut d = x.abs() / 2;
    while d >= 1 {
        let y = x - x.signum() * d;
        if !out.contains(&y) {
            out.push(y);
        }
        d /= 2;
    }
    if !out.contains(&(x - x.signum())) {
        out.push(x - x.signum());
    }
    out
}

/// A token read as a decimal integer (an optional `-`, digits, no leading `+`), if it is one.
fn integer(token: &[u8]) -> Option<i128> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    if digits.is_empty() || digits.len() > 30 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(token).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &Tokens) -> String {
        String::from_utf8(t.render()).unwrap()
    }

    #[test]
    fn reads_and_renders_lines_of_tokens() {
        let t = Tokens::read(b"3\r\n1  -2\t3\n\nx\n");
        assert_eq!(t.lines.len(), 4);
        assert_eq!(t.count(), 5);
        assert_eq!(text(&t), "3\n1 -2 3\n\nx\n");
        assert_eq!(Tokens::read(b"5").render(), b"5\n");
        assert_eq!(Tokens::read(b"").count(), 0);
    }

    #[test]
    fn a_removal_comes_with_its_count_fixed() {
        let t = Tokens::read(b"3\n1 2 3\n");
        let all: Vec<String> = t.candidates().iter().map(text).collect();
        // One element gone, and n one smaller with it.
        assert!(all.contains(&"2\n1 3\n".to_string()), "{:?}", all);
        assert!(all.contains(&"2\n2 3\n".to_string()), "{:?}", all);
        assert!(all.contains(&"3\n1 3\n".to_string()), "{:?}", all);
        // Numbers toward zero.
        assert!(all.contains(&"0\n1 2 3\n".to_string()), "{:?}", all);
        assert!(all.contains(&"3\n1 1 3\n".to_string()), "{:?}", all);
        // A count on the same line, before the run: `n a1 a2 a3`.
        let same = Tokens::read(b"3 7 8 9\n");
        let all: Vec<String> = same.candidates().iter().map(text).collect();
        assert!(all.contains(&"2 7 9\n".to_string()), "{:?}", all);
        // Lines: an edge list and its count.
        let tree = Tokens::read(b"3\n1 2\n1 3\n");
        let all: Vec<String> = tree.candidates().iter().map(text).collect();
        assert!(all.contains(&"2\n1 2\n".to_string()), "{:?}", all);
    }

    #[test]
    fn runs_halve_down_to_one_and_numbers_only_shrink() {
        assert_eq!(run_lengths(8), [4, 2, 1]);
        assert_eq!(run_lengths(1), [1]);
        assert!(run_lengths(0).is_empty());
        assert_eq!(integer(b"-17"), Some(-17));
        assert_eq!(integer(b"+1"), None);
        assert_eq!(integer(b"1e9"), None);
        let t = Tokens::read(b"-5\n");
        let all: Vec<String> = t.candidates().iter().map(text).collect();
        assert_eq!(all, ["", "0\n", "-3\n", "-4\n"]);
        assert_eq!(
            ladder(1_000),
            [0, 500, 750, 875, 938, 969, 985, 993, 997, 999]
        );
        // A secret at the top of its range comes down with it.
        let guess = Tokens::read(b"50 50\n");
        let all: Vec<String> = guess.candidates().iter().map(text).collect();
        assert!(all.contains(&"25 25\n".to_string()), "{:?}", all);
    }
}
