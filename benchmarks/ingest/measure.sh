#!/usr/bin/env bash
# Times `mdp release` (a Riemannian Laplace mean on S^2, ball of radius 0.4 around the north pole) on the CSV and the
# .npy form of the same seeded data, beside numpy.loadtxt of the CSV and numpy.load of the .npy, for n = 10^4, 10^5,
# 10^6 in one run, and prints a Markdown table (wall seconds, CPU seconds = user + sys, peak resident memory).
#   bash benchmarks/ingest/measure.sh [JAR] [REPEATS] [N ...]
#   bash benchmarks/ingest/measure.sh cli/target/mdp.jar 3 10000 100000 1000000
# Each cell is the run with the least wall time of REPEATS (default 3): on a shared machine the least is the run the
# others disturbed least. Needs /usr/bin/time (Debian package `time`) and /usr/bin/python3 with Debian's numpy
# (python3-numpy); the data come from s2_points.py beside this script (seeded), in a temporary folder.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
jar=${1:-cli/target/mdp.jar}; repeats=${2:-3}; shift $(( $# < 2 ? $# : 2 ))
sizes=("$@"); [[ ${#sizes[@]} -eq 0 ]] && sizes=(10000 100000 1000000)
python=/usr/bin/python3
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# best RUN...: runs the command REPEATS times, prints "wall cpu rss_MB" of the fastest run
best() {
  local best_wall="" line
  for ((r = 0; r < repeats; r++)); do
    rm -f "$work"/out.json "$work"/ledger.json
    /usr/bin/time -o "$work/time.txt" -f "%e %U %S %M" "$@" > /dev/null 2> "$work/err.txt" \
        || { echo "failed: $*" >&2; cat "$work/err.txt" >&2; exit 1; }
    read -r wall user sys rss < "$work/time.txt"
    if [[ -z "$best_wall" ]] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then
      best_wall=$wall
      line=$(awk -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" 'BEGIN { printf "%.2f %.2f %.0f", w, u + s, m / 1024 }')
    fi
  done
  echo "$line"
}

release() {
  best java -jar "$jar" release --geometry sphere:d=2 --mechanism riemannian-laplace --epsilon 1 --center 0,0,1 \
      --radius 0.4 --input "$1" --seed 1 --out "$work/out.json" --ledger "$work/ledger.json"
}

echo "machine: $(nproc) cores, $(uname -m), $(java -version 2>&1 | head -1), numpy $($python -c 'import numpy; print(numpy.__version__)') ($python); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| n | CSV MB | mdp release CSV: wall s / CPU s / MB | mdp release .npy: wall s / CPU s / MB | numpy.loadtxt: wall s / CPU s / MB | numpy.load .npy: wall s / CPU s / MB | wall ratio CSV release / loadtxt |"
echo "|---|---|---|---|---|---|---|"
for n in "${sizes[@]}"; do
  csv="$work/s2-$n.csv"; npy="$work/s2-$n.npy"
  "$python" "$here/s2_points.py" "$n" "$csv" "$npy"
  mb=$(awk -v b="$(stat -c %s "$csv")" 'BEGIN { printf "%.1f", b / 1e6 }')
  read -r rw rc rm <<< "$(release "$csv")"
  read -r bw bc bm <<< "$(release "$npy")"
  read -r lw lc lm <<< "$(best "$python" -c "import numpy as np, sys; np.loadtxt(sys.argv[1], delimiter=',', skiprows=1)" "$csv")"
  read -r nw nc nm <<< "$(best "$python" -c "import numpy as np, sys; np.load(sys.argv[1])" "$npy")"
  ratio=$(awk -v a="$rw" -v b="$lw" 'BEGIN { printf "%.1f", a / b }')
  echo "| $n | $mb | $rw / $rc / $rm | $bw / $bc / $bm | $lw / $lc / $lm | $nw / $nc / $nm | $ratio |"
done
