# make worst P=poj2676: rank 2, cpu 2.15 ms (median of 6) of 2000 ms; .out from poj2676-ref
cargo run --quiet --release -p poj2676 --bin poj2676-gen -- --count 5 --givens 0..81 --seed 585 > worst-2.in
