# Sourced by the timing scripts (edit-to-verdict.sh, stress-vs-oj.sh, compare-cost.sh): the
# tool, built unless JUDGE_BIN names another build, as $judge; `throwaway NAME` makes a
# workspace $tmp of the project's manifest and shared crates, removed when the script exits,
# and goes there; `plain_problem NAME COMPARE JUDGE PROBLEM URL` adds a problem with no
# dependencies, its time limit 10 s unless TIME_LIMIT_MS says; `sum_with_std` prints a program
# that sums the numbers of its input with std alone.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
if [ -z "${JUDGE_BIN:-}" ]; then
    cargo build --quiet --release -p judge
fi
judge=${JUDGE_BIN:-$root/target/release/judge}
export PATH="$root/.tools/bin:$PATH"

throwaway() {
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    sed 's|^members = .*|members = ["problems/*", "shared/*"]|' Cargo.toml > "$tmp/Cargo.toml"
    mkdir -p "$tmp/problems" "$tmp/samples"
    cp -r shared "$tmp/shared"
    rm -rf "$tmp"/shared/*/target
    cd "$tmp"
}

plain_problem() {
    mkdir -p "problems/$1/src" "samples/$1"
    cat > "problems/$1/Cargo.toml" <<EOF
[package]
name = "$1"
version.workspace = true
edition.workspace = true
rust-version.workspace = true
publish.workspace = true

[package.metadata.judge]
compare = "$2"

[[package.metadata.judge.judges]]
judge = "$3"
problem = "$4"
url = "$5"
time-limit-ms = ${TIME_LIMIT_MS:-10000}
memory-limit-mib = 256
EOF
}

sum_with_std() {
    cat <<'EOF'
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let sum: i64 = text.split_whitespace().map(|w| w.parse::<i64>().unwrap()).sum();
    println!("{}", sum);
}
EOF
}
