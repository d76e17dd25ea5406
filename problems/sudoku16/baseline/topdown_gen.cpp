// Minimal 16x16 puzzles by plain top-down clue removal, sharing nothing with sudoku16-gen or
// indep_gen.cpp: a bench-data tool, not part of the build.
//
//   g++ -O2 -o topdown_gen problems/sudoku16/baseline/topdown_gen.cpp
//   ./topdown_gen SEED COUNT > puzzles.txt
//
// Per puzzle:
// 1. Full grid: the pattern grid  letter(r, c) = (4 * (r % 4) + r / 4 + c) % 16, then random
//    relabelling of the letters, rows within bands, bands, columns within stacks, stacks and a
//    random transpose; then 2000 random "unavoidable swaps": two rows of one band whose
//    letter sets over some columns agree are exchanged on those columns (a closed chain of
//    two letters between the rows), which leaves a valid grid outside the pattern's class.
// 2. Removal: all 256 cells in random order, each cleared if the grid keeps one completion
//    (counted to two by grid16.hpp's plain backtracking search branching on the fewest options, a
//    cell's letters or a letter's places in a unit), else put back. One pass leaves a minimal puzzle.
// Output: POJ 3076 cases separated by one empty line, '-' for an empty cell.
#include "grid16.hpp"

int main(int argc, char** argv) {
    if (argc < 3) { fprintf(stderr, "usage: topdown_gen SEED COUNT\n"); return 2; }
    rng.seed(strtoull(argv[1], 0, 10));
    int count = atoi(argv[2]);
    static Counter ct;
    for (int p = 0; p < count; p++) {
        full_grid();
        if (!valid_full()) { fprintf(stderr, "bad full grid\n"); return 1; }
        int order[256];
        for (int i = 0; i < 256; i++) order[i] = i;
        std::shuffle(order, order + 256, rng);
        for (int k = 0; k < 256; k++) {
            int i = order[k], v = g[i];
            g[i] = 0;
            if (ct.count(2) != 1) g[i] = v;
        }
        print_grid(p == 0);
    }
    return 0;
}
