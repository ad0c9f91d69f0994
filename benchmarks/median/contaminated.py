#!/usr/bin/env python3
"""The private Frechet median against the private Frechet mean on a contaminated cap (docs/frechet-median.md).

S^2, data ball: cap of radius pi/8 about the north pole c. Each data set has n records: (1 - f) n clean records
uniform in the cap of radius 0.2 about c and f n outliers at one point 0.38 from c (inside the data ball, as a
curator's ball must admit them). Both estimands are released by KNG with the proven rules (the mean exactly, the
median by Metropolis-Hastings), `mdp release --seed S` (labelled not private: a measurement, not a release), and
measured against c, the clean population's centre. Usage:

    benchmarks/median/contaminated.py [REPLICATES] [EPSILON...]    # default 20 replicates, epsilon 1 and 0.2

Needs numpy (the pyenv python3 or Debian's /usr/bin/python3) and the built mdp.jar.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JAR = os.path.join(ROOT, "experiments", "target", "mdp.jar")
R = math.pi / 8


def cap(n, radius, rng):
    theta = radius * np.sqrt(rng.random(n))
    phi = 2 * np.pi * rng.random(n)
    return np.c_[np.sin(theta) * np.cos(phi), np.sin(theta) * np.sin(phi), np.cos(theta)]


def release(folder, data, estimator, epsilon, seed):
    out = os.path.join(folder, "release.json")
    args = ["java", "-jar", JAR, "release", "--geometry", "sphere:d=2", "--estimator", estimator, "--mechanism",
            "kng", "--epsilon", str(epsilon), "--center", "0,0,1", "--radius", repr(R), "--input", data, "--seed",
            str(seed), "--out", out, "--force", "--ledger", os.path.join(folder, "ledger.json")]
    if estimator == "frechet-median":
        args += ["--param", "sampler=mcmc", "--allow-mcmc"]
    subprocess.run(args, check=True, capture_output=True)
    with open(out) as f:
        return np.array(json.load(f)["value"])


def distance(a, b):
    return math.atan2(np.linalg.norm(np.cross(a, b)), float(np.dot(a, b)))


def main():
    replicates = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    epsilons = [float(e) for e in sys.argv[2:]] or [1.0, 0.2]
    n, outliers = 100, 10
    pole = np.array([0.0, 0.0, 1.0])
    print("| epsilon | estimand | mean distance to c | SE |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "data.csv")
        for epsilon in epsilons:
            for estimator in ("frechet-mean", "frechet-median"):
                errors = []
                for seed in range(1, replicates + 1):
                    rng = np.random.default_rng(seed)
                    points = np.r_[cap(n - outliers, 0.2, rng),
                                   np.tile([math.sin(0.38), 0.0, math.cos(0.38)], (outliers, 1))]
                    np.savetxt(data, points, delimiter=",", header="x,y,z", comments="")
                    errors.append(distance(release(folder, data, estimator, epsilon, seed), pole))
                errors = np.array(errors)
                print("| %g | %s | %.4f | %.4f |" % (epsilon, estimator, errors.mean(),
                                                     errors.std(ddof=1) / math.sqrt(len(errors))))
                sys.stdout.flush()


if __name__ == "__main__":
    main()
