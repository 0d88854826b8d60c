#!/usr/bin/env bash
# Chomp on two cores (issue 18): the quiet-window benchmark of the dense table.
#
#   scripts/quiet/chomp.sh [GRUNDY]      # GRUNDY: the grundy binary (default target/release/grundy)
#
# Prints one markdown table row per case (scripts/quiet/lib.sh): the command, wall, CPU (user +
# system), peak RSS, load before, and the nimber. Each case is bounded by `timeout`; on an idle
# 2-core machine the whole script takes about 6-7 minutes (at most 8). igsolve (Beling's
# solver, installed by scripts/bench-peers.sh under $PEERS, default /tmp/grundy-peers) runs on
# 14x15 and 15x15 when it is installed, bounded by IG_TIMEOUT seconds (default 90): a row
# "> 90 s" means igsolve did not finish within that time.
#
# 16x16 is left out (420 s of CPU: about 4 minutes on two idle cores, too much for this
# script's budget next to the rest); measure it separately with:
#
#   /usr/bin/time -f "%e s wall, %U+%S s CPU, %M KB" GRUNDY value chomp 16x16 --no-moves --jobs 2 --stats
set -euo pipefail
GRUNDY=$(realpath "${1:-target/release/grundy}")
PEERS=${PEERS:-/tmp/grundy-peers}
IG_TIMEOUT=${IG_TIMEOUT:-90}
[ -x "$GRUNDY" ] || { echo "chomp.sh: no grundy binary at $GRUNDY" >&2; exit 1; }
. "$(dirname "$0")/lib.sh"

header
export PICK='value +[0-9]+|Nimber[^0-9]*[0-9]+' PICK_MATCH=1
for board in 13x13 14x14 15x15; do
    for jobs in 1 2; do
        row 200 "$GRUNDY" value chomp "$board" --no-moves --jobs "$jobs"
    done
done
row 200 "$GRUNDY" value chomp 14x15 --no-moves --jobs 2
if [ -x "$PEERS/bin/igsolve" ]; then
    for board in 14x15 15x15; do
        row "$IG_TIMEOUT" "$PEERS/bin/igsolve" chomp -r "${board%x*}" -c "${board#*x}"
    done
else
    echo "(igsolve not installed under $PEERS: run scripts/bench-peers.sh chomp once to install it)" >&2
fi
