//! test lib
/// doc
pub fn answer() -> u32 { bits::ones(0b101u32).count() as u32 }
#[cfg(test)]
mod tests { #[test] fn t() { assert_eq!(super::answer(), 2); } }
