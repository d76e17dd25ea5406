//! two_sat-check: judge INPUT OUTPUT EXPECTED. Accepts (exit 0) the expected verdict and, when
//! satisfiable, an assignment that satisfies every clause; else exit 1 and the reason.

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
    inp.word();
    inp.word();
    let (n, m) = (inp.int(1, 1 << 30), inp.int(0, 1 << 30));
    let clauses: Vec<(i64, i64)> = (0..m)
        .map(|_| {
            let c = (inp.int(-n, n), inp.int(-n, n));
            inp.int(0, 0);
            c
        })
        .collect();
    let mut exp = Tokens::open(&expected, false);
    exp.word();
    let want = exp.word().to_string();
    let mut out = Tokens::open(&output, true);
    if out.word() != "s" {
        fail("the output does not start with `s`");
    }
    let got = out.word().to_string();
    if got != want {
        fail(&format!("`{}`, expected `{}`", got, want));
    }
    if got == "SATISFIABLE" {
        if out.word() != "v" {
            fail("the assignment does not start with `v`");
        }
        let mut value = vec![false; n as usize + 1];
        for i in 1..=n {
            let x = out.int(-n, n);
            if x.abs() != i {
                fail(&format!("value {} is {}, expected {} or -{}", i, x, i, i));
            }
            value[i as usize] = x > 0;
        }
        out.int(0, 0);
        let holds = |x: i64| value[x.unsigned_abs() as usize] == (x > 0);
        if let Some(&(a, b)) = clauses.iter().find(|&&(a, b)| !holds(a) && !holds(b)) {
            fail(&format!("clause {} {} is false", a, b));
        }
    } else if got != "UNSATISFIABLE" {
        fail(&format!(
            "`{}` is neither SATISFIABLE nor UNSATISFIABLE",
            got
        ));
    }
    out.end();
}
