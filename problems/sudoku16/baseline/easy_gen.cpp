// Easy minimal 16x16 puzzles (a bench-data tool, not part of the build): minimal puzzles on
// which the C++ baseline's plain DFS hardly branches, the regime where per-puzzle constants dominate.
//
//   g++ -O2 -o easy_gen problems/sudoku16/baseline/easy_gen.cpp
//   ./easy_gen SEED COUNT [NODE_CAP] > puzzles.txt   (NODE_CAP default 20000)
//
// Per puzzle:
// 1. Full grid: as topdown_gen.cpp (pattern grid, random relabelling and row/column/band/stack
//    permutations, transpose, 2000 two-letter chain swaps), from grid16.hpp.
// 2. Easy removal: all 256 cells in random order, each cleared only if the grid is still
//    completed by singles alone (naked singles: a cell with one letter left; hidden singles:
//    a letter with one place left in a row, column or box), else put back. Such a grid has
//    one completion.
// 3. Minimality pass: the remaining clues in a new random order, each cleared if the grid
//    keeps one completion (counted to two by the backtracking counter in grid16.hpp),
//    else put back. A clue needed once stays needed as others go, so the result is minimal;
//    most clues survive this pass, so the puzzle stays close to singles-solvable.
// 4. Easiness filter: a count of step 3 that needs more than NODE_CAP search nodes (the
//    counter has no propagation) drops the whole grid, which keeps the puzzles a simple DFS
//    settles with little backtracking. With the default cap about 1 grid in 13 is kept;
//    stderr gets one line per grid (clues after steps 2 and 3, or "skipped").
// Output: POJ 3076 cases separated by one empty line, '-' for an empty cell.
#include "grid16.hpp"

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
        print_grid(p++ == 0);
    }
    return 0;
}
