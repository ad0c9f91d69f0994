"""Seeded SPD(3) records in the affine-invariant ball of radius 0.9 around the identity, for benchmarks/kng-scale.

    python3 spd_points.py N OUT.csv

Each record is expm(V) for a symmetric V with Frobenius norm uniform in [0, 0.9) and a uniformly random direction
(Gaussian entries, normalised), so its affine-invariant distance from I, |V|_F, is below the release's radius 1.
Written as nine columns m11..m33 (row-major, the geometry's point layout) with 17 significant digits, so the
values round-trip exactly.
"""
import sys

import numpy as np


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = np.random.default_rng(20261128)
    a = rng.standard_normal((n, 3, 3))
    v = (a + np.transpose(a, (0, 2, 1))) / 2
    v /= np.linalg.norm(v, axis=(1, 2))[:, None, None]
    v *= 0.9 * rng.random(n)[:, None, None]
    w, u = np.linalg.eigh(v)
    x = np.einsum('nij,nj,nkj->nik', u, np.exp(w), u)
    x = (x + np.transpose(x, (0, 2, 1))) / 2
    header = ','.join(f'm{i}{j}' for i in range(1, 4) for j in range(1, 4))
    np.savetxt(out, x.reshape(n, 9), delimiter=',', header=header, comments='', fmt='%.17g')


if __name__ == '__main__':
    main()
