# make worst P=sudoku16: rank 4, cpu 7.09 ms (median of 6) of 10000 ms; .out from sudoku16-ref
cargo run --quiet --release -p sudoku16 --bin sudoku16-gen -- --givens 71..85 --count 3 --seed 615 > worst-4.in
