# make worst P=poj2676: rank 5, cpu 2.27 ms (median of 6) of 2000 ms; .out from poj2676-ref
cargo run --quiet --release -p poj2676 --bin poj2676-gen -- --count 5 --givens 19..20 --seed 830 > worst-5.in
