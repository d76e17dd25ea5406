//! A histogram of run times against a time limit, in doubling bands, drawn as text bars.

use std::time::Duration;

/// Width of the histogram's longest bar.
const BAR: usize = 40;

/// Counts of `times` in doubling bands below `limit` (the top band ends at the limit), plus
/// one band over it (where killed runs go too), drawn as bars; a stretch of empty bands
/// between the limit and the slowest time is one row:
///
/// ```text
///        > 2000 ms |                                          0
///     1000-2000 ms |                                          0
///     3.91-1000 ms |                                          0
///     1.95-3.91 ms |##                                        12
///     0.98-1.95 ms |########################################  950
/// ```
pub fn histogram(times: &[(Duration, bool)], limit: Duration) -> String {
    if times.is_empty() {
        return String::new();
    }
    let limit_ms = ms(limit);
    let edge = |k: usize| limit_ms / f64::from(1u32 << k);
    // Band k (k >= 1) holds times in (limit / 2^k, limit / 2^(k-1)]; band 0 is over the limit.
    let band = |&(t, killed): &(Duration, bool)| -> usize {
        let t = ms(t);
        if killed || t > limit_ms {
            0
        } else {
            let mut k = 1;
            while k < 30 && t <= edge(k) {
                k += 1;
            }
            k
        }
    };
    let bands = times.iter().map(band).max().unwrap_or(1).max(1);
    let mut counts = vec![0usize; bands + 1];
    for t in times {
        counts[band(t)] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1);
    let mut s = format!(
        "cpu time of all {} inputs (first run each) against the {} ms limit:\n",
        times.len(),
        limit.as_millis()
    );
    let mut row = |label: String, n: usize| {
        let bar = (n * BAR + most - 1) / most;
        s.push_str(&format!(
            "  {:>16} ms |{:<w$} {}\n",
            label,
            "#".repeat(bar),
            n,
            w = BAR
        ));
    };
    row(format!("> {}", trim(limit_ms)), counts[0]);
    let mut k = 1;
    while k <= bands {
        // Bands k..j-1 empty (k >= 2): one row.
        let mut j = k;
        while k >= 2 && j <= bands && counts[j] == 0 {
            j += 1;
        }
        if j > k + 1 {
            row(format!("{}-{}", trim(edge(j - 1)), trim(edge(k - 1))), 0);
            k = j;
        } else {
            row(
                format!("{}-{}", trim(edge(k)), trim(edge(k - 1))),
                counts[k],
            );
            k += 1;
        }
    }
    s
}

/// A time in ms with about three significant digits.
fn trim(ms: f64) -> String {
    if ms >= 100.0 {
        format!("{:.0}", ms)
    } else if ms >= 10.0 {
        format!("{:.1}", ms)
    } else {
        format!("{:.2}", ms)
    }
}

/// A duration in ms.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_bands_double_up_to_the_limit() {
        let t = |ms: u64| Duration::from_millis(ms);
        let times = [
            (t(1), false),
            (t(1), false),
            (t(300), false),
            (t(900), false),
            (t(1500), false),
            (t(40), true),
        ];
        let h = histogram(&times, t(1000));
        let lines: Vec<&str> = h.lines().collect();
        // Header, over the limit (a killed run counts there), then bands (500, 1000],
        // (250, 500], the empty (1.95, 250] in one row, and (0.98, 1.95].
        assert!(lines[0].contains("all 6 inputs") && lines[0].contains("1000 ms"));
        assert!(
            lines[1].contains("> 1000 ms") && lines[1].ends_with(" 2"),
            "{}",
            h
        );
        assert!(lines[2].contains("500-1000 ms") && lines[2].ends_with(" 1"));
        assert!(lines[3].contains("250-500 ms") && lines[3].ends_with(" 1"));
        assert!(
            lines[4].contains("1.95-250 ms") && lines[4].ends_with(" 0"),
            "{}",
            h
        );
        assert!(
            lines[5].contains("0.98-1.95 ms") && lines[5].ends_with(" 2"),
            "{}",
            h
        );
        assert_eq!(lines.len(), 6);
        assert_eq!(lines[5].matches('#').count(), BAR);
    }
}
