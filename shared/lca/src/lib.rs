//! Lowest common ancestors in O(1) per query: DFS preorder plus a sparse table of parents.
//!
//! ```
//! // 0 is the root; 1 and 2 its children; 3 below 1.
//! let t = lca::Lca::from_parents(&[0, 0, 0, 1], 0);
//! assert_eq!(t.lca(3, 2), 0);
//! assert_eq!(t.lca(3, 1), 1);
//! assert_eq!(t.depth(3), 2);
//! assert_eq!(t.dist(3, 2), 3);
//! ```

/// A rooted tree on vertices `0..n`, ready for lowest-common-ancestor queries.
#[derive(Clone)]
pub struct Lca {
    /// tin[v]: v's preorder index.
    tin: Vec<u32>,
    /// order[i]: the vertex with preorder index i.
    order: Vec<u32>,
    depth: Vec<u32>,
    /// table[k][i]: min over j in i..i + 2^k of tin[parent(order[j])].
    table: Vec<Vec<u32>>,
}

impl Lca {
    /// The tree of `n` vertices with the given undirected `edges` (n - 1 of them), rooted at
    /// `root`. O(n log n) time and memory (iterative DFS: any depth).
    ///
    /// # Panics
    /// When `root` or an endpoint is not below n, or the edges do not form a tree.
    pub fn new(n: usize, edges: &[(usize, usize)], root: usize) -> Self {
        assert!(edges.len() + 1 == n);
        let e = edges.iter();
        Self::build(n, root, e.clone().copied().chain(e.map(|&(u, v)| (v, u))))
    }

    /// The tree rooted at `root` in which `parent[v]` is v's parent for every `v != root`
    /// (`parent[root]` is ignored). O(n log n) time and memory.
    ///
    /// # Panics
    /// When `root` or a parent is not below n, or the parents do not form a tree.
    pub fn from_parents(parent: &[usize], root: usize) -> Self {
        let n = parent.len();
        Self::build(
            n,
            root,
            (0..n).filter(|&v| v != root).map(|v| (parent[v], v)),
        )
    }

    /// Preorder by an explicit stack over CSR neighbours (children only, unless
    /// `undirected`, where the parent is skipped), then the sparse table.
    /// The tree with each arc `(u, v)` of `arcs` in u's adjacency; an arc back to a vertex's
    /// parent is skipped, so either both directions of each edge or parent-to-child arcs.
    fn build(n: usize, root: usize, arcs: impl Iterator<Item = (usize, usize)> + Clone) -> Self {
        assert!(root < n);
        let mut start = vec![0; n + 1];
        for (u, _) in arcs.clone() {
            start[u + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut adj = vec![0; start[n]];
        for (u, v) in arcs {
            adj[fill[u]] = v;
            fill[u] += 1;
        }
        const NONE: u32 = u32::MAX;
        let mut tin = vec![NONE; n];
        let mut order = vec![];
        let mut depth = vec![0; n];
        let mut par = vec![0u32; n];
        // First row: tin of each preorder position's parent (the root's own, never read).
        let mut row = vec![];
        let mut stack = vec![root as u32];
        par[root] = root as u32;
        while let Some(v) = stack.pop() {
            let v = v as usize;
            assert!(tin[v] == NONE, "not a tree");
            tin[v] = order.len() as u32;
            order.push(v as u32);
            let p = par[v] as usize;
            row.push(tin[p]);
            for &c in &adj[start[v]..start[v + 1]] {
                // With parent-to-child arcs, c == p only on a cycle away from the root,
                // which the count below catches.
                if c != p {
                    par[c] = v as u32;
                    depth[c] = depth[v] + 1;
                    stack.push(c as u32);
                }
            }
        }
        assert!(order.len() == n, "not a tree");
        let mut table = vec![row];
        let mut k = 1;
        while 2 * k < n {
            let prev = table.last().unwrap();
            let next: Vec<u32> = prev
                .iter()
                .zip(&prev[k..])
                .map(|(&a, &b)| a.min(b))
                .collect();
            table.push(next);
            k *= 2;
        }
        Lca {
            tin,
            order,
            depth,
            table,
        }
    }

    /// The lowest common ancestor of `u` and `v`. O(1).
    ///
    /// # Panics
    /// When `u` or `v` is not below n.
    pub fn lca(&self, u: usize, v: usize) -> usize {
        if u == v {
            return u;
        }
        let (a, b) = (self.tin[u], self.tin[v]);
        // The parents over preorder positions (min, max]: the shallowest is the answer.
        let (l, r) = if a < b {
            (a + 1, b + 1)
        } else {
            (b + 1, a + 1)
        };
        let (l, r) = (l as usize, r as usize);
        let k = (usize::BITS - 1 - (r - l).leading_zeros()) as usize;
        let t = &self.table[k];
        self.order[t[l].min(t[r - (1 << k)]) as usize] as usize
    }

    /// The depth of `v` (the root's is 0). O(1).
    pub fn depth(&self, v: usize) -> usize {
        self.depth[v] as usize
    }

    /// The number of edges on the path between `u` and `v`. O(1).
    pub fn dist(&self, u: usize, v: usize) -> usize {
        self.depth(u) + self.depth(v) - 2 * self.depth(self.lca(u, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    fn naive(par: &[usize], root: usize, mut u: usize, mut v: usize) -> usize {
        let depth = |mut x: usize| {
            let mut d = 0;
            while x != root {
                x = par[x];
                d += 1;
            }
            d
        };
        let (mut du, mut dv) = (depth(u), depth(v));
        while du > dv {
            u = par[u];
            du -= 1;
        }
        while dv > du {
            v = par[v];
            dv -= 1;
        }
        while u != v {
            u = par[u];
            v = par[v];
        }
        u
    }

    /// A random tree: a random labelling of "each vertex hangs below an earlier one".
    fn random_tree(rng: &mut Rng, n: usize) -> (Vec<usize>, usize) {
        let mut label: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut label);
        let mut par = vec![0; n];
        let chain = rng.below(3) == 0;
        for i in 1..n {
            let j = if chain {
                i - 1 - rng.below(2.min(i))
            } else {
                rng.below(i)
            };
            par[label[i]] = label[j];
        }
        (par, label[0])
    }

    #[test]
    fn random_against_climbing() {
        let mut rng = Rng::new(21);
        for _ in 0..500 {
            let n = 1 + rng.below(60);
            let (par, root) = random_tree(&mut rng, n);
            let edges: Vec<(usize, usize)> = (0..n)
                .filter(|&v| v != root)
                .map(|v| {
                    if rng.below(2) == 0 {
                        (v, par[v])
                    } else {
                        (par[v], v)
                    }
                })
                .collect();
            let a = Lca::from_parents(&par, root);
            let b = Lca::new(n, &edges, root);
            for u in 0..n {
                for v in 0..n {
                    let w = naive(&par, root, u, v);
                    assert_eq!(a.lca(u, v), w);
                    assert_eq!(b.lca(u, v), w);
                }
                assert_eq!(a.depth(u), naive_depth(&par, root, u));
            }
            let (u, v) = (rng.below(n), rng.below(n));
            let d = naive_depth(&par, root, u) + naive_depth(&par, root, v)
                - 2 * naive_depth(&par, root, naive(&par, root, u, v));
            assert_eq!(b.dist(u, v), d);
        }
    }

    fn naive_depth(par: &[usize], root: usize, mut x: usize) -> usize {
        let mut d = 0;
        while x != root {
            x = par[x];
            d += 1;
        }
        d
    }

    #[test]
    fn deep_path_needs_no_recursion() {
        let n = 500_000;
        let par: Vec<usize> = (0..n).map(|v: usize| v.saturating_sub(1)).collect();
        let t = Lca::from_parents(&par, 0);
        assert_eq!(t.lca(n - 1, n / 2), n / 2);
        assert_eq!(t.dist(0, n - 1), n - 1);
    }

    #[test]
    #[should_panic]
    fn rejects_a_cycle() {
        // 1 and 2 are each other's parents: unreachable from the root.
        Lca::from_parents(&[0, 2, 1], 0);
    }
}
