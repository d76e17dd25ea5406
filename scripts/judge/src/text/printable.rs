//! Text from samples and programs made safe to print on one terminal line: control
//! characters are shown escaped, so an escape sequence in an output never reaches the
//! terminal.

use std::borrow::Cow;

/// `text` with every control character escaped as Rust writes it (`\u{1b}`, `\t`, `\r`,
/// `\n`, `\0`); a backslash itself is left as it is. Borrowed when there is nothing to
/// escape. Linear in the length.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
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
        assert_eq!(printable("plain \\ é"), "plain \\ é");
        assert!(matches!(printable("plain"), Cow::Borrowed(_)));
        // C1 controls (U+0080..U+009F) too: some terminals act on them.
        assert_eq!(printable("\u{9b}2J"), "\\u{9b}2J");
    }
}
