# Shared by the scripts/quiet/*.sh benchmarks (source it; it sets QUIET_WORK, a scratch
# directory removed on exit, where every command runs).
#
#   header                 prints the markdown table's head
#   row TIMEOUT CMD...     runs CMD under GNU time, stopped by SIGINT after TIMEOUT seconds, and
#                          prints one row: the command (its program by base name), wall, CPU
#                          (user + system), peak RSS, the load average before the run, and the
#                          answer
#
# The answer is the last non-empty line CMD printed, or, when PICK (an extended regular
# expression) is set, the first PICK_LINES (default 1) lines matching it joined by "; ", or
# with PICK_MATCH=1 only the matched text. Set them for one row as `PICK=... row ...`.
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "quiet: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
QUIET_WORK=$(mktemp -d /tmp/quiet.XXXXXX)
trap 'rm -rf "$QUIET_WORK"' EXIT
row() {
    local timeout=$1
    shift
    local load status=0
    load=$(cut -d' ' -f1 /proc/loadavg)
    (cd "$QUIET_WORK" && timeout -k 10 -s INT "$timeout" "$TIME" -f "%e %U %S %M" -o "$QUIET_WORK/time" "$@" \
        >"$QUIET_WORK/out" 2>"$QUIET_WORK/err") || status=$?
    local shown answer
    shown="$(basename "$1")${2:+ ${*:2}}"
    if [ -n "${PICK:-}" ]; then
        local only=""
        [ "${PICK_MATCH:-0}" = 1 ] && only=-o
        answer=$(grep $only -E "$PICK" "$QUIET_WORK/out" | head -n "${PICK_LINES:-1}" | paste -sd';' - \
            | sed 's/;/; /g; s/|/\\|/g' | cut -c1-100 || true)
    else
        answer=$(grep -v '^\s*$' "$QUIET_WORK/out" | tail -n 1 | sed 's/|/\\|/g' | cut -c1-100 || true)
    fi
    if [ "$status" -ne 0 ] || grep -q "Command exited\|Command terminated" "$QUIET_WORK/time"; then
        local why="> $timeout s"
        [ "$status" -eq 124 ] || [ "$status" -eq 130 ] || why="failed (exit $status)"
        printf '| `%s` | %s | - | - | %s | %s |\n' "$shown" "$why" "$load" "$answer"
        return
    fi
    local w u s m
    read -r w u s m <"$QUIET_WORK/time"
    printf '| `%s` | %s s | %s s | %s MB | %s | %s |\n' "$shown" "$w" \
        "$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')" \
        "$(awk -v m="$m" 'BEGIN { printf "%.0f", m / 1024 }')" "$load" "$answer"
}
header() {
    echo '| command | wall | CPU | peak RSS | load before | answer |'
    echo '|---|---|---|---|---|---|'
}
