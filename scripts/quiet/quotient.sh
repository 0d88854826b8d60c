#!/usr/bin/env bash
# Misère quotients (issue #19): wall, CPU and peak memory of each case, one markdown table row
# each (scripts/quiet/lib.sh). Usage: scripts/quiet/quotient.sh [path/to/grundy]. At most ~8
# minutes idle.
set -euo pipefail
G=$(realpath "${1:-target/release/grundy}")
. "$(dirname "$0")/lib.sh"
header
export PICK='^(order|outcome|stopped|sum|misère quotient)' PICK_LINES=3
row 60 "$G" quotient 0.75 --to 100
row 60 "$G" quotient 0.31 --to 100
row 60 "$G" quotient 0.52 --to 100
row 60 "$G" quotient 0.07 --to 16
row 120 "$G" quotient 0.07 --to 30
row 60 "$G" quotient 0.4 --to 20
row 60 "$G" quotient kayles --to 30 --heaps 30,29,28,27,26,25,24,23,22,21
row 60 "$G" value kayles 30 29 28 27 26 25 24 23 22 21 --misere
row 60 "$G" quotient kayles --to 8 --heaps 8,8,7,7,6,5,4,3,2,1
row 60 "$G" value kayles 8 8 7 7 6 5 4 3 2 1 --misere
