// unionfind with ACL 1.6's dsu: the C++ baseline (g++ -O2 -I <ac-library>).
#include <atcoder/dsu>
#include <cstdio>

static inline long long rd() {
    int c = getchar_unlocked();
    while (c != '-' && (c < '0' || c > '9')) c = getchar_unlocked();
    bool neg = c == '-';
    if (neg) c = getchar_unlocked();
    long long x = 0;
    for (; c >= '0' && c <= '9'; c = getchar_unlocked()) x = x * 10 + (c - '0');
    return neg ? -x : x;
}

int main() {
    int n = rd(), q = rd();
    atcoder::dsu d(n);
    for (int i = 0; i < q; i++) {
        int t = rd(), u = rd(), v = rd();
        if (t == 0) d.merge(u, v);
        else { putchar_unlocked(d.same(u, v) ? '1' : '0'); putchar_unlocked('\n'); }
    }
}
