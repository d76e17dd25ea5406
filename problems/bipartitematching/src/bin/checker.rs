//! bipartitematching-check: judge INPUT OUTPUT EXPECTED. Accepts (exit 0) a matching of the
//! input's edges as large as the expected one; else exit 1 and the reason on stdout.

use std::process::exit;

/// The whitespace-separated tokens of a file, read one at a time.
struct Tokens {
    toks: Vec<String>,
    next: usize,
    /// Whose file: the output's faults are WA (exit 1), the others' exit 2.
    output: bool,
}

impl Tokens {
    fn open(path: &str, output: bool) -> Tokens {
        let text = std::fs::read(path).unwrap_or_else(|e| {
            println!("cannot read {}: {}", path, e);
            exit(2)
        });
        let toks = String::from_utf8_lossy(&text)
            .split_ascii_whitespace()
            .map(String::from)
            .collect();
        Tokens {
            toks,
            next: 0,
            output,
        }
    }

    fn fail(&self, what: &str) -> ! {
        println!(
            "{}{}",
            if self.output {
                ""
            } else {
                "bad input or answer file: "
            },
            what
        );
        exit(if self.output { 1 } else { 2 })
    }

    fn word(&mut self) -> &str {
        if self.next == self.toks.len() {
            self.fail("the output ends early");
        }
        self.next += 1;
        &self.toks[self.next - 1]
    }

    /// The next token as an integer in `lo..=hi`.
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        let w = self.word().to_string();
        match w.parse::<i64>() {
            Ok(v) if lo <= v && v <= hi => v,
            _ => self.fail(&format!(
                "token {}: expected an integer in {}..={}, found `{}`",
                self.next, lo, hi, w
            )),
        }
    }

    fn end(&self) {
        if self.next != self.toks.len() {
            self.fail(&format!("extra tokens from token {}", self.next + 1));
        }
    }
}

fn fail(what: &str) -> ! {
    println!("{}", what);
    exit(1)
}

fn args() -> [String; 3] {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() != 3 {
        println!("usage: checker INPUT OUTPUT EXPECTED");
        exit(2);
    }
    [a[0].clone(), a[1].clone(), a[2].clone()]
}

fn main() {
    let [input, output, expected] = args();
    let mut inp = Tokens::open(&input, false);
    let (l, r, m) = (
        inp.int(1, 1 << 30),
        inp.int(1, 1 << 30),
        inp.int(0, 1 << 30),
    );
    let mut edges = std::collections::HashSet::new();
    for _ in 0..m {
        edges.insert((inp.int(0, l - 1), inp.int(0, r - 1)));
    }
    let want = Tokens::open(&expected, false).int(0, l.min(r));
    let mut out = Tokens::open(&output, true);
    let k = out.int(0, l.min(r));
    if k != want {
        fail(&format!(
            "a matching of {} edges, the maximum is {}",
            k, want
        ));
    }
    let (mut left, mut right) = (vec![false; l as usize], vec![false; r as usize]);
    for _ in 0..k {
        let (a, b) = (out.int(0, l - 1), out.int(0, r - 1));
        if !edges.contains(&(a, b)) {
            fail(&format!("{} {} is not an edge", a, b));
        }
        if std::mem::replace(&mut left[a as usize], true)
            || std::mem::replace(&mut right[b as usize], true)
        {
            fail(&format!(
                "edge {} {} shares a vertex with an earlier one",
                a, b
            ));
        }
    }
    out.end();
}
