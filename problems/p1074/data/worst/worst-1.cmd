# make worst P=p1074: rank 1, cpu 13.58 ms (median of 6) of 2000 ms; .out from p1074-ref
cargo run --quiet --release -p p1074 --bin p1074-gen -- --givens 24..30 --seed 58 | cargo run --quiet --release -p judge -- swap 40:108 104:124 30:108 118:142 > worst-1.in
