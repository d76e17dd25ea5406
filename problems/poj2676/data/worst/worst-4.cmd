# make worst P=poj2676: rank 4, cpu 2.28 ms (median of 6) of 2000 ms; .out from poj2676-ref
cargo run --quiet --release -p poj2676 --bin poj2676-gen -- --count 5 --givens 16..17 --seed 832 > worst-4.in
