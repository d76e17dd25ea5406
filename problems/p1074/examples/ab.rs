use std::convert::TryInto;
use std::io::Read;
fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let numbers: Vec<u8> = input.split_ascii_whitespace().map(|t| t.parse().unwrap()).collect();
    let (mut ta, mut tb, mut ma, mut mb, mut n) = (0.0f64, 0.0f64, 0.0f64, 0.0f64, 0);
    for chunk in numbers.chunks_exact(81) {
        let g = p1074::Grid(chunk.try_into().unwrap());
        std::env::remove_var("P1074_PAT");
        let t = std::time::Instant::now();
        let a = p1074::solve(&g).map(|s| s.score);
        let da = t.elapsed().as_secs_f64() * 1e3;
        std::env::set_var("P1074_PAT", "1");
        let t = std::time::Instant::now();
        let b = p1074::solve(&g).map(|s| { assert!(s.grid.is_solved() && s.grid.extends(&g) && s.grid.score() == s.score); s.score });
        let db = t.elapsed().as_secs_f64() * 1e3;
        assert_eq!(a, b, "{}", g);
        ta += da; tb += db; ma = ma.max(da); mb = mb.max(db); n += 1;
    }
    println!("{} grids old total {:.1} max {:.1} | new total {:.1} max {:.1}", n, ta, ma, tb, mb);
}
