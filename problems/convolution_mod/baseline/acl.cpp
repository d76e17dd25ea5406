// convolution_mod with ACL 1.6: the baseline the Rust bundle is timed against.
#include <atcoder/convolution>
#include <atcoder/modint>
#include <cstdio>
#include <vector>

static unsigned read_uint() {
    int c = getchar_unlocked();
    while (c < '0') c = getchar_unlocked();
    unsigned x = 0;
    for (; c >= '0'; c = getchar_unlocked()) x = x * 10 + (c - '0');
    return x;
}

static char out[1 << 16];
static int len = 0;

static void put(unsigned x, char sep) {
    if (len > (1 << 16) - 16) fwrite(out, 1, len, stdout), len = 0;
    char tmp[12];
    int k = 0;
    do tmp[k++] = '0' + x % 10, x /= 10; while (x);
    while (k) out[len++] = tmp[--k];
    out[len++] = sep;
}

int main() {
    using mint = atcoder::modint998244353;
    int n = read_uint(), m = read_uint();
    std::vector<mint> a(n), b(m);
    for (auto& x : a) x = mint::raw(read_uint());
    for (auto& x : b) x = mint::raw(read_uint());
    auto c = atcoder::convolution(a, b);
    for (size_t i = 0; i < c.size(); i++) put(c[i].val(), i + 1 == c.size() ? '\n' : ' ');
    fwrite(out, 1, len, stdout);
}
