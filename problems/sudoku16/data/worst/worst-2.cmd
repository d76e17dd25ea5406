# make worst P=sudoku16: rank 2, cpu 9.65 ms (median of 6) of 10000 ms; .out from sudoku16-ref
cargo run --quiet --release -p sudoku16 --bin sudoku16-gen -- --kind minimal --check-budget 50000 --seed 199 | cargo run --quiet --release -p judge -- swap 36:235 204:249 > worst-2.in
