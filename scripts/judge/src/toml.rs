//! A reader for the small part of TOML that problem manifests use.
//!
//! Supported: `[table]` and `[[array.of.tables]]` headers with dotted keys, `key = value` with
//! basic strings, integers, decimal floats (`1e-6`, `0.5`), booleans, inline tables and
//! (nested, possibly multi-line) arrays of those, and comments. Other TOML (dates, `inf`,
//! literal strings) is reported as an error, never misread. The judge only needs `[package]` and `[package.metadata.judge]`.

use std::collections::BTreeMap;

/// A TOML value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    Array(Vec<Value>),
    Table(Table),
}

/// A table: keys in sorted order.
pub type Table = BTreeMap<String, Value>;

impl Value {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }
    /// A float, or an integer as one (`float-abs = 0`).
    pub fn as_float(&self) -> Option<f64> {
        match self {
            Value::Float(x) => Some(*x),
            Value::Int(i) => Some(*i as f64),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    pub fn as_table(&self) -> Option<&Table> {
        match self {
            Value::Table(t) => Some(t),
            _ => None,
        }
    }
    /// Follows a dotted path of table keys.
    pub fn get(&self, path: &str) -> Option<&Value> {
        let mut v = self;
        for key in path.split('.') {
            v = v.as_table()?.get(key)?;
        }
        Some(v)
    }
}

/// Parses a document into its root table. Errors name the line.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut p = Parser {
        s: text.as_bytes(),
        pos: 0,
        line: 1,
    };
    let mut root = Table::new();
    // Path of the table that `key = value` lines go into (an array of tables resolves to its
    // last element).
    let mut current: Vec<String> = Vec::new();
    loop {
        p.skip_space_and_comments(true);
        let Some(c) = p.peek() else { break };
        if c == b'[' {
            let array = p.s.get(p.pos + 1) == Some(&b'[');
            p.pos += if array { 2 } else { 1 };
            let path = p.dotted_key()?;
            p.expect(b']')?;
            if array {
                p.expect(b']')?;
            }
            let t = table_at(&mut root, &path[..path.len() - 1], p.line)?;
            let last = path.last().unwrap().clone();
            if array {
                let entry = t.entry(last).or_insert_with(|| Value::Array(Vec::new()));
                match entry {
                    Value::Array(a) => a.push(Value::Table(Table::new())),
                    _ => return Err(p.err("key is both a value and an array of tables")),
                }
            } else {
                t.entry(last).or_insert_with(|| Value::Table(Table::new()));
            }
            current = path;
        } else {
            let key = p.dotted_key()?;
            p.skip_space_and_comments(false);
            p.expect(b'=')?;
            let value = p.value()?;
            let line = p.line;
            let t = table_at(&mut root, &current, line)?;
            let (last, parents) = key.split_last().unwrap();
            let t = table_at(t, parents, line)?;
            if t.insert(last.clone(), value).is_some() {
                return Err(format!("line {}: duplicate key `{}`", line, last));
            }
        }
        p.skip_space_and_comments(false);
        match p.peek() {
            None | Some(b'\n') => {}
            Some(_) => return Err(p.err("expected the end of the line")),
        }
    }
    Ok(Value::Table(root))
}

/// The table at `path` below `t`, creating tables as needed; an array of tables resolves to
/// its last element.
fn table_at<'a>(
    mut t: &'a mut Table,
    path: &[String],
    line: usize,
) -> Result<&'a mut Table, String> {
    for key in path {
        let v = t
            .entry(key.clone())
            .or_insert_with(|| Value::Table(Table::new()));
        t = match v {
            Value::Table(t) => t,
            Value::Array(a) => match a.last_mut() {
                Some(Value::Table(t)) => t,
                _ => return Err(format!("line {}: `{}` is not a table", line, key)),
            },
            _ => return Err(format!("line {}: `{}` is not a table", line, key)),
        };
    }
    Ok(t)
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    line: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn err(&self, what: &str) -> String {
        format!("line {}: {}", self.line, what)
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        self.skip_space_and_comments(false);
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(&format!("expected `{}`", c as char)))
        }
    }

    /// Skips spaces, tabs and comments; newlines too when `newlines`.
    fn skip_space_and_comments(&mut self, newlines: bool) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'\n' if newlines => {
                    self.pos += 1;
                    self.line += 1;
                }
                b'#' => {
                    while !matches!(self.peek(), None | Some(b'\n')) {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn dotted_key(&mut self) -> Result<Vec<String>, String> {
        let mut keys = Vec::new();
        loop {
            self.skip_space_and_comments(false);
            let key = if self.peek() == Some(b'"') {
                self.string()?
            } else {
                let start = self.pos;
                while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
                {
                    self.pos += 1;
                }
                if start == self.pos {
                    return Err(self.err("expected a key"));
                }
                String::from_utf8_lossy(&self.s[start..self.pos]).into_owned()
            };
            keys.push(key);
            self.skip_space_and_comments(false);
            if self.peek() == Some(b'.') {
                self.pos += 1;
            } else {
                return Ok(keys);
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.pos += 1; // opening quote
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None | Some(b'\n') => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return String::from_utf8(out).map_err(|_| self.err("string is not UTF-8"));
                }
                Some(b'\\') => {
                    let c = self.s.get(self.pos + 1).copied();
                    out.push(match c {
                        Some(b'n') => b'\n',
                        Some(b't') => b'\t',
                        Some(b'"') => b'"',
                        Some(b'\\') => b'\\',
                        _ => return Err(self.err("unsupported escape in string")),
                    });
                    self.pos += 2;
                }
                Some(c) => {
                    out.push(c);
                    self.pos += 1;
                }
            }
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        self.skip_space_and_comments(false);
        match self.peek() {
            Some(b'"') => Ok(Value::Str(self.string()?)),
            Some(b'[') => {
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_space_and_comments(true);
                    if self.peek() == Some(b']') {
                        self.pos += 1;
                        return Ok(Value::Array(items));
                    }
                    items.push(self.value()?);
                    self.skip_space_and_comments(true);
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b']') => {}
                        _ => return Err(self.err("expected `,` or `]` in array")),
                    }
                }
            }
            Some(b'{') => {
                self.pos += 1;
                let mut table = Table::new();
                loop {
                    self.skip_space_and_comments(false);
                    if self.peek() == Some(b'}') {
                        self.pos += 1;
                        return Ok(Value::Table(table));
                    }
                    let key = self.dotted_key()?;
                    self.expect(b'=')?;
                    let value = self.value()?;
                    let line = self.line;
                    let (last, parents) = key.split_last().unwrap();
                    if table_at(&mut table, parents, line)?
                        .insert(last.clone(), value)
                        .is_some()
                    {
                        return Err(self.err(&format!("duplicate key `{}`", last)));
                    }
                    self.skip_space_and_comments(false);
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b'}') => {}
                        _ => return Err(self.err("expected `,` or `}` in inline table")),
                    }
                }
            }
            Some(c) if c == b'-' || c == b'+' || c.is_ascii_digit() => {
                let start = self.pos;
                self.pos += 1;
                // A float has a fraction or an exponent (whose sign follows the `e`).
                let mut float = false;
                while let Some(c) = self.peek() {
                    let signed_exponent =
                        (c == b'-' || c == b'+') && matches!(self.s[self.pos - 1], b'e' | b'E');
                    if c == b'.' || c == b'e' || c == b'E' {
                        float = true;
                    } else if !(c.is_ascii_digit() || c == b'_' || signed_exponent) {
                        break;
                    }
                    self.pos += 1;
                }
                let text: String = self.s[start..self.pos]
                    .iter()
                    .filter(|&&c| c != b'_')
                    .map(|&c| c as char)
                    .collect();
                if float {
                    text.parse()
                        .map(Value::Float)
                        .map_err(|_| self.err(&format!("`{}` is not a number", text)))
                } else {
                    text.parse()
                        .map(Value::Int)
                        .map_err(|_| self.err(&format!("`{}` is not an integer", text)))
                }
            }
            _ => {
                let start = self.pos;
                while matches!(self.peek(), Some(c) if c.is_ascii_alphabetic()) {
                    self.pos += 1;
                }
                match &self.s[start..self.pos] {
                    b"true" => Ok(Value::Bool(true)),
                    b"false" => Ok(Value::Bool(false)),
                    _ => {
                        Err(self
                            .err("unsupported value (strings, integers, booleans, arrays, tables)"))
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_problem_manifest() {
        let doc = r#"
[package]
name = "poj2676" # the name
version.workspace = true

[dependencies]
bits = { path = "../../shared/bits", version = "0.1" }

[package.metadata.judge]
time-limit-ms = 2_000
compare = "checker"
stress = [
    ["--count", "3"],  # comment
    ["--kind", "unsolvable"],
]

[[package.metadata.judge.bench]]
name = "a"
inputs = 1

[[package.metadata.judge.bench]]
name = "b"
gen = ["--x"]
"#;
        let v = parse(doc).unwrap();
        assert_eq!(v.get("package.name").unwrap().as_str(), Some("poj2676"));
        assert_eq!(v.get("package.version.workspace"), Some(&Value::Bool(true)));
        assert_eq!(
            v.get("dependencies.bits.path").unwrap().as_str(),
            Some("../../shared/bits")
        );
        let j = v.get("package.metadata.judge").unwrap();
        assert_eq!(j.get("time-limit-ms").unwrap().as_int(), Some(2000));
        let stress = j.get("stress").unwrap().as_array().unwrap();
        assert_eq!(stress.len(), 2);
        assert_eq!(
            stress[1].as_array().unwrap()[1].as_str(),
            Some("unsolvable")
        );
        let bench = j.get("bench").unwrap().as_array().unwrap();
        assert_eq!(bench.len(), 2);
        assert_eq!(bench[1].get("name").unwrap().as_str(), Some("b"));
        assert_eq!(bench[0].get("inputs").unwrap().as_int(), Some(1));
    }

    #[test]
    fn floats_and_integers() {
        let v = parse("a = 1e-6\nb = -0.5\nc = 2E+3\nd = 1_000.25\ne = 7\nf = [1.5, 2]").unwrap();
        let float = |key: &str| v.get(key).and_then(Value::as_float);
        assert_eq!(v.get("a"), Some(&Value::Float(1e-6)));
        assert_eq!(
            (float("b"), float("c"), float("d")),
            (Some(-0.5), Some(2000.0), Some(1000.25))
        );
        // An integer stays one, and reads as a float where a float is wanted.
        assert_eq!(v.get("e"), Some(&Value::Int(7)));
        assert_eq!(float("e"), Some(7.0));
        assert_eq!(
            v.get("f").unwrap().as_array().unwrap(),
            [Value::Float(1.5), Value::Int(2)]
        );
        assert!(parse("a = 1.2.3")
            .unwrap_err()
            .contains("`1.2.3` is not a number"));
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            parse("a = 1\nb = 'x'").unwrap_err(),
            "line 2: unsupported value (strings, integers, booleans, arrays, tables)"
        );
        assert!(parse("a = \"x").unwrap_err().starts_with("line 1"));
        assert!(parse("a = 1\na = 2").unwrap_err().contains("duplicate key"));
    }
}
