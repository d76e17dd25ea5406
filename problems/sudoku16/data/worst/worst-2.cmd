# make worst P=sudoku16: rank 2, cpu 12.12 ms (median of 6) of 10000 ms; .out from sudoku16-ref
cargo run --quiet --release -p sudoku16 --bin sudoku16-gen -- --givens 55..85 --count 3 --seed 121 | cargo run --quiet --release -p judge -- swap 520:679 355:546 452:499 363:764 648:653 657:770 > worst-2.in
