// point_add_range_sum with ACL 1.6's fenwick_tree: the C++ baseline (g++ -O2 -I <ac-library>).
#include <atcoder/fenwicktree>
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
    atcoder::fenwick_tree<long long> f(n);
    for (int i = 0; i < n; i++) f.add(i, rd());
    for (int i = 0; i < q; i++) {
        int t = rd();
        long long x = rd(), y = rd();
        if (t == 0) f.add(x, y);
        else printf("%lld\n", f.sum(x, y));
    }
}
