"""The Java side: starts one JVM in this process (JPype) on the project's own jar and runs ``mdp`` commands in it.

Everything a command does (checks, calibration, the ledger, the random source, the JSON) is the command line's own
Java code (``dev.manifolddp.experiments.cli.PythonBridge`` runs ``Mdp.execute``); this module only hands over the
arguments and, for a release of an array, the records.
"""

import os
import pathlib
import subprocess

from .errors import ManifoldDPError

_ROOT = pathlib.Path(__file__).resolve().parents[2]
_PACKAGES = "python3-jpype python3-numpy"
_bridge = None


def _jpype():
    try:
        import jpype
        import jpype.imports  # noqa: F401  (enables the Java import hooks)
    except ImportError as e:
        raise ImportError(
            "manifolddp needs JPype and numpy from Debian: sudo apt-get install -y " + _PACKAGES
            + " (and run it with /usr/bin/python3, which sees Debian's packages)") from e
    return jpype


def jar_path():
    """The jar the JVM runs: $MANIFOLDDP_JAR, or the repository's cli/target/mdp.jar, built by ./mdp."""
    given = os.environ.get("MANIFOLDDP_JAR")
    if given:
        jar = pathlib.Path(given)
        if not jar.is_file():
            raise ManifoldDPError("MANIFOLDDP_JAR names " + given + ", which is not a file; point it at mdp.jar "
                                  "or unset it to use the repository's cli/target/mdp.jar")
        return jar
    script = _ROOT / "mdp"
    if not script.is_file():
        raise ManifoldDPError("cannot find the ManifoldDP repository's ./mdp beside python/ (looked in "
                              + str(_ROOT) + "); set MANIFOLDDP_JAR to the path of mdp.jar")
    # ./mdp builds the jar when it is missing or older than a source file, exactly as for the command line; its
    # progress and Maven's errors go to this process's stderr (a build prints nothing about any data)
    done = subprocess.run([str(script), "--version"], stdout=subprocess.DEVNULL)
    if done.returncode != 0:
        raise ManifoldDPError("building ManifoldDP with ./mdp failed (see its output above); build it with "
                              "./mdp --version or set MANIFOLDDP_JAR to a built mdp.jar")
    return _ROOT / "experiments" / "target" / "mdp.jar"


def _jpype_support(jpype):
    """JPype's own Java classes when they are not where JPype looks: Debian installs them as
    /usr/share/java/org.jpype.jar, which bookworm's python3-jpype 1.4.1 does not put on the class path itself."""
    beside = pathlib.Path(jpype.__file__).resolve().parents[1] / "org.jpype.jar"
    debian = pathlib.Path("/usr/share/java/org.jpype.jar")
    return [str(debian)] if not beside.is_file() and debian.is_file() else []


def bridge():
    """The Java class PythonBridge, starting the JVM on first use."""
    global _bridge
    if _bridge is None:
        jpype = _jpype()
        if not jpype.isJVMStarted():
            # as ./mdp: MDP_JAVA_OPTS (e.g. -Xmx4g); headless, since charts are drawn to files only
            options = ["-Djava.awt.headless=true"] + os.environ.get("MDP_JAVA_OPTS", "").split()
            jpype.startJVM(*options, classpath=[str(jar_path())] + _jpype_support(jpype), convertStrings=True)
        _bridge = jpype.JClass("dev.manifolddp.experiments.cli.PythonBridge")
    return _bridge


def java_doubles(values):
    """A numpy float64 array as a Java double[] (one copy, through the buffer protocol)."""
    jpype = _jpype()
    return jpype.JArray(jpype.JDouble)(values)


def array_records(name, flat, rows, columns, covariates):
    """The Java ArrayRecords for records handed over in memory; a refusal becomes a ManifoldDPError."""
    jpype = _jpype()
    bridge()
    records = jpype.JClass("dev.manifolddp.experiments.data.ArrayRecords")
    hashmap = jpype.JClass("java.util.LinkedHashMap")()
    for column, values in covariates.items():
        hashmap.put(column, java_doubles(values))
    try:
        return records(name, java_doubles(flat), rows, columns, hashmap)
    except jpype.JException as e:
        raise ManifoldDPError(str(e.getMessage()), 1) from None


def run(args, records=None):
    """Runs ``mdp ARGS`` in the JVM; returns what it printed, or raises ManifoldDPError with its one-line message."""
    jpype = _jpype()
    java = bridge()
    arguments = jpype.JArray(jpype.JString)([str(a) for a in args])
    try:
        result = java.run(arguments, records)
    except jpype.JException as e:
        raise ManifoldDPError(str(e.getMessage()), 1) from None
    status = int(result.status())
    if status != 0:
        message = str(result.err()).strip()
        if message.startswith("mdp: error: "):
            message = message[len("mdp: error: "):]
        raise ManifoldDPError(message, status)
    return str(result.out())
