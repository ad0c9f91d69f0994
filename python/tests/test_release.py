"""release(): arrays in the three shapes, the same bytes as mdp release, the same ledger, the same random source."""

import json

import numpy as np
import pytest

import manifolddp
from conftest import ROOT, dti_tensors, landmarks, sphere_points, without_file, write_csv

SPHERE = dict(geometry="sphere:d=2", mechanism="riemannian-laplace", epsilon=1, center=[0, 0, 1], radius=0.5)
SPHERE_FLAGS = ["--geometry", "sphere:d=2", "--mechanism", "riemannian-laplace", "--epsilon", "1", "--center",
                "0,0,1", "--radius", "0.5"]


def test_seeded_release_of_a_file_equals_the_command_lines_bytes(tmp_path, cli):
    data = write_csv(tmp_path / "s2.csv", sphere_points())
    cli("release", *SPHERE_FLAGS, "--input", data, "--seed", 11, "--ledger", tmp_path / "cli.json", "--out",
        tmp_path / "cli-release.json").check_returncode()
    ours = manifolddp.release(data, **SPHERE, seed=11, ledger=tmp_path / "py.json")
    assert ours.to_json().encode("utf-8") == (tmp_path / "cli-release.json").read_bytes()
    assert ours.guarantee == "not-private"


def test_seeded_release_of_an_array_equals_the_command_lines_bytes_but_the_input_name(tmp_path, cli):
    points = sphere_points()
    data = write_csv(tmp_path / "s2.csv", points)
    cli("release", *SPHERE_FLAGS, "--input", data, "--seed", 11, "--ledger", tmp_path / "cli.json", "--out",
        tmp_path / "cli-release.json").check_returncode()
    ours = manifolddp.release(points, **SPHERE, seed=11, ledger=tmp_path / "py.json", out=tmp_path / "py.json.out")
    theirs = (tmp_path / "cli-release.json").read_text(encoding="utf-8")
    assert ours.to_json() != theirs  # the input line differs: it names the array, not a file
    assert without_file(ours.to_json()) == without_file(theirs)
    assert ours.json["input"]["file"] == "array:numpy"
    assert (tmp_path / "py.json.out").read_text(encoding="utf-8") == ours.to_json()
    np.testing.assert_array_equal(ours.value, np.array(json.loads(theirs)["value"]))


def test_dti_tensors_as_an_spd_array_release_a_3x3_matrix_identical_to_the_command_line(tmp_path, cli):
    tensors = dti_tensors()
    assert tensors.shape == (968, 3, 3)
    flags = dict(geometry="spd/log-euclidean:k=3", mechanism="tangent-gaussian", epsilon=0.5, delta=1e-6,
                 center=8e-4 * np.eye(3), radius=3, clip=True)
    ours = manifolddp.release(tensors, **flags, seed=5, ledger=tmp_path / "py.json")
    cli("release", "--geometry", "spd/log-euclidean:k=3", "--mechanism", "tangent-gaussian", "--epsilon", "0.5",
        "--delta", "1e-6", "--center", ",".join(repr(v) for v in (8e-4 * np.eye(3)).ravel()), "--radius", "3",
        "--clip", "--input", "dataset:dti-tensors", "--columns", "Dxx,Dxy,Dxz,Dyy,Dyz,Dzz", "--seed", 5,
        "--ledger", tmp_path / "cli.json", "--out", tmp_path / "cli.json.out").check_returncode()
    theirs = (tmp_path / "cli.json.out").read_text(encoding="utf-8")
    assert without_file(ours.to_json()) == without_file(theirs)
    assert ours.value.shape == (3, 3)
    np.testing.assert_array_equal(ours.value, ours.value.T)
    assert np.all(np.linalg.eigvalsh(ours.value) > 0)


def test_landmark_array_releases_a_k_by_2_configuration(tmp_path):
    shapes = landmarks()
    template = shapes.mean(axis=0)
    ours = manifolddp.release(shapes, geometry="kendall:landmarks=5", mechanism="landmark-laplace", epsilon=1,
                              center=template, radius=0.15, seed=3, ledger=tmp_path / "py.json")
    assert ours.value.shape == (5, 2)
    # a pre-shape: centred, unit Frobenius norm
    np.testing.assert_allclose(ours.value.sum(axis=0), 0, atol=1e-9)
    assert abs(np.linalg.norm(ours.value) - 1) < 1e-9


def test_the_seed_is_the_command_lines_stream_and_a_secure_release_is_not_reproducible(tmp_path):
    points = sphere_points()
    a = manifolddp.release(points, **SPHERE, seed=7, ledger=tmp_path / "l.json")
    b = manifolddp.release(points, **SPHERE, seed=7, ledger=tmp_path / "l.json")
    c = manifolddp.release(points, **SPHERE, seed=8, ledger=tmp_path / "l.json")
    assert a.to_json() == b.to_json() and not np.array_equal(a.value, c.value)
    assert "seed=7" in a.json["randomSource"]
    secure = [manifolddp.release(points, **SPHERE, ledger=tmp_path / "l.json") for _ in range(2)]
    assert secure[0].guarantee == "pure"
    assert "SecureRandom" in secure[0].json["randomSource"]
    assert not np.array_equal(secure[0].value, secure[1].value)


def test_an_array_and_its_csv_file_are_charged_to_one_ledger_account(tmp_path, cli):
    points = sphere_points()
    data = write_csv(tmp_path / "s2.csv", points[::-1])  # row order does not matter to the account
    ledger = tmp_path / "ledger.json"
    manifolddp.release(points, **SPHERE, ledger=ledger, total_epsilon=1.5)
    refused = cli("release", *SPHERE_FLAGS, "--input", data, "--ledger", ledger, "--out", tmp_path / "r.json")
    assert refused.returncode == 1
    assert "budget" in refused.stderr
    assert not (tmp_path / "r.json").exists()
    with pytest.raises(manifolddp.ManifoldDPError, match="budget"):
        manifolddp.release(points, **SPHERE, ledger=ledger)


def test_a_release_prints_nothing(tmp_path, capfd):
    manifolddp.release(sphere_points(), **SPHERE, seed=1, clip=True, ledger=tmp_path / "l.json")
    printed = capfd.readouterr()
    assert printed.out == "" and printed.err == ""
