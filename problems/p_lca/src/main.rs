//! lca (Library Checker): lowest common ancestors in a tree rooted at 0, given by parents.
//!
//! The `lca` crate (DFS order and a sparse table: O(1) a query); reads with `fastio`.

use fastio::{InputError, Reader, Writer};

/// The next token as an integer in `0..below`; anything else ends the run (exit status 2).
fn int(r: &mut Reader, below: usize, out: &mut Writer) -> usize {
    match r.token().and_then(fastio::parse_int) {
        Some(v) if 0 <= v && (v as u64) < below as u64 => v as usize,
        _ => {
            InputError::at_line(r.line(), format!("expected an integer below {}", below)).exit(out)
        }
    }
}

fn main() {
    let mut r = fastio::stdin_or_exit();
    let mut out = Writer::new();
    let n = int(&mut r, 1 << 30, &mut out);
    let q = int(&mut r, 1 << 30, &mut out);
    let mut par = vec![0; n];
    for p in par.iter_mut().skip(1) {
        *p = int(&mut r, n, &mut out);
    }
    let t = lca::Lca::from_parents(&par, 0);
    for _ in 0..q {
        let u = int(&mut r, n, &mut out);
        let v = int(&mut r, n, &mut out);
        out.int(t.lca(u, v) as i64);
        out.byte(b'\n');
    }
}
