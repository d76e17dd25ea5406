//! zalgorithm (Library Checker): the Z-array of a string of lowercase letters.
//!
//! The `string` crate's Z-algorithm; reads with `fastio`, writes with its `Writer`.

fn main() {
    let mut r = fastio::stdin_or_exit();
    let mut out = fastio::Writer::new();
    let s = match r.token() {
        Some(s) => s.to_vec(),
        None => fastio::InputError::at_line(r.line(), "expected the string S").exit(&mut out),
    };
    for (i, &x) in string::z_algorithm(&s).iter().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        out.int(x as i64);
    }
    out.byte(b'\n');
}
