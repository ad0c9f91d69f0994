"""The README's Python example runs as written and does what the README says."""

import os
import re
import subprocess
import sys

from conftest import ROOT


def test_the_readme_example_releases_the_dti_tensors(tmp_path, jar):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## From Python"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    # the default ledger is ~/.manifolddp/ledger.json: point the JVM's home at a scratch folder
    env = dict(os.environ, MDP_JAVA_OPTS="-Duser.home=" + str(tmp_path), MANIFOLDDP_JAR=str(jar))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("epsilon-delta (0.5, 1e-06) [[")
    ledger = (tmp_path / ".manifolddp" / "ledger.json").read_text(encoding="utf-8")
    assert "dataset:dti-tensors" in ledger
