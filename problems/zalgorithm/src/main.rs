//! zalgorithm (Library Checker): the Z-array of a string of lowercase letters.
//!
//! The `string` crate's Z-algorithm; reads with `scan`, writes with its `Writer`.

use scan::{input, Writer};

fn main() {
    input! { s: bytes }
    let mut out = Writer::new();
    for (i, &x) in string::z_algorithm(&s).iter().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        out.int(x as i64);
    }
    out.byte(b'\n');
}
