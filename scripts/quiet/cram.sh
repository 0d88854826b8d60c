#!/usr/bin/env bash
# Cram in the quiet window (issue 18): on each board of the issue's list, igsolve's nimber (when
# igsolve is installed in $PEERS: scripts/bench-peers.sh installs it there), then grundy's nimber
# on one and two threads and the value with every winning move. About 6 minutes on an idle
# 2-core machine; every case is bounded by `timeout`.
#
#   scripts/quiet/cram.sh [GRUNDY]       # GRUNDY defaults to target/release/grundy
#
# Prints one markdown table row per case (scripts/quiet/lib.sh): the command, wall, CPU (user +
# system), peak RSS, load before, and the nimber as each program prints it.
set -euo pipefail
GRUNDY=$(realpath "${1:-target/release/grundy}")
PEERS=${PEERS:-/tmp/grundy-peers}
IGSOLVE=$PEERS/bin/igsolve
[ -x "$GRUNDY" ] || { echo "cram.sh: no grundy binary at $GRUNDY" >&2; exit 1; }
. "$(dirname "$0")/lib.sh"

echo "# Cram, quiet window: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
header
export PICK='^value +[0-9]+|^Nimber of initial position: *[0-9]+' PICK_MATCH=1
for b in 4x7 5x6 4x9 5x7 5x8 4x11 5x9; do
    r=${b%x*} c=${b#*x}
    if [ -x "$IGSOLVE" ]; then
        row 300 "$IGSOLVE" cram -r "$r" -c "$c"
    fi
    row 120 "$GRUNDY" value cram "$b" --no-moves --jobs 1
    row 120 "$GRUNDY" value cram "$b" --no-moves --jobs 2
    row 120 "$GRUNDY" value cram "$b" --jobs 2
done
row 120 "$GRUNDY" value cram 5x8 --jobs 1
