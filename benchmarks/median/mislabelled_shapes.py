#!/usr/bin/env python3
"""The private Frechet median against the private Frechet mean on rat skulls with a few mislabelled outlines
(docs/frechet-median.md, issue 27 item 1).

Data: the 72 skulls of the even-numbered rats of dataset:rats (8 landmarks, Kendall's shape space), as pre-shapes.
Contamination: M of them are "mislabelled": their landmark labels shifted by one place (landmark i recorded as i+1), a
common digitisation error that turns a skull into a different shape. The public ball is the one of
experiments/configs/001-fig2-rat-skulls.yaml: centre the Procrustes mean of the odd-numbered rats (other subjects),
radius 0.19 (below pi/16); records beyond it are clipped onto its boundary (`--clip`), as a curator must, so the
mislabelled skulls sit on the boundary. Both estimands are released by KNG with the proven rules (the mean exactly
where its public bound allows, the median by Metropolis-Hastings) through `mdp release --seed S` (labelled not
private: a measurement) at the record level, and measured (Kendall's geodesic distance) against the non-private
Frechet mean of the 72 correctly labelled skulls, the estimand a contamination-free study would target.

    benchmarks/median/mislabelled_shapes.py [REPLICATES] [M] [EPSILON...]   # default 10, 6, epsilon 30 3

Needs Debian's /usr/bin/python3 with numpy and a built mdp (it calls ./mdp, or java -jar $MDP_JAR).
"""
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RADIUS = 0.19


def preshape(row):
    """The pre-shape (centred, unit norm) of interleaved landmark coordinates, as a complex vector."""
    z = np.array(row[0::2]) + 1j * np.array(row[1::2])
    z = z - z.mean()
    return z / np.linalg.norm(z)


def distance(z, w):
    return math.acos(min(1.0, abs(np.vdot(z, w))))


def log(z, w):
    """Kendall's log at the pre-shape z of w: w rotated onto z, then the sphere's log (horizontal at z)."""
    inner = np.vdot(z, w)
    w = w * (abs(inner) / inner).conjugate() if abs(inner) > 0 else w
    rho = distance(z, w)
    if rho < 1e-15:
        return np.zeros_like(z)
    return rho / math.sin(rho) * (w - math.cos(rho) * z)


def frechet_mean(shapes, start):
    z = start
    for _ in range(1000):
        v = np.mean([log(z, w) for w in shapes], axis=0)
        norm = np.linalg.norm(v)
        if norm < 1e-14:
            break
        z = math.cos(norm) * z + math.sin(norm) * v / norm
        z = z / np.linalg.norm(z)
    return z


def procrustes_mean(shapes):
    """The full Procrustes mean: the dominant eigenvector of sum z z^*."""
    s = sum(np.outer(z, z.conjugate()) for z in shapes)
    values, vectors = np.linalg.eigh(s)
    return vectors[:, -1]


def interleave(z):
    out = np.empty(2 * len(z))
    out[0::2] = z.real
    out[1::2] = z.imag
    return out


def release(folder, data, centre, estimator, epsilon, seed):
    out = os.path.join(folder, "release.json")
    # MDP_JAR=path: a fixed jar (so that a rebuild during the run cannot swap it); else ./mdp, which builds if needed
    command = ["java", "-jar", os.environ["MDP_JAR"]] if os.environ.get("MDP_JAR") else [os.path.join(ROOT, "mdp")]
    args = command + ["release", "--geometry", "kendall:landmarks=8", "--estimator", estimator,
            "--mechanism", "kng", "--epsilon", str(epsilon), "--center", ",".join(repr(x) for x in centre),
            "--radius", repr(RADIUS), "--clip", "--input", data, "--seed", str(seed), "--out", out, "--force",
            "--ledger", os.path.join(folder, "ledger.json")]
    if estimator == "frechet-median":
        args += ["--param", "sampler=mcmc", "--allow-mcmc"]
    else:
        args += ["--allow-mcmc"]
    subprocess.run(args, check=True, capture_output=True)
    with open(out) as f:
        value = np.array(json.load(f)["value"])
    return preshape(value)


def main():
    replicates = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    mislabelled = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    epsilons = [float(e) for e in sys.argv[3:]] or [30.0, 3.0]
    with open(os.path.join(ROOT, "datasets", "rats", "rats.csv")) as f:
        rows = list(csv.DictReader(f))
    columns = [f"{axis}{i}" for i in range(1, 9) for axis in ("x", "y")]
    released = [preshape([float(r[c]) for c in columns]) for r in rows if int(r["rat"]) % 2 == 0]
    template = [preshape([float(r[c]) for c in columns]) for r in rows if int(r["rat"]) % 2 == 1]
    centre = interleave(procrustes_mean(template))
    truth = frechet_mean(released, procrustes_mean(released))
    # the mislabelled skulls: every 12th skull with its labels shifted by one place
    contaminated = list(released)
    for i in range(mislabelled):
        contaminated.append(np.roll(released[12 * i % len(released)], 1))
    n = len(contaminated)
    print(f"n = {n} ({mislabelled} mislabelled); radius {RADIUS}; errors to the clean non-private mean")
    print("| epsilon | estimand | mean distance | SE |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "data.csv")
        with open(data, "w") as f:
            f.write(",".join(columns) + "\n")
            for z in contaminated:
                f.write(",".join(repr(x) for x in interleave(z)) + "\n")
        for epsilon in epsilons:
            for estimator in ("frechet-mean", "frechet-median"):
                errors = np.array([distance(release(folder, data, centre, estimator, epsilon, seed), truth)
                                   for seed in range(1, replicates + 1)])
                print("| %g | %s | %.4f | %.4f |" % (epsilon, estimator, errors.mean(),
                                                     errors.std(ddof=1) / math.sqrt(len(errors))))
                sys.stdout.flush()


if __name__ == "__main__":
    main()
