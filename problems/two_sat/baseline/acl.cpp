// two_sat with ACL 1.6's two_sat (g++ -O2 -I /work/acl/ac-library): the baseline.
#include <cstdio>
#include <atcoder/twosat>
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
    char w[8];
    if (scanf("%7s %7s", w, w) != 2) return 1;
    int n = rd(), m = rd();
    atcoder::two_sat ts(n);
    for (int i = 0; i < m; i++) {
        int a = rd(), b = rd();
        rd();
        ts.add_clause(abs(a) - 1, a > 0, abs(b) - 1, b > 0);
    }
    if (!ts.satisfiable()) { fputs("s UNSATISFIABLE\n", stdout); return 0; }
    fputs("s SATISFIABLE\nv", stdout);
    auto ans = ts.answer();
    for (int i = 0; i < n; i++) { pc(' '); wr(ans[i] ? i + 1 : -(i + 1)); }
    pc(' '); pc('0'); pc('\n');
    flush();
}
