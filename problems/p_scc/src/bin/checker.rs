//! p_scc-check: judge INPUT OUTPUT EXPECTED. Accepts (exit 0) a partition of the vertices into
//! strongly connected groups with every edge going forward or inside a group (so the groups
//! are the components, in topological order); else exit 1 and the reason on stdout.

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

/// Whether every vertex of `grp` reaches grp[0] and is reached from it along `adj` edges
/// that stay in the group.
fn strongly_connected(
    grp: &[usize],
    comp: &[usize],
    adj: &[Vec<usize>],
    radj: &[Vec<usize>],
) -> bool {
    let c = comp[grp[0]];
    [adj, radj].iter().all(|g| {
        let mut seen = std::collections::HashSet::new();
        seen.insert(grp[0]);
        let mut stack = vec![grp[0]];
        while let Some(v) = stack.pop() {
            for &u in &g[v] {
                if comp[u] == c && seen.insert(u) {
                    stack.push(u);
                }
            }
        }
        seen.len() == grp.len()
    })
}

fn main() {
    let [input, output, expected] = args();
    let mut inp = Tokens::open(&input, false);
    let (n, m) = (inp.int(1, 1 << 30) as usize, inp.int(0, 1 << 30));
    let (mut adj, mut radj) = (vec![vec![]; n], vec![vec![]; n]);
    let mut edges = vec![];
    for _ in 0..m {
        let (a, b) = (
            inp.int(0, n as i64 - 1) as usize,
            inp.int(0, n as i64 - 1) as usize,
        );
        adj[a].push(b);
        radj[b].push(a);
        edges.push((a, b));
    }
    let want = Tokens::open(&expected, false).int(1, n as i64);
    let mut out = Tokens::open(&output, true);
    let k = out.int(1, n as i64) as usize;
    if k as i64 != want {
        fail(&format!("{} components, there are {}", k, want));
    }
    const NONE: usize = usize::MAX;
    let mut comp = vec![NONE; n];
    let mut groups = vec![];
    for c in 0..k {
        let len = out.int(1, n as i64) as usize;
        let mut grp = vec![];
        for _ in 0..len {
            let v = out.int(0, n as i64 - 1) as usize;
            if comp[v] != NONE {
                fail(&format!("vertex {} is in two components", v));
            }
            comp[v] = c;
            grp.push(v);
        }
        groups.push(grp);
    }
    out.end();
    if let Some(v) = comp.iter().position(|&c| c == NONE) {
        fail(&format!("vertex {} is in no component", v));
    }
    if let Some(&(a, b)) = edges.iter().find(|&&(a, b)| comp[a] > comp[b]) {
        fail(&format!(
            "edge {} -> {} goes back from component {} to {}",
            a, b, comp[a], comp[b]
        ));
    }
    for (c, grp) in groups.iter().enumerate() {
        if !strongly_connected(grp, &comp, &adj, &radj) {
            fail(&format!("component {} is not strongly connected", c));
        }
    }
}
