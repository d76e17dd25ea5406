//! assignment-check: judge INPUT OUTPUT EXPECTED. Accepts (exit 0) a permutation whose cost is
//! the printed one and as low as the expected one; else exit 1 and the reason on stdout.

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
    let n = inp.int(1, 1 << 20) as usize;
    let a: Vec<i64> = (0..n * n)
        .map(|_| inp.int(-1_000_000_000, 1_000_000_000))
        .collect();
    let want = Tokens::open(&expected, false).int(i64::MIN, i64::MAX);
    let mut out = Tokens::open(&output, true);
    let x = out.int(i64::MIN, i64::MAX);
    if x != want {
        fail(&format!("cost {}, the minimum is {}", x, want));
    }
    let mut used = vec![false; n];
    let mut sum = 0;
    for i in 0..n {
        let p = out.int(0, n as i64 - 1) as usize;
        if std::mem::replace(&mut used[p], true) {
            fail(&format!("column {} is used twice", p));
        }
        sum += a[i * n + p];
    }
    out.end();
    if sum != x {
        fail(&format!(
            "the permutation costs {}, not the printed {}",
            sum, x
        ));
    }
}
