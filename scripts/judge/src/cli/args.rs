//! A command's command line: operands and `--flag value` pairs. Every command names the
//! flags it knows ([`Spec`]); any other flag is refused, so a typo never silently means a
//! default.

use crate::cli::table::Spec;
use crate::error::{Error, Result};

/// The parsed command line of one command.
#[derive(Debug)]
pub struct Parsed {
    spec: &'static Spec,
    /// The words that are not flags (problem names), in order.
    pub names: Vec<String>,
    flags: Vec<(String, String)>,
}

/// Splits `NAME... --flag value...` (or `--flag=value`) for the command `spec`. A flag it
/// does not know, one without a value, or one given twice is an error of one line naming it
/// and the known flags.
pub fn parse(spec: &'static Spec, args: &[String]) -> Result<Parsed> {
    let command = spec.name;
    let known: Vec<&str> = spec.flags.iter().map(|f| f.name).collect();
    let known_list = || {
        if known.is_empty() {
            format!("`{}` takes no flags", command)
        } else {
            format!("the flags of `{}` are: {}", command, known.join(", "))
        }
    };
    let mut names = Vec::new();
    let mut flags: Vec<(String, String)> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a.starts_with('-') && a.len() > 1 {
            let (flag, inline) = match a.split_once('=') {
                Some((flag, value)) => (flag, Some(value.to_string())),
                None => (a.as_str(), None),
            };
            if !known.contains(&flag) {
                return Err(Error::Usage(format!(
                    "unknown flag `{}`; {}",
                    flag,
                    known_list()
                )));
            }
            let value = match inline {
                Some(v) => v,
                None => it
                    .next()
                    .cloned()
                    .ok_or_else(|| Error::Usage(format!("{} needs a value", flag)))?,
            };
            if flags.iter().any(|(f, _)| f == flag) {
                return Err(Error::Usage(format!("{} is given twice", flag)));
            }
            flags.push((flag.to_string(), value));
        } else if !a.is_empty() {
            names.push(a.clone());
        }
    }
    Ok(Parsed { spec, names, flags })
}

impl Parsed {
    /// The command's name.
    pub fn command(&self) -> &'static str {
        self.spec.name
    }

    /// The value of `flag`; `None` when absent or empty (`make` passes empty variables).
    pub fn text(&self, flag: &str) -> Option<&str> {
        self.flags
            .iter()
            .find(|(k, _)| k == flag)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
    }

    /// The value of `flag` as a number, or the flag's default when it is absent; an error
    /// names the flag when it is not a number.
    pub fn number(&self, flag: &str) -> Result<Option<u64>> {
        match self.text(flag) {
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| Error::Usage(format!("{} {}: not a number", flag, v))),
            None => Ok(self.spec.flag(flag).and_then(|f| f.default)),
        }
    }

    /// [`Parsed::number`] of a flag the table gives a default, so there always is a value.
    pub fn count(&self, flag: &str) -> Result<u64> {
        self.number(flag)
            .map(|n| n.expect("the command table gives this flag a default"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::table::find;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn bench() -> &'static Spec {
        find("bench").unwrap()
    }

    #[test]
    fn names_and_flags() {
        let stress = find("stress").unwrap();
        let a = parse(stress, &words("p1 --n 3 --seed=7")).unwrap();
        assert_eq!(a.names, ["p1"]);
        assert_eq!(a.number("--n").unwrap(), Some(3));
        assert_eq!(a.number("--seed").unwrap(), Some(7));
        assert_eq!(a.text("--solver"), None);
        // Absent: the default of the table, if any.
        let a = parse(stress, &words("p1 --n=")).unwrap();
        assert_eq!(a.number("--n").unwrap(), Some(500));
        assert_eq!(a.number("--solver").unwrap(), None);
        let e = parse(bench(), &words("p1 --runs x"))
            .unwrap()
            .number("--runs");
        assert_eq!(e.unwrap_err().to_string(), "--runs x: not a number");
    }

    #[test]
    fn unknown_missing_and_repeated_flags_are_refused() {
        assert_eq!(
            parse(bench(), &words("p1 --run 3"))
                .unwrap_err()
                .to_string(),
            "unknown flag `--run`; the flags of `bench` are: --runs"
        );
        assert_eq!(
            parse(find("swap").unwrap(), &words("-x"))
                .unwrap_err()
                .to_string(),
            "unknown flag `-x`; `swap` takes no flags"
        );
        assert_eq!(
            parse(bench(), &words("p1 --runs")).unwrap_err().to_string(),
            "--runs needs a value"
        );
        assert!(parse(bench(), &words("--runs 1 --runs 2"))
            .unwrap_err()
            .to_string()
            .contains("twice"));
    }
}
