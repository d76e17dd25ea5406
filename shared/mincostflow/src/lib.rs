//! Minimum-cost flow (primal-dual: Dijkstra with potentials) with ACL's McfGraph interface.
//!
//! ```
//! use mincostflow::McfGraph;
//! let mut g = McfGraph::<i64>::new(3);
//! g.add_edge(0, 1, 2, 1);
//! g.add_edge(1, 2, 1, 2);
//! g.add_edge(0, 2, 1, 5);
//! let h = g.clone();
//! assert_eq!(g.flow(0, 2), (2, 8));
//! assert_eq!(g.get_edge(2).flow, 1);
//! // Flow 1 costs 3, flow 2 costs 8.
//! assert_eq!(h.clone().slope(0, 2), [(0, 0), (1, 3), (2, 8)]);
//! ```

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::{Add, Mul, Sub};

/// A capacity and cost type: a signed primitive integer (`i32`, `i64`, `i128`, `isize`).
pub trait Num: Copy + Ord + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> {
    /// Zero.
    const ZERO: Self;
    /// The largest value: the flow limit of [`McfGraph::flow`] and Dijkstra's infinity.
    const MAX: Self;
}

macro_rules! impl_num {
    ($($t:ty)*) => {$(
        impl Num for $t {
            const ZERO: Self = 0;
            const MAX: Self = <$t>::MAX;
        }
    )*};
}
impl_num!(i8 i16 i32 i64 i128 isize);

/// An edge as [`McfGraph::get_edge`] reports it: `0 <= flow <= cap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge<T> {
    /// The tail.
    pub from: usize,
    /// The head.
    pub to: usize,
    /// The capacity.
    pub cap: T,
    /// The flow on it.
    pub flow: T,
    /// The cost per unit of flow.
    pub cost: T,
}

/// A network on vertices `0..n` with capacities and per-unit costs.
#[derive(Clone)]
pub struct McfGraph<T> {
    n: usize,
    edges: Vec<Edge<T>>,
}

impl<T: Num> McfGraph<T> {
    /// A network with `n` vertices and no edges. O(n).
    pub fn new(n: usize) -> Self {
        Self { n, edges: vec![] }
    }

    /// Adds an edge `from -> to` of capacity `cap` and cost `cost` per unit and returns its
    /// index (0, 1, 2, ... in the order added). Amortized O(1).
    ///
    /// # Panics
    /// When `from` or `to` is not below n, or `cap` or `cost` is negative.
    pub fn add_edge(&mut self, from: usize, to: usize, cap: T, cost: T) -> usize {
        assert!(from < self.n && to < self.n && T::ZERO <= cap && T::ZERO <= cost);
        self.edges.push(Edge {
            from,
            to,
            cap,
            flow: T::ZERO,
            cost,
        });
        self.edges.len() - 1
    }

    /// Edge `i` with its current flow. O(1).
    ///
    /// # Panics
    /// When there is no edge `i`.
    pub fn get_edge(&self, i: usize) -> Edge<T> {
        self.edges[i]
    }

    /// All edges in the order added. O(m).
    pub fn edges(&self) -> Vec<Edge<T>> {
        self.edges.clone()
    }

    /// A maximum flow from `s` to `t` of minimum cost: `(flow, cost)`. Same bounds as
    /// [`McfGraph::slope`].
    pub fn flow(&mut self, s: usize, t: usize) -> (T, T) {
        self.flow_with_capacity(s, t, T::MAX)
    }

    /// A flow of value `min(limit, max flow)` from `s` to `t` of minimum cost:
    /// `(flow, cost)`. Same bounds as [`McfGraph::slope`].
    pub fn flow_with_capacity(&mut self, s: usize, t: usize, limit: T) -> (T, T) {
        *self.slope_with_capacity(s, t, limit).last().unwrap()
    }

    /// The minimum cost as a function of the flow value, convex and piecewise linear: its
    /// breakpoints `(flow, cost)` from `(0, 0)` to the maximum flow, slopes strictly
    /// increasing. Leaves the edges holding that maximum flow. Same bounds as
    /// [`McfGraph::slope_with_capacity`].
    pub fn slope(&mut self, s: usize, t: usize) -> Vec<(T, T)> {
        self.slope_with_capacity(s, t, T::MAX)
    }

    /// [`McfGraph::slope`] up to flow `limit`. One call per graph, as in ACL: the flow,
    /// slope and `flow_with_capacity` calls expect no flow on the edges yet (a second call's
    /// result is unspecified). O(F (n + m) log m) for flow value
    /// F; the number of Dijkstra runs is at most the number of distinct path costs plus the
    /// number of saturations. Costs and total cost must fit in `T`.
    ///
    /// # Panics
    /// When `s` or `t` is not below n, or `s == t`.
    pub fn slope_with_capacity(&mut self, s: usize, t: usize, limit: T) -> Vec<(T, T)> {
        let n = self.n;
        assert!(s < n && t < n && s != t);
        let z = T::ZERO;
        // Residual network `g` in CSR form: arcs (head, reverse arc, residual capacity, cost).
        let mut off = vec![0; n + 1];
        for e in &self.edges {
            off[e.from + 1] += 1;
            off[e.to + 1] += 1;
        }
        for v in 0..n {
            off[v + 1] += off[v];
        }
        let mut fill = off.clone();
        let mut g = vec![(0, 0, z, z); 2 * self.edges.len()];
        let mut pos = vec![];
        for e in &self.edges {
            let (a, b) = (fill[e.from], fill[e.to] + (e.from == e.to) as usize);
            fill[e.from] += 1;
            fill[e.to] += 1;
            g[a] = (e.to, b, e.cap - e.flow, e.cost);
            g[b] = (e.from, a, e.flow, z - e.cost);
            pos.push(a);
        }
        // dual: potentials keeping reduced costs non-negative; prev[v]: the reverse of the
        // arc that reached v.
        let mut dual = vec![z; n];
        let mut dist = vec![T::MAX; n];
        let mut prev = vec![0; n];
        let mut vis = vec![false; n];
        let mut heap = BinaryHeap::new();
        // Vertices reached at the distance of the vertex being scanned skip the heap.
        let mut same = vec![];
        let (mut flow, mut cost) = (z, z);
        let mut last_d = None;
        let mut res = vec![(z, z)];
        while flow < limit {
            dist.iter_mut().for_each(|d| *d = T::MAX);
            vis.iter_mut().for_each(|x| *x = false);
            heap.clear();
            same.clear();
            dist[s] = z;
            same.push(s);
            loop {
                let v = match same.pop() {
                    Some(v) => v,
                    None => match heap.pop() {
                        Some(Reverse((_, v))) => v,
                        None => break,
                    },
                };
                if vis[v] {
                    continue;
                }
                vis[v] = true;
                if v == t {
                    break;
                }
                let (dv, pv) = (dual[v], dist[v]);
                for &(to, rev, cap, c) in &g[off[v]..off[v + 1]] {
                    if cap == z {
                        continue;
                    }
                    let rc = c - dual[to] + dv;
                    // dist[to] may be MAX: compare by difference, which cannot overflow.
                    if dist[to] - pv > rc {
                        let d = pv + rc;
                        dist[to] = d;
                        prev[to] = rev;
                        if d == pv {
                            same.push(to);
                        } else {
                            heap.push(Reverse((d, to)));
                        }
                    }
                }
            }
            if !vis[t] {
                break;
            }
            // Shift only settled vertices: keeps the duals small and reduced costs >= 0.
            for v in 0..n {
                if vis[v] {
                    dual[v] = dual[v] - (dist[t] - dist[v]);
                }
            }
            let mut c = limit - flow;
            let mut v = t;
            while v != s {
                let r = prev[v];
                c = c.min(g[g[r].1].2);
                v = g[r].0;
            }
            v = t;
            while v != s {
                let r = prev[v];
                let f = g[r].1;
                g[r].2 = g[r].2 + c;
                g[f].2 = g[f].2 - c;
                v = g[r].0;
            }
            let d = z - dual[s];
            flow = flow + c;
            cost = cost + c * d;
            if last_d == Some(d) {
                res.pop();
            }
            res.push((flow, cost));
            last_d = Some(d);
        }
        for (e, &a) in self.edges.iter_mut().zip(&pos) {
            e.flow = e.cap - g[a].2;
        }
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    /// Cheapest cost of each flow value 0, 1, 2, ... up to the maximum: one unit at a time
    /// along a Bellman-Ford shortest path of the residual graph.
    fn unit_costs(n: usize, s: usize, t: usize, e: &[(usize, usize, i64, i64)]) -> Vec<i64> {
        // Residual arcs (from, to, cap, cost), arc i ^ 1 the reverse of arc i.
        let mut arcs = vec![];
        for &(u, v, c, w) in e {
            arcs.push((u, v, c, w));
            arcs.push((v, u, 0, -w));
        }
        let mut res = vec![0];
        loop {
            let mut dist = vec![i64::MAX; n];
            let mut pre = vec![usize::MAX; n];
            dist[s] = 0;
            for _ in 0..n {
                for (i, &(u, v, c, w)) in arcs.iter().enumerate() {
                    if c > 0 && dist[u] != i64::MAX && dist[u] + w < dist[v] {
                        dist[v] = dist[u] + w;
                        pre[v] = i;
                    }
                }
            }
            if dist[t] == i64::MAX {
                return res;
            }
            let mut v = t;
            while v != s {
                let i = pre[v];
                arcs[i].2 -= 1;
                arcs[i ^ 1].2 += 1;
                v = arcs[i].0;
            }
            res.push(res.last().unwrap() + dist[t]);
        }
    }

    /// The cost of flow value f read off the breakpoints.
    fn at(slope: &[(i64, i64)], f: i64) -> i64 {
        let k = slope.iter().position(|&(x, _)| x >= f).unwrap();
        if slope[k].0 == f {
            return slope[k].1;
        }
        let ((x0, y0), (x1, y1)) = (slope[k - 1], slope[k]);
        assert_eq!((y1 - y0) * (f - x0) % (x1 - x0), 0);
        y0 + (y1 - y0) * (f - x0) / (x1 - x0)
    }

    #[test]
    fn random_against_unit_augmentation() {
        let mut rng = Rng::new(11);
        for _ in 0..1500 {
            let n = 2 + rng.below(6);
            let m = rng.below(4 * n);
            let (s, t) = (rng.below(n), rng.below(n));
            if s == t {
                continue;
            }
            let mut g = McfGraph::new(n);
            let mut e = vec![];
            for _ in 0..m {
                let x = (
                    rng.below(n),
                    rng.below(n),
                    rng.below(5) as i64,
                    rng.below(10) as i64,
                );
                g.add_edge(x.0, x.1, x.2, x.3);
                e.push(x);
            }
            let want = unit_costs(n, s, t, &e);
            let slope = g.slope(s, t);
            assert_eq!(slope[0], (0, 0));
            assert_eq!(slope.last().unwrap().0 as usize, want.len() - 1);
            for w in slope.windows(3) {
                // Strictly increasing slopes: (y1-y0)/(x1-x0) < (y2-y1)/(x2-x1).
                assert!(
                    (w[1].1 - w[0].1) * (w[2].0 - w[1].0) < (w[2].1 - w[1].1) * (w[1].0 - w[0].0)
                );
            }
            for (f, &c) in want.iter().enumerate() {
                assert_eq!(at(&slope, f as i64), c);
            }
            // The edges hold a flow of that value and cost.
            let mut bal = vec![0; n];
            let mut total = 0;
            for x in g.edges() {
                assert!(0 <= x.flow && x.flow <= x.cap);
                bal[x.from] -= x.flow;
                bal[x.to] += x.flow;
                total += x.flow * x.cost;
            }
            let fl = *slope.last().unwrap();
            assert_eq!(total, fl.1);
            assert_eq!((bal[s], bal[t]), (-fl.0, fl.0));
            // A limited run on a fresh copy stops at the limit at the cheapest cost.
            let lim = rng.below(want.len() + 1) as i64;
            let mut h = McfGraph::new(n);
            for x in &e {
                h.add_edge(x.0, x.1, x.2, x.3);
            }
            let fl = lim.min(want.len() as i64 - 1);
            assert_eq!(h.flow_with_capacity(s, t, lim), (fl, want[fl as usize]));
        }
    }

    #[test]
    fn assignment_against_permutations() {
        let mut rng = Rng::new(12);
        for _ in 0..300 {
            let k = 1 + rng.below(5);
            let a: Vec<Vec<i64>> = (0..k)
                .map(|_| (0..k).map(|_| rng.below(100) as i64).collect())
                .collect();
            let mut g = McfGraph::new(2 * k + 2);
            for (i, row) in a.iter().enumerate() {
                g.add_edge(2 * k, i, 1, 0);
                g.add_edge(k + i, 2 * k + 1, 1, 0);
                for (j, &c) in row.iter().enumerate() {
                    g.add_edge(i, k + j, 1, c);
                }
            }
            let mut p: Vec<usize> = (0..k).collect();
            let mut best = i64::MAX;
            // Heap's algorithm over all permutations.
            let mut c = vec![0; k];
            best = best.min((0..k).map(|i| a[i][p[i]]).sum());
            let mut i = 0;
            while i < k {
                if c[i] < i {
                    p.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
                    best = best.min((0..k).map(|i| a[i][p[i]]).sum());
                    c[i] += 1;
                    i = 0;
                } else {
                    c[i] = 0;
                    i += 1;
                }
            }
            assert_eq!(g.flow(2 * k, 2 * k + 1), (k as i64, best));
        }
    }

    #[test]
    fn get_edge_reports_the_flow() {
        let mut g = McfGraph::<i32>::new(2);
        let e = g.add_edge(0, 1, 3, 4);
        assert_eq!(g.flow_with_capacity(0, 1, 2), (2, 8));
        assert_eq!(
            g.get_edge(e),
            Edge {
                from: 0,
                to: 1,
                cap: 3,
                flow: 2,
                cost: 4
            }
        );
        assert_eq!(McfGraph::<i32>::new(2).slope(0, 1), [(0, 0)]);
    }
}
