// bipartitematching with ACL 1.6's mf_graph (g++ -O2 -I /work/acl/ac-library): the baseline.
#include <cstdio>
#include <atcoder/maxflow>
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
    int l = rd(), r = rd(), m = rd();
    int s = l + r, t = l + r + 1;
    atcoder::mf_graph<int> g(l + r + 2);
    for (int a = 0; a < l; a++) g.add_edge(s, a, 1);
    for (int i = 0; i < m; i++) { int a = rd(), b = rd(); g.add_edge(a, l + b, 1); }
    for (int b = 0; b < r; b++) g.add_edge(l + b, t, 1);
    wr(g.flow(s, t)); pc('\n');
    auto es = g.edges();
    for (int i = l; i < l + m; i++)
        if (es[i].flow) { wr(es[i].from); pc(' '); wr(es[i].to - l); pc('\n'); }
    flush();
}
