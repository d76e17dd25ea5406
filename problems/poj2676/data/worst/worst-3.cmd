# make worst P=poj2676: rank 3, cpu 2.30 ms (median of 6) of 2000 ms; .out from poj2676-ref
cargo run --quiet --release -p poj2676 --bin poj2676-gen -- --count 5 --givens 16..16 --seed 897 > worst-3.in
