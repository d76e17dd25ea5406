//! The judges a problem can be submitted to, and how each compiles a Rust file: defined once.
//!
//! A problem's `[[package.metadata.judge.judges]]` tables name judges by their key here
//! (`judge = "luogu"`). Every fact carries its source; what could not be confirmed is
//! `"unknown"`, never a guess. `scripts/judge/PROTOCOL.md` lists the same facts with sources.

#[cfg(test)]
use crate::judging::verdict::binary_size;
pub use crate::judging::verdict::{stack_size, UNLIMITED_STACK};

/// One way a judge compiles a Rust file: `rustc <flags> --edition <edition>`.
#[derive(Debug, PartialEq, Eq)]
pub struct Profile {
    /// Name of the profile within its judge (`2021`, `2024`): what a problem's
    /// `profiles = [...]` and the check's table say.
    pub key: &'static str,
    pub edition: &'static str,
    /// Flags before `--edition`, as the judge passes them (`-O`, `-C opt-level=2`).
    pub flags: &'static [&'static str],
    /// The judge's rustc version, or `"unknown"`. The check compiles with that version
    /// (`build::judge_rustc`); where unknown, with the local rustc and the oldest one found.
    pub rustc: &'static str,
}

impl Profile {
    /// `-O --edition 2021`: the command line after `rustc`, without files.
    pub fn command(&self) -> String {
        let mut words: Vec<&str> = self.flags.to_vec();
        words.extend(["--edition", self.edition]);
        words.join(" ")
    }
}

/// The most bytes of source a judge takes in one file, with where that comes from.
#[derive(Debug, PartialEq, Eq)]
pub struct SourceLimit {
    /// The limit in bytes; `None` when unknown (no source found).
    pub bytes: Option<u64>,
    /// Where the figure comes from, or why it is unknown (one line).
    pub source: &'static str,
}

impl SourceLimit {
    /// `50,000 bytes` or `unknown`: what `make list` and the check show.
    pub fn label(&self) -> String {
        match self.bytes {
            Some(b) => format!("{} bytes", thousands(b)),
            None => "unknown".to_string(),
        }
    }
}

/// The stack a run of the judge gets, with where that comes from.
#[derive(Debug, PartialEq, Eq)]
pub struct Stack {
    /// The stack in bytes; `None` when unknown (no source found).
    pub bytes: Option<u64>,
    /// Where the figure comes from, or why it is unknown (one line).
    pub source: &'static str,
}

impl Stack {
    /// `1 GiB`, `256 MiB`, `unlimited` or `unknown`: what `make list` shows.
    pub fn label(&self) -> String {
        self.bytes.map_or_else(|| "unknown".to_string(), stack_size)
    }
}

/// A stack of a judge whose stack no source gives.
const UNKNOWN_STACK: Stack = Stack {
    bytes: None,
    source: "no source found",
};

/// `65536` as `65,536`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A judge: where statements live, and whether and how it takes a Rust file.
#[derive(Debug, PartialEq, Eq)]
pub struct Judge {
    /// The key problems use in their metadata (`luogu`).
    pub key: &'static str,
    /// Display name (`Luogu`).
    pub name: &'static str,
    /// URL hosts it serves, lower case, without a `www.` or `m.` in front (those forms are
    /// served too, see [`by_host`]); mirrors included (`luogu.org`, `codeforc.es`).
    pub hosts: &'static [&'static str],
    /// Whether a Rust file can be submitted there at all.
    pub takes_rust: bool,
    /// Its compile profiles, the default first; empty when it takes no Rust.
    pub profiles: &'static [Profile],
    /// Whether `profiles` are the judge's own (edition and flags from a source). When not,
    /// they are stand-ins ([`STAND_IN`]) and the judge's command is shown as unknown.
    pub command_known: bool,
    /// Where the facts come from (one line; PROTOCOL.md has the details).
    pub source: &'static str,
    /// The most source it takes in one file.
    pub source_limit: SourceLimit,
    /// The stack its runs get.
    pub stack: Stack,
}

impl Judge {
    /// The profile named `key`, or an error that lists the judge's profiles.
    pub fn profile(&self, key: &str) -> Result<&'static Profile, String> {
        self.profiles.iter().find(|p| p.key == key).ok_or_else(|| {
            let known: Vec<&str> = self.profiles.iter().map(|p| p.key).collect();
            if known.is_empty() {
                format!("unknown profile `{}`: {} takes no Rust", key, self.name)
            } else {
                format!(
                    "unknown profile `{}` of judge `{}`; its profiles are: {}",
                    key,
                    self.key,
                    known.join(", ")
                )
            }
        })
    }
}

/// The key of the fallback judge for hosts this table does not know.
pub const GENERIC: &str = "generic";

/// Stand-in profiles where a judge's edition and flags are unknown: the editions a bundle
/// (edition 2018 code) must compile under anyway, with `-O`.
const STAND_IN: &[Profile] = &[
    Profile {
        key: "2018",
        edition: "2018",
        flags: &["-O"],
        rustc: "unknown",
    },
    Profile {
        key: "2021",
        edition: "2021",
        flags: &["-O"],
        rustc: "unknown",
    },
];

/// Every judge the tool knows. Keys are unique; the generic fallback is last.
/// The sources, quoted, are in PROTOCOL.md ("Judges").
pub const JUDGES: &[Judge] = &[
    Judge {
        key: "poj",
        name: "POJ",
        hosts: &["poj.org"],
        takes_rust: false,
        command_known: true,
        profiles: &[],
        source: "POJ FAQ (poj.org/page?id=1000): C, C++, Pascal, Java and Fortran only",
        source_limit: SourceLimit {
            bytes: None,
            source: "POJ takes no Rust: not looked for",
        },
        stack: Stack {
            bytes: None,
            source: "POJ takes no Rust: not looked for",
        },
    },
    Judge {
        key: "luogu",
        name: "Luogu",
        hosts: &["luogu.com.cn", "luogu.com", "luogu.org"],
        takes_rust: true,
        command_known: true,
        profiles: &[
            // luogu-dev/docs judging.md at 705d31f: `rustc 1.88.0`, `rustc --edition 2024
            // -W warnings`, O2 (`-C opt-level=2`) on by default.
            Profile {
                key: "2024",
                edition: "2024",
                flags: &["-C", "opt-level=2", "-W", "warnings"],
                rustc: "1.88.0",
            },
            // luogu-dev/docs judging.md of 2023: `rustc --edition 2021 -W warnings`, O2 on by
            // default (`-C opt-level=2`), rustc 1.76.0-nightly (2023-11-11).
            Profile {
                key: "2021",
                edition: "2021",
                flags: &["-C", "opt-level=2", "-W", "warnings"],
                rustc: "1.76.0-nightly",
            },
        ],
        source: "luogu-dev/docs, docs/manual/luogu/problem/judging.md (2024: at 705d31f)",
        source_limit: SourceLimit {
            bytes: None,
            source: "no source found; luogu-dev/docs judging.md gives none",
        },
        stack: Stack {
            bytes: None,
            source: "no source found; luogu-dev/docs judging.md gives none",
        },
    },
    Judge {
        key: "spoj",
        name: "SPOJ",
        hosts: &["spoj.com"],
        takes_rust: true,
        command_known: false,
        profiles: STAND_IN,
        source: "Rust is offered on SPOJ SUDOKU; version, edition and flags unknown",
        source_limit: SourceLimit {
            bytes: Some(50_000),
            source: "SPOJ's guide, hs.spoj.pl/embed/guide: \"Source code length is restricted \
                     to 50 000 bytes in a one file\"; a problem may set less",
        },
        stack: UNKNOWN_STACK,
    },
    Judge {
        key: "codeforces",
        name: "Codeforces",
        hosts: &[
            "codeforces.com",
            "m1.codeforces.com",
            "codeforc.es",
            "codeforces.ml",
        ],
        takes_rust: true,
        command_known: true,
        profiles: &[
            Profile {
                key: "2021",
                edition: "2021",
                flags: &["-O"],
                rustc: "1.89",
            },
            Profile {
                key: "2024",
                edition: "2024",
                flags: &["-O"],
                rustc: "1.89",
            },
        ],
        source:
            "codeforces.com/blog/entry/121114 (as cited by solalyth/cplib-rs); editions unconfirmed",
        source_limit: SourceLimit {
            bytes: None,
            source: "community sources say 64 KB, none found to cite; that there is a limit: \
                     bhuztez/porus#21",
        },
        stack: Stack {
            bytes: Some(256 << 20),
            source: "unconfirmed: `-C link-args=/STACK:268435456` in the Rust command line \
                     contestants quote for Codeforces; no official page found",
        },
    },
    Judge {
        key: "atcoder",
        name: "AtCoder",
        hosts: &["atcoder.jp"],
        takes_rust: true,
        command_known: true,
        profiles: &[
            // `cargo build --release`: cargo's release profile is opt-level 3.
            Profile {
                key: "2025",
                edition: "2021",
                flags: &["-C", "opt-level=3"],
                rustc: "1.89.0",
            },
            Profile {
                key: "2023",
                edition: "2021",
                flags: &["-C", "opt-level=3"],
                rustc: "1.70.0",
            },
        ],
        source: "AtCoder language lists 2023 and 2025-10 (img.atcoder.jp/file/language-update)",
        source_limit: SourceLimit {
            bytes: Some(512 * 1024),
            source: "a community source only: makutamoto/mojacoder#2 (2020), \"512kb as on \
                     AtCoder\", read as KiB",
        },
        stack: Stack {
            bytes: Some(1 << 30),
            source: "secondhand: `ulimit -s` on AtCoder's code-test page gave 1048576 KiB \
                     (qiita.com/reika727/items/8fa6f5944b183c0a28f9, a blog, not an official page)",
        },
    },
    Judge {
        key: "library-checker",
        name: "Library Checker",
        hosts: &["judge.yosupo.jp"],
        takes_rust: true,
        command_known: true,
        profiles: &[
            // library-checker-judge langs/langs.toml: the Rust entry's compile command and
            // version.
            Profile {
                key: "2024",
                edition: "2024",
                flags: &["-C", "opt-level=3"],
                rustc: "1.94.1",
            },
        ],
        source: "yosupo06/library-checker-judge langs/langs.toml (Rust: compile command, \
                 version); judge/judge.go (stack, memory); database/validate.go (source size)",
        source_limit: SourceLimit {
            bytes: Some(1 << 20),
            source: "yosupo06/library-checker-judge database/validate.go: a source over \
                     1 MiB (1,048,576 bytes) is refused",
        },
        stack: Stack {
            bytes: Some(UNLIMITED_STACK),
            source: "yosupo06/library-checker-judge judge/judge.go: the stack is unlimited; \
                     a run here gets the hard limit this system gives (`ulimit -Hs`)",
        },
    },
    Judge {
        key: GENERIC,
        name: "unknown judge",
        hosts: &[],
        takes_rust: true,
        command_known: false,
        profiles: STAND_IN,
        source: "none: a judge this table does not know",
        source_limit: SourceLimit {
            bytes: None,
            source: "a judge this table does not know",
        },
        stack: Stack {
            bytes: None,
            source: "a judge this table does not know",
        },
    },
];

/// The keys of every judge, in table order.
pub fn keys() -> Vec<&'static str> {
    JUDGES.iter().map(|j| j.key).collect()
}

/// The judge with this key, or an error naming the known keys.
pub fn by_key(key: &str) -> Result<&'static Judge, String> {
    JUDGES.iter().find(|j| j.key == key).ok_or_else(|| {
        format!(
            "unknown judge `{}`; the judges are: {}",
            key,
            keys().join(", ")
        )
    })
}

/// The host of `url` (or `url` itself when it is a bare host), lower case, without scheme,
/// user, port, path, query or fragment, and without a leading `www.` or `m.`:
/// `https://user@WWW.Luogu.com.cn:443/p/1?x#y` gives `luogu.com.cn`.
pub fn host_of(url: &str) -> String {
    let host = url.trim();
    let host = host.split_once("://").map_or(host, |(_, rest)| rest);
    let host = host.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.rsplit('@').next().unwrap_or(host);
    let host = host.split(':').next().unwrap_or("").to_ascii_lowercase();
    match host
        .strip_prefix("www.")
        .or_else(|| host.strip_prefix("m."))
    {
        Some(bare) => bare.to_string(),
        None => host,
    }
}

/// The judge serving `host`, which may also be a whole URL (`https://www.luogu.com.cn/p/1`),
/// read by [`host_of`]. Unknown hosts get the generic fallback ([`GENERIC`]).
pub fn by_host(host: &str) -> &'static Judge {
    let host = host_of(host);
    JUDGES
        .iter()
        .find(|j| j.hosts.contains(&host.as_str()))
        .unwrap_or_else(|| by_key(GENERIC).expect("the generic judge is in the table"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_rust_judges_have_profiles() {
        let mut keys = keys();
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
        for j in JUDGES {
            assert_eq!(j.takes_rust, !j.profiles.is_empty(), "{}", j.key);
            for h in j.hosts {
                assert_eq!(h.to_ascii_lowercase(), *h);
            }
        }
    }

    #[test]
    fn source_limits_carry_a_source_and_read_with_separators() {
        for j in JUDGES {
            assert!(!j.source_limit.source.is_empty(), "{}", j.key);
        }
        let spoj = &by_key("spoj").unwrap().source_limit;
        assert_eq!(spoj.label(), "50,000 bytes");
        let lc = by_key("library-checker").unwrap();
        assert_eq!(lc.source_limit.label(), "1,048,576 bytes");
        assert_eq!(
            lc.profile("2024").unwrap().command(),
            "-C opt-level=3 --edition 2024"
        );
        assert_eq!(by_key("generic").unwrap().source_limit.label(), "unknown");
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(524288), "524,288");
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn stacks_carry_a_source_and_read_in_binary_units() {
        for j in JUDGES {
            assert!(!j.stack.source.is_empty(), "{}", j.key);
        }
        assert_eq!(by_key("atcoder").unwrap().stack.label(), "1 GiB");
        assert_eq!(by_key("codeforces").unwrap().stack.label(), "256 MiB");
        assert_eq!(
            by_key("library-checker").unwrap().stack.label(),
            "unlimited"
        );
        assert_eq!(stack_size(UNLIMITED_STACK), "unlimited");
        assert_eq!(stack_size(1 << 30), "1 GiB");
        for unknown in ["luogu", "spoj", "poj", "generic"] {
            assert_eq!(by_key(unknown).unwrap().stack.label(), "unknown");
        }
        assert_eq!(binary_size(8 << 20), "8 MiB");
        assert_eq!(binary_size(1 << 50), "1024 TiB");
        assert_eq!(binary_size((1 << 20) + 1), "1048577 bytes");
        assert_eq!(binary_size(0), "0 bytes");
    }

    #[test]
    fn hosts_and_urls_find_their_judge() {
        assert_eq!(by_host("www.luogu.com.cn").key, "luogu");
        assert_eq!(
            by_host("https://www.luogu.com.cn/problem/P1074").key,
            "luogu"
        );
        assert_eq!(by_host("http://POJ.org:80/problem?id=2676").key, "poj");
        assert_eq!(by_host("https://www.spoj.com/problems/SUDOKU/").key, "spoj");
        assert_eq!(by_host("codeforces.com").key, "codeforces");
        assert_eq!(
            by_host("https://judge.yosupo.jp/problem/unionfind").key,
            "library-checker"
        );
        assert_eq!(by_host("https://example.com/x").key, GENERIC);
        assert_eq!(by_host("").key, GENERIC);
        assert_eq!(
            by_host("https://codeforc.es/contest/1/problem/A").key,
            "codeforces"
        );
        assert_eq!(by_host("https://m.luogu.com.cn/problem/P1").key, "luogu");
        assert_eq!(
            host_of("https://user@WWW.Luogu.com.cn:443/p/1?x#y"),
            "luogu.com.cn"
        );
    }

    #[test]
    fn unknown_keys_list_the_known_ones() {
        let e = by_key("lougu").unwrap_err();
        assert!(e.contains("`lougu`") && e.contains("luogu, spoj"), "{}", e);
        let luogu = by_key("luogu").unwrap();
        assert_eq!(
            luogu.profile("2024").unwrap().command(),
            "-C opt-level=2 -W warnings --edition 2024"
        );
        let e = luogu.profile("2018").unwrap_err();
        assert!(e.contains("its profiles are: 2024, 2021"), "{}", e);
        assert!(by_key("poj")
            .unwrap()
            .profile("2021")
            .unwrap_err()
            .contains("takes no Rust"));
    }
}
