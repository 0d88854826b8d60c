#!/usr/bin/env bash
# Quiet-window benchmarks of the misère front ends (session 7, s7-misereui): the census with and
# without the quotient column, explain --misere (genus derivation), seq --misere. Prints one
# markdown table row per case (scripts/quiet/lib.sh).
# Usage: scripts/quiet/misereui.sh [path/to/grundy]   (at most a few minutes on 2 idle cores)
set -euo pipefail
G=$(realpath "${1:-target/release/grundy}")
. "$(dirname "$0")/lib.sh"
header
row 300 "$G" census octal:2 --to 1000 --jobs 2
row 300 "$G" census octal:2 --to 1000 --jobs 2 --quotient --quotient-to 20
row 300 "$G" census octal:2 --to 1000 --jobs 2 --quotient
PICK='^genus of' row 300 "$G" explain kayles 12 --misere
row 300 "$G" seq kayles --misere --to 25
PICK='"outcome":"[NP]"' PICK_MATCH=1 row 300 "$G" value kayles 5 9 12 --misere --json
