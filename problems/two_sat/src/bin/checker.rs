//! two_sat-check: judge INPUT OUTPUT EXPECTED. Accepts (exit 0) the expected verdict and, when
//! satisfiable, an assignment that satisfies every clause; else exit 1 and the reason.

use testkit::checker::{args, reject, Role, Tokens};

fn main() {
    let [input, output, expected] = args();
    let mut inp = Tokens::open(&input, Role::Input);
    inp.word();
    inp.word();
    let (n, m) = (inp.int(1, 1 << 30), inp.int(0, 1 << 30));
    let clauses: Vec<(i64, i64)> = (0..m)
        .map(|_| {
            let c = (inp.int(-n, n), inp.int(-n, n));
            inp.int(0, 0);
            c
        })
        .collect();
    let mut exp = Tokens::open(&expected, Role::Answer);
    exp.word();
    let want = exp.word().to_string();
    let mut out = Tokens::open(&output, Role::Output);
    if out.word() != "s" {
        reject("the output does not start with `s`");
    }
    let got = out.word().to_string();
    if got != want {
        reject(&format!("`{}`, expected `{}`", got, want));
    }
    if got == "SATISFIABLE" {
        if out.word() != "v" {
            reject("the assignment does not start with `v`");
        }
        let mut value = vec![false; n as usize + 1];
        for i in 1..=n {
            let x = out.int(-n, n);
            if x.abs() != i {
                reject(&format!("value {} is {}, expected {} or -{}", i, x, i, i));
            }
            value[i as usize] = x > 0;
        }
        out.int(0, 0);
        let holds = |x: i64| value[x.unsigned_abs() as usize] == (x > 0);
        if let Some(&(a, b)) = clauses.iter().find(|&&(a, b)| !holds(a) && !holds(b)) {
            reject(&format!("clause {} {} is false", a, b));
        }
    } else if got != "UNSATISFIABLE" {
        reject(&format!(
            "`{}` is neither SATISFIABLE nor UNSATISFIABLE",
            got
        ));
    }
    out.end();
}
