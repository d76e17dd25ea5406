# make worst P=p1074: rank 2, cpu 5.92 ms (median of 6) of 2000 ms; .out from p1074-ref
cargo run --quiet --release -p p1074 --bin p1074-gen -- --givens 24..24 --seed 699 | cargo run --quiet --release -p judge -- swap 32:132 114:126 > worst-2.in
