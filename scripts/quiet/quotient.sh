#!/usr/bin/env bash
# Misère quotients (issue #19, session 7): wall, CPU and peak memory of each case, one markdown
# table row each. Usage: scripts/quiet/quotient.sh [path/to/grundy]. At most ~8 minutes idle.
set -euo pipefail
G="${1:-target/release/grundy}"
row() {
  local limit="$1"; shift
  local out tm
  tm="$(mktemp)"
  if out="$( { /usr/bin/time -f '%e %U %S %M' -o "$tm" timeout "$limit" "$G" "$@" ; } 2>&1 )"; then :; else
    out="stopped (exit $?, limit ${limit}s)"
  fi
  read -r wall user sys rss < <(tail -1 "$tm")
  rm -f "$tm"
  local answer
  answer="$(printf '%s\n' "$out" | grep -E '^(order|outcome|stopped|sum|misère quotient)' | head -3 | tr '\n' ';' | sed 's/|/\\|/g')"
  [ -n "$answer" ] || answer="$(printf '%s' "$out" | head -c 120 | tr '\n' ' ')"
  printf '| `grundy %s` | %s s | %.2f s | %d MB | %s |\n' "$*" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')" "$((rss / 1024))" "$answer"
}
echo "| command | wall | CPU | peak RSS | answer |"
echo "| --- | --- | --- | --- | --- |"
row 60 quotient 0.75 --to 100
row 60 quotient 0.31 --to 100
row 60 quotient 0.52 --to 100
row 60 quotient 0.07 --to 16
row 120 quotient 0.07 --to 30
row 60 quotient 0.4 --to 20
row 60 quotient kayles --to 30 --heaps 30,29,28,27,26,25,24,23,22,21
row 60 value kayles 30 29 28 27 26 25 24 23 22 21 --misere
row 60 quotient kayles --to 8 --heaps 8,8,7,7,6,5,4,3,2,1
row 60 value kayles 8 8 7 7 6 5 4 3 2 1 --misere
