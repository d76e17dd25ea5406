// sum_of_floor_of_linear with ACL 1.6: the baseline the Rust bundle is timed against.
#include <atcoder/math>
#include <cstdio>

static long long read_int() {
    int c = getchar_unlocked();
    while (c < '0') c = getchar_unlocked();
    long long x = 0;
    for (; c >= '0'; c = getchar_unlocked()) x = x * 10 + (c - '0');
    return x;
}

int main() {
    int t = read_int();
    while (t--) {
        long long n = read_int(), m = read_int(), a = read_int(), b = read_int();
        printf("%lld\n", atcoder::floor_sum(n, m, a, b));
    }
}
