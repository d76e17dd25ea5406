# The workspace's commands. `make help` lists them.

# cargo-equip is pinned and installed into the project on first use.
EQUIP_VERSION := 0.20.1
TOOLS := $(CURDIR)/.tools
EQUIP_STAMP := $(TOOLS)/cargo-equip-$(EQUIP_VERSION).installed
export PATH := $(TOOLS)/bin:$(PATH)

# The tool behind every target (JUDGE is left free for `make submit JUDGE=<judge>`).
JUDGE_TOOL := cargo run --quiet --release -p judge --

.DEFAULT_GOAL := check
.PHONY: check run test lint bench stress worst submit new receive import watch list help tools old-rustc

help: ## list the targets
	@echo "make                                    check every problem (make check)"
	@echo "make check [P=<name>] [CASE=<n>] [VERBOSE=0] bundle, compile like each judge, run and judge the samples"
	@echo "make run P=<name> [IN=<file>]           run the bundle on a file (or stdin): output, times, memory"
	@echo "make bench P=<name> [RUNS=5]            time the submission on the problem's bench sets"
	@echo "make stress P=<name> [N=500] [SEED=1]   random inputs against the reference until they differ"
	@echo "make worst P=<name> [N=600] [SEED=1]    the slowest generated inputs, timed, kept, saved in data/worst"
	@echo "make submit P=<name> [JUDGE=<key>]      check the bundle, name the judge it is ready for, copy it"
	@echo "make new P=<name> [TEMPLATE=<template>] scaffold problems/<name> and samples/<name> (template: plain, or grid)"
	@echo "make list [P=<name>]                    where each problem's file can be pasted: judge, limits, compiler, URL"
	@echo "make receive [PORT=27182]               scaffold the problems Competitive Companion sends"
	@echo "make import FILE=<problem.json>         the same from a saved request body (JSON)"
	@echo "make watch P=<name>                     check the problem again whenever its files change"
	@echo "make test                               unit and integration tests, lint, then the check"
	@echo "make lint                               cargo fmt --check and clippy -D warnings"
	@echo "make help                               this list"

check: tools
	@$(JUDGE_TOOL) check $(P) $(if $(CASE),--case $(CASE)) $(if $(VERBOSE),--verbose $(VERBOSE))

run: tools
	@$(JUDGE_TOOL) run $(P) $(if $(IN),--in $(IN))

# The fault suite runs again on the portable path (the one macOS takes), and the judge is
# type-checked for macOS where rustup has its targets (.ci/run adds them).
APPLE_TARGETS := x86_64-apple-darwin aarch64-apple-darwin
test: tools
	cargo test --workspace --quiet
	JUDGE_PORTABLE=1 cargo test -p judge --quiet --test faults --test clock --test pipes
	@for target in $(APPLE_TARGETS); do \
	    if rustup target list --installed 2>/dev/null | grep -qx "$$target"; then \
	        echo "cargo check -p judge --target $$target"; \
	        cargo check -p judge --quiet --target "$$target" || exit 1; \
	    else \
	        echo "skipped: the judge's type-check for $$target (rustup target add $$target)"; \
	    fi; \
	done
	$(MAKE) --no-print-directory lint
	@$(JUDGE_TOOL) check

lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets --quiet -- -D warnings

bench: tools
	@$(JUDGE_TOOL) bench $(P) $(if $(RUNS),--runs $(RUNS))

stress: tools
	@$(JUDGE_TOOL) stress $(P) $(if $(N),--n $(N)) $(if $(SEED),--seed $(SEED))

worst: tools
	@$(JUDGE_TOOL) worst $(P) $(if $(N),--n $(N)) $(if $(SEED),--seed $(SEED))

submit: tools
	@$(JUDGE_TOOL) submit $(P) $(if $(JUDGE),--judge $(JUDGE))

new:
	@$(JUDGE_TOOL) new $(P) $(if $(TEMPLATE),--template $(TEMPLATE))

receive:
	@$(JUDGE_TOOL) receive $(if $(PORT),--port $(PORT))

import:
	@$(JUDGE_TOOL) import $(FILE)

watch: tools
	@$(JUDGE_TOOL) watch $(P)

list:
	@$(JUDGE_TOOL) list $(P)

tools: $(EQUIP_STAMP) old-rustc

# The check also compiles every bundle with an old compiler (scripts/judge/PROTOCOL.md, "How the
# check compiles"). When none is on the machine (OLD_RUSTC, Debian's /usr/bin/rustc, an older
# rustup toolchain), install the one the workspace's rust-version names, as a rustup toolchain;
# where that cannot be fetched the check says so and fails.
OLD_RUSTC_VERSION := 1.63.0
old-rustc:
	@if [ -z "$$OLD_RUSTC" ] && [ ! -x /usr/bin/rustc ] && \
	    ! rustup toolchain list 2>/dev/null | grep -q '^$(OLD_RUSTC_VERSION)-'; then \
	    echo "installing the old compiler rustc $(OLD_RUSTC_VERSION) as a rustup toolchain (first run only)"; \
	    rustup toolchain install $(OLD_RUSTC_VERSION) --profile minimal --no-self-update || \
	    echo "could not install rustc $(OLD_RUSTC_VERSION): the check will fail until an old compiler is present (apt-get install rustc, or OLD_RUSTC=<path>)"; \
	fi

$(EQUIP_STAMP):
	@echo "installing cargo-equip $(EQUIP_VERSION) into .tools (first run only, about two minutes)"
	cargo install cargo-equip --version $(EQUIP_VERSION) --locked --root $(TOOLS)
	@touch $@
