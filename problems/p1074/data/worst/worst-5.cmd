# make worst P=p1074: rank 5, cpu 3.54 ms (median of 6) of 2000 ms; .out from p1074-ref
cargo run --quiet --release -p p1074 --bin p1074-gen -- --givens 25..25 --seed 666 > worst-5.in
