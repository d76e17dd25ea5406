use poj2676::answer;
fn main() {
    let mut w = fastio::Writer::new();
    w.int(answer() as i64);
    w.byte(b'\n');
}
#[cfg(test)]
mod tests { #[test] fn t() { assert_eq!(1, 1); } }
