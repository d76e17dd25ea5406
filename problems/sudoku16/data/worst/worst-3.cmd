# make worst P=sudoku16: rank 3, cpu 11.60 ms (median of 6) of 10000 ms; .out from sudoku16-ref
cargo run --quiet --release -p sudoku16 --bin sudoku16-gen -- --kind minimal --check-budget 50000 --seed 164 | cargo run --quiet --release -p judge -- swap 124:175 122:124 119:122 > worst-3.in
