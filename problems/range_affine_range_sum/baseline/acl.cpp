// range_affine_range_sum with ACL 1.6's lazy_segtree and modint: the C++ baseline
// (g++ -O2 -I <ac-library>).
#include <atcoder/lazysegtree>
#include <atcoder/modint>
#include <cstdio>

using mint = atcoder::modint998244353;
struct S { mint a; int size; };
struct F { mint a, b; };
S op(S l, S r) { return S{l.a + r.a, l.size + r.size}; }
S e() { return S{0, 0}; }
S mapping(F l, S r) { return S{r.a * l.a + r.size * l.b, r.size}; }
F composition(F l, F r) { return F{r.a * l.a, r.b * l.a + l.b}; }
F id() { return F{1, 0}; }

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
    std::vector<S> a(n);
    for (auto& s : a) s = S{mint(rd()), 1};
    atcoder::lazy_segtree<S, op, e, F, mapping, composition, id> seg(a);
    for (int i = 0; i < q; i++) {
        int t = rd(), l = rd(), r = rd();
        if (t == 0) {
            long long b = rd(), c = rd();
            seg.apply(l, r, F{b, c});
        } else {
            printf("%u\n", seg.prod(l, r).a.val());
        }
    }
}
