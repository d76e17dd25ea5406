// assignment with ACL 1.6's mcf_graph (g++ -O2 -I /work/acl/ac-library): the baseline.
#include <cstdio>
#include <vector>
#include <atcoder/mincostflow>
// Fast I/O as contestants write it: getchar_unlocked in, a buffer out.
static inline long long rd() {
    int c = getchar_unlocked();
    while (c != '-' && (c < '0' || c > '9')) c = getchar_unlocked();
    bool neg = c == '-';
    if (neg) c = getchar_unlocked();
    long long x = 0;
    while (c >= '0' && c <= '9') { x = x * 10 + (c - '0'); c = getchar_unlocked(); }
    return neg ? -x : x;
}
static char obuf[1 << 16];
static int opos = 0;
static inline void flush() { fwrite(obuf, 1, opos, stdout); opos = 0; }
static inline void pc(char c) { if (opos == sizeof obuf) flush(); obuf[opos++] = c; }
static inline void wr(long long x) {
    if (x < 0) { pc('-'); x = -x; }
    char t[20]; int n = 0;
    do { t[n++] = char('0' + x % 10); x /= 10; } while (x);
    while (n) pc(t[--n]);
}
int main() {
    const long long SHIFT = 1000000000;
    int n = rd();
    int s = 2 * n, t = 2 * n + 1;
    atcoder::mcf_graph<int, long long> g(2 * n + 2);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) g.add_edge(i, n + j, 1, rd() + SHIFT);
    for (int i = 0; i < n; i++) { g.add_edge(s, i, 1, 0); g.add_edge(n + i, t, 1, 0); }
    auto res = g.flow(s, t);
    wr(res.second - n * SHIFT); pc('\n');
    std::vector<int> p(n);
    auto es = g.edges();
    for (int i = 0; i < n * n; i++) if (es[i].flow) p[es[i].from] = es[i].to - n;
    for (int i = 0; i < n; i++) { if (i) pc(' '); wr(p[i]); }
    pc('\n');
    flush();
}
