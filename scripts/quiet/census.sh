#!/usr/bin/env bash
# Quiet-window benchmark of the census (issue 16): octal:3 to 10^4 with one and two threads,
# alternately, twice each; then octal:3 to 10^5 on two threads. About 8 minutes on an idle
# 2-core machine. Usage: scripts/quiet/census.sh [GRUNDY_BINARY]
set -euo pipefail
G=$(realpath "${1:-target/release/grundy}")
. "$(dirname "$0")/lib.sh"
header
PICK="^census"
for round in 1 2; do
    for j in 1 2; do
        rm -f "$QUIET_WORK/c.csv"
        row 300 "$G" census octal:3 --to 10000 --jobs "$j" --out "$QUIET_WORK/c.csv"
    done
done
rm -f "$QUIET_WORK/c.csv"
row 900 "$G" census octal:3 --to 100000 --jobs 2 --out "$QUIET_WORK/c.csv"
