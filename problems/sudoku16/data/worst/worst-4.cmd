# make worst P=sudoku16: rank 4, cpu 5.62 ms (median of 6) of 10000 ms; .out from sudoku16-ref
cargo run --quiet --release -p sudoku16 --bin sudoku16-gen -- --kind mixed --count 4 --seed 432 > worst-4.in
