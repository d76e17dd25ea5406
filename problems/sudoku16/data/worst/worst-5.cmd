# make worst P=sudoku16: rank 5, cpu 7.05 ms (median of 6) of 10000 ms; .out from sudoku16-ref
cargo run --quiet --release -p sudoku16 --bin sudoku16-gen -- --givens 55..85 --count 3 --seed 72 > worst-5.in
