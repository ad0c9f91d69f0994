#!/usr/bin/env bash
# Wall time and peak resident memory of one `mdp release` on a large S^2 file, at each heap setting given.
#   python3 benchmarks/release-memory/s2_points.py 1000000 /tmp/s2.csv      # 61 MB, %.17g, some points beyond 0.4
#   bash benchmarks/release-memory/measure.sh cli/target/mdp.jar /tmp/s2.csv -Xmx256m default
# Needs /usr/bin/time (Debian package `time`). Issue 22 (class 6) measured it: see the issue's closing note.
set -euo pipefail
jar=$1; data=$2; shift 2
work=$(mktemp -d)
for heap in "$@"; do
  opt=$heap; [[ "$heap" == default ]] && opt=""
  set +e
  /usr/bin/time -v java $opt -jar "$jar" release --geometry sphere:d=2 --mechanism riemannian-laplace --epsilon 1 \
      --center 0,0,1 --radius 0.4 --input "$data" --clip --seed 1 --out "$work/r-$heap.json" \
      --ledger "$work/ledger-$heap.json" > "$work/out.txt" 2> "$work/err.txt"
  rc=$?
  set -e
  echo "heap=$heap exit=$rc wall=$(grep 'Elapsed' "$work/err.txt" | sed 's/.*: //')" \
      "peak_rss_kB=$(grep 'Maximum resident' "$work/err.txt" | sed 's/.*: //')"
  grep '^mdp: error' "$work/err.txt" || true
done
rm -rf "$work"
