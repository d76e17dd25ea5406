// indep_gen: minimal 16x16 sudoku puzzles made independently of the project's sudoku16-gen.
//
//   g++ -O2 -o indep_gen indep_gen.cpp && ./indep_gen SEED COUNT > puzzles.txt
//
// Not part of the build: a bench-data tool, written to share nothing with the project's
// generator (random exact-cover solution, clues cleared in random order, each check by
// dancing links). Here instead:
//   1. Solution: the four diagonal boxes get independent random permutations, the rest is
//      completed by a randomized backtracking search (cell candidate masks, naked and hidden
//      singles, branching on the fewest letters of a cell or places of a letter in a
//      unit), restarted past 200000 nodes.
//   2. Clues are ADDED, bottom-up: from the empty grid, count completions up to 2 (every
//      count here is exact: a randomized search restarted with a doubling node cap); while there are two, add the solution's letter at a random cell
//      where the other completion differs from the solution.
//   3. Then clues are tried for removal in the order they were added (oldest first); a clue
//      goes when the grid without it still has exactly one completion (a full count to 2).
//      One pass gives a minimal puzzle: a clue needed once stays needed as others go.
// Output: POJ 3076 format, cases separated by one empty line. Stats go to stderr.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

typedef uint16_t u16;

static uint64_t rng_state;
static uint64_t next_u64() {  // splitmix64
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static int below(int n) { return (int)(next_u64() % (uint64_t)n); }

static int unit_cells[48][16];
static int cell_units[256][3];
static int peers[256][40];

static void tables() {
    for (int i = 0; i < 16; ++i)
        for (int p = 0; p < 16; ++p) {
            unit_cells[i][p] = i * 16 + p;
            unit_cells[16 + i][p] = p * 16 + i;
            unit_cells[32 + i][p] = (i / 4 * 4 + p / 4) * 16 + (i % 4 * 4 + p % 4);
        }
    for (int u = 0; u < 48; ++u)
        for (int p = 0; p < 16; ++p) cell_units[unit_cells[u][p]][u / 16] = u;
    for (int c = 0; c < 256; ++c) {
        int n = 0;
        bool seen[256] = {false};
        seen[c] = true;
        for (int k = 0; k < 3; ++k)
            for (int p = 0; p < 16; ++p) {
                int o = unit_cells[cell_units[c][k]][p];
                if (!seen[o]) seen[o] = true, peers[c][n++] = o;
            }
        if (n != 39) abort();
        peers[c][39] = -1;
    }
}

struct State {
    u16 cand[256];
    signed char val[256];  // -1 open
};

// Places letter d at cell c and propagates singles. Returns false on contradiction.
static bool place(State& s, int c, int d);

static bool eliminate(State& s, int c, int d) {
    if (!(s.cand[c] >> d & 1)) return true;
    s.cand[c] &= ~(1 << d);
    if (s.cand[c] == 0) return false;
    if (s.val[c] < 0 && (s.cand[c] & (s.cand[c] - 1)) == 0) return place(s, c, __builtin_ctz(s.cand[c]));
    return true;
}

static bool place(State& s, int c, int d) {
    if (s.val[c] >= 0) return s.val[c] == d;
    if (!(s.cand[c] >> d & 1)) return false;
    s.val[c] = (signed char)d;
    s.cand[c] = (u16)(1 << d);
    for (int i = 0; i < 39; ++i)
        if (!eliminate(s, peers[c][i], d)) return false;
    return true;
}

// Hidden singles and empty places over all units until nothing changes.
static bool hidden(State& s) {
    for (bool again = true; again;) {
        again = false;
        for (int u = 0; u < 48; ++u) {
            u16 once = 0, twice = 0, done = 0;
            for (int p = 0; p < 16; ++p) {
                int c = unit_cells[u][p];
                if (s.val[c] >= 0) { done |= (u16)(1 << s.val[c]); continue; }
                u16 k = s.cand[c];
                twice |= once & k;
                once |= k;
            }
            if ((u16)(once | done) != 0xffff) return false;
            u16 single = once & ~twice & ~done;
            while (single) {
                int d = __builtin_ctz(single);
                single &= single - 1;
                for (int p = 0; p < 16; ++p) {
                    int c = unit_cells[u][p];
                    if (s.val[c] < 0 && (s.cand[c] >> d & 1)) {
                        if (!place(s, c, d)) return false;
                        again = true;
                        break;
                    }
                }
            }
        }
    }
    return true;
}

struct Search {
    int limit;       // stop after this many solutions
    long nodes, node_cap;
    bool randomize;
    std::vector<State> found;
    bool aborted;

    void go(const State& s0) {
        if ((int)found.size() >= limit || aborted) return;
        State s = s0;
        if (!hidden(s)) return;
        // Branch on the fewest alternatives: a cell's letters or a letter's places in a unit.
        int best = -1, bn = 99, bunit = -1, bd = -1;
        for (int c = 0; c < 256 && bn > 2; ++c)
            if (s.val[c] < 0) {
                int n = __builtin_popcount(s.cand[c]);
                if (n < bn) bn = n, best = c;
            }
        if (best < 0) { found.push_back(s); return; }
        for (int u = 0; u < 48 && bn > 2; ++u) {
            int cnt[16] = {0};
            u16 done = 0;
            for (int p = 0; p < 16; ++p) {
                int c = unit_cells[u][p];
                if (s.val[c] >= 0) { done |= (u16)(1 << s.val[c]); continue; }
                for (u16 m = s.cand[c]; m; m &= m - 1) ++cnt[__builtin_ctz(m)];
            }
            for (int d = 0; d < 16; ++d)
                if (!(done >> d & 1) && cnt[d] < bn) bn = cnt[d], bunit = u, bd = d;
        }
        int cs[16], ds[16], n = 0;
        if (bunit < 0) {
            for (u16 m = s.cand[best]; m; m &= m - 1) cs[n] = best, ds[n++] = __builtin_ctz(m);
        } else {
            for (int p = 0; p < 16; ++p) {
                int c = unit_cells[bunit][p];
                if (s.val[c] < 0 && (s.cand[c] >> bd & 1)) cs[n] = c, ds[n++] = bd;
            }
        }
        if (randomize)
            for (int i = n - 1; i > 0; --i) {
                int j = below(i + 1);
                int t = ds[i]; ds[i] = ds[j]; ds[j] = t;
                t = cs[i]; cs[i] = cs[j]; cs[j] = t;
            }
        for (int i = 0; i < n; ++i) {
            if (++nodes > node_cap) { aborted = true; return; }
            State t = s;
            if (place(t, cs[i], ds[i])) go(t);
            if ((int)found.size() >= limit || aborted) return;
        }
    }
};

static bool start(State& s, const int* grid) {
    for (int c = 0; c < 256; ++c) s.cand[c] = 0xffff, s.val[c] = -1;
    for (int c = 0; c < 256; ++c)
        if (grid[c] >= 0 && !place(s, c, grid[c])) return false;
    return true;
}

// Completions of grid, up to `limit`, by one search of at most node_cap nodes. Returns
// false if it ran out of nodes.
static bool count(const int* grid, int limit, bool randomize, long node_cap, std::vector<State>& out) {
    Search se;
    se.limit = limit, se.nodes = 0, se.node_cap = node_cap;
    se.randomize = randomize, se.aborted = false;
    State s;
    if (start(s, grid)) se.go(s);
    out = se.found;
    return !se.aborted;
}

// Completions of grid, up to `limit`, exactly: randomized searches with restarts, the node
// cap doubling from 5000 (plain backtracking has a heavy tail on sparse grids), so the last
// one runs to the end.
static void count_all(const int* grid, int limit, std::vector<State>& out) {
    for (long cap = 5000;; cap *= 2)
        if (count(grid, limit, true, cap, out)) return;
}

static void random_solution(int* sol) {
    for (;;) {
        int g[256];
        for (int c = 0; c < 256; ++c) g[c] = -1;
        for (int b = 0; b < 4; ++b) {
            int perm[16];
            for (int i = 0; i < 16; ++i) perm[i] = i;
            for (int i = 15; i > 0; --i) { int j = below(i + 1); int t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
            for (int p = 0; p < 16; ++p) g[unit_cells[32 + 5 * b][p]] = perm[p];
        }
        std::vector<State> f;
        if (count(g, 1, true, 200000, f) && !f.empty()) {
            for (int c = 0; c < 256; ++c) sol[c] = f[0].val[c];
            return;
        }
    }
}

int main(int argc, char** argv) {
    if (argc != 3) { fprintf(stderr, "usage: indep_gen SEED COUNT\n"); return 2; }
    rng_state = strtoull(argv[1], 0, 10) * 0x2545f4914f6cdd1dULL + 1;
    int total = atoi(argv[2]);
    tables();
    for (int k = 0; k < total; ++k) {
        int sol[256], g[256];
        random_solution(sol);
        for (int c = 0; c < 256; ++c) g[c] = -1;
        std::vector<int> added;
        for (;;) {
            std::vector<State> f;
            count_all(g, 2, f);
            if (f.size() == 1) break;
            if (f.empty()) abort();  // the solution itself completes g
            std::vector<int> diff;
            for (size_t i = 0; i < f.size(); ++i)
                for (int c = 0; c < 256; ++c)
                    if (f[i].val[c] != sol[c]) diff.push_back(c);
            int c = diff[below((int)diff.size())];
            g[c] = sol[c];
            added.push_back(c);
        }
        int before = (int)added.size(), removed = 0;
        for (size_t i = 0; i < added.size(); ++i) {
            int c = added[i], keep = g[c];
            g[c] = -1;
            std::vector<State> f;
            count_all(g, 2, f);
            if (f.size() == 1) ++removed; else g[c] = keep;
        }
        fprintf(stderr, "puzzle %d: %d clues added, %d removed, %d left\n", k + 1, before, removed,
                before - removed);
        if (k) putchar('\n');
        for (int r = 0; r < 16; ++r) {
            for (int c = 0; c < 16; ++c) putchar(g[r * 16 + c] < 0 ? '-' : 'A' + g[r * 16 + c]);
            putchar('\n');
        }
        fflush(stdout);
    }
    return 0;
}
