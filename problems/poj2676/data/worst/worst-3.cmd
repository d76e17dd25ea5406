# make worst P=poj2676: rank 3, cpu 2.15 ms (median of 6) of 2000 ms; .out from poj2676-ref
cargo run --quiet --release -p poj2676 --bin poj2676-gen -- --kind unsolvable --count 2 --seed 174 > worst-3.in
