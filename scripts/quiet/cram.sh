#!/usr/bin/env bash
# Cram in the quiet window (issue 18, session 7): grundy's nimber with one and two threads, the
# value with every winning move, and igsolve's nimber-only figure beside them when igsolve is
# installed in $PEERS (scripts/bench-peers.sh installs it there). About 6 minutes on an idle
# 2-core machine; every case is bounded by `timeout`.
#
#   scripts/quiet/cram.sh [GRUNDY]       # GRUNDY defaults to target/release/grundy
#
# Prints one markdown table row per case: the exact command, wall s, CPU s (user + system),
# peak RSS, and the answer (the nimber, or "timeout").
set -euo pipefail

GRUNDY=${1:-target/release/grundy}
PEERS=${PEERS:-/tmp/grundy-peers}
IGSOLVE=$PEERS/bin/igsolve
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "cram.sh: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
[ -x "$GRUNDY" ] || { echo "cram.sh: no grundy binary at $GRUNDY" >&2; exit 1; }

WORK=$(mktemp -d /tmp/quiet-cram.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# row LIMIT EXTRACT CMD...: run CMD under GNU time, at most LIMIT seconds; print its row.
row() {
    local limit=$1 extract=$2
    shift 2
    local status=0
    timeout -k 10 -s INT "$limit" "$TIME" -f "%e %U %S %M" -o "$WORK/time" "$@" >"$WORK/out" 2>"$WORK/err" || status=$?
    local shown="$*"
    shown=${shown/#$GRUNDY/grundy}
    shown=${shown/#$PEERS\/bin\//}
    if [ "$status" -ne 0 ] || grep -q "Command exited\|Command terminated" "$WORK/time"; then
        echo "| \`$shown\` | > $limit | - | - | timeout or failure ($status) |"
        return
    fi
    local w u s m
    read -r w u s m <"$WORK/time"
    local cpu rss
    cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    rss=$(awk -v m="$m" 'BEGIN { printf "%.0f MB", m / 1024 }')
    echo "| \`$shown\` | $w | $cpu | $rss | $($extract) |"
}
ours() { awk '$1 == "value" { print $2; exit }' "$WORK/out"; }
ig() { sed -n 's/^Nimber of initial position: *//p' "$WORK/out" | head -1; }

echo "# Cram, quiet window — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| command | wall s | CPU s | peak RSS | answer |"
echo "|---|---|---|---|---|"
for b in 4x9 5x7 5x8; do
    r=${b%x*} c=${b#*x}
    if [ -x "$IGSOLVE" ]; then
        (cd "$WORK" && row 120 ig "$IGSOLVE" cram -r "$r" -c "$c")
    fi
    row 120 ours "$GRUNDY" value cram "$b" --no-moves --jobs 1
    row 120 ours "$GRUNDY" value cram "$b" --no-moves --jobs 2
    row 120 ours "$GRUNDY" value cram "$b" --jobs 2
done
row 120 ours "$GRUNDY" value cram 5x8 --jobs 1
row 120 ours "$GRUNDY" value cram 4x11 --no-moves --jobs 2
row 200 ours "$GRUNDY" value cram 5x9 --no-moves --jobs 2
