#!/usr/bin/env bash
# Holds every bundle the last check made (target/submit/*.rs) to the rule for bundled code:
# warning-free as editions 2018, 2021 and 2024 with the local rustc, and as 2018 and 2021 with
# the oldest compiler the workspace supports (rustup's 1.63.0, OLD_RUSTC when set). Each is a
# front-end compile (`--emit=metadata`: parsing, types, borrows and every lint), as the check's
# other profiles are. Run by `make test` after the check; prints one line per failure and a
# count.
set -uo pipefail
cd "$(dirname "$0")/../.."
old=${OLD_RUSTC:-}
if [ -z "$old" ]; then
    if rustup run 1.63.0 rustc --version >/dev/null 2>&1; then
        old="rustup run 1.63.0 rustc"
    elif [ -x /usr/bin/rustc ]; then
        old=/usr/bin/rustc
    else
        echo "editions: no rustc 1.63 (make old-rustc installs it)" >&2
        exit 1
    fi
fi
out=$(mktemp -d "${TMPDIR:-/tmp}/editions.XXXXXX")
trap 'rm -rf "$out"' EXIT
passed=0
failed=0
compile() { # label, rustc command..., then the bundle as the last word
    local label=$1
    shift
    local log="$out/log"
    if "$@" --crate-type bin --emit=metadata -D warnings --out-dir "$out" >"$log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL ${*: -1} ($label): $(grep -m1 -E '^(error|warning)' "$log")"
    fi
}
shopt -s nullglob
bundles=()
for bundle in target/submit/*.rs; do
    # A bundle of a problem that is gone is no longer the workspace's.
    name=$(basename "$bundle" .rs)
    if [ -d "problems/$name" ]; then
        bundles+=("$bundle")
    fi
done
if [ ${#bundles[@]} -eq 0 ]; then
    echo "editions: no bundle in target/submit (run make first)" >&2
    exit 1
fi
for bundle in "${bundles[@]}"; do
    for edition in 2018 2021 2024; do
        compile "rustc $edition" rustc --edition "$edition" "$bundle"
    done
    for edition in 2018 2021; do
        # shellcheck disable=SC2086 # $old may be a command with arguments
        compile "rustc 1.63 $edition" $old --edition "$edition" "$bundle"
    done
done
echo "editions: $passed passed, $failed failed (${#bundles[@]} bundles; 2018, 2021, 2024 and rustc 1.63)"
[ "$failed" -eq 0 ]
