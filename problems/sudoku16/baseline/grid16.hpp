// Shared by the baseline generators topdown_gen.cpp and easy_gen.cpp (bench-data tools, not
// part of the build): the grid g, a backtracking completion counter, and the full-grid maker
// (the pattern grid under random relabelling and row/column/band/stack permutations and a
// transpose, then 2000 two-letter chain swaps). It shares nothing with sudoku16-gen or
// indep_gen.cpp.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>
#include <algorithm>
#include <climits>

static std::mt19937_64 rng;
static int g[256];

static int box_of(int r, int c) { return (r / 4) * 4 + c / 4; }

// Counts completions of g (0 = empty, 1..16 letters), stopping at `limit`.
struct Counter {
    int cell[256];
    uint32_t row[16], col[16], box[16];
    int found, limit;
    long nodes, cap;  // search() calls so far, and the most allowed (then count() = -1)
    bool load() {
        memset(row, 0, sizeof row); memset(col, 0, sizeof col); memset(box, 0, sizeof box);
        for (int i = 0; i < 256; i++) {
            cell[i] = g[i];
            if (!g[i]) continue;
            uint32_t b = 1u << (g[i] - 1);
            int r = i / 16, c = i % 16, x = box_of(r, c);
            if ((row[r] | col[c] | box[x]) & b) return false;
            row[r] |= b; col[c] |= b; box[x] |= b;
        }
        return true;
    }
    // Branches on the fewest options: a cell's letters, or a letter's places in a unit.
    void search() {
        if (++nodes > cap) { found = limit; aborted = true; return; }
        int best = -1, bestn = 99; uint32_t bestm = 0;
        uint32_t cand[256];
        for (int i = 0; i < 256; i++) {
            cand[i] = 0;
            if (cell[i]) continue;
            int r = i / 16, c = i % 16;
            uint32_t m = ~(row[r] | col[c] | box[box_of(r, c)]) & 0xffff;
            cand[i] = m;
            int n = __builtin_popcount(m);
            if (n < bestn) { bestn = n; best = i; bestm = m; }
        }
        if (best < 0) { found++; return; }
        if (bestn == 0) return;
        if (bestn > 1) {
            // unit u: 0..15 rows, 16..31 columns, 32..47 boxes; places of letter d in it
            int bu = -1, bd = 0; uint32_t bp = 0;
            for (int u = 0; u < 48 && bestn > 1; u++) {
                uint32_t placed = u < 16 ? row[u] : u < 32 ? col[u - 16] : box[u - 32];
                uint32_t places[16] = {0};
                for (int k = 0; k < 16; k++) {
                    int i = u < 16 ? u * 16 + k : u < 32 ? k * 16 + (u - 16)
                        : ((u - 32) / 4 * 4 + k / 4) * 16 + (u - 32) % 4 * 4 + k % 4;
                    for (uint32_t m = cand[i]; m; m &= m - 1) places[__builtin_ctz(m)] |= 1u << k;
                }
                for (int d = 0; d < 16; d++) {
                    if (placed >> d & 1) continue;
                    int n = __builtin_popcount(places[d]);
                    if (n == 0) return;
                    if (n < bestn) { bestn = n; bu = u; bd = d; bp = places[d]; }
                }
            }
            if (bu >= 0) {
                uint32_t b = 1u << bd;
                for (uint32_t m = bp; m && found < limit; m &= m - 1) {
                    int k = __builtin_ctz(m);
                    int i = bu < 16 ? bu * 16 + k : bu < 32 ? k * 16 + (bu - 16)
                        : ((bu - 32) / 4 * 4 + k / 4) * 16 + (bu - 32) % 4 * 4 + k % 4;
                    int r = i / 16, c = i % 16, x = box_of(r, c);
                    cell[i] = bd + 1; row[r] |= b; col[c] |= b; box[x] |= b;
                    search();
                    cell[i] = 0; row[r] &= ~b; col[c] &= ~b; box[x] &= ~b;
                }
                return;
            }
        }
        int r = best / 16, c = best % 16, x = box_of(r, c);
        for (uint32_t m = bestm; m && found < limit; m &= m - 1) {
            int d = __builtin_ctz(m);
            uint32_t b = 1u << d;
            cell[best] = d + 1; row[r] |= b; col[c] |= b; box[x] |= b;
            search();
            cell[best] = 0; row[r] &= ~b; col[c] &= ~b; box[x] &= ~b;
        }
    }
    bool aborted;
    // Completions up to `lim`, or -1 if the search needs more than `max_nodes` nodes.
    int count(int lim, long max_nodes = LONG_MAX) {
        found = 0; limit = lim; nodes = 0; cap = max_nodes; aborted = false;
        if (!load()) return 0;
        search();
        return aborted ? -1 : found;
    }
};

static void full_grid() {
    int lab[16], rows[16], cols[16];
    for (int i = 0; i < 16; i++) lab[i] = i;
    std::shuffle(lab, lab + 16, rng);
    // rows: a permutation of bands, and of rows within each band; columns alike
    auto perm = [](int* out) {
        int bands[4] = {0, 1, 2, 3};
        std::shuffle(bands, bands + 4, rng);
        for (int b = 0; b < 4; b++) {
            int in[4] = {0, 1, 2, 3};
            std::shuffle(in, in + 4, rng);
            for (int k = 0; k < 4; k++) out[b * 4 + k] = bands[b] * 4 + in[k];
        }
    };
    perm(rows); perm(cols);
    bool tr = rng() & 1;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++) {
            int rr = rows[r], cc = cols[c];
            if (tr) std::swap(rr, cc);
            g[r * 16 + c] = lab[(4 * (rr % 4) + rr / 4 + cc) % 16] + 1;
        }
    // Swap two letters between two rows of one band along a closed chain of columns; on the
    // transposed grid too, so rows and columns both mix.
    for (int it = 0; it < 2000; it++) {
        bool t = rng() & 1;
        auto at = [&](int r, int c) -> int& { return t ? g[c * 16 + r] : g[r * 16 + c]; };
        int band = rng() % 4, r1 = band * 4 + rng() % 4, r2 = band * 4 + rng() % 4;
        if (r1 == r2) continue;
        int c0 = rng() % 16;
        bool in[16] = {false};
        int c = c0;
        // follow: at(r1,c) goes to r2, so the column where r2 holds at(r1,c)... chain on r1's
        // letters: next column is where r1 holds at(r2,c)
        for (int steps = 0; steps < 17; steps++) {
            in[c] = true;
            int want = at(r2, c), nc = -1;
            for (int k = 0; k < 16; k++) if (at(r1, k) == want) nc = k;
            if (nc == c0) break;
            c = nc;
        }
        for (int k = 0; k < 16; k++)
            if (in[k]) std::swap(at(r1, k), at(r2, k));
    }
}

static inline bool valid_full() {
    Counter ct;
    for (int i = 0; i < 256; i++) if (!g[i]) return false;
    return ct.load();
}

// Prints g as one POJ 3076 case, '-' for an empty cell, after an empty line unless `first`.
static void print_grid(bool first) {
    if (!first) printf("\n");
    for (int r = 0; r < 16; r++) {
        for (int c = 0; c < 16; c++) putchar(g[r * 16 + c] ? 'A' + g[r * 16 + c] - 1 : '-');
        putchar('\n');
    }
    fflush(stdout);
}
