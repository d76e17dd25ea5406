# make worst P=p1074: rank 3, cpu 9.30 ms (median of 6) of 2000 ms; .out from p1074-ref
cargo run --quiet --release -p p1074 --bin p1074-gen -- --givens 25..25 --seed 669 | cargo run --quiet --release -p judge -- swap 68:102 98:148 80:134 > worst-3.in
