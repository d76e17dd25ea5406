//! suffixarray (Library Checker): the suffix array of a string of lowercase letters.
//!
//! SA-IS from the `string` crate; reads with `fastio`, writes with its `Writer`.

fn main() {
    let mut r = fastio::stdin_or_exit();
    let mut out = fastio::Writer::new();
    let s = match r.token() {
        Some(s) => s.to_vec(),
        None => fastio::InputError::at_line(r.line(), "expected the string S").exit(&mut out),
    };
    for (i, &x) in string::suffix_array(&s).iter().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        out.int(x as i64);
    }
    out.byte(b'\n');
}
