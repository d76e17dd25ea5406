//! String algorithms: suffix array (SA-IS), LCP array (Kasai) and Z-algorithm, as in ACL.
//!
//! ```
//! use string::{lcp_array, suffix_array, z_algorithm};
//! let sa = suffix_array("abab");
//! assert_eq!(sa, [2, 0, 3, 1]);
//! assert_eq!(lcp_array("abab", &sa), [2, 0, 1]);
//! assert_eq!(z_algorithm("abab"), [4, 0, 2, 0]);
//! ```

const NONE: u32 = u32::MAX;

/// SA-IS over `s` with every value in `0..=upper`, in 32 bits (half the cache footprint of
/// usize). Requires `n < 2^32 - 1`. O(n + upper).
fn sa_is(s: &[u32], upper: usize) -> Vec<u32> {
    let n = s.len();
    if n == 0 {
        return vec![];
    }
    // ls[i]: suffix i is S-type (smaller than suffix i + 1); the last one is L-type.
    let mut ls = vec![false; n];
    for i in (0..n - 1).rev() {
        ls[i] = if s[i] == s[i + 1] {
            ls[i + 1]
        } else {
            s[i] < s[i + 1]
        };
    }
    // Bucket of character c: L-types from sl[c], S-types from ss[c], up to sl[c + 1].
    let mut sl = vec![0u32; upper + 2];
    let mut ss = vec![0u32; upper + 2];
    for i in 0..n {
        if ls[i] {
            sl[s[i] as usize + 1] += 1;
        } else {
            ss[s[i] as usize] += 1;
        }
    }
    for c in 0..=upper {
        ss[c] += sl[c];
        sl[c + 1] += ss[c];
    }
    let mut sa = vec![NONE; n];
    let mut buf = vec![0u32; upper + 2];
    let n32 = n as u32;
    // Induced sorting from the LMS suffixes in `lms`' order.
    let mut induce = |lms: &[u32], sa: &mut [u32]| {
        sa.fill(NONE);
        buf.copy_from_slice(&ss);
        for &d in lms {
            let c = s[d as usize] as usize;
            sa[buf[c] as usize] = d;
            buf[c] += 1;
        }
        buf.copy_from_slice(&sl);
        let c = s[n - 1] as usize;
        sa[buf[c] as usize] = n32 - 1;
        buf[c] += 1;
        for i in 0..n {
            // NONE and 0 both wrap to at least n: no predecessor.
            let v = sa[i].wrapping_sub(1);
            if v < n32 && !ls[v as usize] {
                let c = s[v as usize] as usize;
                sa[buf[c] as usize] = v;
                buf[c] += 1;
            }
        }
        buf.copy_from_slice(&sl);
        for i in (0..n).rev() {
            let v = sa[i].wrapping_sub(1);
            if v < n32 && ls[v as usize] {
                let c = s[v as usize] as usize + 1;
                buf[c] -= 1;
                sa[buf[c] as usize] = v;
            }
        }
    };
    let mut lmap = vec![NONE; n];
    let mut lms = Vec::new();
    for i in 1..n {
        if !ls[i - 1] && ls[i] {
            lmap[i] = lms.len() as u32;
            lms.push(i as u32);
        }
    }
    let m = lms.len();
    induce(&lms, &mut sa);
    if m > 0 {
        let mut lsa: Vec<u32> = sa
            .iter()
            .copied()
            .filter(|&v| lmap[v as usize] != NONE)
            .collect();
        let mut rec = vec![0; m];
        let mut upper = 0;
        let end = |v: usize| lms.get(lmap[v] as usize + 1).map_or(n, |&e| e as usize);
        for i in 1..m {
            let (l, r) = (lsa[i - 1] as usize, lsa[i] as usize);
            let (el, er) = (end(l), end(r));
            // Two LMS substrings are equal when they have one length and the same characters
            // (types follow from characters), the last one included.
            // (A plain loop: these are short, and a memcmp call costs more than it saves.)
            let same = el - l == er - r
                && er.max(el) < n
                && s[l..=el].iter().zip(&s[r..=er]).all(|(a, b)| a == b);
            if !same {
                upper += 1;
            }
            rec[lmap[r] as usize] = upper as u32;
        }
        for (x, &i) in lsa.iter_mut().zip(&sa_is(&rec, upper)) {
            *x = lms[i as usize];
        }
        induce(&lsa, &mut sa);
    }
    sa
}

/// 32-bit suffix array to the public usize one; `s.len()` checked to fit.
fn sa_of(s: &[u32], upper: usize) -> Vec<usize> {
    assert!(s.len() < u32::MAX as usize);
    sa_is(s, upper).into_iter().map(|x| x as usize).collect()
}

/// The suffix array of a byte string (`&str`, `&[u8]`, `Vec<u8>`, ...): the starting indices
/// of its suffixes in lexicographic order. O(n) (SA-IS).
///
/// # Panics
/// When `n >= 2^32 - 1`.
pub fn suffix_array<S: AsRef<[u8]> + ?Sized>(s: &S) -> Vec<usize> {
    let s: Vec<u32> = s.as_ref().iter().map(|&c| u32::from(c)).collect();
    sa_of(&s, 255)
}

/// The suffix array of `s`, whose values all lie in `0..=upper`. O(n + upper).
///
/// # Panics
/// When a value of `s` exceeds `upper`, `upper >= 2^32` or `n >= 2^32 - 1`.
pub fn suffix_array_manual(s: &[usize], upper: usize) -> Vec<usize> {
    assert!(upper <= u32::MAX as usize && s.iter().all(|&c| c <= upper));
    let s: Vec<u32> = s.iter().map(|&c| c as u32).collect();
    sa_of(&s, upper)
}

/// The suffix array of a sequence of any ordered values. O(n log n) for the coordinate
/// compression, then O(n).
///
/// # Panics
/// When `n >= 2^32 - 1`.
pub fn suffix_array_arbitrary<T: Ord>(s: &[T]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..s.len()).collect();
    idx.sort_unstable_by(|&a, &b| s[a].cmp(&s[b]));
    let mut t = vec![0u32; s.len()];
    let mut now = 0;
    for i in 1..idx.len() {
        if s[idx[i - 1]] != s[idx[i]] {
            now += 1;
        }
        t[idx[i]] = now;
    }
    sa_of(&t, now as usize)
}

/// The LCP array of a sequence and its suffix array `sa`: entry `i` is the length of the
/// longest common prefix of suffixes `sa[i]` and `sa[i + 1]` (n - 1 entries; none for an
/// empty `s`). O(n) (Kasai).
///
/// # Panics
/// When `sa` is not a permutation of `0..s.len()`.
pub fn lcp_array_arbitrary<T: Eq>(s: &[T], sa: &[usize]) -> Vec<usize> {
    let n = s.len();
    assert_eq!(sa.len(), n);
    if n == 0 {
        return vec![];
    }
    let mut rnk = vec![0; n];
    for (i, &p) in sa.iter().enumerate() {
        rnk[p] = i;
    }
    let mut lcp = vec![0; n - 1];
    let mut h: usize = 0;
    for i in 0..n {
        h = h.saturating_sub(1);
        if rnk[i] == 0 {
            continue;
        }
        let j = sa[rnk[i] - 1];
        while j + h < n && i + h < n && s[j + h] == s[i + h] {
            h += 1;
        }
        lcp[rnk[i] - 1] = h;
    }
    lcp
}

/// [`lcp_array_arbitrary`] for a byte string (`&str`, `&[u8]`, ...). O(n).
pub fn lcp_array<S: AsRef<[u8]> + ?Sized>(s: &S, sa: &[usize]) -> Vec<usize> {
    lcp_array_arbitrary(s.as_ref(), sa)
}

/// The Z-array of a sequence: entry `i` is the length of the longest common prefix of `s`
/// and `s[i..]` (so entry 0 is n; empty for an empty `s`). O(n).
pub fn z_algorithm_arbitrary<T: Eq>(s: &[T]) -> Vec<usize> {
    let n = s.len();
    let mut z = vec![0; n];
    if n == 0 {
        return z;
    }
    z[0] = n;
    // [l, r): the rightmost match window found so far.
    let (mut l, mut r) = (0, 0);
    for i in 1..n {
        let mut k = if i < r { (r - i).min(z[i - l]) } else { 0 };
        while i + k < n && s[k] == s[i + k] {
            k += 1;
        }
        z[i] = k;
        if i + k > r {
            l = i;
            r = i + k;
        }
    }
    z
}

/// [`z_algorithm_arbitrary`] for a byte string (`&str`, `&[u8]`, ...). O(n).
pub fn z_algorithm<S: AsRef<[u8]> + ?Sized>(s: &S) -> Vec<usize> {
    z_algorithm_arbitrary(s.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    fn naive_sa<T: Ord>(s: &[T]) -> Vec<usize> {
        let mut v: Vec<usize> = (0..s.len()).collect();
        v.sort_by(|&a, &b| s[a..].cmp(&s[b..]));
        v
    }

    fn naive_lcp<T: Eq>(s: &[T], sa: &[usize]) -> Vec<usize> {
        sa.windows(2)
            .map(|w| {
                s[w[0]..]
                    .iter()
                    .zip(&s[w[1]..])
                    .take_while(|(a, b)| a == b)
                    .count()
            })
            .collect()
    }

    fn naive_z<T: Eq>(s: &[T]) -> Vec<usize> {
        (0..s.len())
            .map(|i| s.iter().zip(&s[i..]).take_while(|(a, b)| a == b).count())
            .collect()
    }

    #[test]
    fn random_against_naive() {
        let mut r = Rng::new(1);
        for it in 0..3000 {
            let n = r.below(if it % 10 == 0 { 300 } else { 40 });
            let sigma = 1 + r.below(if it % 3 == 0 { 2 } else { 26 });
            let s: Vec<u8> = (0..n).map(|_| b'a' + r.below(sigma) as u8).collect();
            let sa = suffix_array(&s);
            assert_eq!(sa, naive_sa(&s), "{:?}", s);
            assert_eq!(lcp_array(&s, &sa), naive_lcp(&s, &sa));
            assert_eq!(z_algorithm(&s), naive_z(&s));
            let big: Vec<i64> = s
                .iter()
                .map(|&c| i64::from(c) * 1_000_000_007 - 7)
                .collect();
            assert_eq!(suffix_array_arbitrary(&big), sa);
            let small: Vec<usize> = s.iter().map(|&c| (c - b'a') as usize).collect();
            assert_eq!(suffix_array_manual(&small, sigma - 1), sa);
            assert_eq!(lcp_array_arbitrary(&big, &sa), naive_lcp(&s, &sa));
            assert_eq!(z_algorithm_arbitrary(&big), naive_z(&s));
        }
    }

    #[test]
    fn structured_strings() {
        // Runs, periodic and Fibonacci words stress the recursion.
        let mut cases: Vec<Vec<u8>> = vec![vec![b'a'; 1000], b"ab".repeat(500), b"aab".repeat(333)];
        let (mut a, mut b) = (b"a".to_vec(), b"ab".to_vec());
        while b.len() < 2000 {
            let c = [b.clone(), a].concat();
            a = b;
            b = c;
        }
        cases.push(b);
        cases.push((0..=255u8).rev().collect());
        for s in &cases {
            let sa = suffix_array(s);
            assert_eq!(sa, naive_sa(s));
            assert_eq!(lcp_array(s, &sa), naive_lcp(s, &sa));
            assert_eq!(z_algorithm(s), naive_z(s));
        }
    }

    #[test]
    fn edge_cases() {
        assert!(suffix_array("").is_empty());
        assert!(lcp_array("", &[]).is_empty());
        assert!(z_algorithm("").is_empty());
        assert_eq!(suffix_array("z"), [0]);
        assert!(lcp_array("z", &[0]).is_empty());
        assert_eq!(suffix_array("ba"), [1, 0]);
        assert_eq!(suffix_array("aa"), [1, 0]);
        assert_eq!(suffix_array_manual(&[0, 0, 0], 0), [2, 1, 0]);
        assert_eq!(suffix_array_arbitrary(&["b", "a", "b"]), [1, 2, 0]);
        assert_eq!(z_algorithm("aaa"), [3, 2, 1]);
    }

    #[test]
    #[should_panic]
    fn manual_rejects_values_above_upper() {
        suffix_array_manual(&[0, 3], 2);
    }
}
