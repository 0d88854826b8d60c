#!/usr/bin/env bash
# Quiet-window benchmarks of the misère front ends (session 7, s7-misereui): the census with and
# without the quotient column, explain --misere (genus derivation), seq --misere. Prints one
# markdown table row per case: command, wall, CPU (user+sys), peak RSS, answer.
# Usage: scripts/quiet/misereui.sh [path/to/grundy]   (at most a few minutes on 2 idle cores)
set -euo pipefail
BIN="${1:-target/release/grundy}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
echo "| command | wall s | CPU s | peak RSS MB | answer |"
echo "| --- | --- | --- | --- | --- |"
run() {
    local answer_cmd="$1"
    shift
    local out="$TMP/out" tm="$TMP/time"
    if ! /usr/bin/time -f "%e %U %S %M" -o "$tm" timeout 300 "$BIN" "$@" >"$out" 2>"$TMP/err"; then
        echo "| \`grundy $*\` | - | - | - | failed or timed out |"
        return
    fi
    read -r wall user sys rss <"$tm"
    local cpu
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    local answer
    answer=$(eval "$answer_cmd" <"$out" | tr '\n' ' ' | cut -c1-80)
    echo "| \`grundy $*\` | $wall | $cpu | $((rss / 1024)) | $answer |"
}
run "tail -1" census octal:2 --to 1000 --jobs 2
run "tail -1" census octal:2 --to 1000 --jobs 2 --quotient --quotient-to 20
run "tail -1" census octal:2 --to 1000 --jobs 2 --quotient
run "grep '^genus of'" explain kayles 12 --misere
run "tail -1" seq kayles --misere --to 25
run "grep -o '\"outcome\":\"[NP]\"' | head -1" value kayles 5 9 12 --misere --json
