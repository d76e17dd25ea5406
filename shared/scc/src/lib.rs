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
#[derive(Clone, Default)]
pub struct SccGraph {
    n: usize,
    edges: Vec<(u32, u32)>,
}

impl SccGraph {
    /// A graph with `n` vertices and no edges. O(1).
    ///
    /// # Panics
    /// When `n >= 2^32 - 1` (vertices and edge counts are held in 32 bits).
    pub fn new(n: usize) -> Self {
        assert!(n < u32::MAX as usize);
        Self { n, edges: vec![] }
    }

    /// Adds the edge `from -> to` (loops and parallel edges allowed; fewer than 2^32 edges
    /// in all). Amortized O(1).
    ///
    /// # Panics
    /// When `from` or `to` is not below n.
    pub fn add_edge(&mut self, from: usize, to: usize) {
        assert!(from < self.n && to < self.n);
        self.edges.push((from as u32, to as u32));
    }

    /// The number of components and each vertex's component id; ids are in topological
    /// order: an edge `u -> v` has `id[u] <= id[v]`. O(n + m), iterative (Tarjan): no
    /// recursion, any depth.
    pub fn scc_ids(&self) -> (usize, Vec<usize>) {
        let (groups, ids) = self.ids();
        (groups, ids.into_iter().map(|x| x as usize).collect())
    }

    /// [`SccGraph::scc_ids`] in 32 bits.
    fn ids(&self) -> (usize, Vec<u32>) {
        let n = self.n;
        // CSR adjacency, 32-bit: half the cache footprint of usize. start[u] counts up to
        // u's end, then the edges, placed last to first, move it down to u's start.
        let mut start = vec![0u32; n + 1];
        for &(u, _) in &self.edges {
            start[u as usize] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut adj = vec![0u32; self.edges.len()];
        for &(u, v) in self.edges.iter().rev() {
            let f = &mut start[u as usize];
            *f -= 1;
            adj[*f as usize] = v;
        }
        // ord[v]: preorder number, n once v has its component (so it lowers no low link).
        const NONE: u32 = u32::MAX;
        let mut ord = vec![NONE; n];
        let mut ids = vec![0u32; n];
        let mut visited = vec![];
        // The DFS path above the current vertex: (vertex, its next arc, its low link). The
        // current vertex's own three live in locals.
        let mut frames: Vec<(u32, u32, u32)> = vec![];
        let (mut now, mut groups) = (0, 0u32);
        for root in 0..n {
            if ord[root] != NONE {
                continue;
            }
            let (mut v, mut i, mut end, mut low) = (root, start[root], start[root + 1], now);
            ord[v] = now;
            now += 1;
            visited.push(v as u32);
            loop {
                if i < end {
                    let to = adj[i as usize] as usize;
                    i += 1;
                    let o = ord[to];
                    if o == NONE {
                        frames.push((v as u32, i, low));
                        v = to;
                        i = start[to];
                        end = start[to + 1];
                        low = now;
                        ord[to] = now;
                        now += 1;
                        visited.push(to as u32);
                    } else if o < low {
                        low = o;
                    }
                    continue;
                }
                if low == ord[v] {
                    while let Some(u) = visited.pop() {
                        ord[u as usize] = n as u32;
                        ids[u as usize] = groups;
                        if u as usize == v {
                            break;
                        }
                    }
                    groups += 1;
                }
                match frames.pop() {
                    None => break,
                    Some((p, pi, pl)) => {
                        v = p as usize;
                        i = pi;
                        end = start[v + 1];
                        low = pl.min(low);
                    }
                }
            }
        }
        // Tarjan closes components sinks first: reverse for topological order.
        for x in &mut ids {
            *x = groups - 1 - *x;
        }
        (groups as usize, ids)
    }

    /// The strongly connected components, in topological order: for an edge `u -> v`, u's
    /// component comes no later than v's. Vertices inside a component in increasing order.
    /// O(n + m).
    pub fn scc(&self) -> Vec<Vec<usize>> {
        let (groups, ids) = self.ids();
        let mut count = vec![0; groups];
        for &x in &ids {
            count[x as usize] += 1;
        }
        let mut res: Vec<Vec<usize>> = count.into_iter().map(Vec::with_capacity).collect();
        for (v, &x) in ids.iter().enumerate() {
            res[x as usize].push(v);
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
