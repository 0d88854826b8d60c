# Shared by the scripts/quiet/*.sh benchmarks: `row NAME TIMEOUT CMD...` runs CMD under GNU time
# (bounded by TIMEOUT seconds) and prints one markdown table row: the command, wall, CPU
# (user + system), peak RSS, the load average before the run, and the answer: the last line CMD
# printed, or the first line matching the regular expression in $PICK when that is set.
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "quiet: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
QUIET_WORK=$(mktemp -d /tmp/quiet.XXXXXX)
trap 'rm -rf "$QUIET_WORK"' EXIT
row() {
    local timeout=$1
    shift
    local load status=0
    load=$(cut -d' ' -f1 /proc/loadavg)
    timeout -k 10 -s INT "$timeout" "$TIME" -f "%e %U %S %M" -o "$QUIET_WORK/time" "$@" \
        >"$QUIET_WORK/out" 2>"$QUIET_WORK/err" || status=$?
    local answer
    if [ -n "${PICK:-}" ]; then
        answer=$(grep -m1 -E "$PICK" "$QUIET_WORK/out" | cut -c1-100 || true)
    else
        answer=$(grep -v '^\s*$' "$QUIET_WORK/out" | tail -n 1 | cut -c1-100 || true)
    fi
    if [ "$status" -ne 0 ] || grep -q "Command exited\|Command terminated" "$QUIET_WORK/time"; then
        printf '| `%s` | > %s s (exit %s) | - | - | %s | %s |\n' "$*" "$timeout" "$status" "$load" "$answer"
        return
    fi
    read -r w u s m <"$QUIET_WORK/time"
    printf '| `%s` | %s s | %s s | %s MB | %s | %s |\n' "$*" "$w" \
        "$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')" \
        "$(awk -v m="$m" 'BEGIN { printf "%.0f", m / 1024 }')" "$load" "$answer"
}
header() {
    echo '| command | wall | CPU | peak RSS | load before | last line of output |'
    echo '|---|---|---|---|---|---|'
}
