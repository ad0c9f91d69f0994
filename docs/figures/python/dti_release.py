"""Regenerates docs/figures/python/dti-release.png and dti-release.csv: private means of the bundled DTI tensors,
released from Python as a geomstats-style (968, 3, 3) array, and their distance to the data's mean against epsilon.

    /usr/bin/python3 docs/figures/python/dti_release.py      (from the repository root; about a minute)

Each point is the median over 20 releases of the log-Euclidean distance between the released tensor and the
(non-private) log-Euclidean mean of the clipped tensors. The releases use seeds 1..20 so that the figure regenerates
byte for byte; seeded releases are labelled not-private, which is right for a figure of the mechanisms' accuracy and
wrong for a real release (leave seed out). The evaluation (the data's mean, the distances) is numpy, outside the
package; the releases are manifolddp.release, i.e. the command line's Java code. The chart is drawn with XChart, the
library the command line's plots use, through the same JVM (matplotlib is not needed).
"""

import pathlib
import sys
import tempfile

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "python"))
import manifolddp as mdp  # noqa: E402

OUT = ROOT / "docs" / "figures" / "python"
EPSILONS = [0.05, 0.1, 0.2, 0.5, 1.0, 2.0]
MECHANISMS = ["kng", "riemannian-laplace", "tangent-gaussian"]
SEEDS = range(1, 21)
CENTER = 8e-4 * np.eye(3)   # public: an isotropic tensor at brain tissue's typical diffusivity (mm^2/s)
RADIUS = 3.0                # public: see experiments/configs/real-dti-log-euclidean.yaml
DELTA = 1e-6


def tensors():
    """The bundled DTI tensors (upper triangles in the file) as an (n, 3, 3) array, as in the README."""
    t = np.genfromtxt(ROOT / "datasets/dti-tensors/tensors.csv", delimiter=",", names=True)
    u = np.stack([t[c] for c in ("Dxx", "Dxy", "Dxz", "Dyy", "Dyz", "Dzz")], 1)
    return u[:, [0, 1, 2, 1, 3, 4, 2, 4, 5]].reshape(-1, 3, 3)


def logm(s):
    w, v = np.linalg.eigh(s)
    return (v * np.log(w)[..., None, :]) @ np.swapaxes(v, -1, -2)


def clipped_mean_log(data):
    """log of the log-Euclidean mean after clipping onto the public ball, as --clip does: evaluation only."""
    c = logm(CENTER)
    offsets = logm(data) - c
    distance = np.linalg.norm(offsets, axis=(1, 2))
    scale = np.minimum(1.0, RADIUS / distance)
    return c + (offsets * scale[:, None, None]).mean(axis=0)


def main():
    data = tensors()
    target = clipped_mean_log(data)
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        ledger = pathlib.Path(scratch) / "ledger.json"   # the figure's releases are not charged to your ledger
        for mechanism in MECHANISMS:
            for epsilon in EPSILONS:
                errors = []
                for seed in SEEDS:
                    r = mdp.release(data, geometry="spd/log-euclidean:k=3", mechanism=mechanism, epsilon=epsilon,
                                    delta=DELTA, center=CENTER, radius=RADIUS, clip=True, seed=seed, ledger=ledger)
                    errors.append(np.linalg.norm(logm(r.value) - target))
                rows.append((mechanism, epsilon, float(np.median(errors))))
    with open(OUT / "dti-release.csv", "w", encoding="utf-8") as f:
        f.write("mechanism,epsilon,median_distance\n")
        for mechanism, epsilon, median in rows:
            f.write("%s,%r,%.6g\n" % (mechanism, epsilon, median))
    chart(rows, len(data))


def chart(rows, n):
    import jpype
    builder = jpype.JClass("org.knowm.xchart.XYChartBuilder")()
    plot = builder.width(900).height(640).title(
        "Private mean of %d DTI tensors from Python (spd/log-euclidean:k=3, radius 3, delta 1e-6)" % n
    ).xAxisTitle("epsilon").yAxisTitle("median log-Euclidean distance to the data's mean (20 releases)").build()
    styler = plot.getStyler()
    styler.setXAxisLogarithmic(True)
    styler.setYAxisLogarithmic(True)
    styler.setLegendPosition(jpype.JClass("org.knowm.xchart.style.Styler$LegendPosition").InsideNE)
    styler.setChartBackgroundColor(jpype.JClass("java.awt.Color").WHITE)
    doubles = jpype.JArray(jpype.JDouble)
    for mechanism in MECHANISMS:
        points = [(e, m) for name, e, m in rows if name == mechanism]
        plot.addSeries(mechanism, doubles([e for e, _ in points]), doubles([m for _, m in points]))
    encoder = jpype.JClass("org.knowm.xchart.BitmapEncoder")
    encoder.saveBitmap(plot, str(OUT / "dti-release.png"), encoder.BitmapFormat.PNG)


if __name__ == "__main__":
    main()
