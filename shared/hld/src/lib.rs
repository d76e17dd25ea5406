//! Heavy-light decomposition: tree paths and subtrees as few ranges of one vertex order.
//!
//! Vertex v sits at index [`Hld::pos`]`(v)` of an array that a range structure (segment tree,
//! Fenwick tree) holds; a subtree is one range and a path O(log n) ranges.
//!
//! ```
//! // The path 0 - 1 - 2 with a leaf 3 below 1.
//! let h = hld::Hld::new(4, &[(0, 1), (1, 2), (1, 3)], 0);
//! let w = [10, 20, 30, 40];
//! let mut a = vec![0; 4];
//! for v in 0..4 {
//!     a[h.pos(v)] = w[v];
//! }
//! let mut sum = 0;
//! h.path(2, 3, false, |l, r| sum += a[l..r].iter().sum::<i32>());
//! assert_eq!(sum, 30 + 20 + 40);
//! let (l, r) = h.subtree(1);
//! assert_eq!(a[l..r].iter().sum::<i32>(), 20 + 30 + 40);
//! assert_eq!(h.lca(2, 3), 1);
//! ```

/// A rooted tree on vertices `0..n`, decomposed into heavy paths.
#[derive(Clone)]
pub struct Hld {
    parent: Vec<usize>,
    depth: Vec<usize>,
    /// head[v]: the top vertex of v's heavy path.
    head: Vec<usize>,
    pos: Vec<usize>,
    size: Vec<usize>,
}

impl Hld {
    /// The tree of `n` vertices with the given undirected `edges` (n - 1 of them), rooted at
    /// `root`. O(n), iterative: any depth.
    ///
    /// # Panics
    /// When `root` or an endpoint is not below n, or the edges do not form a tree.
    pub fn new(n: usize, edges: &[(usize, usize)], root: usize) -> Self {
        assert!(root < n && edges.len() + 1 == n);
        let mut start = vec![0; n + 1];
        for &(u, v) in edges {
            start[u + 1] += 1;
            start[v + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut adj = vec![0; 2 * edges.len()];
        for &(u, v) in edges {
            adj[fill[u]] = v;
            fill[u] += 1;
            adj[fill[v]] = u;
            fill[v] += 1;
        }
        const NONE: usize = usize::MAX;
        let mut parent = vec![NONE; n];
        let mut depth = vec![0; n];
        let mut order = vec![];
        let mut stack = vec![root];
        parent[root] = root;
        while let Some(v) = stack.pop() {
            order.push(v);
            for &c in &adj[start[v]..start[v + 1]] {
                if parent[c] == NONE {
                    parent[c] = v;
                    depth[c] = depth[v] + 1;
                    stack.push(c);
                }
            }
        }
        assert!(order.len() == n, "not a tree");
        // Sizes bottom-up; heavy[v]: the child with the largest subtree.
        let mut size = vec![1; n];
        let mut heavy = vec![NONE; n];
        for &v in order[1..].iter().rev() {
            let p = parent[v];
            size[p] += size[v];
            if heavy[p] == NONE || size[v] > size[heavy[p]] {
                heavy[p] = v;
            }
        }
        // Preorder with each heavy child right after its parent (pushed last, popped
        // first): heavy paths and subtrees are contiguous.
        let mut head = vec![root; n];
        let mut pos = vec![0; n];
        let mut next = 0;
        stack.push(root);
        while let Some(v) = stack.pop() {
            pos[v] = next;
            next += 1;
            for &c in &adj[start[v]..start[v + 1]] {
                if parent[c] == v && c != heavy[v] {
                    head[c] = c;
                    stack.push(c);
                }
            }
            if heavy[v] != NONE {
                head[heavy[v]] = head[v];
                stack.push(heavy[v]);
            }
        }
        Hld {
            parent,
            depth,
            head,
            pos,
            size,
        }
    }

    /// The tree rooted at `root` in which `parent[v]` is v's parent for every `v != root`
    /// (`parent[root]` is ignored). O(n).
    ///
    /// # Panics
    /// When `root` or a parent is not below n, or the parents do not form a tree.
    pub fn from_parents(parent: &[usize], root: usize) -> Self {
        let edges: Vec<(usize, usize)> = (0..parent.len())
            .filter(|&v| v != root)
            .map(|v| (v, parent[v]))
            .collect();
        Self::new(parent.len(), &edges, root)
    }

    /// v's index in the decomposition's vertex order (a permutation of `0..n`). O(1).
    pub fn pos(&self, v: usize) -> usize {
        self.pos[v]
    }

    /// The parent of `v`; the root's is itself. O(1).
    pub fn parent(&self, v: usize) -> usize {
        self.parent[v]
    }

    /// The depth of `v` (the root's is 0). O(1).
    pub fn depth(&self, v: usize) -> usize {
        self.depth[v]
    }

    /// The range `(l, r)` (half-open) of positions holding v's subtree. O(1).
    pub fn subtree(&self, v: usize) -> (usize, usize) {
        (self.pos[v], self.pos[v] + self.size[v])
    }

    /// Calls `f(l, r)` for O(log n) disjoint half-open position ranges covering the path
    /// between `u` and `v`: its vertices, or with `edge`, its edges (edge `(parent(x), x)`
    /// sits at `pos(x)`; the lowest common ancestor's position is left out). The ranges come
    /// in no fixed order: for a commutative operation. O(log n) calls.
    pub fn path(&self, u: usize, v: usize, edge: bool, mut f: impl FnMut(usize, usize)) {
        self.climb(u, v, edge, |l, r, _| f(l, r));
    }

    /// The path from `u` to `v` as O(log n) position ranges in walking order, for an
    /// operation that is not commutative: each `(l, r, up)` covers positions `l..r`, walked
    /// from `r - 1` down to `l` when `up` (towards the root), else from `l` up to `r - 1`.
    /// With `edge`, the ranges hold the path's edges as in [`Hld::path`]. O(log n).
    pub fn path_ordered(&self, u: usize, v: usize, edge: bool) -> Vec<(usize, usize, bool)> {
        let (mut up, mut down) = (vec![], vec![]);
        self.climb(u, v, edge, |l, r, s| {
            if s { &mut up } else { &mut down }.push((l, r, s))
        });
        up.extend(down.into_iter().rev());
        up
    }

    /// The lowest common ancestor of `u` and `v`. O(log n).
    pub fn lca(&self, u: usize, v: usize) -> usize {
        let (u, v) = self.climb(u, v, false, |_, _, _| {});
        if self.pos[u] < self.pos[v] {
            u
        } else {
            v
        }
    }

    /// The path's ranges as for [`Hld::path`], each with whether it lies on u's side (the
    /// last one: whether u is the lower end), in walking order on each side; returns the two
    /// ends of the last range. O(log n).
    #[inline]
    fn climb(
        &self,
        mut u: usize,
        mut v: usize,
        edge: bool,
        mut f: impl FnMut(usize, usize, bool),
    ) -> (usize, usize) {
        let (pos, head) = (&self.pos, &self.head);
        // Whether u is still the first end: the swaps below exchange the two.
        let mut up = true;
        while head[u] != head[v] {
            if pos[head[u]] < pos[head[v]] {
                std::mem::swap(&mut u, &mut v);
                up = !up;
            }
            f(pos[head[u]], pos[u] + 1, up);
            u = self.parent[head[u]];
        }
        let (a, b, e) = (pos[u], pos[v], edge as usize);
        if a.min(b) + e <= a.max(b) {
            f(a.min(b) + e, a.max(b) + 1, (a >= b) == up || a == b);
        }
        (u, v)
    }

    /// The number of edges on the path between `u` and `v`. O(log n).
    pub fn dist(&self, u: usize, v: usize) -> usize {
        self.depth[u] + self.depth[v] - 2 * self.depth[self.lca(u, v)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

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

    /// The vertices on the path u - v by climbing parents.
    fn naive_path(par: &[usize], root: usize, u: usize, v: usize) -> (Vec<usize>, usize) {
        let up = |mut x: usize| {
            let mut p = vec![x];
            while x != root {
                x = par[x];
                p.push(x);
            }
            p
        };
        let (a, b) = (up(u), up(v));
        let w = *a.iter().find(|x| b.contains(x)).unwrap();
        let mut p: Vec<usize> = a.into_iter().take_while(|&x| x != w).collect();
        p.extend(b.into_iter().take_while(|&x| x != w));
        p.push(w);
        (p, w)
    }

    #[test]
    fn random_against_naive() {
        let mut rng = Rng::new(31);
        for _ in 0..400 {
            let n = 1 + rng.below(50);
            let (par, root) = random_tree(&mut rng, n);
            let h = if rng.below(2) == 0 {
                Hld::from_parents(&par, root)
            } else {
                let e: Vec<(usize, usize)> =
                    (0..n).filter(|&v| v != root).map(|v| (par[v], v)).collect();
                Hld::new(n, &e, root)
            };
            let mut at = vec![usize::MAX; n];
            for v in 0..n {
                assert!(at[h.pos(v)] == usize::MAX);
                at[h.pos(v)] = v;
                assert_eq!(h.parent(v), if v == root { root } else { par[v] });
            }
            let w: Vec<u64> = (0..n).map(|_| rng.below(1000) as u64).collect();
            let mut a = vec![0; n];
            for v in 0..n {
                a[h.pos(v)] = w[v];
            }
            for v in 0..n {
                // The subtree's range holds exactly v's descendants.
                let (l, r) = h.subtree(v);
                for (i, &x) in at.iter().enumerate() {
                    let (p, _) = naive_path(&par, root, x, v);
                    let below = p.last() == Some(&v);
                    assert_eq!((l..r).contains(&i), below);
                }
            }
            for _ in 0..30 {
                let (u, v) = (rng.below(n), rng.below(n));
                let (p, w0) = naive_path(&par, root, u, v);
                assert_eq!(h.lca(u, v), w0);
                assert_eq!(h.dist(u, v), p.len() - 1);
                for edge in [false, true] {
                    let mut cover = vec![0; n];
                    let mut sum = 0;
                    h.path(u, v, edge, |l, r| {
                        assert!(l < r);
                        for c in &mut cover[l..r] {
                            *c += 1;
                        }
                        sum += a[l..r].iter().sum::<u64>();
                    });
                    let want: Vec<usize> =
                        p.iter().copied().filter(|&x| !edge || x != w0).collect();
                    assert_eq!(sum, want.iter().map(|&x| w[x]).sum::<u64>());
                    for x in 0..n {
                        assert_eq!(cover[h.pos(x)], want.contains(&x) as i32);
                    }
                    // In walking order: u up to the ancestor, then down to v.
                    let mut walk = vec![];
                    for (l, r, up) in h.path_ordered(u, v, edge) {
                        if up {
                            walk.extend((l..r).rev().map(|i| at[i]));
                        } else {
                            walk.extend((l..r).map(|i| at[i]));
                        }
                    }
                    let mut order: Vec<usize> = vec![u];
                    let mut x = u;
                    while x != w0 {
                        x = par[x];
                        order.push(x);
                    }
                    let mut down = vec![];
                    let mut y = v;
                    while y != w0 {
                        down.push(y);
                        y = par[y];
                    }
                    order.extend(down.into_iter().rev());
                    if edge {
                        // Edges sit at their lower end: the walk's lower ends, in order.
                        order.retain(|&x| x != w0);
                    }
                    assert_eq!(walk, order);
                }
            }
        }
    }

    #[test]
    fn deep_path_needs_no_recursion() {
        let n = 500_000;
        let par: Vec<usize> = (0..n).map(|v: usize| v.saturating_sub(1)).collect();
        let h = Hld::from_parents(&par, 0);
        let mut calls = 0;
        h.path(0, n - 1, false, |l, r| {
            calls += 1;
            assert_eq!((l, r), (0, n));
        });
        assert_eq!(calls, 1);
        assert_eq!(h.lca(n - 1, 7), 7);
    }
}
