#!/usr/bin/env bash
# Side-by-side benchmark of grundy against Piotr Beling's igsolve (Cram, Chomp, Grundy's game)
# and ogsolve (octal games), as issue 18 asks. Repeatable by anyone:
#
#   scripts/bench-peers.sh                 # every case (long: an hour or more on 2 cores)
#   scripts/bench-peers.sh cram            # only the cases whose name contains "cram"
#   REPEAT=3 TIMEOUT=300 scripts/bench-peers.sh 'cram 5x'
#
# The peers are installed from crates.io into a temporary directory outside the project
# (`cargo install --root`): never vendored, never a dependency of grundy. grundy itself is
# built with the shipped profile (`cargo build --profile dist`).
#
# Each case runs grundy and the peer alternately (grundy first on odd rounds, the peer first on
# even ones), REPEAT rounds; the table shows the fastest wall time of each with its CPU time
# (user + system) and peak resident memory (GNU time's %M), and whether the answers agree.
# A run that exceeds TIMEOUT seconds is shown as "> TIMEOUT s".
#
# Environment: PEERS (install directory, default /tmp/grundy-peers), REPEAT (1), TIMEOUT (900),
# JOBS (grundy's --jobs, default 0 = every core), OCTAL_N (10^6), GRUNDY_N (heap of Grundy's
# game, 10^5), OG_METHOD (ogsolve's method, rc2), GRUNDY (a grundy binary to use instead of
# building one).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PEERS=${PEERS:-/tmp/grundy-peers}
REPEAT=${REPEAT:-1}
TIMEOUT=${TIMEOUT:-900}
JOBS=${JOBS:-0}
OCTAL_N=${OCTAL_N:-1000000}
GRUNDY_N=${GRUNDY_N:-100000}
OG_METHOD=${OG_METHOD:-rc2}
FILTER=${1:-}
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench-peers: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }

# The peers, from crates.io, outside the project.
if [ ! -x "$PEERS/bin/igsolve" ] || [ ! -x "$PEERS/bin/ogsolve" ]; then
    echo "installing igsolve and ogsolve into $PEERS ..." >&2
    (cd /tmp && cargo install --quiet --root "$PEERS" igsolve ogsolve) >&2
fi
IGSOLVE=$PEERS/bin/igsolve
OGSOLVE=$PEERS/bin/ogsolve

if [ -z "${GRUNDY:-}" ]; then
    (cd "$ROOT" && cargo build --quiet --profile dist -p grundy-cli) >&2
    TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
    GRUNDY=$TARGET/dist/grundy
fi

WORK=$(mktemp -d /tmp/bench-peers.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
# The peers write files (tables, csv) into the working directory: keep them out of the project.
cd "$WORK"

# run NAME CMD...: run CMD under GNU time with the timeout; sets WALL CPU RSS OUT.
run() {
    local name=$1
    shift
    local status=0
    timeout -k 10 -s INT "$TIMEOUT" "$TIME" -f "%e %U %S %M" -o "$WORK/$name.time" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" || status=$?
    OUT="$WORK/$name.out"
    if [ "$status" -ne 0 ] || [ ! -s "$WORK/$name.time" ] || grep -q "Command exited\|Command terminated" "$WORK/$name.time"; then
        WALL="> $TIMEOUT"
        [ "$status" -eq 124 ] || [ "$status" -eq 130 ] || WALL="failed ($status)"
        CPU="-"
        RSS="-"
        return
    fi
    read -r w u s m <"$WORK/$name.time"
    WALL=$w
    CPU=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    RSS=$(awk -v m="$m" 'BEGIN { printf "%.0f MB", m / 1024 }')
}

# best NAME: keep the fastest of the rounds (by wall time) in BEST_<NAME>_*.
declare -A BW BC BR BA
keep() {
    local key=$1 answer=$2
    if [ -z "${BW[$key]:-}" ] || { [[ "$WALL" =~ ^[0-9.]+$ ]] && { ! [[ "${BW[$key]}" =~ ^[0-9.]+$ ]] || awk -v a="$WALL" -v b="${BW[$key]}" 'BEGIN { exit !(a < b) }'; }; }; then
        BW[$key]=$WALL
        BC[$key]=$CPU
        BR[$key]=$RSS
    fi
    BA[$key]=$answer
}

# Answers, from each program's output.
ours_value() { awk '$1 == "value" { print $2; exit }' "$OUT"; }
ig_value() { sed -n 's/^Nimber of initial position: *//p' "$OUT" | head -1; }
og_value() { sed -n "s/.*nimber of $1: *\([0-9]*\).*/\1/p" "$OUT" | head -1; }
csv_last() { tail -n 1 "$WORK/seq.csv" | cut -d, -f2; }

echo "# grundy against igsolve/ogsolve — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# grundy: $GRUNDY (--jobs $JOBS); igsolve $("$IGSOLVE" --version | cut -d' ' -f2), ogsolve $("$OGSOLVE" --version | cut -d' ' -f2); REPEAT=$REPEAT TIMEOUT=$TIMEOUT s"
echo
echo "| case | grundy command | grundy wall s | CPU s | peak RSS | peer command | peer wall s | CPU s | peak RSS | answers | wall ratio |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"

# case NAME OURS-EXTRACT PEER-EXTRACT -- OURS... -- PEER...
case_pair() {
    local name=$1 ours_x=$2 peer_x=$3
    shift 3
    [ -z "$FILTER" ] || [[ "$name" == *$FILTER* ]] || return 0
    local ours=() peer=() side=ours
    shift # --
    for a in "$@"; do
        if [ "$a" = "--" ]; then side=peer; continue; fi
        if [ "$side" = ours ]; then ours+=("$a"); else peer+=("$a"); fi
    done
    unset "BW[o]" "BW[p]" "BA[o]" "BA[p]"
    for ((round = 1; round <= REPEAT; round++)); do
        for who in $([ $((round % 2)) -eq 1 ] && echo "o p" || echo "p o"); do
            if [ "$who" = o ]; then
                run ours "${ours[@]}"
                keep o "$($ours_x)"
            else
                run peer "${peer[@]}"
                keep p "$($peer_x)"
            fi
        done
    done
    local agree=no
    if [ -n "${BA[o]}" ] && [ "${BA[o]}" = "${BA[p]}" ]; then
        agree="yes (${BA[o]})"
    elif [ -z "${BA[p]}" ]; then
        agree="grundy ${BA[o]:-?}, peer none"
    else
        agree="NO: ${BA[o]:-?} vs ${BA[p]}"
    fi
    local ratio=-
    if [[ "${BW[o]}" =~ ^[0-9.]+$ ]] && [[ "${BW[p]}" =~ ^[0-9.]+$ ]]; then
        ratio=$(awk -v a="${BW[o]}" -v b="${BW[p]}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    fi
    local oc="${ours[*]}" pc="${peer[*]}"
    echo "| $name | \`${oc/#$GRUNDY/grundy}\` | ${BW[o]} | ${BC[o]} | ${BR[o]} | \`${pc/#$PEERS\/bin\//}\` | ${BW[p]} | ${BC[p]} | ${BR[p]} | $agree | $ratio |"
}

for b in 4x7 5x6 4x9 5x7 5x8 4x11 5x9; do
    r=${b%x*} c=${b#*x}
    case_pair "cram $b nimber" ours_value ig_value -- "$GRUNDY" value cram "$b" --no-moves --jobs "$JOBS" -- "$IGSOLVE" cram -r "$r" -c "$c"
    case_pair "cram $b value with every winning move" ours_value ig_value -- "$GRUNDY" value cram "$b" --jobs "$JOBS" -- "$IGSOLVE" cram -r "$r" -c "$c"
done
for b in 13x13 13x14 14x14 14x15 15x15; do
    r=${b%x*} c=${b#*x}
    case_pair "chomp $b" ours_value ig_value -- "$GRUNDY" value chomp "$b" --no-moves --jobs "$JOBS" -- "$IGSOLVE" chomp -r "$r" -c "$c"
done
for code in 0.77 0.07 0.137 0.007 4.07; do
    # shellcheck disable=SC2329
    og_n() { og_value "$OCTAL_N"; }
    case_pair "octal $code to $OCTAL_N" csv_last og_n -- "$GRUNDY" seq "$code" --to "$OCTAL_N" --all --csv "$WORK/seq.csv" --jobs "$JOBS" -- "$OGSOLVE" "$code" -n "$OCTAL_N" -m "$OG_METHOD"
done
case_pair "grundy's game heap $GRUNDY_N" ours_value ig_value -- "$GRUNDY" value grundy-game "$GRUNDY_N" --no-moves --jobs "$JOBS" -- "$IGSOLVE" grundy -p "$GRUNDY_N"
echo
echo "# end $(date -u '+%H:%M UTC'), load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
