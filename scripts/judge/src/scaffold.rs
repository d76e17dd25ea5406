//! `make new` and `make receive`: a new problem package in the one skeleton every problem
//! follows (PROTOCOL.md, "The problem skeleton"), building and tested from the first minute.
//!
//! The template is a small, real solver for the workspace's kind of problem (a 9x9 sudoku:
//! parse -> plain search -> print), to be reshaped into the problem's own. The generator,
//! reference and checker are stubs that exit with status 3 and "not written yet", so neither
//! `make stress` nor the kit's tests (`tests/kit.rs`) can pass until they are written.

use std::fs;
use std::path::Path;

/// The judge facts a new package's `[package.metadata.judge]` starts with.
#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    /// The problem's title, for the package description (any Unicode; never a path).
    pub description: String,
    pub judge: String,
    pub problem: String,
    pub url: String,
    pub time_limit_ms: u64,
    pub memory_limit_mib: u64,
}

impl Facts {
    /// Placeholders for `make new`: they load, and say what to fill in.
    pub fn placeholder() -> Facts {
        Facts {
            description: "TODO: one line saying what the problem asks.".to_string(),
            judge: crate::judges::GENERIC.to_string(),
            problem: "TODO".to_string(),
            url: "TODO".to_string(),
            time_limit_ms: 1000,
            memory_limit_mib: 256,
        }
    }
}

/// The longest problem name.
pub const MAX_NAME: usize = 40;

/// Whether `name` is a package name the workspace accepts: at most [`MAX_NAME`] lowercase ASCII
/// letters, digits and `_`, starting with a letter (so also a crate name and a safe folder
/// name).
pub fn valid_name(name: &str) -> bool {
    name.len() <= MAX_NAME
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// `make new`: creates `problems/<name>` with placeholder facts and `samples/<name>/1.in`
/// (empty, to fill in with its `1.out`), and says what to do next.
pub fn new_problem(root: &Path, name: &str) -> Result<(), String> {
    create(root, name, &Facts::placeholder())?;
    let samples = root.join("samples").join(name);
    fs::create_dir_all(&samples).map_err(|e| e.to_string())?;
    if !samples.join("1.in").exists() {
        fs::write(samples.join("1.in"), "").map_err(|e| e.to_string())?;
    }
    println!("created problems/{0} and samples/{0}:", name);
    println!(
        "  fill in [package.metadata.judge] in problems/{}/Cargo.toml (limits, compare, stress)",
        name
    );
    println!(
        "  reshape src/grid.rs, parse.rs, solver.rs (a plain 9x9 sudoku) into the problem's own"
    );
    println!(
        "  paste the judge's sample into samples/{0}/1.in and 1.out (or: make receive)",
        name
    );
    println!("  write the kit in src/bin (the stubs exit 3 until then; tests/kit.rs fails)");
    println!("then: make check P={0}   make stress P={0}", name);
    Ok(())
}

/// Creates `problems/<name>` from the skeleton with `facts`. Refuses a name that is not
/// [`valid_name`] and a problem that exists; on a failed write removes what it made.
pub fn create(root: &Path, name: &str, facts: &Facts) -> Result<(), String> {
    if !valid_name(name) {
        return Err(format!(
            "`{}` is not a usable problem name: use lowercase letters, digits and _, starting with a letter",
            name
        ));
    }
    let dir = root.join("problems").join(name);
    if dir.exists() {
        return Err(format!("problems/{} already exists", name));
    }
    let files = skeleton(name, facts);
    let written = files.iter().try_for_each(|(path, text)| {
        let p = dir.join(path);
        fs::create_dir_all(p.parent().expect("a file in the package"))
            .and_then(|_| fs::write(&p, text))
            .map_err(|e| format!("{}: {}", p.display(), e))
    });
    if written.is_err() {
        let _ = fs::remove_dir_all(&dir);
    }
    written
}

/// The files of a new package: (path inside `problems/<name>`, text).
fn skeleton(name: &str, facts: &Facts) -> Vec<(&'static str, String)> {
    let named = |text: &str| text.replace("NAME", name);
    vec![
        ("Cargo.toml", manifest(name, facts)),
        ("src/lib.rs", named(LIB)),
        ("src/main.rs", named(MAIN)),
        ("src/grid.rs", GRID.to_string()),
        ("src/parse.rs", PARSE.to_string()),
        ("src/solver.rs", named(SOLVER)),
        ("src/bin/kit/mod.rs", named(KIT)),
        (
            "src/bin/gen.rs",
            stub(name, "gen", "print one random valid input for `--seed <n>`"),
        ),
        (
            "src/bin/reference.rs",
            stub(
                name,
                "ref",
                "solve stdin plainly and print the expected output",
            ),
        ),
        (
            "src/bin/checker.rs",
            stub(
                name,
                "check",
                "judge <input> <output> <expected>: exit 0 if correct, else 1 and a reason",
            ),
        ),
        ("tests/cli.rs", named(CLI_TEST)),
        ("tests/kit.rs", named(KIT_TEST)),
    ]
}

/// `s` as a TOML basic string: quotes and backslashes escaped, control characters (which a
/// basic string cannot hold as they are) made spaces.
fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The `[package.metadata.judge]` table of `facts`, with one
/// `[[package.metadata.judge.judges]]` table: the judge the problem came from.
pub fn metadata(facts: &Facts) -> String {
    format!(
        r#"[package.metadata.judge]
compare = "lines"             # or "checker" when any valid answer is accepted
# Generator argument sets for `make stress`, used in turn (`--seed <n>` is appended).
stress = [[]]

# Where the statement can be submitted, the origin first (keys: scripts/judge/src/judges.rs).
[[package.metadata.judge.judges]]
judge = {judge}
problem = {problem}
url = {url}
time-limit-ms = {time}
memory-limit-mib = {memory}
"#,
        judge = toml_string(&facts.judge),
        problem = toml_string(&facts.problem),
        url = toml_string(&facts.url),
        time = facts.time_limit_ms,
        memory = facts.memory_limit_mib,
    )
}

fn manifest(name: &str, facts: &Facts) -> String {
    format!(
        r#"[package]
name = "{name}"
description = {description}
version.workspace = true
edition.workspace = true
rust-version.workspace = true
publish.workspace = true

{metadata}
[dependencies]
bits = {{ path = "../../shared/bits" }}
fastio = {{ path = "../../shared/fastio" }}
rng = {{ path = "../../shared/rng" }}
sudoku = {{ path = "../../shared/sudoku" }}

[dev-dependencies]
testkit = {{ path = "../../shared/testkit" }}

[[bin]]
name = "{name}"
path = "src/main.rs"

[[bin]]
name = "{name}-gen"
path = "src/bin/gen.rs"

[[bin]]
name = "{name}-ref"
path = "src/bin/reference.rs"

[[bin]]
name = "{name}-check"
path = "src/bin/checker.rs"
"#,
        name = name,
        description = toml_string(&facts.description),
        metadata = metadata(facts),
    )
}

fn stub(name: &str, role: &str, job: &str) -> String {
    format!(
        r#"//! {name}-{role}: TODO: {job}.

mod kit;

/// What this program does once it is written.
const JOB: &str = "{job}";

fn main() {{
    kit::not_written("{name}-{role}", JOB);
}}
"#,
        name = name,
        role = role,
        job = job,
    )
}

const LIB: &str = r#"//! NAME: TODO: one line saying what the problem asks.
//!
//! The template solves a classic 9x9 sudoku; reshape each module into the problem's own.
//!
//! - [`grid`]: the puzzle as the judge gives it (`Cell`, `Digit`, `DigitSet`, `Grid`, `Clash`)
//! - [`parse`]: the input format; every error is a `fastio::InputError`
//! - [`solver`]: `solve`, a plain depth-first search, fewest candidates first

pub mod grid;
pub mod parse;
pub mod solver;

pub use grid::{Cell, Clash, Digit, DigitSet, Grid};
pub use parse::Parser;
pub use solver::solve;
"#;

const MAIN: &str = r#"//! NAME: the submission. Parse -> solve -> print; exit 1 if some case has no solution
//! (`case N: no solution` on stderr), 2 on malformed input.

use NAME::{solve, Parser};

fn main() {
    let mut out = fastio::Writer::new();
    let mut parser = Parser::new(fastio::stdin_or_exit());
    let mut status = 0;
    let mut case = 0;
    while let Some(next) = parser.next_case() {
        case += 1;
        let puzzle = match next {
            Ok(puzzle) => puzzle,
            Err(error) => error.exit(&mut out),
        };
        match solve(&puzzle) {
            Some(solution) => out.bytes(&solution.to_lines()),
            None => {
                eprintln!("case {}: no solution", case);
                status = 1;
            }
        }
    }
    out.flush();
    std::process::exit(status);
}
"#;

const GRID: &str = r#"//! The puzzle as the judge gives it: a 9x9 grid of digits 1..=9 with empty cells, ruled by
//! rows, columns and 3x3 boxes.

/// The side of a box; the grid is `SIDE` x `SIDE`.
pub const BOX: usize = 3;
/// The side of the grid, and the number of digits.
pub const SIDE: usize = BOX * BOX;
/// The number of cells.
pub const CELLS: usize = SIDE * SIDE;

/// A cell, numbered in reading order (`Cell::at`, `.row()`, `.column()`, `.box_index()`,
/// `.index()`, `.sees()`, `Cell::all()`): the shared `sudoku` crate's, whose diagram numbers
/// cells, boxes and units.
pub type Cell = sudoku::Cell<BOX>;

/// Two equal givens in one unit (`sudoku::Unit`): the later of the two in reading order, and
/// its digit. Displays as one phrase: `two 5s in row 2` (units numbered from 1).
pub type Clash = sudoku::Clash<BOX, Digit>;

/// A digit, 1..=`SIDE` (`Digit::new(value)`, `.get()`, `.index()`, `Digit::from_index`),
/// displayed as its number: the shared `sudoku` crate's. A problem that writes its symbols
/// otherwise (letters, say) defines its own digit type with a `Display` of its own.
pub type Digit = sudoku::Digit<BOX>;

/// A set of digits, one bit each:
///
/// ```text
/// bit    8 7 6 5 4 3 2 1 0
/// digit  9 8 7 6 5 4 3 2 1
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// Every digit 1..=`SIDE`.
    pub const ALL: DigitSet = DigitSet((1 << SIDE) - 1);

    /// Whether `digit` is in the set. O(1).
    pub fn contains(self, digit: Digit) -> bool {
        self.0 & Self::bit(digit) != 0
    }

    /// The set with `digit` added. O(1).
    pub fn with(self, digit: Digit) -> DigitSet {
        DigitSet(self.0 | Self::bit(digit))
    }

    /// The digits of `self` that are not in `other`. O(1).
    pub fn without(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The number of digits. O(1).
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty. O(1).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digits, smallest first. O(1) per digit.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        bits::ones(self.0).map(|bit| Digit::from_index(bit as usize))
    }

    fn bit(digit: Digit) -> u16 {
        1 << digit.index()
    }
}

/// A grid of digits and empty cells: one byte per cell, 0 for empty, in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    cells: [u8; CELLS],
}

impl Grid {
    /// The grid with every cell empty.
    pub fn empty() -> Grid {
        Grid { cells: [0; CELLS] }
    }

    /// The digit in `cell`, if any. O(1).
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell`, or empties it with `None`. O(1).
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// How many cells are filled. O(CELLS).
    pub fn givens(&self) -> usize {
        sudoku::givens(&self.cells)
    }

    /// The first clash in reading order: a digit that its row, column or box already holds.
    /// O(CELLS).
    pub fn first_clash(&self) -> Option<Clash> {
        sudoku::first_clash::<BOX>(&self.cells).map(|clash| clash.map(Digit::from_value))
    }

    /// Whether `self` keeps every given of `puzzle` (a completion must). O(CELLS).
    pub fn extends(&self, puzzle: &Grid) -> bool {
        sudoku::extends(&self.cells, &puzzle.cells)
    }

    /// Whether every cell is filled and nothing clashes: a solved grid. O(CELLS).
    pub fn is_solved(&self) -> bool {
        sudoku::is_solved::<BOX>(&self.cells)
    }

    /// The grid as the judge prints it: `SIDE` lines of `SIDE` digits, `0` for empty.
    pub fn to_lines(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(CELLS + SIDE);
        for row in self.cells.chunks(SIDE) {
            out.extend(row.iter().map(|&v| b'0' + v));
            out.push(b'\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_and_sets() {
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        let (two, nine) = (Digit::new(2).unwrap(), Digit::new(9).unwrap());
        let set = DigitSet::EMPTY.with(nine).with(two);
        assert!(set.contains(two) && !set.contains(Digit::new(3).unwrap()));
        assert_eq!(set.iter().collect::<Vec<_>>(), [two, nine]);
        assert_eq!(DigitSet::ALL.without(set).len(), 7);
        assert!(set.without(set).is_empty());
    }

    #[test]
    fn clashes_givens_and_extension() {
        let mut g = Grid::empty();
        let five = Digit::new(5);
        g.set(Cell::at(1, 0), five);
        assert_eq!(g.givens(), 1);
        assert_eq!(g.first_clash(), None);
        g.set(Cell::at(2, 2), five);
        let clash = g.first_clash().unwrap();
        assert_eq!(clash.cell, Cell::at(2, 2));
        assert_eq!(clash.to_string(), "two 5s in box 1");
        g.set(Cell::at(2, 2), None);
        g.set(Cell::at(1, 8), five);
        assert_eq!(g.first_clash().unwrap().to_string(), "two 5s in row 2");
        let mut more = g;
        more.set(Cell::at(0, 0), Digit::new(1));
        assert!(more.extends(&g) && !g.extends(&more));
        assert_eq!(&g.to_lines()[SIDE + 1..2 * SIDE + 2], b"500000005\n");
    }
}
"#;

const PARSE: &str = r#"//! The input: cases until the end of the input, each 9 rows of 9 cells.
//!
//! A row is one line: digits `1`..`9`, with `0` or `.` for an empty cell, optionally separated
//! by spaces or tabs. Blank lines between cases, CRLF line ends and a missing final newline
//! are accepted. Everything else is a `fastio::InputError` naming the case, row and line: a
//! character that is not a cell, a row of the wrong length, givens that clash (`the givens
//! clash: two 5s in row 3`, on the row of the later given), and a case cut short by the end of
//! the input.

use crate::grid::{Cell, Digit, Grid, SIDE};
use fastio::{InputError, Reader};

/// Reads cases one at a time.
pub struct Parser {
    reader: Reader,
    case: usize,
}

impl Parser {
    /// A parser over `reader`, before its first case.
    pub fn new(reader: Reader) -> Parser {
        Parser { reader, case: 0 }
    }

    /// The next case: `None` at the end of the input (only whitespace left), otherwise the
    /// grid or the first thing wrong with it. Stop reading after an error. O(case size).
    pub fn next_case(&mut self) -> Option<Result<Grid, InputError>> {
        self.reader.skip_whitespace();
        if self.reader.at_end() {
            return None;
        }
        self.case += 1;
        let case = self.case;
        Some(self.grid().map_err(|e| e.in_case(case)))
    }

    fn grid(&mut self) -> Result<Grid, InputError> {
        let mut grid = Grid::empty();
        // The input line of each row, to place a clash on the later given's row.
        let mut lines = Vec::with_capacity(SIDE);
        for row in 0..SIDE {
            self.reader.skip_whitespace();
            let line = self.reader.line();
            lines.push(line);
            let fail = |what: String| InputError::at_line(line, what).in_row(row + 1);
            let text = match self.reader.line_bytes() {
                Some(text) => text,
                None => {
                    return Err(fail(format!(
                        "the input ends after {} of the case's {} rows",
                        row, SIDE
                    )))
                }
            };
            let mut column = 0;
            for &b in text.iter().filter(|&&b| b != b' ' && b != b'\t') {
                let digit = match b {
                    b'0' | b'.' => None,
                    b'1'..=b'9' => Digit::new(b - b'0'),
                    _ => {
                        return Err(fail(format!(
                            "`{}` is not a digit 1..9, `0` or `.`",
                            fastio::shorten(&[b])
                        )))
                    }
                };
                if column < SIDE {
                    grid.set(Cell::at(row, column), digit);
                }
                column += 1;
            }
            if column != SIDE {
                let plural = if column == 1 { "" } else { "s" };
                return Err(fail(format!(
                    "the row has {} cell{}, expected {}",
                    column, plural, SIDE
                )));
            }
        }
        match grid.first_clash() {
            Some(clash) => {
                let row = clash.cell.row();
                let what = format!("the givens clash: {}", clash);
                Err(InputError::at_line(lines[row], what).in_row(row + 1))
            }
            None => Ok(grid),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(input: &str) -> Vec<Result<Grid, String>> {
        let mut parser = Parser::new(Reader::new(input.as_bytes().to_vec()));
        let mut cases = Vec::new();
        while let Some(case) = parser.next_case() {
            let failed = case.is_err();
            cases.push(case.map_err(|e| e.to_string()));
            if failed {
                break;
            }
        }
        cases
    }

    const EMPTY_ROWS: &str = "000000000\n000000000\n000000000\n000000000\n000000000\n\
                              000000000\n000000000\n000000000\n";

    #[test]
    fn layouts() {
        let spaced = format!(
            "\r\n1 . 0 0 0 0 0 0 9\r\n{}\n\n",
            EMPTY_ROWS.replace('\n', "\r\n")
        );
        let cases = parse(&format!("{}{}9........", spaced, EMPTY_ROWS));
        assert_eq!(cases.len(), 2);
        let first = cases[0].as_ref().unwrap();
        assert_eq!(first.get(Cell::at(0, 0)), Digit::new(1));
        assert_eq!(first.get(Cell::at(0, 8)), Digit::new(9));
        assert_eq!(first.givens(), 2);
        let second = cases[1].as_ref().unwrap();
        assert_eq!(second.get(Cell::at(8, 0)), Digit::new(9));
        assert!(parse("  \n\n").is_empty());
    }

    #[test]
    fn errors_say_where() {
        let case = |first: &str| parse(&format!("{}\n{}9........\n", first, EMPTY_ROWS));
        let last = |first: &str| case(first).pop().unwrap();
        assert_eq!(
            last("00000000"),
            Err("case 1, row 1 (line 1): the row has 8 cells, expected 9".to_string())
        );
        assert_eq!(
            last("0000x0000"),
            Err("case 1, row 1 (line 1): `x` is not a digit 1..9, `0` or `.`".to_string())
        );
        assert_eq!(
            last("500050000"),
            Err("case 1, row 1 (line 1): the givens clash: two 5s in row 1".to_string())
        );
        // Placed on the later given's row and input line.
        let below = format!("\n\n500000000\n000000000\n050000000\n{}", &EMPTY_ROWS[20..]);
        assert_eq!(
            parse(&below).pop().unwrap(),
            Err("case 1, row 3 (line 5): the givens clash: two 5s in box 1".to_string())
        );
        assert_eq!(
            parse(&format!("{}9........\n\n{}", EMPTY_ROWS, EMPTY_ROWS))
                .pop()
                .unwrap(),
            Err("case 2, row 9 (line 19): the input ends after 8 of the case's 9 rows".to_string())
        );
    }
}
"#;

const SOLVER: &str = r#"//! `solve`: a plain depth-first search that fills the cell with the fewest candidates first.
//! The template's solver, correct and small: replace it with the problem's own design.

use crate::grid::{Cell, DigitSet, Grid};

/// A completion of `puzzle` (every cell filled, no clash, the givens kept), or `None` when it
/// has none. The givens must not clash (`puzzle.first_clash()` is `None`). Exponential in the
/// worst case; milliseconds on judge-sized 9x9 puzzles.
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    let mut grid = *puzzle;
    if search(&mut grid) {
        Some(grid)
    } else {
        None
    }
}

/// The digits `cell` may take: those its row, column and box do not hold. O(SIDE).
fn candidates(grid: &Grid, cell: Cell) -> DigitSet {
    let mut used = DigitSet::EMPTY;
    for other in Cell::all().filter(|&other| other.sees(cell)) {
        if let Some(digit) = grid.get(other) {
            used = used.with(digit);
        }
    }
    DigitSet::ALL.without(used)
}

/// Fills `grid` and returns true, or leaves it as it was and returns false.
fn search(grid: &mut Grid) -> bool {
    // The empty cell with the fewest candidates: a forced or dead cell first.
    let mut best: Option<(Cell, DigitSet)> = None;
    for cell in Cell::all().filter(|&c| grid.get(c).is_none()) {
        let options = candidates(grid, cell);
        let better = match best {
            None => true,
            Some((_, fewest)) => options.len() < fewest.len(),
        };
        if better {
            best = Some((cell, options));
            if options.len() <= 1 {
                break;
            }
        }
    }
    let (cell, options) = match best {
        None => return true,
        Some(best) => best,
    };
    for digit in options.iter() {
        grid.set(cell, Some(digit));
        if search(grid) {
            return true;
        }
    }
    grid.set(cell, None);
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Parser;
    use fastio::Reader;

    fn grid(rows: &str) -> Grid {
        let mut parser = Parser::new(Reader::new(rows.as_bytes().to_vec()));
        parser.next_case().unwrap().unwrap()
    }

    #[test]
    fn solves_and_keeps_the_givens() {
        let puzzle = grid(
            "103000509\n002109400\n000704000\n300502006\n060000050\n\
             700803004\n000401000\n009205800\n804000107\n",
        );
        let solution = solve(&puzzle).unwrap();
        assert!(solution.is_solved() && solution.extends(&puzzle));
        let empty = solve(&Grid::empty()).unwrap();
        assert!(empty.is_solved());
    }

    #[test]
    fn no_solution_is_none() {
        // Row 1 needs a 9 in column 9, which column 9 already holds.
        let puzzle = grid(
            "123456780\n000000009\n000000000\n000000000\n000000000\n\
             000000000\n000000000\n000000000\n000000000\n",
        );
        assert_eq!(solve(&puzzle), None);
    }
}
"#;

const KIT: &str = r#"//! What NAME-gen, NAME-ref and NAME-check share (`mod kit;` in each). Never the solver's
//! search: a reference that shares the code under test proves nothing.

#![allow(dead_code)] // each program uses a different part

/// Ends a kit program that is not written yet: one line on stderr, exit status 3, so that
/// neither `make stress` nor `tests/kit.rs` can pass by accident.
pub fn not_written(program: &str, job: &str) -> ! {
    eprintln!(
        "{} is not written yet: {} (in the problem's src/bin)",
        program, job
    );
    std::process::exit(3)
}
"#;

const CLI_TEST: &str = r#"//! The submission binary on hand-written inputs: the sample, several cases, an unsolvable
//! case, malformed input.

use std::process::Output;

const SOLVER: &str = env!("CARGO_BIN_EXE_NAME");

const PUZZLE: &str = "103000509\n002109400\n000704000\n300502006\n060000050\n\
                      700803004\n000401000\n009205800\n804000107\n";
const SOLUTION: &str = "143628579\n572139468\n986754231\n391542786\n468917352\n\
                        725863914\n237481695\n619275843\n854396127\n";
/// Row 1 needs a 9 in column 9, but column 9 already holds one: no solution, no clash.
const UNSOLVABLE: &str = "123456780\n000000009\n000000000\n000000000\n000000000\n\
                          000000000\n000000000\n000000000\n000000000\n";

fn solve(input: &str) -> Output {
    testkit::run(SOLVER, &[], input.as_bytes())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn sample() {
    let out = solve(PUZZLE);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), SOLUTION);
}

#[test]
fn unsolvable_case_is_reported_and_the_others_solved() {
    let out = solve(&format!("{}\n{}\n{}", PUZZLE, UNSOLVABLE, PUZZLE));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), format!("{}{}", SOLUTION, SOLUTION));
    assert_eq!(text(&out.stderr), "case 2: no solution\n");
}

#[test]
fn malformed_input_is_one_line_and_status_2_after_the_solved_cases() {
    let bad = PUZZLE.replacen("000704000", "00070400", 1);
    let out = solve(&format!("{}{}", PUZZLE, bad));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), SOLUTION);
    assert_eq!(
        text(&out.stderr),
        "case 2, row 3 (line 12): the row has 8 cells, expected 9\n"
    );
}
"#;

const KIT_TEST: &str = r#"//! The submission against the reference and the checker on generated inputs. Fails until the
//! kit in src/bin is written: the stubs exit 3.

use testkit::run;

const SOLVER: &str = env!("CARGO_BIN_EXE_NAME");
const GEN: &str = env!("CARGO_BIN_EXE_NAME-gen");
const REF: &str = env!("CARGO_BIN_EXE_NAME-ref");
const CHECK: &str = env!("CARGO_BIN_EXE_NAME-check");

#[test]
fn submission_agrees_with_the_reference_and_the_checker() {
    // One folder per test process: the files the checker reads.
    let dir = std::env::temp_dir().join(format!("kit-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for seed in 1..=20 {
        let seed = seed.to_string();
        let input = run(GEN, &["--seed", &seed], b"");
        assert!(
            input.status.success(),
            "gen --seed {}: {}",
            seed,
            String::from_utf8_lossy(&input.stderr)
        );
        let solver = run(SOLVER, &[], &input.stdout);
        let reference = run(REF, &[], &input.stdout);
        assert_eq!(
            solver.status.code(),
            reference.status.code(),
            "seed {}",
            seed
        );
        let outputs = [("in", &input), ("out", &solver), ("exp", &reference)];
        let files: Vec<String> = outputs
            .iter()
            .map(|(name, output)| {
                let path = dir.join(name);
                std::fs::write(&path, &output.stdout).unwrap();
                path.display().to_string()
            })
            .collect();
        let args: Vec<&str> = files.iter().map(String::as_str).collect();
        let check = run(CHECK, &args, b"");
        assert!(
            check.status.success(),
            "seed {}: {}",
            seed,
            String::from_utf8_lossy(&check.stdout)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Json;

    #[test]
    fn names_and_toml_strings() {
        assert!(valid_name("p1074") && valid_name("abc123_a"));
        for bad in ["", "1a", "A", "a-b", "a/b", "..", "a b", "é"] {
            assert!(!valid_name(bad), "{}", bad);
        }
        assert_eq!(
            toml_string("a \"b\" \\ c\nd 靶"),
            "\"a \\\"b\\\" \\\\ c d 靶\""
        );
    }

    #[test]
    fn the_manifest_loads_with_the_judges_reader() {
        let facts = Facts {
            description: "P1074 [NOIP 2009 提高组] 靶形数独 \"q\"".to_string(),
            judge: "luogu".to_string(),
            problem: "P1074".to_string(),
            url: "https://www.luogu.com.cn/problem/P1074".to_string(),
            time_limit_ms: 2000,
            memory_limit_mib: 128,
        };
        let placeholder = manifest("abc", &Facts::placeholder());
        let text = manifest("p1074", &facts);
        let members = [("p1074", text.as_str()), ("abc", placeholder.as_str())];
        let root = crate::metadata::scratch_workspace("scaffold", &members);
        let problems = crate::problem::select(&root, &[]).unwrap();
        let doc = crate::metadata::document(&root).unwrap();
        fs::remove_dir_all(&root).unwrap();
        let problem = problems.iter().find(|p| p.name == "p1074").unwrap();
        let origin = &problem.judges[0];
        assert_eq!(
            (origin.judge.key, origin.problem.as_str()),
            ("luogu", "P1074")
        );
        assert_eq!(
            (problem.time_limit_ms, problem.memory_limit_mib),
            (2000, 128)
        );
        let description = doc
            .get("packages")
            .and_then(|p| p.as_array())
            .and_then(|p| {
                p.iter()
                    .find(|p| p.get("name") == Some(&Json::Str("p1074".into())))
            })
            .and_then(|p| p.get("description"))
            .and_then(|d| d.as_str());
        assert_eq!(description, Some("P1074 [NOIP 2009 提高组] 靶形数独 \"q\""));
    }

    #[test]
    fn every_file_of_the_skeleton() {
        let paths: Vec<&str> = skeleton("x1", &Facts::placeholder())
            .iter()
            .map(|(p, _)| *p)
            .collect();
        for wanted in [
            "Cargo.toml",
            "src/lib.rs",
            "src/main.rs",
            "src/grid.rs",
            "src/parse.rs",
            "src/solver.rs",
            "src/bin/gen.rs",
            "src/bin/reference.rs",
            "src/bin/checker.rs",
            "src/bin/kit/mod.rs",
            "tests/cli.rs",
            "tests/kit.rs",
        ] {
            assert!(paths.contains(&wanted), "{}", wanted);
        }
    }
}
