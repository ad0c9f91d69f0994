#!/usr/bin/env bash
# Measures the per-record costs behind the cluster model of docs/spark.md ("One release on a cluster"): the S^2
# Newton sums (one evaluation) and the sums of logarithms at a batch of 128 exact-KNG proposals, over N seeded records
# within 0.3 of the pole, on 1 and 2 local threads and on Spark MASTER through `mdp release --engine spark`'s session
# (SparkReleaseSums), after three warm-up evaluations; REPS timed evaluations each. Prints ms per evaluation and ns
# per record. Needs the engine built (mvn -B -pl engines/spark -am install -DskipTests).
#   bash benchmarks/spark-sums/measure.sh [N] [REPS] [MASTER]
#   bash benchmarks/spark-sums/measure.sh 1000000 10 'local[2]'
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
n=${1:-1000000}; reps=${2:-10}; master=${3:-local[2]}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
(cd "$root" && mvn -B -q -o dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" -pl engines/spark > /dev/null)
cp="$root/engines/spark/target/classes:$(cat "$work/cp.txt")"
opens=$(sed -n 's:.*<spark.add-opens>\(.*\)</spark.add-opens>.*:\1:p' "$root/engines/spark/pom.xml")
javac -d "$work/classes" -cp "$cp" "$root/benchmarks/spark-sums/MeasureSums.java"
echo "load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
# shellcheck disable=SC2086
java $opens -Xmx3g -cp "$work/classes:$cp" dev.manifolddp.engines.spark.MeasureSums "$n" "$reps" "$master" 2>&1 \
    | grep -v ' WARN '
