#!/usr/bin/env python3
"""The numpy side of the side-by-side (benchmarks/side-by-side): the JMH workloads, hand-written in plain numpy.

Reads the fixtures written by dev.manifolddp.benchmarks.FixtureExport (the JMH benchmarks' own seeded data), checks
that every workload computes what Java computes on them (density values, means and distances agree to 1e-9, the MH
chain's acceptance rate within a tolerance), then times each workload with timeit and prints microseconds per
operation as JSON. One BLAS thread: the thread variables are set before numpy is imported.

Needs only numpy (Debian: `sudo apt-get install python3-numpy`, then run it with /usr/bin/python3).

    python3 numpy_reference.py FIXTURE_DIR [--repeat 7] [--check-only]
"""

import os

for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS"):
    os.environ[_variable] = "1"

import argparse  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import timeit  # noqa: E402

import numpy as np  # noqa: E402

AGREEMENT = 1e-9
MH_STEPS = 1000  # steps per timed chain, as KngMetropolisStepBenchmark
SEED = 20240601


# ---- S^2 (Soto et al. 2022, §4.1) -------------------------------------------------------------------------------

def row_norms(a):
    return np.sqrt(np.einsum("ij,ij->i", a, a))


def sphere_log_sum(x, points):
    """sum_i log(x, x_i) and the angles 2 atan2(|x_i - x|, |x_i + x|); log(x, x_i) = alpha_i w_i / |w_i|."""
    diff = points - x
    alpha = 2.0 * np.arctan2(row_norms(diff), row_norms(points + x))
    w = diff - np.outer(diff @ x / (x @ x), x)
    norms = row_norms(w)
    scale = np.divide(alpha, norms, out=np.zeros_like(alpha), where=norms > 0)
    return scale @ w, alpha


def sphere_exp(x, v):
    t = np.linalg.norm(v)
    return x if t == 0 else np.cos(t) * x + np.sin(t) / t * v


def sphere_density(x, points):
    """The KNG exponent |grad U(x)|_x = (1/n) |sum_i log(x, x_i)|."""
    total, _ = sphere_log_sum(x, points)
    return np.linalg.norm(total) / len(points)


def sphere_frechet_mean(points, tolerance=1e-12, step=0.5, max_iterations=10_000):
    """Gradient descent from the first point, mu <- exp(mu, t v), v = mean log, until |v| < tolerance."""
    mean = points[0].copy()
    for iteration in range(max_iterations + 1):
        total, alpha = sphere_log_sum(mean, points)
        if alpha.max() >= np.pi:
            raise ValueError("a data point is at the cut locus of the iterate")
        v = total / len(points)
        if np.linalg.norm(v) < tolerance:
            return mean, iteration
        v -= (v @ mean) / (mean @ mean) * mean  # keep the step tangent against rounding drift
        mean = sphere_exp(mean, step * v)
    raise RuntimeError("the Frechet mean did not reach the tolerance")


# ---- SPD(k) ---------------------------------------------------------------------------------------------------

def spectral(values, vectors, function):
    """U diag(f(lambda)) U^T, batched."""
    return (vectors * function(values)[..., None, :]) @ np.swapaxes(vectors, -1, -2)


def inverse_root_and_root(x):
    values, vectors = np.linalg.eigh(x)
    return spectral(values, vectors, lambda s: 1 / np.sqrt(s)), spectral(values, vectors, np.sqrt)


def whitened_logs(x_inv_root, points):
    """Logm(x^-1/2 X_i x^-1/2) for every X_i: log(x, X_i) = x^1/2 (this) x^1/2 (affine-invariant, §4.2)."""
    return spectral(*np.linalg.eigh(x_inv_root @ points @ x_inv_root), np.log)


def spd_density(x, points):
    """(1/n) |sum_i log(x, X_i)|_x; the affine-invariant norm at x of x^1/2 S x^1/2 is |S|_F."""
    inv_root, _ = inverse_root_and_root(x)
    return np.linalg.norm(whitened_logs(inv_root, points).sum(axis=0)) / len(points)


def affine_invariant_distance(p, q):
    """|Logm(p^-1/2 q p^-1/2)|_F from the eigenvalues of L^-1 q L^-T (same spectrum; L the Cholesky factor)."""
    lower = np.linalg.cholesky(p)
    whitened = np.linalg.solve(lower, np.linalg.solve(lower, q).T)
    return np.sqrt(np.sum(np.log(np.linalg.eigvalsh(whitened)) ** 2))


def log_euclidean_mean(points):
    """Expm((1/n) sum_i Logm X_i)."""
    mean_log = spectral(*np.linalg.eigh(points), np.log).mean(axis=0)
    return spectral(*np.linalg.eigh(mean_log), np.exp)


def box_matrix(coordinates, k):
    """The symmetric matrix of vecd coordinates in the Frobenius-orthonormal basis (E_ii; (E_ij + E_ji)/sqrt 2)."""
    matrix = np.diag(coordinates[:k])
    upper = np.triu_indices(k, 1)
    matrix[upper] = coordinates[k:] / np.sqrt(2)
    matrix[upper[::-1]] = coordinates[k:] / np.sqrt(2)
    return matrix


def box_coordinates(matrix):
    k = len(matrix)
    return np.concatenate([np.diag(matrix), np.sqrt(2) * matrix[np.triu_indices(k, 1)]])


class SpdKngChain:
    """Metropolis-Hastings for the KNG of the Frechet mean on affine-invariant SPD(k), restricted to a ball.

    As the Java chain (Soto et al. 2022, suppl. §2.3.2): coordinates uniform in step [-1/2, 1/2]^d in the orthonormal basis
    x^1/2 B x^1/2, y = exp(x, V) = x^1/2 Expm(B) x^1/2, reject outside the ball, and the exact reverse-cube Hastings
    correction (accept only when the coordinates of log(y, x) lie in the cube too).
    """

    def __init__(self, points, sigma, step, center, radius):
        self.points, self.sigma, self.step = points, sigma, step
        self.center_inv_root, _ = inverse_root_and_root(center)
        self.radius = radius
        self.k = points.shape[-1]

    def log_target(self, x_inv_root):
        return -np.linalg.norm(whitened_logs(x_inv_root, self.points).sum(axis=0)) / len(self.points) / self.sigma

    def propose(self, x_root, coordinates):
        return x_root @ spectral(*np.linalg.eigh(box_matrix(self.step * coordinates, self.k)), np.exp) @ x_root

    def run(self, start, steps, rng):
        x = start
        x_inv_root, x_root = inverse_root_and_root(x)
        log_current = self.log_target(x_inv_root)
        accepted = 0
        for u in rng.random((steps, self.k * (self.k + 1) // 2 + 1)):
            y = self.propose(x_root, u[:-1] - 0.5)
            y = (y + y.T) / 2
            center_whitened = np.linalg.eigvalsh(self.center_inv_root @ y @ self.center_inv_root)
            if center_whitened[0] <= 0 or np.sqrt(np.sum(np.log(center_whitened) ** 2)) > self.radius:
                continue
            y_inv_root, y_root = inverse_root_and_root(y)
            log_ratio = self.log_target(y_inv_root) - log_current
            reverse = box_coordinates(spectral(*np.linalg.eigh(y_inv_root @ x @ y_inv_root), np.log))
            if np.max(np.abs(reverse)) > 0.5 * self.step:
                continue
            if log_ratio >= 0 or np.log(u[-1]) < log_ratio:
                x, x_inv_root, x_root = y, y_inv_root, y_root
                log_current += log_ratio
                accepted += 1
        return x, accepted / steps


# ---- fixtures, checks, timing --------------------------------------------------------------------------------

def load(directory):
    def csv(name):
        return np.loadtxt(os.path.join(directory, name), delimiter=",", ndmin=2)

    with open(os.path.join(directory, "reference.json"), encoding="utf-8") as handle:
        reference = {key: np.asarray(value) for key, value in json.load(handle).items()}
    fixtures = {
        "sphere": csv("sphere_cap_1000.csv"),
        "spd2": csv("spd2_wishart_100.csv").reshape(-1, 2, 2),
        "spd30": csv("spd30_random_500.csv").reshape(-1, 30, 30),
        "pair": csv("spd30_pair.csv").reshape(-1, 30, 30),
    }
    return fixtures, reference


def workloads(fixtures, reference):
    """name -> (operation to time, operations per call, [(numpy value, Java value[, tolerance]), ...])."""
    f, r = fixtures, reference
    x_sphere = r["sphere_density_x"]
    x_spd2 = r["spd2_density_x"].reshape(2, 2)
    chain = SpdKngChain(f["spd2"], float(r["spd2_sigma"]), float(r["spd2_step"]),
                        r["spd2_center"].reshape(2, 2), float(r["spd2_radius"]))
    start = r["spd2_start"].reshape(2, 2)
    rng = np.random.default_rng(SEED)
    _, start_root = inverse_root_and_root(start)
    proposed = chain.propose(start_root, r["spd2_proposal_check_coordinates"])
    p, q = f["pair"][0], f["pair"][1]
    return {
        "kng_density_s2_n1000": (lambda: sphere_density(x_sphere, f["sphere"]), 1,
                                 [(sphere_density(x_sphere, f["sphere"]), r["sphere_density"])]),
        "kng_density_spd2_ai_n100": (lambda: spd_density(x_spd2, f["spd2"]), 1,
                                     [(spd_density(x_spd2, f["spd2"]), r["spd2_density"])]),
        "kng_mh_step_spd2_ai_n100": (lambda: chain.run(start, MH_STEPS, rng), MH_STEPS,
                                     [(proposed, r["spd2_proposal_check"].reshape(2, 2)),
                                      (chain.log_target(inverse_root_and_root(proposed)[0]),
                                       r["spd2_log_target_proposal_check"])]),
        "frechet_mean_s2_n1000_1e-12": (lambda: sphere_frechet_mean(f["sphere"]), 1,
                                        [(sphere_frechet_mean(f["sphere"])[0], r["sphere_mean"]),
                                         # the same number of updates (Java: 39); rounding may shift one
                                         (sphere_frechet_mean(f["sphere"])[1], r["sphere_mean_iterations"], 1)]),
        "log_euclidean_mean_spd30_n500": (lambda: log_euclidean_mean(f["spd30"]), 1,
                                          [(log_euclidean_mean(f["spd30"]), r["spd30_log_euclidean_mean"]
                                            .reshape(30, 30))]),
        "affine_invariant_distance_spd30": (lambda: affine_invariant_distance(p, q), 1,
                                            [(affine_invariant_distance(p, q),
                                              r["spd30_affine_invariant_distance"])]),
    }, chain, start


def check(table, chain, start, reference):
    """Every value within AGREEMENT of Java's (unless the pair names its own tolerance), and the chain's acceptance rate within 0.02 of Java's chain."""
    failures = []
    for name, (_, _, pairs) in table.items():
        for numpy_value, java_value, *tolerance in pairs:
            limit = tolerance[0] if tolerance else AGREEMENT
            gap = float(np.max(np.abs(np.asarray(numpy_value) - java_value)))
            print(f"check {name}: max |numpy - java| = {gap:.3g} (allowed {limit:g})", file=sys.stderr)
            if not gap <= limit:
                failures.append(f"{name}: numpy and Java differ by {gap:.3g} > {limit:g}")
    steps = int(reference["spd2_chain_steps"])
    _, acceptance = chain.run(start, steps, np.random.default_rng(SEED + 1))
    java_acceptance = float(reference["spd2_chain_acceptance"])
    print(f"check MH acceptance over {steps} steps: numpy {acceptance:.4f}, java {java_acceptance:.4f}",
          file=sys.stderr)
    # both rates are of autocorrelated chains of 20 000 steps; 0.02 is many standard errors (about 0.002 each)
    if abs(acceptance - java_acceptance) > 0.02:
        failures.append(f"MH acceptance: numpy {acceptance:.4f}, java {java_acceptance:.4f}")
    return failures


def time_all(table, repeat):
    """Median over `repeat` timeit runs, each of enough calls to last about 0.2 s; microseconds per operation."""
    results = {}
    for name, (operation, per_call, _) in table.items():
        timer = timeit.Timer(operation)
        number, _ = timer.autorange()
        number = max(1, number)
        runs = timer.repeat(repeat=repeat, number=number)
        per_op = [run / number / per_call * 1e6 for run in runs]
        results[name] = {"us_per_op": statistics.median(per_op), "min_us_per_op": min(per_op),
                         "max_us_per_op": max(per_op), "calls_per_run": number, "runs": repeat}
        print(f"timed {name}: {results[name]['us_per_op']:.4g} us/op", file=sys.stderr)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fixtures", help="the directory FixtureExport wrote")
    parser.add_argument("--repeat", type=int, default=7, help="timeit repeats per workload (default 7)")
    parser.add_argument("--check-only", action="store_true", help="compare with Java and stop")
    args = parser.parse_args()
    fixtures, reference = load(args.fixtures)
    table, chain, start = workloads(fixtures, reference)
    failures = check(table, chain, start, reference)
    if failures:
        print("numpy and Java disagree:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    if args.check_only:
        return 0
    results = time_all(table, args.repeat)
    print(json.dumps({"numpy": np.__version__, "python": sys.version.split()[0], "unit": "us/op",
                      "workloads": results}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
