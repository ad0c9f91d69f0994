"""regress(), plan(), audit() and refusals: the command line's code and messages, as Python values and exceptions."""

import json
import subprocess
import sys

import numpy as np
import pytest

import manifolddp
from conftest import ROOT, sphere_points, without_file, write_csv

SPHERE = dict(geometry="sphere:d=2", mechanism="riemannian-laplace", epsilon=1, center=[0, 0, 1], radius=0.5)


def regression_data(n=30, seed=4):
    """Points near the geodesic t -> (sin 0.2t, 0, cos 0.2t), t in [0, 1], with covariate t."""
    rng = np.random.default_rng(seed)
    t = rng.uniform(0, 1, size=n)
    x = np.stack([np.sin(0.2 * t), rng.normal(scale=0.01, size=n), np.cos(0.2 * t)], axis=1)
    return x / np.linalg.norm(x, axis=1)[:, None], t


def test_seeded_regression_of_arrays_equals_the_command_lines_but_the_input_name(tmp_path, cli):
    points, age = regression_data()
    data = write_csv(tmp_path / "r.csv", np.column_stack([points, age]), header=["x", "y", "z", "age"])
    common = dict(geometry="sphere:d=2", covariate_range=(0, 1), center=[0, 0, 1], radius=0.3, epsilon=2,
                  method="public-vector", param={"burn-in": 200}, allow_mcmc=True, seed=9)
    ours = manifolddp.regress(points, age, covariate_name="age", **common, ledger=tmp_path / "py.json")
    cli("release", "--estimator", "geodesic-regression", "--geometry", "sphere:d=2", "--covariate", "age",
        "--covariate-range", "0,1", "--mechanism", "kng", "--method", "public-vector", "--param", "burn-in=200",
        "--epsilon", "2", "--center", "0,0,1", "--radius", "0.3", "--input", data, "--columns", "x,y,z",
        "--allow-mcmc", "--seed", 9, "--ledger", tmp_path / "cli.json", "--out", tmp_path / "cli.out"
        ).check_returncode()
    assert without_file(ours.to_json()) == without_file((tmp_path / "cli.out").read_text(encoding="utf-8"))
    assert ours.footpoint.shape == (3,) and ours.shooting_vector.shape == (3,)
    # from the file, the same release byte for byte
    again = manifolddp.regress(data, "age", columns=["x", "y", "z"], **common, ledger=tmp_path / "py2.json")
    assert again.to_json() == (tmp_path / "cli.out").read_text(encoding="utf-8")


def test_a_covariate_outside_its_public_range_is_refused_naming_the_row(tmp_path):
    points, age = regression_data()
    age[4] = 1.5
    with pytest.raises(manifolddp.ManifoldDPError, match="row 5") as refused:
        manifolddp.regress(points, age, geometry="sphere:d=2", covariate_range=(0, 1), center=[0, 0, 1],
                           radius=0.3, epsilon=2, allow_mcmc=True, ledger=tmp_path / "l.json")
    assert "1.5" not in str(refused.value)


def test_plan_returns_the_command_lines_plan(tmp_path, cli):
    args = dict(geometry="sphere:d=2", center=[0, 0, 1], radius=0.39269908, n=[100, 400], epsilon=[0.5, 1],
                mechanism=["riemannian-laplace", "tangent-gaussian"], delta=1e-6, replicates=20)
    ours = manifolddp.plan(**args, out=tmp_path / "py")
    cli("plan", "--geometry", "sphere:d=2", "--center", "0,0,1", "--radius", "0.39269908", "--n", "100,400",
        "--epsilon", "0.5,1", "--mechanism", "riemannian-laplace,tangent-gaussian", "--delta", "1e-6",
        "--replicates", 20, "--out", tmp_path / "cli").check_returncode()
    assert (tmp_path / "py" / "plan.csv").read_bytes() == (tmp_path / "cli" / "plan.csv").read_bytes()
    theirs = json.loads((tmp_path / "cli" / "plan.json").read_text())
    assert ours.pop("printed").startswith("plan")
    assert ours.pop("wallSeconds") > 0 and theirs.pop("wallSeconds") > 0  # the only field that may differ
    assert ours == theirs


def test_audit_returns_the_command_lines_audit(tmp_path, cli):
    args = ["--geometry", "sphere:d=2", "--mechanism", "riemannian-laplace", "--epsilon", "1", "--center", "0,0,1",
            "--radius", "0.3", "--n", "10", "--releases", "400", "--threads", "1", "--quiet"]
    cli("audit", *args, "--out", tmp_path / "cli.json").check_returncode()
    ours = manifolddp.audit(geometry="sphere:d=2", mechanism="riemannian-laplace", epsilon=1, center=[0, 0, 1],
                            radius=0.3, n=10, releases=400, threads=1, out=tmp_path / "py.json")
    theirs = json.loads((tmp_path / "cli.json").read_text())
    assert ours == json.loads((tmp_path / "py.json").read_text())
    assert ours.keys() == theirs.keys()


def test_refusals_carry_the_java_message_without_a_stack_trace(tmp_path):
    with pytest.raises(manifolddp.ManifoldDPError) as unknown:
        manifolddp.release(sphere_points(), **dict(SPHERE, mechanism="nope"), ledger=tmp_path / "l.json")
    message = str(unknown.value)
    assert message.startswith("--mechanism: unknown mechanism 'nope'")
    assert "\n" not in message and "at dev.manifolddp" not in message and "Exception" not in message
    assert unknown.value.status == 1


def test_a_row_off_the_manifold_is_refused_naming_the_row_and_nothing_is_written(tmp_path):
    points = sphere_points()
    points[2] *= 1.01
    with pytest.raises(manifolddp.ManifoldDPError, match=r"array:numpy: 1 of 40 rows are not points .*row 3"):
        manifolddp.release(points, **SPHERE, ledger=tmp_path / "l.json", out=tmp_path / "out.json")
    assert not (tmp_path / "out.json").exists() and not (tmp_path / "l.json").exists()


@pytest.mark.parametrize("bad, match", [
    (np.full((4, 3), np.nan), "NaN or infinite"),
    (np.zeros((0, 3)), "one point per row"),
    (np.zeros(3), "one point per row"),
    (np.ones((5, 4)), "needs the 3 coordinates"),
])
def test_malformed_arrays_are_refused(tmp_path, bad, match):
    with pytest.raises(manifolddp.ManifoldDPError, match=match):
        manifolddp.release(bad, **SPHERE, ledger=tmp_path / "l.json")


def test_a_selection_and_a_float_seed_are_refused_for_arrays(tmp_path):
    with pytest.raises(manifolddp.ManifoldDPError, match="--where selects rows by a CSV column"):
        manifolddp.release(sphere_points(), **SPHERE, where="group=a", public_columns=["group"],
                           ledger=tmp_path / "l.json")
    with pytest.raises(manifolddp.ManifoldDPError, match="--seed must be an integer"):
        manifolddp.release(sphere_points(), **SPHERE, seed=1.5, ledger=tmp_path / "l.json")


def test_an_array_name_on_the_command_line_is_refused(tmp_path, cli):
    done = cli("release", "--geometry", "sphere:d=2", "--mechanism", "riemannian-laplace", "--epsilon", "1",
               "--center", "0,0,1", "--radius", "0.5", "--input", "array:numpy", "--ledger", tmp_path / "l.json",
               "--out", tmp_path / "o.json")
    assert done.returncode == 1 and "no such array was handed over" in done.stderr


def test_without_jpype_the_error_names_the_debian_packages():
    code = ("import sys; sys.modules['jpype'] = None; sys.path.insert(0, %r); import manifolddp\n"
            "try:\n    manifolddp.release([[0, 0, 1.0]], geometry='sphere:d=2', mechanism='kng', epsilon=1, "
            "center=[0, 0, 1], radius=0.5)\nexcept ImportError as e:\n    print(e)" % str(ROOT / "python"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "apt-get install -y python3-jpype python3-numpy" in done.stdout
