// point_set_range_composite with ACL 1.6's segtree and modint: the C++ baseline
// (g++ -O2 -I <ac-library>).
#include <atcoder/modint>
#include <atcoder/segtree>
#include <cstdio>

using mint = atcoder::modint998244353;
struct F { mint a, b; };
F op(F f, F g) { return {g.a * f.a, g.a * f.b + g.b}; }
F e() { return {1, 0}; }

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
    std::vector<F> v(n);
    for (auto& f : v) { f.a = rd(); f.b = rd(); }
    atcoder::segtree<F, op, e> s(v);
    for (int i = 0; i < q; i++) {
        int t = rd(), x = rd(), y = rd();
        long long z = rd();
        if (t == 0) s.set(x, {y, z});
        else {
            F f = s.prod(x, y);
            printf("%u\n", (f.a * z + f.b).val());
        }
    }
}
