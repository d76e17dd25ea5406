//! Text from samples and programs made safe to print on one terminal line: control
//! characters and characters that print as nothing or as a look-alike of a space are shown
//! escaped, and so is every byte that is not valid UTF-8, so an escape sequence in an
//! output never reaches the terminal and two texts that differ never look the same.

use std::borrow::Cow;

/// Whether `c` is shown escaped: a control character; whitespace other than the space
/// (U+00A0, U+3000, ...); a format character, which prints as nothing (zero-width spaces
/// and joiners, bidi controls, the soft hyphen, the BOM, tags); or U+FFFD, so that a real
/// one is not taken for the mark of an invalid byte.
pub fn is_escaped(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || c == '\u{fffd}'
        || matches!(
            c,
            '\u{ad}'
                | '\u{600}'..='\u{605}'
                | '\u{61c}'
                | '\u{6dd}'
                | '\u{70f}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{e0001}'
                | '\u{e0020}'..='\u{e007f}'
        )
}

/// `text` with every character [`is_escaped`] says escaped as Rust writes it (`\u{1b}`,
/// `\t`, `\r`, `\n`, `\0`, `\u{a0}`); a backslash itself is left as it is. Borrowed when
/// there is nothing to escape. Linear in the length.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_char(&mut out, c);
    }
    Cow::Owned(out)
}

/// [`printable`] of bytes that may not be UTF-8: each byte that is not part of a valid
/// character is shown as `\xff`. Linear in the length.
pub fn printable_bytes(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => printable(text),
        Err(_) => Cow::Owned(shown(&units(bytes))),
    }
}

/// One unit of a text as it is shown: a character, or a byte that is not part of a valid
/// UTF-8 character. Columns count units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Char(char),
    Byte(u8),
}

/// The units of `bytes`: its characters, and each byte of an invalid sequence on its own.
/// Linear in the length.
pub fn units(mut bytes: &[u8]) -> Vec<Unit> {
    let mut out = Vec::with_capacity(bytes.len());
    loop {
        match std::str::from_utf8(bytes) {
            Ok(text) => {
                out.extend(text.chars().map(Unit::Char));
                return out;
            }
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                let valid = std::str::from_utf8(valid).expect("valid up to here");
                out.extend(valid.chars().map(Unit::Char));
                // An incomplete character at the end: each of its bytes.
                let bad = e.error_len().unwrap_or(rest.len());
                out.extend(rest[..bad].iter().map(|&b| Unit::Byte(b)));
                bytes = &rest[bad..];
            }
        }
    }
}

/// Units as they are printed: escaped where [`is_escaped`] says, invalid bytes as `\xff`.
pub fn shown(units: &[Unit]) -> String {
    let mut out = String::with_capacity(units.len());
    for &u in units {
        match u {
            Unit::Char(c) => push_char(&mut out, c),
            Unit::Byte(b) => out.push_str(&format!("\\x{:02x}", b)),
        }
    }
    out
}

fn push_char(out: &mut String, c: char) {
    if is_escaped(c) {
        out.extend(c.escape_default());
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_and_controls_are_shown_not_run() {
        assert_eq!(
            printable("\u{1b}]0;title\u{7}\u{1b}[2J"),
            "\\u{1b}]0;title\\u{7}\\u{1b}[2J"
        );
        assert_eq!(printable("a\tb\r\0"), "a\\tb\\r\\u{0}");
        assert_eq!(printable("plain \\ é 字"), "plain \\ é 字");
        assert!(matches!(printable("plain"), Cow::Borrowed(_)));
        // C1 controls (U+0080..U+009F) too: some terminals act on them.
        assert_eq!(printable("\u{9b}2J"), "\\u{9b}2J");
    }

    #[test]
    fn characters_that_print_as_nothing_or_as_a_space_are_escaped() {
        assert_eq!(printable("ok\u{a0}"), "ok\\u{a0}");
        assert_eq!(
            printable("a\u{3000}b\u{200b}c\u{feff}"),
            "a\\u{3000}b\\u{200b}c\\u{feff}"
        );
        assert_eq!(printable("\u{202e}abc"), "\\u{202e}abc");
        assert_eq!(printable("\u{fffd}"), "\\u{fffd}");
        assert_eq!(printable("a b"), "a b");
    }

    #[test]
    fn invalid_bytes_are_shown_one_by_one() {
        assert_eq!(printable_bytes(b"\xff"), "\\xff");
        assert_eq!(printable_bytes(b"a\xfeb"), "a\\xfeb");
        // A cut character: each of its bytes.
        assert_eq!(printable_bytes(b"\xe5\xad"), "\\xe5\\xad");
        assert_eq!(
            printable_bytes("\u{5b57}\u{a0}".as_bytes()),
            "\u{5b57}\\u{a0}"
        );
        assert_eq!(
            units(b"a\xff\xc3\xa9"),
            [Unit::Char('a'), Unit::Byte(0xff), Unit::Char('\u{e9}')]
        );
    }
}
