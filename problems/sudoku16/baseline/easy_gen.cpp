// Easy minimal 16x16 puzzles (a bench-data tool, not part of the build): minimal puzzles on
// which seed 000's plain DFS hardly branches, the regime where per-puzzle constants dominate.
//
//   g++ -O2 -o easy_gen problems/sudoku16/baseline/easy_gen.cpp
//   ./easy_gen SEED COUNT [NODE_CAP] > puzzles.txt   (NODE_CAP default 20000)
//
// Per puzzle:
// 1. Full grid: as topdown_gen.cpp (pattern grid, random relabelling and row/column/band/stack
//    permutations, transpose, 2000 two-letter chain swaps; its code is copied here so that the
//    two tools stay independent files).
// 2. Easy removal: all 256 cells in random order, each cleared only if the grid is still
//    completed by singles alone (naked singles: a cell with one letter left; hidden singles:
//    a letter with one place left in a row, column or box), else put back. Such a grid has
//    one completion.
// 3. Minimality pass: the remaining clues in a new random order, each cleared if the grid
//    keeps one completion (counted to two by the backtracking counter of topdown_gen.cpp),
//    else put back. A clue needed once stays needed as others go, so the result is minimal;
//    most clues survive this pass, so the puzzle stays close to singles-solvable.
// 4. Easiness filter: a count of step 3 that needs more than NODE_CAP search nodes (the
//    counter has no propagation) drops the whole grid, which keeps the puzzles a simple DFS
//    settles with little backtracking. With the default cap about 1 grid in 13 is kept;
//    stderr gets one line per grid (clues after steps 2 and 3, or "skipped").
// Output: POJ 3076 cases separated by one empty line, '-' for an empty cell.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>
#include <algorithm>

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
    int count(int lim, long max_nodes) {
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


// Whether naked and hidden singles alone complete g (0 = empty, 1..16 letters).
static bool singles_solve() {
    int cell[256];
    uint32_t row[16] = {0}, col[16] = {0}, box[16] = {0};
    int open = 0;
    for (int i = 0; i < 256; i++) {
        cell[i] = g[i];
        if (!g[i]) { open++; continue; }
        uint32_t b = 1u << (g[i] - 1);
        int r = i / 16, c = i % 16, x = box_of(r, c);
        if ((row[r] | col[c] | box[x]) & b) return false;
        row[r] |= b; col[c] |= b; box[x] |= b;
    }
    auto put = [&](int i, int d) {
        uint32_t b = 1u << d;
        int r = i / 16, c = i % 16, x = box_of(r, c);
        cell[i] = d + 1; row[r] |= b; col[c] |= b; box[x] |= b; open--;
    };
    bool progress = true;
    while (open && progress) {
        progress = false;
        uint32_t cand[256];
        for (int i = 0; i < 256; i++) {
            cand[i] = 0;
            if (cell[i]) continue;
            int r = i / 16, c = i % 16;
            cand[i] = ~(row[r] | col[c] | box[box_of(r, c)]) & 0xffff;
            if (!cand[i]) return false;
        }
        for (int i = 0; i < 256; i++)
            if (!cell[i] && __builtin_popcount(cand[i]) == 1) {
                int r = i / 16, c = i % 16;
                uint32_t m = cand[i] & ~(row[r] | col[c] | box[box_of(r, c)]);
                if (!m) return false;
                put(i, __builtin_ctz(m));
                progress = true;
            }
        if (progress) continue;
        for (int u = 0; u < 48 && !progress; u++) {
            int once = 0, twice = 0, where[16];
            for (int k = 0; k < 16; k++) {
                int i = u < 16 ? u * 16 + k : u < 32 ? k * 16 + (u - 16)
                    : ((u - 32) / 4 * 4 + k / 4) * 16 + (u - 32) % 4 * 4 + k % 4;
                where[k] = i;
                twice |= once & cand[i];
                once |= cand[i];
            }
            uint32_t hidden = once & ~twice;
            for (uint32_t m = hidden; m; m &= m - 1) {
                int d = __builtin_ctz(m);
                for (int k = 0; k < 16; k++)
                    if (cand[where[k]] >> d & 1) { put(where[k], d); progress = true; }
            }
        }
    }
    return open == 0;
}

int main(int argc, char** argv) {
    if (argc < 3) { fprintf(stderr, "usage: easy_gen SEED COUNT [NODE_CAP]\n"); return 2; }
    rng.seed(strtoull(argv[1], 0, 10));
    int count = atoi(argv[2]);
    long cap = argc > 3 ? atol(argv[3]) : 20000;
    static Counter ct;
    for (int p = 0, tried = 0; p < count; tried++) {
        full_grid();
        int order[256];
        for (int i = 0; i < 256; i++) order[i] = i;
        std::shuffle(order, order + 256, rng);
        for (int k = 0; k < 256; k++) {
            int i = order[k], v = g[i];
            g[i] = 0;
            if (!singles_solve()) g[i] = v;
        }
        int after_singles = 0;
        for (int i = 0; i < 256; i++) after_singles += g[i] != 0;
        std::shuffle(order, order + 256, rng);
        bool skipped = false;
        for (int k = 0; k < 256 && !skipped; k++) {
            int i = order[k], v = g[i];
            if (!v) continue;
            g[i] = 0;
            int n = ct.count(2, cap);
            if (n < 0) skipped = true;
            if (n != 1) g[i] = v;
        }
        int left = 0;
        for (int i = 0; i < 256; i++) left += g[i] != 0;
        fprintf(stderr, "grid %d: %d clues after easy removal, %s %d\n", tried + 1,
                after_singles, skipped ? "skipped (a count over the node cap) at" : "minimal", left);
        if (skipped) continue;
        if (p++) printf("\n");
        for (int r = 0; r < 16; r++) {
            for (int c = 0; c < 16; c++) putchar(g[r * 16 + c] ? 'A' + g[r * 16 + c] - 1 : '-');
            putchar('\n');
        }
        fflush(stdout);
    }
    return 0;
}
