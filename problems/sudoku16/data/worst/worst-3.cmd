# make worst P=sudoku16: rank 3, cpu 6.19 ms (median of 6) of 10000 ms; .out from sudoku16-ref
cargo run --quiet --release -p sudoku16 --bin sudoku16-gen -- --givens 55..85 --count 3 --seed 254 | cargo run --quiet --release -p judge -- swap 280:730 397:680 457:568 363:764 566:735 650:805 278:584 709:735 17:329 > worst-3.in
