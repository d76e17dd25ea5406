# make worst P=p1074: rank 3, cpu 4.88 ms (median of 6) of 2000 ms; .out from p1074-ref
cargo run --quiet --release -p p1074 --bin p1074-gen -- --givens 24..30 --seed 190 | cargo run --quiet --release -p judge -- swap 74:120 30:50 48:90 66:160 150:154 18:92 84:152 > worst-3.in
