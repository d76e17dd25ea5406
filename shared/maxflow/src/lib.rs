//! Maximum flow by Dinic's algorithm with ACL's MfGraph interface, iterative, on CSR arrays.
//!
//! ```
//! use maxflow::MfGraph;
//! let mut g = MfGraph::<i64>::new(4);
//! g.add_edge(0, 1, 2);
//! g.add_edge(0, 2, 1);
//! let e = g.add_edge(1, 3, 1);
//! g.add_edge(2, 3, 2);
//! assert_eq!(g.flow(0, 3), 2);
//! assert_eq!(g.get_edge(e).flow, 1);
//! assert_eq!(g.min_cut(0), [true, true, false, false]);
//! ```

use std::ops::{Add, Sub};

/// A capacity type: any primitive integer (`i32`, `i64`, `u64`, `usize`, ...).
pub trait Cap: Copy + Ord + Add<Output = Self> + Sub<Output = Self> {
    /// Zero.
    const ZERO: Self;
    /// The largest value: the limit of [`MfGraph::flow`].
    const MAX: Self;
}

macro_rules! impl_cap {
    ($($t:ty)*) => {$(
        impl Cap for $t {
            const ZERO: Self = 0;
            const MAX: Self = <$t>::MAX;
        }
    )*};
}
impl_cap!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

/// An edge as [`MfGraph::get_edge`] reports it: `0 <= flow <= cap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge<C> {
    /// The tail.
    pub from: usize,
    /// The head.
    pub to: usize,
    /// The capacity.
    pub cap: C,
    /// The flow on it.
    pub flow: C,
}

/// A flow network on vertices `0..n`.
#[derive(Clone)]
pub struct MfGraph<C> {
    n: usize,
    edges: Vec<Edge<C>>,
}

/// The residual network in CSR form, `(off, g, pos)`: the arcs `g` of vertex v at
/// `off[v]..off[v + 1]`, each `(head, index of its reverse arc, residual capacity)`;
/// `pos[i]` is edge i's forward arc.
type Residual<C> = (Vec<usize>, Vec<(usize, usize, C)>, Vec<usize>);

impl<C: Cap> MfGraph<C> {
    /// A network with `n` vertices and no edges. O(n).
    pub fn new(n: usize) -> Self {
        Self { n, edges: vec![] }
    }

    /// Adds an edge `from -> to` of capacity `cap` and returns its index (0, 1, 2, ... in
    /// the order added). Amortized O(1).
    ///
    /// # Panics
    /// When `from` or `to` is not below n, or `cap < 0`.
    pub fn add_edge(&mut self, from: usize, to: usize, cap: C) -> usize {
        assert!(from < self.n && to < self.n && C::ZERO <= cap);
        self.edges.push(Edge {
            from,
            to,
            cap,
            flow: C::ZERO,
        });
        self.edges.len() - 1
    }

    /// Edge `i` with its current flow. O(1).
    ///
    /// # Panics
    /// When there is no edge `i`.
    pub fn get_edge(&self, i: usize) -> Edge<C> {
        self.edges[i]
    }

    /// All edges in the order added. O(m).
    pub fn edges(&self) -> Vec<Edge<C>> {
        self.edges.clone()
    }

    /// Sets edge `i`'s capacity and flow (other edges keep theirs). O(1).
    ///
    /// # Panics
    /// When there is no edge `i`, or not `0 <= new_flow <= new_cap`.
    pub fn change_edge(&mut self, i: usize, new_cap: C, new_flow: C) {
        assert!(C::ZERO <= new_flow && new_flow <= new_cap);
        let e = &mut self.edges[i];
        e.cap = new_cap;
        e.flow = new_flow;
    }

    fn residual(&self) -> Residual<C> {
        let n = self.n;
        let mut off = vec![0; n + 1];
        for e in &self.edges {
            off[e.from + 1] += 1;
            off[e.to + 1] += 1;
        }
        for v in 0..n {
            off[v + 1] += off[v];
        }
        let mut fill = off.clone();
        let mut g = vec![(0, 0, C::ZERO); 2 * self.edges.len()];
        let mut pos = vec![];
        for e in &self.edges {
            let (a, b) = (fill[e.from], fill[e.to] + (e.from == e.to) as usize);
            fill[e.from] += 1;
            fill[e.to] += 1;
            g[a] = (e.to, b, e.cap - e.flow);
            g[b] = (e.from, a, e.flow);
            pos.push(a);
        }
        (off, g, pos)
    }

    /// Pushes as much flow as possible from `s` to `t` on top of the current flow and
    /// returns the amount pushed. O(n^2 m) in general; O(m sqrt(n)) on unit capacities
    /// (bipartite matching), each vertex's arcs in CSR order, no recursion.
    ///
    /// # Panics
    /// When `s` or `t` is not below n, or `s == t`.
    pub fn flow(&mut self, s: usize, t: usize) -> C {
        self.flow_with_capacity(s, t, C::MAX)
    }

    /// [`MfGraph::flow`], stopping once `limit` units have been pushed. Same bounds.
    ///
    /// # Panics
    /// When `s` or `t` is not below n, or `s == t`.
    pub fn flow_with_capacity(&mut self, s: usize, t: usize, limit: C) -> C {
        let n = self.n;
        assert!(s < n && t < n && s != t);
        let (off, mut g, pos) = self.residual();
        const NONE: usize = usize::MAX;
        let mut level = vec![NONE; n];
        let mut iter = vec![0; n];
        let mut queue = vec![];
        // The current search path as arc indices (see the blocking flow below).
        let mut path: Vec<usize> = vec![];
        let mut flow = C::ZERO;
        while flow < limit {
            // Levels from s, by BFS stopping at t.
            level.fill(NONE);
            level[s] = 0;
            queue.clear();
            queue.push(s);
            let mut head = 0;
            'bfs: while head < queue.len() {
                let v = queue[head];
                head += 1;
                for &(to, _, cap) in &g[off[v]..off[v + 1]] {
                    if cap > C::ZERO && level[to] == NONE {
                        level[to] = level[v] + 1;
                        if to == t {
                            break 'bfs;
                        }
                        queue.push(to);
                    }
                }
            }
            if level[t] == NONE {
                break;
            }
            iter.copy_from_slice(&off[..n]);
            // Blocking flow, searched backwards from t (every labelled vertex is reachable
            // from s, so few searches die): step from v to a u one level lower whose arc u -> v
            // has capacity, retreat from dead ends; `path` holds v's arcs, from t.
            let mut v = t;
            loop {
                if v == s {
                    let mut f = limit - flow;
                    for &a in &path {
                        f = f.min(g[g[a].1].2);
                    }
                    let mut cut = path.len();
                    for (k, &a) in path.iter().enumerate().rev() {
                        let r = g[a].1;
                        g[r].2 = g[r].2 - f;
                        g[a].2 = g[a].2 + f;
                        if g[r].2 == C::ZERO {
                            cut = k;
                        }
                    }
                    flow = flow + f;
                    if flow == limit {
                        break;
                    }
                    // Resume where the saturated arc nearest t was entered.
                    path.truncate(cut);
                    v = path.last().map_or(t, |&a| g[a].0);
                    continue;
                }
                let (end, lv) = (off[v + 1], level[v]);
                let mut i = iter[v];
                while i < end {
                    let (u, r, _) = g[i];
                    // One level down (the level graph). Every v searched has lv >= 1; an
                    // unlabelled or dead u has level NONE, which wraps to 0 and fails.
                    if level[u].wrapping_add(1) == lv && g[r].2 > C::ZERO {
                        break;
                    }
                    i += 1;
                }
                iter[v] = i;
                if i < end {
                    path.push(i);
                    v = g[i].0;
                } else {
                    // Dead end: nothing passes through v in this phase.
                    level[v] = NONE;
                    match path.pop() {
                        None => break,
                        Some(a) => {
                            v = g[g[a].1].0;
                            iter[v] += 1;
                        }
                    }
                }
            }
            path.clear();
        }
        for (e, &a) in self.edges.iter_mut().zip(&pos) {
            e.flow = e.cap - g[a].2;
        }
        flow
    }

    /// The vertices reachable from `s` in the residual network: after a maximum flow from
    /// `s` to `t`, a minimum s-t cut's source side. O(n + m).
    ///
    /// # Panics
    /// When `s` is not below n.
    pub fn min_cut(&self, s: usize) -> Vec<bool> {
        let (off, g, _) = self.residual();
        let mut seen = vec![false; self.n];
        seen[s] = true;
        let mut stack = vec![s];
        while let Some(v) = stack.pop() {
            for &(to, _, cap) in &g[off[v]..off[v + 1]] {
                if cap > C::ZERO && !seen[to] {
                    seen[to] = true;
                    stack.push(to);
                }
            }
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    /// Minimum cut by trying every vertex set containing s and not t.
    fn brute_min_cut(n: usize, s: usize, t: usize, e: &[(usize, usize, i64)]) -> i64 {
        (0..1u32 << n)
            .filter(|m| m >> s & 1 == 1 && m >> t & 1 == 0)
            .map(|m| {
                e.iter()
                    .filter(|&&(u, v, _)| m >> u & 1 == 1 && m >> v & 1 == 0)
                    .map(|&(_, _, c)| c)
                    .sum()
            })
            .min()
            .unwrap()
    }

    fn check_flow(g: &MfGraph<i64>, s: usize, t: usize, value: i64) {
        let mut bal = vec![0i64; g.n];
        for e in g.edges() {
            assert!(0 <= e.flow && e.flow <= e.cap);
            bal[e.from] -= e.flow;
            bal[e.to] += e.flow;
        }
        for (v, &b) in bal.iter().enumerate() {
            let want = if v == s {
                -value
            } else if v == t {
                value
            } else {
                0
            };
            assert_eq!(b, want);
        }
    }

    #[test]
    fn random_against_brute_force() {
        let mut rng = Rng::new(3);
        for it in 0..3000 {
            let n = 2 + rng.below(7);
            let m = rng.below(if it % 2 == 0 { 3 * n } else { n * n });
            let (s, t) = (rng.below(n), rng.below(n));
            if s == t {
                continue;
            }
            let mut g = MfGraph::new(n);
            let mut e = vec![];
            for _ in 0..m {
                let c = (rng.below(n), rng.below(n), rng.below(10) as i64);
                g.add_edge(c.0, c.1, c.2);
                e.push(c);
            }
            let want = brute_min_cut(n, s, t, &e);
            // A limited flow first, then the rest: the two add up to the maximum.
            let lim = rng.below(want as usize + 2) as i64;
            let f1 = g.flow_with_capacity(s, t, lim);
            assert_eq!(f1, lim.min(want));
            check_flow(&g, s, t, f1);
            let f2 = g.flow(s, t);
            assert_eq!(f1 + f2, want);
            check_flow(&g, s, t, want);
            let cut = g.min_cut(s);
            assert!(cut[s] && !cut[t]);
            let across: i64 = e
                .iter()
                .filter(|&&(u, v, _)| cut[u] && !cut[v])
                .map(|&(_, _, c)| c)
                .sum();
            assert_eq!(across, want);
        }
    }

    #[test]
    fn change_edge_and_unit_matching() {
        let mut g = MfGraph::<u32>::new(3);
        let a = g.add_edge(0, 1, 5);
        g.add_edge(1, 2, 3);
        assert_eq!(g.flow(0, 2), 3);
        g.change_edge(a, 1, 0);
        assert_eq!(
            g.get_edge(a),
            Edge {
                from: 0,
                to: 1,
                cap: 1,
                flow: 0
            }
        );
        assert_eq!(g.flow(0, 2), 0);
        // A long path and a wide bipartite graph.
        let n = 200_000;
        let mut p = MfGraph::<i32>::new(n);
        for i in 1..n {
            p.add_edge(i - 1, i, 1);
        }
        assert_eq!(p.flow(0, n - 1), 1);
        let k = 1000;
        let mut b = MfGraph::<i32>::new(2 * k + 2);
        for i in 0..k {
            b.add_edge(2 * k, i, 1);
            b.add_edge(k + i, 2 * k + 1, 1);
            b.add_edge(i, k + i, 1);
            b.add_edge(i, k + (i + 1) % k, 1);
        }
        assert_eq!(b.flow(2 * k, 2 * k + 1), k as i32);
    }

    #[test]
    #[should_panic]
    fn same_source_and_sink() {
        MfGraph::<i32>::new(2).flow(1, 1);
    }
}
