#!/usr/bin/env python3
"""Prints the side-by-side table (workload | numpy | java | ratio) from the numpy script's JSON and JMH's JSON.

    python3 ratio_table.py NUMPY_JSON JMH_JSON

ratio = numpy time / java time (above 1: Java is faster). Plain Python, no numpy needed.
"""

import json
import sys

# workload -> (JMH benchmark, the JMH parameters that select it, what is timed)
WORKLOADS = [
    ("kng_density_s2_n1000", "KngDensityBenchmark.sphereN1000", {}, "KNG density, S^2, n = 1000"),
    ("kng_density_spd2_ai_n100", "KngDensityBenchmark.spdAffineInvariant2N100", {},
     "KNG density, SPD(2) affine-invariant, n = 100"),
    ("kng_mh_step_spd2_ai_n100", "KngMetropolisStepBenchmark.spdAffineInvariant2N100", {},
     "KNG MH step, SPD(2) affine-invariant, n = 100"),
    ("frechet_mean_s2_n1000_1e-12", "FrechetMeanBenchmark.sphereN1000Tolerance1e12", {},
     "Frechet mean to 1e-12, S^2, n = 1000 (both gradient descent)"),
    ("frechet_mean_s2_n1000_1e-12", "FrechetMeanBenchmark.sphereN1000Tolerance1e12Newton", {},
     "Frechet mean to 1e-12, S^2, n = 1000 (numpy gradient descent, Java Newton: the default)"),
    ("log_euclidean_mean_spd30_n500", "LogEuclideanReleaseBenchmark.closedFormMean", {},
     "log-Euclidean mean, SPD(30), n = 500"),
    ("affine_invariant_distance_spd30", "GeometryPrimitivesBenchmark.spdAffineInvariantDistance", {"k": "30"},
     "affine-invariant distance, SPD(30)"),
    (None, "LogEuclideanReleaseBenchmark.tangentGaussianRelease", {},
     "tangent Gaussian release, SPD(30), n = 500 (no numpy equivalent)"),
    (None, "ExactKngReleaseBenchmark.sphereExactMechanismRelease", {},
     "exact KNG release, S^2, n = 1000 (no numpy equivalent)"),
]

TO_MICROSECONDS = {"ns/op": 1e-3, "us/op": 1.0, "ms/op": 1e3, "s/op": 1e6}


def java_times(jmh):
    """(benchmark short name, params) -> microseconds per operation (JMH's mean over the iterations)."""
    times = {}
    for run in jmh:
        name = ".".join(run["benchmark"].split(".")[-2:])
        metric = run["primaryMetric"]
        params = tuple(sorted((run.get("params") or {}).items()))
        times[(name, params)] = (float(metric["score"]) * TO_MICROSECONDS[metric["scoreUnit"]],
                                 float(metric["scoreError"]) * TO_MICROSECONDS[metric["scoreUnit"]])
    return times


def number(microseconds):
    return f"{microseconds:,.0f}" if microseconds >= 100 else f"{microseconds:.3g}"


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: ratio_table.py NUMPY_JSON JMH_JSON")
    with open(sys.argv[1], encoding="utf-8") as handle:
        numpy_side = json.load(handle)
    with open(sys.argv[2], encoding="utf-8") as handle:
        java = java_times(json.load(handle))
    print(f"numpy {numpy_side['numpy']} (python {numpy_side['python']}), one BLAS thread; "
          "JMH one thread; times in us per operation; ratio = numpy / java")
    print()
    print("| workload | numpy (us) | java (us) | ratio |")
    print("|---|---:|---:|---:|")
    for key, benchmark, params, label in WORKLOADS:
        found = java.get((benchmark, tuple(sorted(params.items()))))
        if found is None:
            java_text = "missing"
        else:
            java_text = number(found[0]) + ("" if found[1] != found[1] else f" ± {number(found[1])}")
        if key is None:
            numpy_text, ratio = "-", "-"
        else:
            numpy_us = numpy_side["workloads"][key]["us_per_op"]
            numpy_text = number(numpy_us)
            ratio = "-" if found is None else f"{numpy_us / found[0]:.2f}"
        print(f"| {label} | {numpy_text} | {java_text} | {ratio} |")


if __name__ == "__main__":
    main()
