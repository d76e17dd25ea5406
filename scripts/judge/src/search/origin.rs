//! How a generated input is made, so that it can be made again: the generator's arguments
//! and seed, then the swaps of bytes a climb applied; and the generator's range knobs.

/// How an input is made: the generator's arguments and seed, then swaps of two bytes.
#[derive(Clone)]
pub struct Origin {
    /// Generator arguments, without the seed.
    pub args: Vec<String>,
    pub seed: u64,
    /// Byte offsets swapped in turn (see [`crate::search::mutate`]).
    pub swaps: Vec<(usize, usize)>,
}

impl Origin {
    /// `<name>-gen <args> --seed <seed> | swap A:B ...`, as shown in the table.
    pub fn command(&self, name: &str) -> String {
        self.render(format!("{}-gen", name), "swap")
    }

    /// The shell command that regenerates the input, run from the workspace root.
    pub fn cargo_command(&self, name: &str) -> String {
        self.render(
            format!(
                "cargo run --quiet --release -p {} --bin {}-gen --",
                name, name
            ),
            "cargo run --quiet --release -p judge -- swap",
        )
    }

    /// `<generator> <args> --seed <seed>`, then `| <swapper> A:B ...` when there are swaps.
    fn render(&self, generator: String, swapper: &str) -> String {
        let mut parts = vec![generator];
        parts.extend(self.args.iter().map(|a| quote(a)));
        parts.push(format!("--seed {}", self.seed));
        if !self.swaps.is_empty() {
            parts.push(format!("| {}", swapper));
            parts.extend(self.swaps.iter().map(|(a, b)| format!("{}:{}", a, b)));
        }
        parts.join(" ")
    }
}

/// `arg` as one shell word.
pub fn quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-=/:,".contains(&b));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

/// The generator arguments with one `A..B` knob halved: `A..M` and `M+1..B` for each range
/// with `A < B` (M the midpoint). Empty when no range is left to halve.
pub fn halves(args: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let (lo, hi) = match a
            .split_once("..")
            .and_then(|(x, y)| Some((x.parse::<u64>().ok()?, y.parse::<u64>().ok()?)))
        {
            Some(r) => r,
            None => continue,
        };
        if lo >= hi {
            continue;
        }
        let mid = lo + (hi - lo) / 2;
        for (x, y) in [(lo, mid), (mid + 1, hi)] {
            let mut v = args.to_vec();
            v[i] = format!("{}..{}", x, y);
            out.push(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn halves_split_every_range_knob() {
        let h = halves(&strings(&["--givens", "24..30", "--count", "5"]));
        assert_eq!(
            h,
            [
                strings(&["--givens", "24..27", "--count", "5"]),
                strings(&["--givens", "28..30", "--count", "5"])
            ]
        );
        assert!(halves(&strings(&["--givens", "24..24"])).is_empty());
        assert!(halves(&strings(&["--kind", "minimal"])).is_empty());
        assert_eq!(halves(&strings(&["1..2", "5..6"])).len(), 4);
    }

    #[test]
    fn commands_quote_only_what_needs_it() {
        let mut origin = Origin {
            args: strings(&["--givens", "24..30"]),
            seed: 7,
            swaps: Vec::new(),
        };
        assert_eq!(origin.command("p"), "p-gen --givens 24..30 --seed 7");
        assert!(origin
            .cargo_command("p")
            .ends_with("-p p --bin p-gen -- --givens 24..30 --seed 7"));
        origin.swaps = vec![(3, 9), (4, 12)];
        assert_eq!(
            origin.command("p"),
            "p-gen --givens 24..30 --seed 7 | swap 3:9 4:12"
        );
        assert!(origin
            .cargo_command("p")
            .ends_with("--seed 7 | cargo run --quiet --release -p judge -- swap 3:9 4:12"));
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), r"'it'\''s'");
    }
}
