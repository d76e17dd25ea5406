//! Problem pages: a problem URL (as Competitive Companion sends it) read as its site, the
//! site's problem id, a package name and the problem's identity.
//!
//! Sites whose URL forms are known (Codeforces, AtCoder, Luogu, POJ, Aizu, Timus, Virtual
//! Judge, CodeChef, TLX) name a problem the way the judge does, so every page of one problem
//! (contest or problemset page, mirror, language) is one problem. Any other host is read by a
//! generic rule, and its identity is the page's URL itself. Ids that could name a path are
//! refused, never cleaned.

use crate::error::Error;
use crate::workspace::judges;
use crate::workspace::names::{self, MAX_NAME};

/// A problem page, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// The site's id of the problem as the site writes it: `1900A`, `abc123_a`, `P1074`.
    pub id: String,
    /// The package name: `cf1900a`, `abc123_a`, `p1074`, `aoj_cgl_1_a`.
    pub name: String,
    /// Other names for the package, in order, for when `name` is another problem's.
    pub fallbacks: Vec<String>,
    /// What makes two pages one problem: equal keys, equal problems (`codeforces 1900A`;
    /// `url poj.org/...` for a host read by the generic rule).
    pub key: String,
    /// The URL to record: the page's own, or the problem's own page where the page shows a
    /// whole contest (Codeforces' `/contest/1/problems`).
    pub url: String,
}

/// A URL cut into what the rules read.
struct Parts<'a> {
    /// Lowercase, without `www.`.
    host: String,
    segments: Vec<String>,
    query: &'a str,
    fragment: &'a str,
}

impl Parts<'_> {
    fn seg(&self, i: usize) -> Option<&str> {
        self.segments.get(i).map(String::as_str)
    }

    /// The decoded value of query parameter `key` (ASCII case ignored).
    fn param(&self, key: &str) -> crate::error::Result<Option<String>> {
        for pair in self.query.split('&') {
            if let Some((k, v)) = pair.split_once('=') {
                if k.eq_ignore_ascii_case(key) {
                    return percent_decode(v).map(Some);
                }
            }
        }
        Ok(None)
    }
}

/// Reads the problem page `url`; `title` (the problem's name as sent) picks the problem of a
/// page that shows a whole contest. O(len).
pub fn identify(url: &str, title: &str) -> crate::error::Result<Page> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| Error::Refused(format!("`url` is not an http(s) URL: {}", shown(url))))?;
    let path_start = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let rest = &rest[path_start..];
    let (rest, fragment) = rest.split_once('#').unwrap_or((rest, ""));
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let segments: Vec<String> = path
        .split('/')
        .filter(|s| !s.is_empty())
        .map(percent_decode)
        .collect::<Result<_, _>>()?;
    let p = Parts {
        host: judges::host_of(url),
        segments,
        query,
        fragment,
    };
    if p.host.is_empty() {
        return Err(Error::Refused(format!("`url` has no host: {}", shown(url))));
    }
    let known = match known_site(&p, url, title)? {
        Some(known) => known,
        None => {
            let (id, core) = generic_id(&p).ok_or_else(|| unknown_page(url))?;
            let site = main_label(&p.host).unwrap_or("site");
            Known {
                site: "",
                prefix: site.to_string(),
                id,
                core,
                url: url.to_string(),
            }
        }
    };
    // The core becomes the name; the id (the core where a site has no other form) is only
    // written into the manifest.
    let core = &known.core;
    if core.is_empty() {
        return Err(unknown_page(url));
    }
    if core.contains("..") || core.contains(['/', '\\', '\0']) || core.chars().any(char::is_control)
    {
        return Err(Error::Refused(format!(
            "the problem id `{}` in the URL could name a path; refused",
            core.escape_default()
        )));
    }
    let name = package_name(&known.prefix, &known.core).ok_or_else(|| {
        Error::Refused(format!(
            "cannot make a package name from the problem id `{}`",
            known.id.escape_default()
        ))
    })?;
    let mut fallbacks = Vec::new();
    let key = if known.site.is_empty() {
        // A host read by the generic rule: the whole host names the site.
        let host_prefix = p
            .host
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("_");
        fallbacks.extend(package_name(&host_prefix, &known.core).filter(|n| *n != name));
        format!("url {}", normal_url(&p))
    } else {
        format!("{} {} {}", known.site, known.prefix, known.core)
    };
    for i in 2..10 {
        let mut n: String = name.chars().take(MAX_NAME - 2).collect();
        n.push_str(&format!("_{}", i));
        fallbacks.push(n);
    }
    Ok(Page {
        id: known.id,
        name,
        fallbacks,
        key,
        url: known.url,
    })
}

/// A page of a host with its own rule.
struct Known {
    /// The site (`codeforces`), empty for a host read by the generic rule.
    site: &'static str,
    /// The package name's prefix: `cf`, `cfgym`, `poj`, `` (Luogu, AtCoder).
    prefix: String,
    /// The id as the site writes it (`1900A`, `CGL_1_A`), for the manifest.
    id: String,
    /// What the name is made of after the prefix; with the site and prefix, the identity.
    core: String,
    /// The URL to record.
    url: String,
}

impl Known {
    /// A page whose id is also the name's core.
    fn same(site: &'static str, id: String, prefix: &str, url: &str) -> Known {
        Known {
            site,
            prefix: prefix.to_string(),
            core: id.clone(),
            id,
            url: url.to_string(),
        }
    }
}

/// The page `url` of a host with its own rule; `Ok(None)` for any other host. An unknown page
/// of a known host is refused.
fn known_site(p: &Parts<'_>, url: &str, title: &str) -> crate::error::Result<Option<Known>> {
    let none = || Err(unknown_page(url));
    Ok(Some(match judges::by_host(url).key {
        "luogu" => match (p.seg(0), p.seg(1)) {
            (Some("problem"), Some(id)) => Known::same("luogu", id.to_string(), "", url),
            _ => return none(),
        },
        "poj" => match p.param("id")? {
            Some(id) => Known::same("poj", id, "poj", url),
            None => return none(),
        },
        "codeforces" => codeforces(p, url, title)?,
        "atcoder" => match (p.seg(0), p.seg(2), p.seg(3)) {
            (Some("contests"), Some("tasks"), Some(task)) => {
                Known::same("atcoder", task.to_string(), "", url)
            }
            _ => return none(),
        },
        _ => return other_known_host(p, url),
    }))
}

/// A Codeforces page: contest, problemset, gym, group, acmsguru, or a whole contest's page.
fn codeforces(p: &Parts<'_>, url: &str, title: &str) -> crate::error::Result<Known> {
    let segs: Vec<&str> = p.segments.iter().map(String::as_str).collect();
    let (prefix, contest, index, page) = match segs.as_slice() {
        ["problemset", "problem", c, i] | ["contest", c, "problem", i] => {
            ("cf", *c, i.to_string(), url.to_string())
        }
        ["gym", c, "problem", i] => ("cfgym", *c, i.to_string(), url.to_string()),
        ["group", _, "contest", c, "problem", i] => ("cfgroup", *c, i.to_string(), url.to_string()),
        ["problemsets", "acmsguru", "problem", _, i] => {
            ("cfsgu", "", i.to_string(), url.to_string())
        }
        // A whole contest on one page: the problem's index opens its title, and its
        // own page is the URL to record.
        [kind @ ("contest" | "gym"), c, "problems"] => {
            let index = title.split(['.', ' ']).next().unwrap_or("");
            let is_index = (1..=3).contains(&index.len())
                && index.starts_with(|c: char| c.is_ascii_uppercase())
                && index.chars().all(|c| c.is_ascii_alphanumeric());
            if !is_index {
                return Err(Error::Refused(format!(
                    "the page {} shows a whole contest and the title `{}` names no \
                     problem of it",
                    shown(url),
                    shown(title)
                )));
            }
            let page = format!("https://codeforces.com/{}/{}/problem/{}", kind, c, index);
            let prefix = if *kind == "gym" { "cfgym" } else { "cf" };
            (prefix, *c, index.to_string(), page)
        }
        _ => return Err(unknown_page(url)),
    };
    let core = format!("{}{}", contest, index);
    Ok(Known {
        site: "codeforces",
        prefix: prefix.to_string(),
        id: if prefix == "cfsgu" {
            format!("acmsguru-{}", index)
        } else {
            core.clone()
        },
        core,
        url: page,
    })
}

/// The hosts with their own rule that the judge table does not list: Aizu, Timus, Virtual
/// Judge, TLX and CodeChef; `Ok(None)` for any other host.
fn other_known_host(p: &Parts<'_>, url: &str) -> crate::error::Result<Option<Known>> {
    let none = || Err(unknown_page(url));
    Ok(Some(match p.host.as_str() {
        "judge.u-aizu.ac.jp" | "onlinejudge.u-aizu.ac.jp" => {
            let id = match (p.param("id")?, p.segments.last()) {
                (Some(id), _) => id,
                // The arena: `room.html#<contest>/problems/<index>`.
                (None, Some(last)) if last == "room.html" => {
                    let parts: Vec<&str> = p.fragment.split('/').collect();
                    match parts.as_slice() {
                        [contest, "problems", index] if !contest.is_empty() => {
                            format!("{}_{}", percent_decode(contest)?, index)
                        }
                        _ => return none(),
                    }
                }
                (None, Some(last)) if !last.contains('.') => last.clone(),
                _ => return none(),
            };
            Known::same("aoj", id, "aoj", url)
        }
        "acm.timus.ru" | "timus.online" => {
            let num = p.param("num")?.ok_or_else(|| unknown_page(url))?;
            let id = match p.param("space")? {
                Some(space) if space != "1" => format!("{}_{}", space, num),
                _ => num,
            };
            Known::same("timus", id, "timus", url)
        }
        "vjudge.net" | "vjudge.net.cn" => match (p.seg(0), p.seg(1)) {
            (Some("problem"), Some(id)) => Known::same("vjudge", id.to_string(), "vjudge", url),
            (Some("contest"), Some(contest)) => {
                let index = p
                    .fragment
                    .strip_prefix("problem/")
                    .filter(|i| !i.is_empty())
                    .ok_or_else(|| unknown_page(url))?;
                Known::same("vjudge", format!("{}_{}", contest, index), "vjudge", url)
            }
            _ => return none(),
        },
        "tlx.toki.id" => {
            let segs: Vec<&str> = p.segments.iter().map(String::as_str).collect();
            match segs.as_slice() {
                ["contests", c, "problems", i] | ["problems", c, i] => {
                    let mut known = Known::same("tlx", format!("{}/{}", c, i), "tlx", url);
                    known.core = format!("{}_{}", c, i);
                    known
                }
                _ => return none(),
            }
        }
        "codechef.com" => {
            let at = p
                .segments
                .iter()
                .position(|s| s == "problems" || s == "problems-old");
            match at.and_then(|i| p.segments.get(i + 1)) {
                Some(code) => Known::same("codechef", code.clone(), "codechef", url),
                None => return none(),
            }
        }
        _ => return Ok(None),
    }))
}

/// Path words that name a kind of page, not a problem.
const PAGE_WORDS: &[&str] = &[
    "problem",
    "problems",
    "problemset",
    "problemsets",
    "task",
    "tasks",
    "contest",
    "contests",
    "p",
    "exercise",
    "challenges",
    "competitions",
    "practice",
    "course",
    "lesson",
    "archive",
    "static",
    "probleme",
    "br",
    "en",
];

/// `(id, name core)` of a host read by the generic rule: an id parameter (after its
/// contest's, where the page names one), a bare query (`p.rb?name`), or the last path
/// segment, after the one before it where that is short (`contests/x/problems/A`).
fn generic_id(p: &Parts<'_>) -> Option<(String, String)> {
    let first = |keys: &[&str]| -> Option<String> {
        keys.iter()
            .find_map(|k| p.param(k).ok().flatten())
            .filter(|v| !v.is_empty())
    };
    if let Some(id) = first(&[
        "id",
        "pid",
        "cpid",
        "problem",
        "problemid",
        "problem_id",
        "num",
    ]) {
        return Some(
            match first(&["cid", "contest", "contestid", "contest_id", "space"]) {
                Some(contest) => (format!("{}-{}", contest, id), format!("{}_{}", contest, id)),
                None => (id.clone(), id),
            },
        );
    }
    if !p.query.is_empty() && !p.query.contains('=') {
        let id = percent_decode(&p.query.replace('+', " ")).ok()?;
        return Some((id.clone(), id));
    }
    let words: Vec<&str> = p
        .segments
        .iter()
        .map(|s| s.as_str())
        .filter(|s| !PAGE_WORDS.contains(&s.to_ascii_lowercase().as_str()))
        .collect();
    let last = *words.last()?;
    let last = last
        .rsplit_once('.')
        .filter(|(stem, ext)| !stem.is_empty() && ext.chars().all(|c| c.is_ascii_alphabetic()))
        .map_or(last, |(stem, _)| stem);
    match words.len().checked_sub(2).map(|i| words[i]) {
        Some(before) if last.chars().count() <= 2 => Some((
            format!("{}/{}", before, last),
            format!("{}_{}", before, last),
        )),
        _ => Some((last.to_string(), last.to_string())),
    }
}

/// The URL as the generic rule's identity: host without `www.`, path without a trailing
/// `/`, the query without language parameters, the fragment kept (some sites name the
/// problem there).
fn normal_url(p: &Parts<'_>) -> String {
    let query: Vec<&str> = p
        .query
        .split('&')
        .filter(|pair| {
            let key = pair.split('=').next().unwrap_or("").to_ascii_lowercase();
            !pair.is_empty() && !["locale", "lang", "language", "hl"].contains(&key.as_str())
        })
        .collect();
    let mut s = format!("{}/{}", p.host, p.segments.join("/"));
    if !query.is_empty() {
        s.push('?');
        s.push_str(&query.join("&"));
    }
    if !p.fragment.is_empty() {
        s.push('#');
        s.push_str(p.fragment);
    }
    s
}

/// The package name of problem `core` of a site whose names start with `prefix` (`poj` +
/// `2676`, `spoj` + `_sudoku`, `` + `p1074`): lowercase, runs of other characters one `_`, a
/// `_` between the prefix and a core that opens with a letter; a core with no ASCII letter or
/// digit is named by its hash (`zzstep_h1f0c...`). A prefixless name that would not open with a
/// letter gets the prefix `p`. A long core is cut to fit [`MAX_NAME`]; `None` when the prefix
/// leaves no room.
fn package_name(prefix: &str, core: &str) -> Option<String> {
    let mut mapped = String::new();
    for c in core.chars() {
        if c.is_ascii_alphanumeric() {
            mapped.push(c.to_ascii_lowercase());
        } else if !mapped.ends_with('_') {
            mapped.push('_');
        }
    }
    let room = MAX_NAME.saturating_sub(prefix.len() + 2);
    let mapped: String = mapped.chars().take(room).collect();
    let mapped = mapped.trim_matches('_');
    let mapped = if mapped.is_empty() {
        format!("h{:08x}", fnv1a(core.as_bytes()) as u32)
    } else {
        mapped.to_string()
    };
    let mut name = prefix.to_ascii_lowercase();
    if name.is_empty() && !mapped.starts_with(|c: char| c.is_ascii_lowercase()) {
        name.push('p');
    }
    if !name.is_empty() && mapped.starts_with(|c: char| c.is_ascii_lowercase()) {
        name.push('_');
    }
    name.push_str(&mapped);
    Some(name).filter(|n| names::well_formed(n))
}

/// FNV-1a, 64 bits: a stable short name for an id of no ASCII letters. O(len).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Second-level domains that sit under a country code (`edu.cn`, `co.uk`): not a site's name.
/// `github` of `<site>.github.io` is one of them here.
const SECOND_LEVEL: &[&str] = &["com", "edu", "org", "net", "ac", "co", "gov", "github"];

/// The label that names the site: `kattis` of `open.kattis.com`, `hdu` of `acm.hdu.edu.cn`.
fn main_label(host: &str) -> Option<&str> {
    let mut labels: Vec<&str> = host.split('.').filter(|l| !l.is_empty()).collect();
    if labels.len() > 1 {
        labels.pop();
    }
    if labels.len() > 1 && SECOND_LEVEL.contains(&labels[labels.len() - 1]) {
        labels.pop();
    }
    labels.last().copied()
}

fn unknown_page(url: &str) -> Error {
    Error::Refused(format!("no problem id in the URL {}", shown(url)))
}

/// A URL or id shortened and escaped for a one-line message.
pub fn shown(s: &str) -> String {
    let short: String = s.chars().take(80).collect();
    short.escape_default().to_string()
}

/// `%XX` decoded; a decoded text that is not UTF-8 is refused.
fn percent_decode(s: &str) -> crate::error::Result<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| {
                    Error::Refused(format!("bad `%` escape in the URL near `{}`", shown(s)))
                })?;
            out.push(hex);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out)
        .map_err(|_| Error::Refused("the URL decodes to bytes that are not UTF-8".to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(url: &str) -> Result<String, String> {
        identify(url, "").map(|p| p.name).map_err(|e| e.to_string())
    }

    #[test]
    fn names_come_from_the_site_and_id() {
        for (url, id, package) in [
            ("https://www.luogu.com.cn/problem/P1074", "P1074", "p1074"),
            (
                "https://www.luogu.com.cn/problem/CF1900A?x=1",
                "CF1900A",
                "cf1900a",
            ),
            ("http://poj.org/problem?id=2676", "2676", "poj2676"),
            // Mirrors and other host forms are the judge table's hosts.
            ("https://www.luogu.org/problem/P1074", "P1074", "p1074"),
            (
                "https://codeforc.es/contest/1900/problem/A",
                "1900A",
                "cf1900a",
            ),
            (
                "https://codeforces.com/problemset/problem/1900/A",
                "1900A",
                "cf1900a",
            ),
            (
                "https://codeforces.com/contest/1900/problem/B1",
                "1900B1",
                "cf1900b1",
            ),
            (
                "https://codeforces.com/gym/102222/problem/C",
                "102222C",
                "cfgym102222c",
            ),
            (
                "https://codeforces.com/group/MWSDmqGsZm/contest/219856/problem/A?locale=en",
                "219856A",
                "cfgroup219856a",
            ),
            (
                "https://codeforces.com/problemsets/acmsguru/problem/99999/123?locale=en",
                "acmsguru-123",
                "cfsgu123",
            ),
            (
                "https://atcoder.jp/contests/abc123/tasks/abc123_a",
                "abc123_a",
                "abc123_a",
            ),
            ("https://atcoder.jp/contests/1/tasks/1_a", "1_a", "p1_a"),
            (
                "https://www.spoj.com/problems/SUDOKU/",
                "SUDOKU",
                "spoj_sudoku",
            ),
            (
                "https://open.kattis.com/problems/hello-world",
                "hello-world",
                "kattis_hello_world",
            ),
            (
                "http://usaco.org/index.php?page=viewproblem2&cpid=840",
                "840",
                "usaco840",
            ),
            (
                "http://acm.hdu.edu.cn/showproblem.php?pid=1426",
                "1426",
                "hdu1426",
            ),
            (
                "https://acm.hdu.edu.cn/contests/contest_showproblem.php?pid=1004&cid=26",
                "26-1004",
                "hdu26_1004",
            ),
            (
                "https://open.kattis.com/problems/x?problemid=7",
                "7",
                "kattis7",
            ),
            (
                "https://judge.u-aizu.ac.jp/onlinejudge/description.jsp?id=CGL_1_A&lang=ja",
                "CGL_1_A",
                "aoj_cgl_1_a",
            ),
            (
                "https://onlinejudge.u-aizu.ac.jp/challenges/sources/JOI/Prelim/0652",
                "0652",
                "aoj0652",
            ),
            (
                "https://onlinejudge.u-aizu.ac.jp/services/room.html#KUPC2020Spring/problems/C",
                "KUPC2020Spring_C",
                "aoj_kupc2020spring_c",
            ),
            (
                "https://acm.timus.ru/problem.aspx?space=1&num=1098&locale=ru",
                "1098",
                "timus1098",
            ),
            (
                "https://acm.timus.ru/problem.aspx?space=340&num=2",
                "340_2",
                "timus340_2",
            ),
            (
                "https://vjudge.net/contest/480959#problem/B",
                "480959_B",
                "vjudge480959_b",
            ),
            (
                "https://vjudge.net/problem/OpenJ_Bailian-3406",
                "OpenJ_Bailian-3406",
                "vjudge_openj_bailian_3406",
            ),
            (
                "https://www.codechef.com/LTIME58A/problems-old/ZOZ",
                "ZOZ",
                "codechef_zoz",
            ),
            (
                "https://tlx.toki.id/contests/troc-16/problems/A",
                "troc-16/A",
                "tlx_troc_16_a",
            ),
            (
                "https://tlx.toki.id/problems/troc-16/A",
                "troc-16/A",
                "tlx_troc_16_a",
            ),
            (
                "http://golf.shinh.org/p.rb?digit+sum+until+no+change",
                "digit sum until no change",
                "shinh_digit_sum_until_no_change",
            ),
        ] {
            let page = identify(url, "").unwrap_or_else(|e| panic!("{}: {}", url, e));
            assert_eq!(
                (page.id.as_str(), page.name.as_str()),
                (id, package),
                "{}",
                url
            );
        }
    }

    #[test]
    fn one_problem_one_key() {
        let key = |url: &str| identify(url, "A. Theatre Square").unwrap().key;
        assert_eq!(
            key("https://codeforces.com/contest/118/problem/A"),
            key("https://codeforces.com/problemset/problem/118/A?locale=en")
        );
        assert_eq!(
            key("https://codeforces.com/contest/1/problems?locale=en"),
            key("https://codeforces.com/contest/1/problem/A")
        );
        assert_ne!(
            key("https://codeforces.com/gym/1/problem/A"),
            key("https://codeforces.com/contest/1/problem/A")
        );
        assert_eq!(
            identify(
                "https://codeforces.com/contest/1/problems",
                "B. Spreadsheets"
            )
            .unwrap()
            .url,
            "https://codeforces.com/contest/1/problem/B"
        );
        assert!(identify("https://codeforces.com/contest/1/problems", "Theatre").is_err());
        assert_ne!(
            key("https://acm.timus.ru/problem.aspx?space=340&num=1"),
            key("https://acm.timus.ru/problem.aspx?space=1&num=1")
        );
        assert_ne!(
            key("https://p.example/1074"),
            key("https://www.luogu.com.cn/problem/P1074")
        );
        assert_eq!(
            key("https://p.example/1074/?lang=en"),
            key("http://www.p.example/1074")
        );
        assert_ne!(
            key("https://old.yosupo.jp/problem/aplusb"),
            key("https://judge.yosupo.jp/problem/aplusb")
        );
        let page = identify("https://p.example/1074", "").unwrap();
        assert_eq!(page.name, "p1074");
        assert_eq!(page.fallbacks[..2], ["p_example1074", "p1074_2"]);
        assert_eq!(page.fallbacks.len(), 9);
    }

    #[test]
    fn ids_that_name_paths_are_refused() {
        for url in [
            "http://poj.org/problem?id=../../etc",
            "http://poj.org/problem?id=%2e%2e%2fx",
            "http://poj.org/problem?id=/etc/passwd",
            "http://poj.org/problem?id=a%00b",
            "http://poj.org/problem?id=a%5cb",
            "https://www.luogu.com.cn/problem/%2E%2E",
            "http://poj.org/problem?id=",
            "http://poj.org/problem?id=%zz",
            "ftp://poj.org/problem?id=1",
            "/etc/passwd",
            "https://www.luogu.com.cn/training/1",
            "https://vjudge.net/contest/1",
            "https://x.org/",
        ] {
            assert!(name(url).is_err(), "{}", url);
        }
        // Made safe: punctuation becomes `_`; a name must start with a letter.
        assert_eq!(name("https://x.org/p/a.b-c"), Ok("x_a_b_c".to_string()));
        // A long id is cut to fit.
        let long = name(&format!(
            "https://www.luogu.com.cn/problem/P{}",
            "1".repeat(60)
        ));
        assert_eq!(long, Ok(format!("p{}", "1".repeat(MAX_NAME - 3))));
        assert_eq!(
            name("https://www.luogu.com.cn/problem/P1074靶"),
            Ok("p1074".to_string())
        );
        assert_eq!(
            name("https://x.org/problem/%E9%9D%B6"),
            Ok(format!("x_h{:08x}", fnv1a("靶".as_bytes()) as u32))
        );
    }
}
