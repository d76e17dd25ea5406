# make worst P=poj2676: rank 1, cpu 2.38 ms (median of 6) of 2000 ms; .out from poj2676-ref
cargo run --quiet --release -p poj2676 --bin poj2676-gen -- --count 5 --givens 16..20 --seed 813 > worst-1.in
