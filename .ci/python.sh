#!/usr/bin/env bash
# CI for the Python package (crates/grundy-py): lint the extension crate, build and install the
# package into a fresh virtual environment the way the README says (`pip install
# ./crates/grundy-py`; maturin comes through the build backend), and run its pytest suite.
# Needs CPython >= 3.9 with venv and pip, and the registries (PyPI, crates.io).
set -euo pipefail
cd "$(dirname "$0")/.."
# No input is read (cargo, run by maturin, probes rustc with a source on stdin: a stray stdin
# would be read as Rust code).
exec < /dev/null
PYTHON="${PYTHON:-python3}"
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "python.sh: $PYTHON not found: the Python package needs CPython >= 3.9" >&2
    exit 1
fi
# The extension crate is not a default member (its tests are these pytest ones): lint it here.
cargo clippy -p grundy-py --all-targets -- -D warnings
VENV="${GRUNDY_PY_VENV:-${CARGO_TARGET_DIR:-target}/python-venv}"
# Absolute: pytest runs from crates/grundy-py/tests below.
case "$VENV" in /*) ;; *) VENV="$PWD/$VENV" ;; esac
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet ./crates/grundy-py pytest numpy networkx
# grundy.census: its DataFrames and the Dask LocalCluster test (tests/test_census.py).
"$VENV/bin/python" -m pip install --quiet "dask[distributed]" pandas
# The command line, for the test that compares grundy.table with `grundy table` (already built
# by `cargo test --release` in .ci/run; built here when the script runs on its own).
cargo build --release -p grundy-cli
export GRUNDY_BIN="${GRUNDY_BIN:-$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/release/grundy}"
# Run from outside the source tree, so the installed package (not python/grundy) is imported.
cd crates/grundy-py/tests
"$VENV/bin/python" -m pytest -q -p no:cacheprovider .
