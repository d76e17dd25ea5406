//! sudoku16 solver library
