"""Shared fixtures: the repository, the command line in its own JVM (java -jar mdp.jar), data in the three shapes."""

import pathlib
import subprocess
import sys

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))

import manifolddp  # noqa: E402
from manifolddp import _jvm  # noqa: E402


@pytest.fixture(scope="session")
def jar():
    return _jvm.jar_path()


@pytest.fixture(scope="session")
def cli(jar):
    """Runs the real command line, java -jar mdp.jar ARGS, in a separate JVM; returns the completed process."""
    def run(*args, cwd=None):
        return subprocess.run(["java", "-jar", str(jar)] + [str(a) for a in args], capture_output=True, text=True,
                              cwd=cwd)
    return run


def write_csv(path, rows, header=None):
    """Rows written with repr, which round-trips every double, so the file holds exactly the array's numbers."""
    with open(path, "w", encoding="utf-8") as f:
        if header:
            f.write(",".join(header) + "\n")
        for row in rows:
            f.write(",".join(repr(float(v)) for v in row) + "\n")
    return path


def sphere_points(n=40, seed=1, spread=0.1):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 3)) * spread + [0.0, 0.0, 1.0]
    return x / np.linalg.norm(x, axis=1)[:, None]


def dti_tensors():
    """The bundled DTI tensors as a geomstats-style (968, 3, 3) array (the file holds the upper triangles)."""
    table = np.genfromtxt(ROOT / "datasets" / "dti-tensors" / "tensors.csv", delimiter=",", names=True)
    upper = np.stack([table[c] for c in ("Dxx", "Dxy", "Dxz", "Dyy", "Dyz", "Dzz")], axis=1)
    rows, cols = np.triu_indices(3)
    tensors = np.zeros((len(upper), 3, 3))
    tensors[:, rows, cols] = upper
    tensors[:, cols, rows] = upper
    return tensors


def landmarks(n=30, k=5, seed=3):
    """(n, k, 2) planar configurations scattered around a regular pentagon."""
    rng = np.random.default_rng(seed)
    angles = 2 * np.pi * np.arange(k) / k
    template = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    return template + rng.normal(scale=0.02, size=(n, k, 2))


def without_file(text):
    """A release's JSON without its input.file line, the one line that names where the records came from."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith('"file" :'))
