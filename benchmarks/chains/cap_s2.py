# Issue 23's KNG mean chain on S^2: n = 100 points uniform (by area) in the cap of radius 0.1 about the point 0.3 from
# the north pole towards +x, so the non-private mean is about 0.3 from the public ball's centre (the north pole,
# where every chain starts). Seeded; writes cap-s2.csv beside this script. Usage: python3 cap_s2.py
import os
import numpy as np

rng = np.random.default_rng(23)
n, cap, offset = 100, 0.1, 0.3
c = np.array([np.sin(offset), 0, np.cos(offset)])
e1 = np.array([np.cos(offset), 0, -np.sin(offset)])
e2 = np.array([0, 1.0, 0])
rows = []
for _ in range(n):
    # geodesic radius with density proportional to sin(rho) on [0, cap], uniform direction
    rho = np.arccos(1 - rng.uniform() * (1 - np.cos(cap)))
    phi = rng.uniform(0, 2 * np.pi)
    rows.append(np.cos(rho) * c + np.sin(rho) * (np.cos(phi) * e1 + np.sin(phi) * e2))
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'cap-s2.csv')
np.savetxt(out, np.array(rows), delimiter=',', header='x,y,z', comments='', fmt='%.17g')
