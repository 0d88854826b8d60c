#!/bin/sh
# Run every fuzz target for a bounded time (default 60 seconds each), one job, at low priority.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# Needs cargo-fuzz (`cargo install cargo-fuzz`) and a nightly toolchain. Crashes are written to
# fuzz/artifacts/TARGET/; keep each as a regression test in crates/grundy-cli/tests/fuzz-regressions/TARGET/
# (crates/grundy-cli/tests/integration/fuzz_regressions.rs replays them in the normal test suite).
set -eu
seconds=${1:-60}
[ $# -gt 0 ] && shift
cd "$(dirname "$0")/.."
targets=${*:-"positions octal_codes graph_files boards rules_scripts solver_invariants"}
status=0
for t in $targets; do
    echo "== fuzz $t for ${seconds}s"
    mkdir -p "fuzz/corpus/$t"
    # Seed the corpus with the examples and the kept regressions.
    if [ -d "crates/grundy-cli/tests/fuzz-regressions/$t" ]; then
        cp -n crates/grundy-cli/tests/fuzz-regressions/"$t"/* "fuzz/corpus/$t/" 2>/dev/null || true
    fi
    nice cargo +nightly fuzz run "$t" "fuzz/corpus/$t" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 -max_len=4096 || status=1
done
exit $status
