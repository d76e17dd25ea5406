//! A small JSON reader (RFC 8259): enough for the problems Competitive Companion sends.
//!
//! Strings keep every Unicode character, `\u` escapes included (surrogate pairs joined, a lone
//! surrogate refused). Numbers are `f64`. Nesting is limited to [`MAX_DEPTH`] so a hostile
//! body cannot overflow the stack.

use std::fmt;

/// The deepest nesting of arrays and objects accepted.
pub const MAX_DEPTH: usize = 64;

/// A JSON value. Objects keep their keys in the order they came; a repeated key keeps its
/// first value for [`Json::get`].
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// The value of `key` when this is an object that has it. O(keys).
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(pairs) => pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(v) => Some(*v),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The key-value pairs of an object, in the order they came.
    pub fn as_object(&self) -> Option<&[(String, Json)]> {
        match self {
            Json::Object(pairs) => Some(pairs),
            _ => None,
        }
    }

    /// The number when it is a whole one that `f64` holds exactly (|n| <= 2^53): `2000` and
    /// `2000.0` alike.
    pub fn as_i64(&self) -> Option<i64> {
        const EXACT: f64 = (1u64 << 53) as f64;
        match self {
            Json::Number(v) if v.fract() == 0.0 && v.abs() <= EXACT => Some(*v as i64),
            _ => None,
        }
    }
}

/// Why a text is not JSON: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The byte offset in the text.
    pub offset: usize,
    pub what: &'static str,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.what)
    }
}

impl std::error::Error for ParseError {}

/// Parses one JSON document (surrounding whitespace allowed, nothing else after it).
/// Errors name the byte offset and what was expected. O(length).
pub fn parse(text: &str) -> Result<Json, ParseError> {
    let mut p = Parser {
        s: text.as_bytes(),
        pos: 0,
    };
    let value = p.value(0)?;
    p.skip_space();
    if p.pos != p.s.len() {
        return Err(p.err("text after the JSON value"));
    }
    Ok(value)
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn err(&self, what: &'static str) -> ParseError {
        ParseError {
            offset: self.pos,
            what,
        }
    }

    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.pos) {
            self.pos += 1;
        }
    }

    fn literal(&mut self, word: &str, value: Json) -> Result<Json, ParseError> {
        if self.s[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.err("expected a JSON value"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, ParseError> {
        if depth > MAX_DEPTH {
            return Err(self.err("nested too deeply"));
        }
        self.skip_space();
        match self.s.get(self.pos) {
            None => Err(self.err("expected a JSON value, found the end")),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Json::Str),
            Some(b't') => self.literal("true", Json::Bool(true)),
            Some(b'f') => self.literal("false", Json::Bool(false)),
            Some(b'n') => self.literal("null", Json::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.err("expected a JSON value")),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, ParseError> {
        self.pos += 1;
        let mut pairs = Vec::new();
        self.skip_space();
        if self.s.get(self.pos) == Some(&b'}') {
            self.pos += 1;
            return Ok(Json::Object(pairs));
        }
        loop {
            self.skip_space();
            if self.s.get(self.pos) != Some(&b'"') {
                return Err(self.err("expected a string key"));
            }
            let key = self.string()?;
            self.skip_space();
            if self.s.get(self.pos) != Some(&b':') {
                return Err(self.err("expected `:` after the key"));
            }
            self.pos += 1;
            let value = self.value(depth + 1)?;
            pairs.push((key, value));
            self.skip_space();
            match self.s.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Json::Object(pairs));
                }
                _ => return Err(self.err("expected `,` or `}` in an object")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Json, ParseError> {
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_space();
        if self.s.get(self.pos) == Some(&b']') {
            self.pos += 1;
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            self.skip_space();
            match self.s.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Json::Array(items));
                }
                _ => return Err(self.err("expected `,` or `]` in an array")),
            }
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, checked by hand because Rust's
    /// float parser accepts more (`inf`, `+1`, `.5`).
    fn number(&mut self) -> Result<Json, ParseError> {
        let start = self.pos;
        let digits = |p: &mut Parser| {
            let from = p.pos;
            while let Some(b'0'..=b'9') = p.s.get(p.pos) {
                p.pos += 1;
            }
            p.pos - from
        };
        if self.s.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        let int_start = self.pos;
        let n = digits(self);
        if n == 0 || (n > 1 && self.s[int_start] == b'0') {
            return Err(self.err("malformed number"));
        }
        if self.s.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.err("malformed number"));
            }
        }
        if let Some(b'e' | b'E') = self.s.get(self.pos) {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.s.get(self.pos) {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err(self.err("malformed number"));
            }
        }
        let text = std::str::from_utf8(&self.s[start..self.pos]).expect("ASCII digits");
        text.parse()
            .map(Json::Number)
            .map_err(|_| self.err("malformed number"))
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let hex = self
            .s
            .get(self.pos..self.pos + 4)
            .and_then(|h| std::str::from_utf8(h).ok())
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| self.err("`\\u` needs four hex digits"))?;
        let v = u32::from_str_radix(hex, 16).expect("hex digits");
        self.pos += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<String, ParseError> {
        self.pos += 1; // the opening quote
        let mut out = String::new();
        loop {
            // Copy the run of plain bytes at once: the input is a &str, so runs between
            // ASCII quotes and backslashes are whole UTF-8 sequences.
            let run = self.pos;
            while let Some(&b) = self.s.get(self.pos) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            out.push_str(std::str::from_utf8(&self.s[run..self.pos]).expect("input is UTF-8"));
            match self.s.get(self.pos) {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let escape = self.s.get(self.pos).copied();
                    self.pos += 1;
                    let c = match escape {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => self.unicode_escape()?,
                        _ => {
                            self.pos -= 1;
                            return Err(self.err("unknown escape in a string"));
                        }
                    };
                    out.push(c);
                }
                Some(_) => return Err(self.err("control character inside a string")),
            }
        }
    }

    /// The character of a `\uXXXX` escape (after the `u`), joining a surrogate pair.
    fn unicode_escape(&mut self) -> Result<char, ParseError> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if !self.s[self.pos..].starts_with(b"\\u") {
                    return Err(self.err("a high surrogate must be followed by a low one"));
                }
                self.pos += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.err("a high surrogate must be followed by a low one"));
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.err("a low surrogate without a high one")),
            c => c,
        };
        char::from_u32(code).ok_or_else(|| self.err("not a Unicode character"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_companion_problem() {
        let v = parse(
            r#" {"name": "P1074 [NOIP 2009 提高组] 靶形数独", "memoryLimit": 65.536,
                "timeLimit": 2000, "interactive": false, "x": null,
                "tests": [{"input": "1 2\n", "output": "3\n"}], "batch": {"size": 1}} "#,
        )
        .unwrap();
        assert_eq!(
            v.get("name").and_then(Json::as_str),
            Some("P1074 [NOIP 2009 提高组] 靶形数独")
        );
        assert_eq!(v.get("memoryLimit").and_then(Json::as_f64), Some(65.536));
        assert_eq!(v.get("timeLimit").and_then(Json::as_f64), Some(2000.0));
        assert_eq!(v.get("interactive").and_then(Json::as_bool), Some(false));
        assert_eq!(v.get("x"), Some(&Json::Null));
        let tests = v.get("tests").and_then(Json::as_array).unwrap();
        assert_eq!(tests[0].get("input").and_then(Json::as_str), Some("1 2\n"));
        assert_eq!(
            v.get("batch").and_then(|b| b.get("size")),
            Some(&Json::Number(1.0))
        );
        assert_eq!(v.get("missing"), None);
    }

    #[test]
    fn escapes_and_surrogate_pairs() {
        let v = parse(r#""a\"\\\/\b\f\n\r\t\u00e9\u9776\ud83d\ude00z""#).unwrap();
        assert_eq!(
            v,
            Json::Str("a\"\\/\u{8}\u{c}\n\r\t\u{e9}靶😀z".to_string())
        );
        for bad in [
            r#""\ud83d""#,
            r#""\ud83dx""#,
            r#""\ud83d\u0041""#,
            r#""\ude00""#,
            r#""\u12g4""#,
            r#""\q""#,
            "\"tab\there\"",
            r#""open"#,
        ] {
            assert!(parse(bad).is_err(), "{}", bad);
        }
    }

    #[test]
    fn numbers_follow_the_grammar() {
        for (text, v) in [("0", 0.0), ("-12", -12.0), ("1.5e3", 1500.0), ("2E-1", 0.2)] {
            assert_eq!(parse(text), Ok(Json::Number(v)), "{}", text);
        }
        for bad in ["01", "1.", ".5", "+1", "-", "1e", "inf", "NaN", "0x10"] {
            assert!(parse(bad).is_err(), "{}", bad);
        }
        let whole = |text: &str| parse(text).unwrap().as_i64();
        assert_eq!(whole("2000"), Some(2000));
        assert_eq!(whole("2000.0"), Some(2000));
        assert_eq!(whole("-3"), Some(-3));
        assert_eq!(whole("2.5"), None);
        assert_eq!(whole("1e300"), None);
        assert_eq!(whole("\"7\""), None);
    }

    #[test]
    fn malformed_documents_are_refused() {
        for bad in [
            "",
            "{",
            "[1,]",
            "{\"a\" 1}",
            "{\"a\":1,}",
            "{a:1}",
            "[1] 2",
            "tru",
            "[1 2]",
        ] {
            assert!(parse(bad).is_err(), "{:?}", bad);
        }
        let deep = "[".repeat(MAX_DEPTH + 2) + &"]".repeat(MAX_DEPTH + 2);
        assert!(parse(&deep).unwrap_err().to_string().contains("deeply"));
        let ok = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(parse(&ok).is_ok());
    }
}
