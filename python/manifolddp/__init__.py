"""ManifoldDP from Python: differentially private releases of manifold-valued numpy arrays.

The package runs the project's own jar in this process (JPype), so every release is made by the same Java code as
``mdp release``: the same checks, calibration, budget ledger and random source (SecureRandom unless ``seed=``).
Requires Debian's python3-jpype and python3-numpy (run with /usr/bin/python3); see python/README.md.
"""

from .commands import Release, audit, plan, regress, release
from .errors import ManifoldDPError

__all__ = ["ManifoldDPError", "Release", "audit", "plan", "regress", "release"]
