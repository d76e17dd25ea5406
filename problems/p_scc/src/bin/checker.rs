//! p_scc-check: judge INPUT OUTPUT EXPECTED. Accepts (exit 0) a partition of the vertices into
//! strongly connected groups with every edge going forward or inside a group (so the groups
//! are the components, in topological order); else exit 1 and the reason on stdout.

use testkit::checker::{args, reject, Role, Tokens};

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
    let mut inp = Tokens::open(&input, Role::Input);
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
    let want = Tokens::open(&expected, Role::Answer).int(1, n as i64);
    let mut out = Tokens::open(&output, Role::Output);
    let k = out.int(1, n as i64) as usize;
    if k as i64 != want {
        reject(&format!("{} components, there are {}", k, want));
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
                reject(&format!("vertex {} is in two components", v));
            }
            comp[v] = c;
            grp.push(v);
        }
        groups.push(grp);
    }
    out.end();
    if let Some(v) = comp.iter().position(|&c| c == NONE) {
        reject(&format!("vertex {} is in no component", v));
    }
    if let Some(&(a, b)) = edges.iter().find(|&&(a, b)| comp[a] > comp[b]) {
        reject(&format!(
            "edge {} -> {} goes back from component {} to {}",
            a, b, comp[a], comp[b]
        ));
    }
    for (c, grp) in groups.iter().enumerate() {
        if !strongly_connected(grp, &comp, &adj, &radj) {
            reject(&format!("component {} is not strongly connected", c));
        }
    }
}
