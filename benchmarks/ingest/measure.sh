#!/usr/bin/env bash
# The scale table of docs/scale.md (issue 26 item 5): times `mdp release` per geometry on seeded CSV files of n
# records, and the .npy form of the same data, beside numpy.loadtxt of the CSV and numpy.load of the .npy, in one run,
# and prints one Markdown table per geometry (wall seconds, CPU seconds = user + sys, peak resident memory) with the
# ratios to numpy.loadtxt.
#   bash benchmarks/ingest/measure.sh [JAR] [REPEATS] [N ...]
#   bash benchmarks/ingest/measure.sh cli/target/mdp.jar 3 10000 100000 1000000 10000000
# Geometries (GEOMETRIES, default "sphere spd"):
#   sphere  a Riemannian Laplace Frechet mean on S^2 (ball of radius 0.4 around the north pole), s2_points.py
#   spd     a tangent Gaussian log-Euclidean mean on SPD(3) (ball of radius 1 around I), ../kng-scale/spd_points.py
#           (17 significant digits a field); sizes above SPD_MAX (default 1000000) are left out
# Each cell is the run with the least wall time of REPEATS (default 3): on a shared machine the least is the run the
# others disturbed least. Needs /usr/bin/time (Debian package `time`) and /usr/bin/python3 with Debian's numpy
# (python3-numpy); the data are made in a temporary folder. The load average is printed before each geometry's table
# and at the end.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
jar=${1:-cli/target/mdp.jar}; repeats=${2:-3}; shift $(( $# < 2 ? $# : 2 ))
sizes=("$@"); [[ ${#sizes[@]} -eq 0 ]] && sizes=(10000 100000 1000000)
geometries=${GEOMETRIES:-sphere spd}
spd_max=${SPD_MAX:-1000000}
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

# as ./mdp starts it: with the class-data-sharing archive beside the jar when there is one (docs/scale.md, Start-up)
archive="${jar%.jar}.jsa"
cds=(); [[ -f $archive ]] && cds=(-XX:SharedArchiveFile="$archive" -Xlog:cds*=off)
# and with its collector (the parallel one, initial heap 5% of memory) and a one-shot command's compiler and young
# generation (the client compiler alone, at most 64 MB young; see ./mdp)
cds+=(-XX:+UseParallelGC -XX:InitialRAMPercentage=5 -XX:MaxNewSize=400m -XX:TieredStopAtLevel=1 -XX:MaxNewSize=64m)

release() { # GEOMETRY FILE
  local out=(--seed 1 --out "$work/out.json" --ledger "$work/ledger.json" --input "$2")
  case $1 in
    sphere) best java "${cds[@]}" -jar "$jar" release --geometry sphere:d=2 --mechanism riemannian-laplace --epsilon 1 \
        --center 0,0,1 --radius 0.4 "${out[@]}" ;;
    spd) best java "${cds[@]}" -jar "$jar" release --geometry spd/log-euclidean:k=3 --mechanism tangent-gaussian --epsilon 0.5 \
        --delta 1e-6 --center 1,0,0,0,1,0,0,0,1 --radius 1 "${out[@]}" ;;
  esac
}

make_data() { # GEOMETRY N CSV NPY
  case $1 in
    sphere) "$python" "$here/s2_points.py" "$2" "$3" "$4" ;;
    spd) "$python" "$here/../kng-scale/spd_points.py" "$2" "$3"
         "$python" -c "import numpy as np, sys; np.save(sys.argv[2], np.loadtxt(sys.argv[1], delimiter=',', skiprows=1))" "$3" "$4" ;;
  esac
}

echo "machine: $(nproc) cores, $(uname -m), $(java -version 2>&1 | head -1), numpy $($python -c 'import numpy; print(numpy.__version__)') ($python); class-data archive: $([[ -f $archive ]] && echo "$archive" || echo none)"
for geometry in $geometries; do
  echo
  echo "$geometry; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "| n | CSV MB | parsed MB | mdp release CSV: wall s / CPU s / MB | mdp release .npy: wall s / CPU s / MB | numpy.loadtxt: wall s / CPU s / MB | numpy.load .npy: wall s / CPU s / MB | release CSV / loadtxt: wall, CPU |"
  echo "|---|---|---|---|---|---|---|---|"
  for n in "${sizes[@]}"; do
    [[ $geometry == spd && $n -gt $spd_max ]] && continue
    csv="$work/$geometry-$n.csv"; npy="$work/$geometry-$n.npy"
    make_data "$geometry" "$n" "$csv" "$npy"
    mb=$(awk -v b="$(stat -c %s "$csv")" 'BEGIN { printf "%.1f", b / 1e6 }')
    parsed=$(awk -v b="$(stat -c %s "$npy")" 'BEGIN { printf "%.1f", (b - 128) / 1e6 }')
    read -r rw rc rm <<< "$(release "$geometry" "$csv")"
    read -r bw bc bm <<< "$(release "$geometry" "$npy")"
    read -r lw lc lm <<< "$(best "$python" -c "import numpy as np, sys; np.loadtxt(sys.argv[1], delimiter=',', skiprows=1)" "$csv")"
    read -r nw nc nm <<< "$(best "$python" -c "import numpy as np, sys; np.load(sys.argv[1])" "$npy")"
    ratio=$(awk -v a="$rw" -v b="$lw" -v c="$rc" -v d="$lc" 'BEGIN { printf "%.1f, %.1f", a / b, c / d }')
    echo "| $n | $mb | $parsed | $rw / $rc / $rm | $bw / $bc / $bm | $lw / $lc / $lm | $nw / $nc / $nm | $ratio |"
    rm -f "$csv" "$npy"
  done
done
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
