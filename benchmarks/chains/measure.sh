#!/usr/bin/env bash
# Issue 23: the regression release's footpoint error against epsilon, from a public start (the ball's centre).
# Joint method, S^2, n = 400 along a geodesic (geodesic_s2.py, seed 7), public ball of radius 0.3 about its midpoint,
# --allow-mcmc, the release's default chain (burn-in 20 000, thin 600, t = 0.5). Prints, for each epsilon_p =
# epsilon_v, the median over SEEDS seeded releases of the released footpoint's distance to the true footpoint and to
# the non-private fit's (fit_s2.py), with the range of the first. SCALES is the chain's proposal-scales: ladder (the
# default) or single (the one-scale kernel before issue 23).
# Usage: benchmarks/chains/measure.sh [SEEDS (10)] [SCALES (ladder)]   (run `mvn package` first: it uses ./mdp)
# EPSILONS="5 500" benchmarks/chains/measure.sh ... measures at those epsilons only.
set -euo pipefail
cd "$(dirname "$0")/../.."
seeds=${1:-10}
scales=${2:-ladder}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
truth=$(python3 benchmarks/chains/geodesic_s2.py 7 "$work/reg.csv")
fit=$(python3 benchmarks/chains/fit_s2.py "$work/reg.csv")
echo "proposal-scales = $scales; truth p(0) = $truth; non-private fit p(0) = $fit"
for eps in ${EPSILONS:-0.2 1 5 50 500}; do
  for seed in $(seq 1 "$seeds"); do
    ./mdp release --estimator geodesic-regression --geometry sphere:d=2 --covariate t --covariate-range 0,1 \
      --mechanism kng --epsilon-p "$eps" --epsilon-v "$eps" --center 0,0,1 --radius 0.3 --input "$work/reg.csv" \
      --columns x,y,z --allow-mcmc --seed "$seed" --param "proposal-scales=$scales" --ledger "$work/ledger.json" \
      --out "$work/r-$eps-$seed.json" --force > /dev/null 2>&1
  done
  python3 - "$work" "$eps" "$seeds" $truth $fit <<'PY'
import json, sys, numpy as np
work, eps, seeds = sys.argv[1], sys.argv[2], int(sys.argv[3])
truth = np.array([float(x) for x in sys.argv[4:7]])
fit = np.array([float(x) for x in sys.argv[7:10]])
def dist(a, b):
    return 2 * np.arctan2(np.linalg.norm(a - b), np.linalg.norm(a + b))
released = [np.array(json.load(open(f"{work}/r-{eps}-{s}.json"))["footpoint"]) for s in range(1, seeds + 1)]
d = [dist(r, truth) for r in released]
f = [dist(r, fit) for r in released]
print(f"epsilon_p = epsilon_v = {eps}: median distance to the truth {np.median(d):.3g} (min {min(d):.3g}, "
      f"max {max(d):.3g}), to the non-private fit {np.median(f):.3g}")
PY
done
