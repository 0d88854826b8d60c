#!/usr/bin/env bash
# Quiet-window benchmark of sequences (issue 18): Grundy's game to 10^7 on one and two threads;
# the octal codes of the issue to 10^6 on two threads; time against N for a sparse-space code
# (0.77, 4.07: to 10^8) and a plain one (0.07). At most about 8 minutes on an idle 2-core
# machine; each case is bounded. Usage: scripts/quiet/seq.sh [GRUNDY_BINARY]
set -euo pipefail
G=$(realpath "${1:-target/release/grundy}")
. "$(dirname "$0")/lib.sh"
header
PICK="period|open|values|heap"
for j in 1 2; do
    row 180 "$G" seq grundy-game --to 10000000 --all --csv=/dev/null --jobs "$j"
done
for c in 0.77 0.07 0.137 0.007 4.07; do
    row 120 "$G" seq "$c" --to 1000000 --all --csv=/dev/null --jobs 2
done
for c in 0.77 4.07; do
    for n in 10000 100000 1000000 10000000 100000000; do
        row 120 "$G" seq "$c" --to "$n" --all --csv=/dev/null --jobs 2
    done
done
for n in 10000 30000 100000 300000; do
    row 120 "$G" seq 0.07 --to "$n" --all --csv=/dev/null --jobs 2
done
