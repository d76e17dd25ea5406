//! Test-kit helpers shared by the generator and the reference: the sudoku rules on a raw
//! `[u8; 81]` grid (0 = empty), written again here, independent of the library's search.

#![allow(dead_code)] // each binary uses a different part

/// Bit `d` of a mask stands for digit `d` (1..=9); bit 0 is unused.
pub const ALL: u16 = 0b11_1111_1110;

/// The box (`0..9`, row-major) of cell `c = 9 * row + column`.
pub fn box_of(c: usize) -> usize {
    c / 27 * 3 + c % 9 / 3
}

/// The cells of `c`'s row, column and box, `c` itself included (three times), 27 in all.
pub fn units_of(c: usize) -> impl Iterator<Item = usize> {
    let (r, k) = (c / 9, c % 9);
    let (br, bk) = (r / 3 * 3, k / 3 * 3);
    (0..9).flat_map(move |i| [9 * r + i, 9 * i + k, 9 * (br + i / 3) + bk + i % 3])
}

/// The digits (as a mask) that the other cells of `c`'s row, column and box hold.
pub fn used_by_peers(g: &[u8; 81], c: usize) -> u16 {
    units_of(c)
        .filter(|&p| p != c)
        .fold(0, |used, p| used | 1 << g[p])
        & ALL
}

/// Whether two filled cells of one row, column or box hold the same digit.
pub fn has_clash(g: &[u8; 81]) -> bool {
    (0..81).any(|c| g[c] != 0 && used_by_peers(g, c) >> g[c] & 1 == 1)
}

/// The grid in the judge's format: 9 lines of 9 digits separated by spaces.
pub fn to_text(g: &[u8; 81]) -> String {
    let mut out = String::with_capacity(162);
    for (c, d) in g.iter().enumerate() {
        out.push((b'0' + d) as char);
        out.push(if c % 9 == 8 { '\n' } else { ' ' });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_peers() {
        let mut units: Vec<usize> = units_of(40).collect();
        units.sort_unstable();
        units.dedup();
        assert_eq!(units.len(), 21); // the cell and its 20 peers
        assert_eq!(
            (box_of(0), box_of(40), box_of(80), box_of(33)),
            (0, 4, 8, 5)
        );
        let mut g = [0u8; 81];
        g[0] = 5;
        g[80] = 7;
        assert_eq!(used_by_peers(&g, 8), 1 << 5 | 1 << 7); // row 1 and column 9
        assert_eq!(used_by_peers(&g, 0), 0);
        assert_eq!(used_by_peers(&g, 40), 0);
        assert!(!has_clash(&g));
        g[10] = 5;
        assert!(has_clash(&g));
        assert!(to_text(&g).starts_with("5 0 0 0 0 0 0 0 0\n0 5 0"));
    }
}
