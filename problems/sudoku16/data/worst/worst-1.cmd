# make worst P=sudoku16: rank 1, cpu 32.61 ms (median of 6) of 10000 ms; .out from sudoku16-ref
cargo run --quiet --release -p sudoku16 --bin sudoku16-gen -- --kind minimal --check-budget 50000 --seed 122 | cargo run --quiet --release -p judge -- swap 13:241 > worst-1.in
