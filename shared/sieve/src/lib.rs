//! Prime sieves: a linear sieve with smallest prime factors, and a fast segmented sieve.
//!
//! The linear sieve factorizes by table; the segmented sieve of Eratosthenes over odd numbers
//! enumerates the primes up to any u32.
//!
//! ```
//! use sieve::{linear_sieve, primes_up_to};
//! let s = linear_sieve(100);
//! assert_eq!(s.factorize(84), [2, 2, 3, 7]);
//! assert!(s.is_prime(97) && !s.is_prime(91));
//! assert_eq!(&s.primes()[..5], [2, 3, 5, 7, 11]);
//! assert_eq!(primes_up_to(30), [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
//! let mut count = 0;
//! sieve::for_each_prime(1_000_000, |_| count += 1);
//! assert_eq!(count, 78_498);
//! ```

/// Smallest prime factors of `0..=n` and the primes up to `n`, by the linear sieve (each
/// composite is crossed out once, by its smallest prime factor).
#[derive(Clone)]
pub struct LinearSieve {
    spf: Vec<u32>,
    primes: Vec<u32>,
}

impl LinearSieve {
    /// The sieve of `0..=n`. O(n) time, 4(n + 1) bytes plus the primes.
    pub fn new(n: u32) -> Self {
        let n = n as usize;
        let mut spf = vec![0u32; n + 1];
        let mut primes = Vec::new();
        for i in 2..=n {
            if spf[i] == 0 {
                spf[i] = i as u32;
                primes.push(i as u32);
            }
            let s = spf[i];
            for &p in &primes {
                if p > s || i * p as usize > n {
                    break;
                }
                spf[i * p as usize] = p;
            }
        }
        Self { spf, primes }
    }

    /// The largest number covered, `n`. O(1).
    pub fn limit(&self) -> u32 {
        (self.spf.len() - 1) as u32
    }

    /// The primes up to `n`, increasing. O(1).
    pub fn primes(&self) -> &[u32] {
        &self.primes
    }

    /// Whether `x` is prime. Panics if `x > n`. O(1).
    pub fn is_prime(&self, x: u32) -> bool {
        x >= 2 && self.spf[x as usize] == x
    }

    /// The smallest prime factor of `x` (`x` itself for a prime). Panics unless
    /// `2 <= x <= n`. O(1).
    pub fn spf(&self, x: u32) -> u32 {
        assert!(x >= 2);
        self.spf[x as usize]
    }

    /// The prime factors of `x` with multiplicity, increasing (empty for 1). Panics unless
    /// `1 <= x <= n`. O(number of factors).
    pub fn factorize(&self, mut x: u32) -> Vec<u32> {
        assert!(x >= 1);
        let mut f = Vec::new();
        while x > 1 {
            let p = self.spf[x as usize];
            f.push(p);
            x /= p;
        }
        f
    }
}

/// The linear sieve of `0..=n`: the same as [`LinearSieve::new`]. O(n).
pub fn linear_sieve(n: u32) -> LinearSieve {
    LinearSieve::new(n)
}

/// Sieve window in bytes, one byte per odd number: fits in the L2 cache.
const SEG: usize = 1 << 17;
/// 3 * 5 * 7 * 11 * 13: the period, in odd numbers, of the pattern these primes leave.
const WHEEL: usize = 15_015;

/// Calls `f` on every prime up to `n`, increasing. A segmented sieve of Eratosthenes on odd
/// numbers, one byte each in windows of 128 KiB; multiples of 3 to 13 are copied from a
/// precomputed pattern. O(n log log n) time, O(sqrt(n) + window) memory; for n = 5 * 10^8,
/// about a tenth of a second.
pub fn for_each_prime(n: u32, mut f: impl FnMut(u32)) {
    let n = n as u64;
    if n < 2 {
        return;
    }
    f(2);
    // Odd numbers 2k + 1 for k in 0..len.
    let len = ((n + 1) / 2) as usize;
    // At least floor(sqrt(n)) (f64's sqrt is far closer than 1 below 2^32); a prime above
    // sqrt(n) only starts past the end.
    let root = (n as f64).sqrt() as u32 + 1;
    // The sieving primes 17..=root and the index of each one's next multiple to cross.
    let mut sievers: Vec<(usize, usize)> = LinearSieve::new(root)
        .primes()
        .iter()
        .filter(|&&p| p >= 17)
        .map(|&p| (p as usize, (p as usize * p as usize) / 2))
        .collect();
    let mut pattern = vec![1u8; WHEEL + SEG];
    for (k, b) in pattern.iter_mut().enumerate() {
        let x = 2 * k + 1;
        if [3, 5, 7, 11, 13].iter().any(|p| x % p == 0) {
            *b = 0;
        }
    }
    let mut seg = vec![0u8; SEG];
    let mut lo = 0;
    while lo < len {
        let w = SEG.min(len - lo);
        let seg = &mut seg[..w];
        let start = lo % WHEEL;
        seg.copy_from_slice(&pattern[start..start + w]);
        if lo == 0 {
            // 1 is no prime; 3 to 13 are, though the pattern crossed them out.
            seg[0] = 0;
            for &k in &[1, 2, 3, 5, 6] {
                if k < w {
                    seg[k] = 1;
                }
            }
        }
        for (p, next) in sievers.iter_mut() {
            // next >= lo always; a prime whose square lies further on crosses nothing yet.
            let (p, mut j) = (*p, *next - lo);
            while j + 3 * p < w {
                seg[j] = 0;
                seg[j + p] = 0;
                seg[j + 2 * p] = 0;
                seg[j + 3 * p] = 0;
                j += 4 * p;
            }
            while j < w {
                seg[j] = 0;
                j += p;
            }
            *next = lo + j;
        }
        // Sixty-four flags become the bits of one word, eight at a time (each flag byte is 0
        // or 1, and the multiplier moves byte i to bit 56 + i with no carries); then each
        // set bit is a prime. Whole words keep the loop over set bits long and predictable.
        let mut base = 2 * lo as u64 + 1;
        let mut blocks = seg.chunks_exact(64);
        for c in &mut blocks {
            let mut bits = 0u64;
            for (k, e) in c.chunks_exact(8).enumerate() {
                let v = u64::from_le_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]]);
                bits |= (v.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
            }
            while bits != 0 {
                f((base + 2 * bits.trailing_zeros() as u64) as u32);
                bits &= bits - 1;
            }
            base += 128;
        }
        for (i, &b) in blocks.remainder().iter().enumerate() {
            if b != 0 {
                f((base + 2 * i as u64) as u32);
            }
        }
        lo += w;
    }
}

/// The primes up to `n`, increasing, by [`for_each_prime`]. O(n log log n) time.
pub fn primes_up_to(n: u32) -> Vec<u32> {
    // pi(n) < 1.26 n / ln n for n > 1.
    let mut v = Vec::with_capacity((1.26 * n as f64 / (n.max(2) as f64).ln()) as usize + 1);
    for_each_prime(n, |p| v.push(p));
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    fn trial_is_prime(n: u32) -> bool {
        n >= 2
            && (2..)
                .take_while(|&d: &u64| d * d <= n as u64)
                .all(|d| n as u64 % d != 0)
    }

    #[test]
    fn linear_sieve_matches_trial_division() {
        let s = LinearSieve::new(20_000);
        assert_eq!(s.limit(), 20_000);
        let want: Vec<u32> = (0..=20_000).filter(|&x| trial_is_prime(x)).collect();
        assert_eq!(s.primes(), &want[..]);
        for x in 1..=20_000 {
            assert_eq!(s.is_prime(x), trial_is_prime(x));
            let f = s.factorize(x);
            assert!(f.windows(2).all(|w| w[0] <= w[1]));
            assert!(f.iter().all(|&p| trial_is_prime(p)));
            assert_eq!(f.iter().product::<u32>(), x);
            if x >= 2 {
                assert_eq!(s.spf(x), (2..).find(|d| x % d == 0).unwrap());
            }
        }
        assert!(!s.is_prime(0));
        assert!(LinearSieve::new(0).primes().is_empty());
        assert_eq!(LinearSieve::new(2).primes(), [2]);
    }

    #[test]
    fn segmented_matches_the_linear_sieve() {
        // Several windows (a window covers 2^18 numbers), ends on and off window edges.
        let big = LinearSieve::new(1_100_000);
        let mut r = Rng::new(1);
        let mut ns: Vec<u32> = (0..=200).collect();
        ns.extend([262_143, 262_144, 262_145, 524_288, 30_030, 1_100_000]);
        ns.extend((0..20).map(|_| r.between(1000, 1_100_000) as u32));
        for n in ns {
            let want: Vec<u32> = big
                .primes()
                .iter()
                .copied()
                .take_while(|&p| p <= n)
                .collect();
            assert_eq!(primes_up_to(n), want, "n={}", n);
        }
    }

    #[test]
    fn segmented_counts_and_ends() {
        let mut count = 0;
        let mut last = 0;
        for_each_prime(10_000_000, |p| {
            count += 1;
            last = p;
        });
        assert_eq!((count, last), (664_579, 9_999_991));
    }

    /// The whole u32 range: slow unoptimized, so run with `cargo test --release -p sieve --
    /// --ignored`.
    #[test]
    #[ignore]
    fn all_of_u32() {
        let (mut count, mut tail) = (0u64, Vec::new());
        for_each_prime(u32::MAX, |p| {
            count += 1;
            if p > 4_294_967_000 {
                tail.push(p);
            }
        });
        // pi(2^32) = 203280221, and 2^32 is no prime.
        assert_eq!(count, 203_280_221);
        let want: Vec<u32> = (4_294_967_000..=u32::MAX)
            .filter(|&x| trial_is_prime(x))
            .collect();
        assert_eq!(tail, want);
    }
}
