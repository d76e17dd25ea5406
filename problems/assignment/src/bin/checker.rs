//! assignment-check: judge INPUT OUTPUT EXPECTED. Accepts (exit 0) a permutation whose cost is
//! the printed one and as low as the expected one; else exit 1 and the reason on stdout.

use testkit::checker::{args, reject, Role, Tokens};

fn main() {
    let [input, output, expected] = args();
    let mut inp = Tokens::open(&input, Role::Input);
    let n = inp.int(1, 1 << 20) as usize;
    let a: Vec<i64> = (0..n * n)
        .map(|_| inp.int(-1_000_000_000, 1_000_000_000))
        .collect();
    let want = Tokens::open(&expected, Role::Answer).int(i64::MIN, i64::MAX);
    let mut out = Tokens::open(&output, Role::Output);
    let x = out.int(i64::MIN, i64::MAX);
    if x != want {
        reject(&format!("cost {}, the minimum is {}", x, want));
    }
    let mut used = vec![false; n];
    let mut sum = 0;
    for i in 0..n {
        let p = out.int(0, n as i64 - 1) as usize;
        if std::mem::replace(&mut used[p], true) {
            reject(&format!("column {} is used twice", p));
        }
        sum += a[i * n + p];
    }
    out.end();
    if sum != x {
        reject(&format!(
            "the permutation costs {}, not the printed {}",
            sum, x
        ));
    }
}
