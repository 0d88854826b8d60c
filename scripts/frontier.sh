#!/usr/bin/env bash
# The long frontier runs of docs/records.md, kept here so that a lost machine loses their files
# (time), never how to run them again.
#
#   scripts/frontier.sh list                 the runs this script knows
#   scripts/frontier.sh start RUN...         start each RUN in the background (resumes from its files)
#   scripts/frontier.sh status               what each run has reached (its last progress line)
#   scripts/frontier.sh table                the same as a Markdown table (BENCHMARKS.md, "Long runs")
#   scripts/frontier.sh stop [HH:MM]         SIGTERM every run now, or at that UTC time
#
# Each run lives in $GRUNDY_RUNS/RUN (default ~/grundy-runs, outside the repository) and resumes
# from its own files (a region database, a value store) when started again with the same
# command: a stop loses at most the minutes since its last save. Each run takes one thread
# (one run a core) unless FRONTIER_JOBS=N says otherwise, and a Cram run's memory budget is
# 16G unless FRONTIER_MEMORY says otherwise (two Cram runs side by side on 24 GiB would take
# about 10G each, not tried yet; the region database does not depend on the budget, so a run
# resumes under any). A lock keeps one process per run. The binary is copied beside the run at
# each start, so a rebuild of the repository never changes a running binary; runs.txt says
# which commit each start ran.
set -euo pipefail
self=$(realpath "$0")
cd "$(dirname "$self")/.."
root=${GRUNDY_RUNS:-$HOME/grundy-runs}

# RUN → the grundy arguments (paths are relative to the run's directory).
args_of() {
    local jobs=${FRONTIER_JOBS:-1} mem=${FRONTIER_MEMORY:-16G}
    case "$1" in
        grundy35) echo "seq grundy-game --to 34359738368 --all --jobs $jobs --max-memory 2G --store g35.store --freq f35.txt" ;;
        # Past 2^35 on the store of grundy35, which it grows in place: on a machine without that
        # store, run grundy35 first (this run exits 2, "cannot open the value store", until then).
        grundy36) echo "seq grundy-game --to 68719476736 --all --jobs $jobs --max-memory 2G --store ../grundy35/g35.store --freq f36.txt" ;;
        cram7x8) echo "value cram 7x8 --no-moves --stats --jobs $jobs --table c78.db --max-memory $mem" ;;
        cram6x9) echo "value cram 6x9 --no-moves --stats --jobs $jobs --table c69.db --max-memory $mem" ;;
        cram5x11) echo "value cram 5x11 --no-moves --stats --jobs $jobs --table c511.db --max-memory $mem" ;;
        cram4x15) echo "census cram:4 --to 15 --jobs $jobs --max-memory $mem --table c4.db --out c4.csv" ;;
        cram3x21) echo "census cram:3 --to 21 --jobs $jobs --max-memory $mem --table c3.db --out c3.csv" ;;
        *) return 1 ;;
    esac
}
runs="grundy35 grundy36 cram7x8 cram6x9 cram5x11 cram4x15 cram3x21"

start() {
    local run=$1 args dir bin
    args=$(args_of "$run") || { echo "frontier: unknown run \`$run\`; runs: $runs" >&2; exit 2; }
    dir=$root/$run
    mkdir -p "$dir"
    cargo build --release -q -p grundy-cli
    bin=$dir/grundy.new
    cp "${CARGO_TARGET_DIR:-target}/release/grundy" "$bin"
    local commit
    commit=$(git rev-parse --short HEAD)
    # The child keeps the lock (fd 9) for as long as it runs.
    (
        cd "$dir"
        exec 9>run.lock
        if ! flock -n 9; then
            echo "frontier: $run is running already" >&2
            rm -f grundy.new
            exit 1
        fi
        mv grundy.new grundy
        echo "start $(date -u +%FT%TZ) $commit: grundy $args" >>runs.txt
        setsid nohup bash -c "/usr/bin/time -v ./grundy $args >>out.txt 2>>err.txt; rc=\$?; echo \"end \$(date -u +%FT%TZ) exit \$rc\" >>runs.txt" \
            </dev/null >/dev/null 2>&1 &
        echo "frontier: $run started in $dir"
    )
}

# running DIR: whether the run in DIR holds its lock (its process is alive).
running() { [ -e "$1/run.lock" ] && ! flock -n "$1/run.lock" true; }

status() {
    local run dir
    for run in $runs; do
        dir=$root/$run
        [ -d "$dir" ] || continue
        local state=stopped
        if running "$dir"; then state=running; fi
        echo "== $run ($state)"
        tail -n 1 "$dir/runs.txt" 2>/dev/null || true
        # The last line of grundy's (progress is drawn with carriage returns; the lines of
        # /usr/bin/time -v start with a tab, but for its first, "Command exited with ...").
        [ -f "$dir/err.txt" ] || continue
        tr '\r' '\n' <"$dir/err.txt" | grep -v '^[[:space:]]*$\|^\s\|^Command \(exited\|terminated\)' | tail -n 1 || true
    done
}

# table: one Markdown row per run directory: its command, state, what it reached and the figures
# of its last start (GNU time when it ended; the process's CPU so far while it runs).
table() {
    echo "| run | command | state | reached | last start (commit) | its wall | its CPU s | its peak RSS |"
    echo "|---|---|---|---|---|---|---|---|"
    local run dir
    for run in $runs; do
        dir=$root/$run
        [ -f "$dir/runs.txt" ] || continue
        local start commit cmd last state reached wall="" cpu="" rss="" pid
        start=$(grep '^start ' "$dir/runs.txt" | tail -n 1)
        commit=$(echo "$start" | cut -d' ' -f3 | tr -d :)
        cmd=$(echo "$start" | cut -d' ' -f4-)
        last=$(tail -n 1 "$dir/runs.txt")
        # grundy's lines (progress is drawn with carriage returns).
        local log
        log=$(tr '\r' '\n' <"$dir/err.txt" 2>/dev/null || true)
        if running "$dir"; then
            state=running
            wall=$(( $(date -u +%s) - $(date -u -d "$(echo "$start" | cut -d' ' -f2)" +%s) ))
            wall="$((wall / 3600)) h $((wall % 3600 / 60)) min so far"
            pid=$(pgrep -x -f "\./${cmd}" | head -n 1 || true)
            if [ -n "$pid" ]; then
                cpu=$(ps -o times= -p "$pid" | tr -d ' ')
                rss=$(ps -o rss= -p "$pid" | awk '{ printf "%.2f GB now", $1 / 1000000 }')
            fi
        elif [[ "$last" == end*"exit 0" ]]; then
            state="finished ${last#end }"
        else
            state="stopped (${last})"
        fi
        if [[ "$state" == finished* ]]; then
            reached=$(echo "$log" | grep '^grundy: ' | tail -n 1 || true)
            [ -n "$reached" ] || reached=$(tail -n 1 "$dir/out.txt" 2>/dev/null || true)
        else
            reached=$(echo "$log" | grep '^progress: ' | tail -n 1 | sed 's/^progress: //' || true)
        fi
        # A census: its CSV's rows so far.
        local out
        out=$(echo "$cmd" | sed -n 's/.* --out \([^ ]*\).*/\1/p')
        if [ -n "$out" ] && [ -f "$dir/$out" ]; then
            reached="${reached:+$reached; }$out: $(($(wc -l <"$dir/$out") - 1)) rows, the last \`$(tail -n 1 "$dir/$out" | cut -c1-80)\`"
        fi
        if [[ "$last" == end* ]]; then
            # The GNU time block of the last start (one killed, with no `end` line, wrote none:
            # the last block in err.txt would then be an earlier start's).
            local t
            # Peak memory in "GB" as docs/records.md gives it: GNU time's KiB over 10^6.
            t=$(echo "$log" | awk '/^\tCommand being timed/ { u = s = w = m = "" } /User time/ { u = $NF } /System time/ { s = $NF } /Elapsed/ { w = $NF } /Maximum resident/ { m = $NF } END { if (u != "") printf "%s|%.0f|%.2f GB", w, u + s, m / 1000000 }')
            if [ -n "$t" ]; then
                wall=${t%%|*} t=${t#*|} cpu=${t%%|*} rss=${t#*|}
            fi
        fi
        echo "| $run | \`${cmd}\` | $state | ${reached//|/\\|} | $(echo "$start" | cut -d' ' -f2) ($commit) | $wall | $cpu | $rss |"
    done
}

stop() {
    if [ $# -ge 1 ]; then
        local target now
        target=$(date -u -d "$1" +%s)
        now=$(date -u +%s)
        [ "$target" -gt "$now" ] || target=$((target + 86400))
        setsid nohup bash -c "sleep $((target - now)); bash '$self' stop" </dev/null >/dev/null 2>&1 &
        echo "frontier: the runs get SIGTERM at $(date -u -d "@$target" +%H:%M) UTC"
        return
    fi
    # Only the runs' grundy processes (`./grundy ...` in a run's directory): each saves its
    # files and exits with 130.
    pkill -TERM -x -f '\./grundy .*' 2>/dev/null || true
    echo "frontier: SIGTERM sent; each run saves and exits (a sequence on disk within about 2 minutes)"
}

case "${1:-}" in
    list) for r in $runs; do echo "$r: grundy $(args_of "$r")"; done ;;
    start)
        shift
        [ $# -ge 1 ] || { echo "usage: scripts/frontier.sh start RUN...; runs: $runs" >&2; exit 2; }
        for r in "$@"; do start "$r"; done
        ;;
    status) status ;;
    table) table ;;
    stop) shift; stop "$@" ;;
    *) echo "usage: scripts/frontier.sh list | start RUN... | status | table | stop [HH:MM]" >&2; exit 2 ;;
esac
