//! suffixarray (Library Checker): the suffix array of a string of lowercase letters.
//!
//! SA-IS from the `string` crate; reads with `scan`, writes with its `Writer`.

use scan::{input, Writer};

fn main() {
    input! { s: bytes }
    let mut out = Writer::new();
    for (i, &x) in string::suffix_array(&s).iter().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        out.int(x as i64);
    }
    out.byte(b'\n');
}
