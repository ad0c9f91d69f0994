# Seeded directions on S^2 for the ingest benchmark (issue 26), written as CSV and as .npy:
#   python3 s2_points.py N OUT.csv [OUT.npy]
# Directions within geodesic distance 0.35 of the north pole (inside the release's ball of radius 0.4, so no
# record needs --clip), twelve decimals per coordinate (about 40 bytes a row: 40 MB for 10^6 rows). The .npy
# holds the values the CSV's text denotes (parsed back from it), so both inputs are the same dataset.
import sys

import numpy as np

n = int(sys.argv[1])
csv = sys.argv[2]
rng = np.random.default_rng(20260)
theta = 0.35 * np.sqrt(rng.random(n))
phi = 2 * np.pi * rng.random(n)
x = np.column_stack([np.sin(theta) * np.cos(phi), np.sin(theta) * np.sin(phi), np.cos(theta)])
np.savetxt(csv, x, fmt='%.12f', delimiter=',', header='x0,x1,x2', comments='')
if len(sys.argv) > 3:
    np.save(sys.argv[3], np.loadtxt(csv, delimiter=',', skiprows=1))
