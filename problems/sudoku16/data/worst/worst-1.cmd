# make worst P=sudoku16: rank 1, cpu 16.27 ms (median of 6) of 10000 ms; .out from sudoku16-ref
cargo run --quiet --release -p sudoku16 --bin sudoku16-gen -- --kind minimal --check-budget 50000 --seed 122 | cargo run --quiet --release -p judge -- swap 69:219 19:123 133:150 > worst-1.in
