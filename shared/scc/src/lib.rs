//! Strongly connected components of a directed graph in topological order (ACL's SccGraph).
//!
//! ```
//! let mut g = scc::SccGraph::new(4);
//! g.add_edge(0, 1);
//! g.add_edge(1, 0);
//! g.add_edge(1, 2);
//! g.add_edge(3, 2);
//! let groups = g.scc();
//! // Every edge goes from an earlier group to a later one (or inside a group).
//! assert_eq!(groups, [vec![3], vec![0, 1], vec![2]]);
//! ```

/// A directed graph on vertices `0..n`, collecting edges for [`SccGraph::scc`].
#[derive(Clone, Debug, Default)]
pub struct SccGraph {
    n: usize,
    edges: Vec<(usize, usize)>,
}

impl SccGraph {
    /// A graph with `n` vertices and no edges. O(n).
    pub fn new(n: usize) -> Self {
        SccGraph { n, edges: vec![] }
    }

    /// Adds the edge `from -> to` (loops and parallel edges allowed). Amortized O(1).
    ///
    /// # Panics
    /// When `from` or `to` is not below n.
    pub fn add_edge(&mut self, from: usize, to: usize) {
        assert!(from < self.n && to < self.n, "vertex out of range");
        self.edges.push((from, to));
    }

    /// The number of components and each vertex's component id; ids are in topological
    /// order: an edge `u -> v` has `id[u] <= id[v]`. O(n + m), iterative (Tarjan): no
    /// recursion, any depth.
    pub fn scc_ids(&self) -> (usize, Vec<usize>) {
        let n = self.n;
        // CSR adjacency.
        let mut start = vec![0; n + 1];
        for &(u, _) in &self.edges {
            start[u + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut it = start.clone();
        let mut adj = vec![0; self.edges.len()];
        for &(u, v) in &self.edges {
            adj[it[u]] = v;
            it[u] += 1;
        }
        it.copy_from_slice(&start);
        // ord[v]: preorder number, n once v has its component (so it lowers no low link).
        const NONE: usize = usize::MAX;
        let mut ord = vec![NONE; n];
        let mut low = vec![0; n];
        let mut ids = vec![0; n];
        let mut visited = Vec::with_capacity(n);
        let mut stack = Vec::with_capacity(n);
        let (mut now, mut groups) = (0, 0);
        for root in 0..n {
            if ord[root] != NONE {
                continue;
            }
            ord[root] = now;
            low[root] = now;
            now += 1;
            visited.push(root);
            stack.push(root);
            while let Some(&v) = stack.last() {
                if it[v] < start[v + 1] {
                    let to = adj[it[v]];
                    it[v] += 1;
                    if ord[to] == NONE {
                        ord[to] = now;
                        low[to] = now;
                        now += 1;
                        visited.push(to);
                        stack.push(to);
                    } else if ord[to] < low[v] {
                        low[v] = ord[to];
                    }
                    continue;
                }
                stack.pop();
                if low[v] == ord[v] {
                    while let Some(u) = visited.pop() {
                        ord[u] = n;
                        ids[u] = groups;
                        if u == v {
                            break;
                        }
                    }
                    groups += 1;
                }
                if let Some(&p) = stack.last() {
                    low[p] = low[p].min(low[v]);
                }
            }
        }
        // Tarjan closes components sinks first: reverse for topological order.
        for x in &mut ids {
            *x = groups - 1 - *x;
        }
        (groups, ids)
    }

    /// The strongly connected components, in topological order: for an edge `u -> v`, u's
    /// component comes no later than v's. Vertices inside a component in increasing order.
    /// O(n + m).
    pub fn scc(&self) -> Vec<Vec<usize>> {
        let (groups, ids) = self.scc_ids();
        let mut count = vec![0; groups];
        for &x in &ids {
            count[x] += 1;
        }
        let mut res: Vec<Vec<usize>> = count.into_iter().map(Vec::with_capacity).collect();
        for (v, &x) in ids.iter().enumerate() {
            res[x].push(v);
        }
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    fn closure(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<bool>> {
        let mut r = vec![vec![false; n]; n];
        for (i, row) in r.iter_mut().enumerate() {
            row[i] = true;
        }
        for &(u, v) in edges {
            r[u][v] = true;
        }
        for k in 0..n {
            let via = r[k].clone();
            for row in r.iter_mut() {
                if row[k] {
                    for (x, &y) in row.iter_mut().zip(&via) {
                        *x |= y;
                    }
                }
            }
        }
        r
    }

    #[test]
    fn random_against_closure() {
        let mut rng = Rng::new(5);
        for _ in 0..2000 {
            let n = rng.below(12);
            let m = if n == 0 { 0 } else { rng.below(3 * n + 1) };
            let mut g = SccGraph::new(n);
            let mut edges = vec![];
            for _ in 0..m {
                let e = (rng.below(n), rng.below(n));
                g.add_edge(e.0, e.1);
                edges.push(e);
            }
            let r = closure(n, &edges);
            let groups = g.scc();
            let (k, ids) = g.scc_ids();
            assert_eq!(k, groups.len());
            let mut seen = vec![false; n];
            for (i, grp) in groups.iter().enumerate() {
                assert!(!grp.is_empty());
                assert!(grp.windows(2).all(|w| w[0] < w[1]));
                for &v in grp {
                    assert!(!seen[v]);
                    seen[v] = true;
                    assert_eq!(ids[v], i);
                }
            }
            assert!(seen.iter().all(|&s| s));
            for u in 0..n {
                for v in 0..n {
                    assert_eq!(ids[u] == ids[v], r[u][v] && r[v][u]);
                }
            }
            for &(u, v) in &edges {
                assert!(ids[u] <= ids[v]);
            }
        }
    }

    #[test]
    fn long_path_and_cycle_need_no_recursion() {
        let n = 500_000;
        let mut g = SccGraph::new(n);
        for i in 1..n {
            g.add_edge(i - 1, i);
        }
        let (k, ids) = g.scc_ids();
        assert_eq!(k, n);
        assert!(ids.iter().enumerate().all(|(i, &x)| x == i));
        g.add_edge(n - 1, 0);
        assert_eq!(g.scc().len(), 1);
    }

    #[test]
    fn empty_graph() {
        assert!(SccGraph::new(0).scc().is_empty());
        assert_eq!(SccGraph::new(3).scc().len(), 3);
    }
}
