# make worst P=poj2676: rank 5, cpu 2.11 ms (median of 6) of 2000 ms; .out from poj2676-ref
cargo run --quiet --release -p poj2676 --bin poj2676-gen -- --count 5 --seed 475 > worst-5.in
