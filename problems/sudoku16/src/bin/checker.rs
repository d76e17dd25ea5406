//! sudoku16-check INPUT OUTPUT EXPECTED: exit 0 when OUTPUT correctly answers INPUT.
//!
//! Solutions need not be unique, so each printed grid is checked on its own: 16 rows of 16
//! letters, every row, column and box holding A..P once, every given kept. EXPECTED (a correct
//! answer) tells which cases are solvable: the cases it completes must be completed by OUTPUT,
//! in order, and OUTPUT must print nothing for the others. Input cases after a malformed case
//! are not read (nothing may be printed for them). Format: grids separated by one empty line,
//! and one more after the last allowed (POJ's layout has it, SPOJ's not); trailing spaces and
//! CR are ignored. INPUT may be in either judge's form (with or without SPOJ's count line).

use fastio::Reader;
use std::process::exit;
use sudoku16::{Cell, CellValues, Digit, Grid, Parser};

/// Cells in a unit, and rows in a grid.
const SIDE: usize = Cell::SIDE;

fn fail(msg: &str) -> ! {
    println!("{}", msg);
    exit(1)
}

fn read(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| {
        println!("cannot read {}: {}", path, e);
        exit(2)
    })
}

/// The grids printed in `text`, or what is wrong with its layout (naming `name` and the line).
fn grids(text: &[u8], name: &str) -> Result<Vec<Grid>, String> {
    let text = String::from_utf8_lossy(text);
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let end = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);
    let mut out = Vec::new();
    let mut i = 0;
    while i < end {
        let mut g = Grid::empty();
        for r in 0..SIDE {
            let line = lines.get(i + r).copied().unwrap_or("");
            let at = format!("{} line {}", name, i + r + 1);
            if i + r >= end {
                return Err(format!("{}: output ends inside a grid", at));
            }
            if line.len() != SIDE {
                return Err(format!("{}: expected 16 letters, found `{}`", at, line));
            }
            for (c, b) in line.bytes().enumerate() {
                let d = Digit::from_ascii(b)
                    .ok_or_else(|| format!("{}: `{}` is not a letter A..P", at, line))?;
                g.set(Cell::at(r, c), Some(d));
            }
        }
        i += SIDE;
        if i < end {
            if !lines[i].is_empty() {
                return Err(format!("{} line {}: expected an empty line", name, i + 1));
            }
            i += 1;
        }
        out.push(g);
    }
    Ok(out)
}

/// Why `answer` does not complete `puzzle`, if it does not.
fn fault(answer: &Grid, puzzle: &Grid) -> Option<String> {
    if let Some(clash) = answer.first_clash() {
        return Some(format!(
            "row {} column {}: {}",
            clash.cell.row() + 1,
            clash.cell.column() + 1,
            clash
        ));
    }
    (0..256)
        .map(Cell::from_index)
        .find_map(|c| match puzzle.get(c) {
            Some(d) if answer.get(c) != Some(d) => Some(format!(
                "row {} column {} should keep the given {}",
                c.row() + 1,
                c.column() + 1,
                d.to_ascii() as char
            )),
            _ => None,
        })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        println!("usage: sudoku16-check INPUT OUTPUT EXPECTED");
        exit(2);
    }
    let mut parser = Parser::new(Reader::new(read(&args[1])));
    let mut cases = Vec::new();
    while let Some(Ok(g)) = parser.next_case() {
        cases.push(g);
    }
    let output = grids(&read(&args[2]), "output").unwrap_or_else(|e| fail(&e));
    let expected = grids(&read(&args[3]), "expected").unwrap_or_else(|e| {
        println!("{}", e);
        exit(2)
    });
    let (mut o, mut e) = (0, 0);
    for (n, puzzle) in cases.iter().enumerate() {
        let case = n + 1;
        let solvable = expected
            .get(e)
            .map_or(false, |g| fault(g, puzzle).is_none());
        let printed = output.get(o);
        let solved = printed.map_or(false, |g| fault(g, puzzle).is_none());
        match (solvable, solved) {
            (true, true) => {
                e += 1;
                o += 1;
            }
            (false, false) => {}
            (false, true) => fail(&format!(
                "case {}: output solves it but the expected answer says it has no solution",
                case
            )),
            (true, false) => match printed {
                None => fail(&format!("case {}: no grid printed", case)),
                Some(g) => fail(&format!(
                    "case {}: grid {} of the output is wrong: {}",
                    case,
                    o + 1,
                    fault(g, puzzle).unwrap_or_default()
                )),
            },
        }
    }
    if o < output.len() {
        fail(&format!(
            "output has {} grids, expected {}",
            output.len(),
            o
        ));
    }
    if e < expected.len() {
        println!("the expected answer has grids that match no input case");
        exit(2);
    }
}
