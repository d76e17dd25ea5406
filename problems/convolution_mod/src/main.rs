//! convolution_mod (Library Checker): the product of two sequences modulo 998244353.

use convolution::convolution_raw;
use scan::{input, Writer};

fn main() {
    input! { n: usize, m: usize, a: [u32; n], b: [u32; m] }
    let c = convolution_raw::<998_244_353, u32>(&a, &b);
    let mut out = Writer::new();
    for (i, &x) in c.iter().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        out.int(i64::from(x));
    }
    out.byte(b'\n');
}
