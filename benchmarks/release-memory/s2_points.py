# Directions within geodesic distance 0.5 of the north pole, written as CSV: python3 s2_points.py N OUT.csv
import numpy as np, sys
n = int(sys.argv[1]); out = sys.argv[2]
rng = np.random.default_rng(1)
# directions within geodesic distance 0.5 of the north pole (some beyond the 0.4 ball, so --clip moves them)
theta = 0.5 * np.sqrt(rng.random(n)); phi = 2 * np.pi * rng.random(n)
x = np.column_stack([np.sin(theta) * np.cos(phi), np.sin(theta) * np.sin(phi), np.cos(theta)])
np.savetxt(out, x, fmt='%.17g', delimiter=',', header='x0,x1,x2', comments='')
