# The workspace's commands. `make help` lists them.

# cargo-equip is pinned and installed into the project on first use.
EQUIP_VERSION := 0.20.1
TOOLS := $(CURDIR)/.tools
EQUIP_STAMP := $(TOOLS)/cargo-equip-$(EQUIP_VERSION).installed
export PATH := $(TOOLS)/bin:$(PATH)

# The tool behind every target (JUDGE is left free for `make submit JUDGE=<judge>`), run
# directly: make rebuilds it when a source changed, where `cargo run` would ask cargo on every
# call whether it is fresh.
JUDGE_BIN := $(or $(CARGO_TARGET_DIR),$(CURDIR)/target)/release/judge
JUDGE_SOURCES := $(shell find scripts/judge/src scripts/judge/templates shared -type f \
    \( -name '*.rs' -o -name Cargo.toml \) -not -path '*/target/*' 2>/dev/null) \
    scripts/judge/Cargo.toml Cargo.toml Cargo.lock
JUDGE_TOOL := $(JUDGE_BIN)

.DEFAULT_GOAL := check
.PHONY: check run test lint bench stress shrink worst submit new receive import watch list verify help tools old-rustc

help: ## list the targets
	@echo "make                                    check every problem (make check)"
	@echo "make check [P=<name>] [CASE=<n>] [VERBOSE=0] [DEBUG=0] [TESTS=<folder>] [LC=<checkout>] bundle, compile like each judge, run and judge the samples (or TESTS=, a test folder)"
	@echo "make run P=<name> [IN=<file>]           run the bundle on a file (or stdin): output, times, memory"
	@echo "make bench P=<name> [RUNS=5]            time the submission on the problem's bench sets"
	@echo "make stress P=<name> [N=500] [SEED=1] [SHRINK_S=5] random inputs against the reference until they differ; the failing case shrunk"
	@echo "make shrink P=<name> [IN=<file>] [SHRINK_S=5] shrink a saved failing input as far as it still fails; saved as a sample"
	@echo "make worst P=<name> [N=600] [SEED=1]    the slowest generated inputs, timed, kept, saved in data/worst"
	@echo "make submit P=<name> [JUDGE=<key>]      check the bundle, name the judge it is ready for, copy it"
	@echo "make new P=<name> [TEMPLATE=<template>] scaffold problems/<name> and samples/<name> (template: plain, grid or interactive)"
	@echo "make list [P=<name>]                    where each problem's file can be pasted: judge, limits, compiler, URL"
	@echo "make receive [PORT=27182]               scaffold the problems Competitive Companion sends"
	@echo "make import [FILE=<problem.json>] [LC=<checkout>] [ID=<id>] the same from a saved request body (JSON), or LC= ID=: a Library Checker problem"
	@echo "make watch P=<name>                     check the problem again whenever its files change"
	@echo "make verify [P=<name>] [LC=<checkout>] [ACL=<folder>] Library Checker problems on their whole test set with LC's checker; C++ baselines timed"
	@echo "make test                               unit and integration tests, lint, then the check"
	@echo "make lint [P=<name>]                    fmt --check and clippy -D warnings on the project's own code; P: advice only"
	@echo "make help                               this list"

check: tools $(JUDGE_BIN)
	@$(JUDGE_TOOL) check $(P) $(if $(CASE),--case $(CASE)) $(if $(VERBOSE),--verbose $(VERBOSE)) $(if $(DEBUG),--debug $(DEBUG)) $(if $(TESTS),--tests $(TESTS)) $(if $(LC),--lc $(LC))

run: tools $(JUDGE_BIN)
	@$(JUDGE_TOOL) run $(P) $(if $(IN),--in $(IN))

# The fault suite runs again on the portable path (the one macOS takes), and the judge is
# type-checked for macOS where rustup has its targets (.ci/run adds them).
APPLE_TARGETS := x86_64-apple-darwin aarch64-apple-darwin
test: tools $(JUDGE_BIN)
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
	$(MAKE) --no-print-directory lint P=
	@$(JUDGE_TOOL) check
	@scripts/judge/editions.sh

# The library's verification problems: those that name their Library Checker problem.
VERIFICATION := $(notdir $(patsubst %/Cargo.toml,%,$(shell grep -l '^library-checker = ' problems/*/Cargo.toml 2>/dev/null)))

# The project's own packages, held to its format and lint rules: the tool, every shared crate,
# the three problems that show what the workspace can do and the library's verification
# problems. A user's problem answers to the
# judge's rules alone (`make check`); `make lint P=<name>` shows it rustfmt's and clippy's
# advice without failing.
OWN_PACKAGES := judge $(notdir $(wildcard shared/*)) \
    $(filter poj2676 sudoku16 p1074,$(notdir $(wildcard problems/*))) \
    $(VERIFICATION)

lint:
ifeq ($(P),)
	cargo fmt $(addprefix -p ,$(OWN_PACKAGES)) -- --check
	cargo clippy $(addprefix -p ,$(OWN_PACKAGES)) --all-targets --quiet -- -D warnings
else ifneq ($(filter $(P),$(OWN_PACKAGES)),)
	cargo fmt -p $(P) -- --check
	cargo clippy -p $(P) --all-targets --quiet -- -D warnings
else
	@echo "style advice for $(P) (rustfmt's changes, then clippy's lints); judges ignore style, so none of it fails"
	@cargo fmt -p $(P) -- --check || true
	@cargo clippy -p $(P) --all-targets --quiet
endif

bench: tools $(JUDGE_BIN)
	@$(JUDGE_TOOL) bench $(P) $(if $(RUNS),--runs $(RUNS))

stress: tools $(JUDGE_BIN)
	@$(JUDGE_TOOL) stress $(P) $(if $(N),--n $(N)) $(if $(SEED),--seed $(SEED)) $(if $(SHRINK_S),--shrink-s $(SHRINK_S))

shrink: tools $(JUDGE_BIN)
	@$(JUDGE_TOOL) shrink $(P) $(if $(IN),--in $(IN)) $(if $(SHRINK_S),--shrink-s $(SHRINK_S))

worst: tools $(JUDGE_BIN)
	@$(JUDGE_TOOL) worst $(P) $(if $(N),--n $(N)) $(if $(SEED),--seed $(SEED))

submit: tools $(JUDGE_BIN)
	@$(JUDGE_TOOL) submit $(P) $(if $(JUDGE),--judge $(JUDGE))

new: $(JUDGE_BIN)
	@$(JUDGE_TOOL) new $(P) $(if $(TEMPLATE),--template $(TEMPLATE))

receive: $(JUDGE_BIN)
	@$(JUDGE_TOOL) receive $(if $(PORT),--port $(PORT))

import: $(JUDGE_BIN)
	@$(JUDGE_TOOL) import $(FILE) $(if $(LC),--lc $(LC)) $(if $(ID),--id $(ID))

watch: tools $(JUDGE_BIN)
	@$(JUDGE_TOOL) watch $(P)

# Library Checker problems (`library-checker` metadata) on the checkout's whole test set;
# LC= names the checkout (recorded by make import) and generates missing tests.
verify: tools $(JUDGE_BIN)
	@$(JUDGE_TOOL) verify $(P) $(if $(LC),--lc $(LC)) $(if $(ACL),--acl $(ACL))

list: $(JUDGE_BIN)
	@$(JUDGE_TOOL) list $(P)

# The check compiles each bundle with each judge's own rustc (scripts/judge/PROTOCOL.md, "How the
# check compiles"), and with an old compiler where a judge's is unknown: the tool installs each
# with rustup on first use, one line each (about 15 s and 500 MB a toolchain).
tools: $(EQUIP_STAMP)

# cargo leaves the binary as it is when nothing it builds from changed: the touch keeps make
# from asking again.
$(JUDGE_BIN): $(JUDGE_SOURCES)
	@cargo build --quiet --release -p judge
	@touch $@

# The old compiler by hand: the tool installs it itself when a check needs it.
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
