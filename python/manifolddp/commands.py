"""release, regress, plan and audit: the ``mdp`` commands with numpy arrays in and out.

Each function turns its keyword arguments into the command line's flags, one for one, and runs the command in the
JVM (see _jvm). No privacy logic lives here: validation, calibration, the ledger and the noise are the Java code the
command line runs, so a refusal is the command line's message and a seeded release its bytes.
"""

import json
import os
import pathlib
import tempfile
import numbers

import numpy as np

from . import _jvm
from .errors import ManifoldDPError

ARRAY = "array:"


class Release:
    """A release as ``mdp release`` writes it: the JSON bytes and the fields a caller reads most.

    value           the released point as a numpy array shaped like one input point ((d+1,), (k, k) or (k, 2));
                    for a regression, ``footpoint`` (same shape) and ``shooting_vector`` (flat tangent vector)
    guarantee       the label heading the release: pure, epsilon-delta, mcmc, unproven or not-private
    budget          (epsilon, delta) spent
    unit_of_privacy what neighbouring datasets differ in
    warnings        the release's warnings
    summary         what ``mdp release`` prints (it may hold counts that are not private, e.g. rows clipped: it is
                    returned, never printed, and must not be published)
    """

    def __init__(self, text, shape, summary):
        self._text = text
        self.json = json.loads(text)
        self.summary = summary
        self.guarantee = self.json["guarantee"]
        self.unit_of_privacy = self.json["unitOfPrivacy"]
        self.budget = (self.json["budget"]["epsilon"], self.json["budget"]["delta"])
        self.warnings = list(self.json["warnings"])
        meaning = self.json.get("meaning", {})
        if "footpoint" in meaning:
            # a regression: the value is the (footpoint, vector) pair on the tangent bundle; the estimator's reading
            # at the caller's covariate is what a caller wants
            self.footpoint = _shaped(meaning["footpoint"], shape)
            self.shooting_vector = np.array(meaning["shootingVector"], dtype=float)
            self.value = self.footpoint
        elif "value" in self.json:
            self.value = _shaped(self.json["value"], shape)
        else:
            self.footpoint = _shaped(self.json["footpoint"], shape)
            self.shooting_vector = np.array(self.json["shootingVector"], dtype=float)
            self.value = self.footpoint

    def to_json(self):
        """The release file's text, identical to what ``mdp release --out FILE`` writes."""
        return self._text

    def __repr__(self):
        return "Release(guarantee=%r, budget=%r, unit_of_privacy=%r, value=%r)" % (
            self.guarantee, self.budget, self.unit_of_privacy, self.value)


def _shaped(values, shape):
    flat = np.array(values, dtype=float)
    return flat.reshape(shape) if shape is not None and int(np.prod(shape)) == flat.size else flat


def _number(name, value):
    """A number as the command line's text: as given when a string, else the shortest text of the same double."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ManifoldDPError("%s must be a number. Provided value: %r" % (name, value), 2)
    return repr(int(value)) if isinstance(value, numbers.Integral) else repr(float(value))


def _numbers(name, values):
    if isinstance(values, str):
        return values
    flat = np.asarray(values, dtype=object).ravel() if not np.isscalar(values) else [values]
    return ",".join(_number(name, v) for v in flat)


def _flags(**options):
    """--flag value pairs for every option given (None is left out, True is a bare flag, False nothing)."""
    args = []
    for key, value in options.items():
        if value is None or value is False:
            continue
        flag = "--" + key.replace("_", "-")
        if value is True:
            args.append(flag)
        elif key == "param":
            for k, v in value.items():
                args += [flag, "%s=%s" % (k, v)]
        elif isinstance(value, (list, tuple)) and key in ("columns", "public_columns", "mechanism"):
            args += [flag, ",".join(str(v) for v in value)]
        elif isinstance(value, (str, os.PathLike)):
            args += [flag, os.fspath(value)]
        else:
            args += [flag, _numbers(flag, value)]
    return args


def _seed(seed):
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise ManifoldDPError("--seed must be an integer (and makes the release not private). Provided value: %r"
                              % (seed,), 2)
    return str(int(seed))


def _point_shape(geometry):
    """The shape of one point for a file input, from the geometry's spec (flat when the spec does not say)."""
    name, _, settings = geometry.partition(":")
    values = dict(kv.split("=", 1) for kv in settings.split(",") if "=" in kv)
    if name.startswith("spd") and "k" in values:
        k = int(values["k"])
        return (k, k)
    if name.startswith("kendall") and "landmarks" in values:
        return (int(values["landmarks"]), 2)
    return None


def _records(points, name, covariates):
    """(input flag value, Java records or None, point shape) for an array or a file (path or dataset:NAME)."""
    if isinstance(points, (str, os.PathLike)):
        return os.fspath(points), None, None
    array = np.asarray(points)
    if array.dtype == object or not np.issubdtype(array.dtype, np.number):
        raise ManifoldDPError("points must be a numeric numpy array of shape (n, d+1), (n, k, k) or (n, k, 2), "
                              "or a CSV file's path. Provided value: an array of %s" % array.dtype, 2)
    if array.ndim not in (2, 3) or array.shape[0] < 1:
        raise ManifoldDPError("points must have one point per row: shape (n, d+1) on a sphere, (n, k, k) for SPD "
                              "matrices, (n, k, 2) for landmarks. Provided value: an array of shape %s"
                              % (array.shape,), 2)
    flat = np.ascontiguousarray(array, dtype=np.float64).reshape(array.shape[0], -1)
    columns = {}
    for column, values in covariates.items():
        x = np.ascontiguousarray(values, dtype=np.float64).ravel()
        columns[column] = x
    label = ARRAY + name
    java = _jvm.array_records(label, flat.ravel(), flat.shape[0], flat.shape[1], columns)
    return label, java, array.shape[1:]


def _released(args, records, shape, out, force):
    """Runs a release writing --out (a private temporary file when out is None) and reads it back."""
    with tempfile.TemporaryDirectory(prefix="manifolddp-") as scratch:
        target = pathlib.Path(out) if out is not None else pathlib.Path(scratch) / "release.json"
        printed = _jvm.run(args + ["--out", str(target)] + (["--force"] if force else []), records)
        return Release(target.read_bytes().decode("utf-8"), shape, printed)


def release(points, *, geometry, mechanism, epsilon, center, radius, delta=None, seed=None, param=None,
            estimator=None, clip=False, columns=None, where=None, public_columns=None, subject_column=None,
            max_records_per_subject=None, ledger=None, dataset=None, total_epsilon=None, total_delta=None,
            override_budget=False, allow_mcmc=False, diagnostics=None, out=None, force=False, plugins=None,
            name="numpy"):
    """A private Frechet mean (or another estimator) of ``points``: ``mdp release`` with these flags.

    points is a numpy array, one point per row ((n, d+1) on a sphere, (n, k, k) SPD, (n, k, 2) landmarks), or the
    path of a CSV file or ``dataset:NAME`` (then ``columns``, ``where``, ``public_columns`` and ``subject_column``
    name its columns as on the command line). An array is handed to Java in memory as ``--input array:NAME``; its
    ledger account is that of a headerless CSV with the same numbers. ``seed`` is ``--seed``: reproducible and
    therefore labelled not-private; without it the noise comes from SecureRandom. Everything else maps to the flag
    of the same name (``mdp release --help``). The JSON goes to ``out`` only when given.
    """
    flag, records, shape = _records(points, name, {})
    args = ["release", "--geometry", geometry] + _flags(
        estimator=estimator, mechanism=mechanism, param=param, epsilon=epsilon, delta=delta, center=center,
        radius=radius, input=flag, clip=clip, seed=_seed(seed), columns=columns, where=where,
        public_columns=public_columns, subject_column=subject_column,
        max_records_per_subject=max_records_per_subject, ledger=ledger, dataset=dataset,
        total_epsilon=total_epsilon, total_delta=total_delta, override_budget=override_budget,
        allow_mcmc=allow_mcmc, diagnostics=diagnostics, plugins=plugins)
    return _released(args, records, shape if shape is not None else _point_shape(geometry), out, force)


def regress(points, covariate, *, geometry, covariate_range, center, radius, epsilon=None, epsilon_p=None,
            epsilon_v=None, delta=None, mechanism="kng", method=None, tau=None, footpoint_radius=None,
            max_speed=None, seed=None, param=None, columns=None, where=None, public_columns=None, ledger=None,
            dataset=None, total_epsilon=None, total_delta=None, override_budget=False, allow_mcmc=False,
            diagnostics=None, out=None, force=False, plugins=None, name="numpy", covariate_name="covariate"):
    """A private geodesic regression of ``points`` on ``covariate``: ``mdp release --estimator geodesic-regression``.

    With an array of points, ``covariate`` is an array of one value per point; with a CSV file it is the name of
    its covariate column (``covariate_name`` names an array's, as the release records it). ``covariate_range``
    (LO, HI) is PUBLIC: fixed before seeing the data. The release's
    ``footpoint`` has the shape of a point and ``shooting_vector`` is the flat tangent vector at it.
    """
    if isinstance(points, (str, os.PathLike)):
        if not isinstance(covariate, str):
            raise ManifoldDPError("with a CSV file, covariate names its column. Provided value: %r" % (covariate,), 2)
        flag, records, shape = _records(points, name, {})
        column = covariate
    else:
        column = covariate_name
        flag, records, shape = _records(points, name, {column: covariate})
    args = ["release", "--estimator", "geodesic-regression", "--geometry", geometry] + _flags(
        covariate=column, covariate_range=covariate_range, mechanism=mechanism, method=method, param=param,
        epsilon=epsilon, epsilon_p=epsilon_p, epsilon_v=epsilon_v, delta=delta, center=center, radius=radius,
        tau=tau, footpoint_radius=footpoint_radius, max_speed=max_speed, input=flag, seed=_seed(seed),
        columns=columns, where=where, public_columns=public_columns, ledger=ledger, dataset=dataset,
        total_epsilon=total_epsilon, total_delta=total_delta, override_budget=override_budget,
        allow_mcmc=allow_mcmc, diagnostics=diagnostics, plugins=plugins)
    return _released(args, records, shape if shape is not None else _point_shape(geometry), out, force)


def plan(*, geometry, center, radius, n, epsilon, mechanism=None, delta=None, param=None, replicates=None, seed=None,
         target_error=None, max_n=None, allow_mcmc=False, method=None, threads=None, out=None, force=False):
    """``mdp plan``: each mechanism's expected error from public inputs only (no data). Returns plan.json as a dict
    (with the printed table under ``"printed"``); ``out`` keeps plan.csv, plan.json and plan.png in that folder."""
    with tempfile.TemporaryDirectory(prefix="manifolddp-plan-") as scratch:
        folder = pathlib.Path(out) if out is not None else pathlib.Path(scratch)
        args = ["plan", "--geometry", geometry] + _flags(
            center=center, radius=radius, n=n, epsilon=epsilon, delta=delta, mechanism=mechanism, param=param,
            replicates=replicates, seed=seed, target_error=target_error, max_n=max_n, allow_mcmc=allow_mcmc,
            method=method, threads=threads, out=str(folder), force=force or out is None)
        printed = _jvm.run(args)
        result = json.loads((folder / "plan.json").read_text(encoding="utf-8"))
        result["printed"] = printed
        return result


def audit(*, geometry, mechanism, epsilon, center, radius, n, releases, delta=None, param=None, directions=None,
          seed=None, confidence=None, threads=None, out=None, force=False, plugins=None):
    """``mdp audit``: a lower confidence bound on the epsilon each mechanism actually spends, on synthetic data.
    Returns audit.json as a dict (and writes it to ``out`` when given)."""
    with tempfile.TemporaryDirectory(prefix="manifolddp-audit-") as scratch:
        target = pathlib.Path(out) if out is not None else pathlib.Path(scratch) / "audit.json"
        args = ["audit", "--geometry", geometry] + _flags(
            mechanism=mechanism, param=param, epsilon=epsilon, delta=delta, center=center, radius=radius, n=n,
            releases=releases, directions=directions, seed=seed, confidence=confidence, threads=threads,
            out=str(target), force=force, plugins=plugins, quiet=True)
        _jvm.run(args)
        return json.loads(target.read_text(encoding="utf-8"))
