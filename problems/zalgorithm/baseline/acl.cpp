// zalgorithm with ACL 1.6 (g++ -O2 -I /work/acl/ac-library): the speed and size baseline.
#include <cstdio>
#include <string>
#include <atcoder/string>
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
static char s[500005];
int main() {
    if (scanf("%500004s", s) != 1) return 1;
    auto z = atcoder::z_algorithm(std::string(s));
    for (size_t i = 0; i < z.size(); i++) { if (i) pc(' '); wr(z[i]); }
    pc('\n');
    flush();
}
