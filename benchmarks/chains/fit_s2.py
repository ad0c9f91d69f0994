# The non-private geodesic fit on S^2 (Fletcher's least squares, Kulkarni and Soto 2025 eq. (1)) of a CSV written by
# geodesic_s2.py: minimises sum_i d(exp_p(t_i v), y_i)^2 over the footpoint p = exp_N(u) and v in T_p (BFGS from the
# truth's neighbourhood; the loss is smooth there). Prints p(0). Usage: python3 fit_s2.py DATA.csv
import sys
import numpy as np
from scipy.optimize import minimize

data = np.loadtxt(sys.argv[1], delimiter=',', skiprows=1)
t, y = data[:, 0], data[:, 1:4]
N = np.array([0, 0, 1.0])


def exp(p, v):
    n = np.linalg.norm(v)
    return p if n == 0 else np.cos(n) * p + np.sin(n) * v / n


def params(z):
    p = exp(N, np.array([z[0], z[1], 0.0]))
    w = np.array(z[2:5])
    return p, w - w.dot(p) * p


def loss(z):
    p, v = params(z)
    total = 0.0
    for ti, yi in zip(t, y):
        q = exp(p, ti * v)
        total += np.arctan2(np.linalg.norm(np.cross(q, yi)), q.dot(yi)) ** 2
    return total


fit = minimize(loss, np.array([-0.15, 0, 0.3, 0, 0]), method='BFGS', options={'gtol': 1e-10})
print(*params(fit.x)[0])
