//! bipartitematching-check: judge INPUT OUTPUT EXPECTED. Accepts (exit 0) a matching of the
//! input's edges as large as the expected one; else exit 1 and the reason on stdout.

use testkit::checker::{args, reject, Role, Tokens};

fn main() {
    let [input, output, expected] = args();
    let mut inp = Tokens::open(&input, Role::Input);
    let (l, r, m) = (
        inp.int(1, 1 << 30),
        inp.int(1, 1 << 30),
        inp.int(0, 1 << 30),
    );
    let mut edges = std::collections::HashSet::new();
    for _ in 0..m {
        edges.insert((inp.int(0, l - 1), inp.int(0, r - 1)));
    }
    let want = Tokens::open(&expected, Role::Answer).int(0, l.min(r));
    let mut out = Tokens::open(&output, Role::Output);
    let k = out.int(0, l.min(r));
    if k != want {
        reject(&format!(
            "a matching of {} edges, the maximum is {}",
            k, want
        ));
    }
    let (mut left, mut right) = (vec![false; l as usize], vec![false; r as usize]);
    for _ in 0..k {
        let (a, b) = (out.int(0, l - 1), out.int(0, r - 1));
        if !edges.contains(&(a, b)) {
            reject(&format!("{} {} is not an edge", a, b));
        }
        if std::mem::replace(&mut left[a as usize], true)
            || std::mem::replace(&mut right[b as usize], true)
        {
            reject(&format!(
                "edge {} {} shares a vertex with an earlier one",
                a, b
            ));
        }
    }
    out.end();
}
