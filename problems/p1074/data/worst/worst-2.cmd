# make worst P=p1074: rank 2, cpu 11.04 ms (median of 6) of 2000 ms; .out from p1074-ref
cargo run --quiet --release -p p1074 --bin p1074-gen -- --givens 24..30 --seed 190 | cargo run --quiet --release -p judge -- swap 84:110 72:102 80:86 36:40 60:92 > worst-2.in
