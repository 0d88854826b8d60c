#!/usr/bin/env bash
# Chomp on two cores (issue 18, session 7): the quiet-window benchmark of the dense table.
#
#   scripts/quiet/chomp.sh [GRUNDY]      # GRUNDY: the grundy binary (default target/release/grundy)
#
# Prints one markdown table row per case: the exact command, wall time, CPU time (user + system),
# peak resident memory, and the answer (the nimber). Each case is bounded by `timeout`; on an
# idle 2-core machine the whole script takes about 6-7 minutes (at most 8). igsolve (Beling's
# solver, installed by scripts/bench-peers.sh under $PEERS, default /tmp/grundy-peers) runs on
# 14x15 and 15x15 when it is installed, bounded by IG_TIMEOUT seconds (default 90): a row
# "> 90 s" means igsolve did not finish within that time.
#
# 16x16 is left out (420 s of CPU: about 4 minutes on two idle cores, too much for this
# script's budget next to the rest); measure it
# separately with:
#
#   /usr/bin/time -f "%e s wall, %U+%S s CPU, %M KB" GRUNDY value chomp 16x16 --no-moves --jobs 2 --stats
set -euo pipefail

GRUNDY=${1:-target/release/grundy}
PEERS=${PEERS:-/tmp/grundy-peers}
IG_TIMEOUT=${IG_TIMEOUT:-90}
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "chomp.sh: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
[ -x "$GRUNDY" ] || { echo "chomp.sh: no grundy binary at $GRUNDY" >&2; exit 1; }
WORK=$(mktemp -d /tmp/quiet-chomp.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# case LIMIT ANSWER_REGEX CMD...: run CMD under time and timeout, print a row.
case_row() {
    local limit=$1 pattern=$2
    shift 2
    local status=0
    (cd "$WORK" && timeout -k 10 -s INT "$limit" "$TIME" -f "%e %U %S %M" -o "$WORK/time" "$@" >"$WORK/out" 2>"$WORK/err") || status=$?
    local wall cpu rss answer
    if [ "$status" -ne 0 ] || grep -q "Command exited\|Command terminated" "$WORK/time"; then
        wall="> $limit s"
        [ "$status" -eq 124 ] || [ "$status" -eq 130 ] || wall="failed ($status)"
        cpu="-" rss="-" answer="-"
    else
        read -r w u s m <"$WORK/time"
        wall="$w s"
        cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.1f s", u + s }')
        rss=$(awk -v m="$m" 'BEGIN { printf "%.0f MB", m / 1024 }')
        answer=$(grep -oE "$pattern" "$WORK/out" | head -1 || true)
    fi
    echo "| \`$*\` | $wall | $cpu | $rss | ${answer:--} |"
}

echo "| command | wall | CPU | peak RSS | answer |"
echo "|---|---|---|---|---|"
ours='value +[0-9]+'
for board in 13x13 14x14 15x15; do
    for jobs in 1 2; do
        case_row 200 "$ours" "$GRUNDY" value chomp "$board" --no-moves --jobs "$jobs"
    done
done
case_row 200 "$ours" "$GRUNDY" value chomp 14x15 --no-moves --jobs 2
if [ -x "$PEERS/bin/igsolve" ]; then
    for board in 14x15 15x15; do
        case_row "$IG_TIMEOUT" 'Nimber[^0-9]*[0-9]+' "$PEERS/bin/igsolve" chomp -r "${board%x*}" -c "${board#*x}"
    done
else
    echo "(igsolve not installed under $PEERS: run scripts/bench-peers.sh chomp once to install it)" >&2
fi
