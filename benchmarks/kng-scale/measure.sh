#!/usr/bin/env bash
# Times exact KNG on affine-invariant SPD(3) (issue 26 item 3): `mdp release --mechanism kng` (fixed proposal budget,
# the command line's default) on n seeded records for each n given, on all cores and on one, and prints a Markdown
# table: wall seconds, CPU seconds (user + sys), peak resident MB (/usr/bin/time -v), the proposal budget and whether
# the released value has the same bytes on both thread counts.
#   bash benchmarks/kng-scale/measure.sh [JAR] [N ...]
#   bash benchmarks/kng-scale/measure.sh cli/target/mdp.jar 10000 100000 1000000
# The records come from spd_points.py beside this script (seed 20261128, affine-invariant distance below 0.9 from
# I; 185 MB of CSV at n = 10^6), in a temporary folder. Needs /usr/bin/time (Debian package `time`) and
# /usr/bin/python3 with numpy. One run per cell: the numbers are this machine's, at the load average printed.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
jar=${1:-cli/target/mdp.jar}; shift $(( $# < 1 ? $# : 1 ))
sizes=("$@"); [[ ${#sizes[@]} -eq 0 ]] && sizes=(10000 100000 1000000)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# run THREADS FILE TAG: prints "wall cpu rss_MB"; the release lands in $work/TAG.json
run() {
  rm -f "$work/ledger.json"
  /usr/bin/time -v -o "$work/time.txt" java -jar "$jar" release --geometry spd/affine-invariant:k=3 --mechanism kng \
      --epsilon 1 --center 1,0,0,0,1,0,0,0,1 --radius 1 --input "$2" --seed 1 --threads "$1" \
      --out "$work/$3.json" --ledger "$work/ledger.json" --force > /dev/null 2> "$work/err.txt" \
      || { echo "failed: threads $1, $2" >&2; cat "$work/err.txt" >&2; exit 1; }
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = (n == 3 ? t[1] * 3600 + t[2] * 60 + t[3] : t[1] * 60 + t[2]) }
      /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { m = $2 }
      END { printf "%.1f %.1f %.0f", w, u + s, m / 1024 }' "$work/time.txt"
}

cores=$(nproc)
echo "machine: $cores cores, $(uname -m), $(java -version 2>&1 | head -1); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| n | CSV MB | proposals | $cores threads: wall s / CPU s / MB | 1 thread: wall s / CPU s / MB | same bytes |"
echo "|---|---|---|---|---|---|"
for n in "${sizes[@]}"; do
  csv="$work/spd-$n.csv"
  /usr/bin/python3 "$here/spd_points.py" "$n" "$csv"
  mb=$(awk -v b="$(stat -c %s "$csv")" 'BEGIN { printf "%.1f", b / 1e6 }')
  read -r aw ac am <<< "$(run "$cores" "$csv" all)"
  read -r ow oc om <<< "$(run 1 "$csv" one)"
  budget=$(grep -o '"proposalBudget" : [0-9]*' "$work/all.json" | grep -o '[0-9]*$')
  same=$(cmp -s "$work/all.json" "$work/one.json" && echo yes || echo NO)
  echo "| $n | $mb | $budget | $aw / $ac / $am | $ow / $oc / $om | $same |"
done
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
