"""Every workflow of the repository. `nox -l` lists them; heavy ones are not default.

build_matrix  build, repair and validate the whole wheel family (release engineers, CI)
tests         install the built wheels and run the test suite (the README's test command);
              a full run (no arguments) also queues `jax`
jax           real JAX from PyPI with our jaxlib-cpu added by the README's command: tests/jax
multiprocess, multiprocess_jax   multi-process jobs under our host / real JAX (tests/multiprocess)
bench_collectives                all_reduce bandwidth across processes, ours against XLA + gloo
lint          ruff over Python sources
gpu_emulated  the whole corpus through each GPU plugin on emulated drivers (no GPU needed)
aarch64       cross-build for linux-aarch64; unit tests and corpus under qemu-user
"""

from __future__ import annotations

import sys
from pathlib import Path

import nox

REPO = Path(__file__).resolve().parent
sys.path.insert(0, str(REPO / "ci"))
import matrix as matrix_mod  # noqa: E402

nox.options.sessions = ["lint", "tests"]
nox.options.reuse_existing_virtualenvs = True
# A session skipped for want of an interpreter must fail, never pass silently.
nox.options.error_on_missing_interpreters = True

WHEELHOUSE = REPO / "wheelhouse"
_PYPROJECT = nox.project.load_toml(REPO / "pyproject.toml")
BUILD_DEPS = nox.project.dependency_groups(_PYPROJECT, "build")
TEST_DEPS = nox.project.dependency_groups(_PYPROJECT, "test")
# Installed WITHOUT dependencies: see pyproject.toml.
TEST_PLUGINS_NO_DEPS = nox.project.dependency_groups(_PYPROJECT, "test-plugins-no-deps")
# Real JAX (jax + Google's jaxlib) for the `jax` session; the pins live in pyproject.toml.
JAX_TEST_DEPS = nox.project.dependency_groups(_PYPROJECT, "jax-test")
# The README's command that adds our CPU backend to an existing JAX environment (run from the
# repository root); the `jax` session runs exactly this, and a unit test keeps the README in step.
JAX_PLUGIN_INSTALL = "python -m pip install --find-links wheelhouse jaxlib-cpu"


def _test_python() -> str:
    """The CPython the test session runs on: the newest of the matrix installed here.

    Returned as an absolute path: pyenv shims on PATH answer for versions that are not
    active, so nox's own lookup by version can miss an installed interpreter.
    """
    for v in reversed(matrix_mod.load().pythons):
        exe = matrix_mod.find_interpreter(v)
        if exe:
            return exe
    return sys.executable


@nox.session
def build_matrix(session: nox.Session) -> None:
    """Build every backend once and jaxlib per CPython found; repair, validate, report.

    Options after `--` go to ci/build_matrix.py, e.g. `--require-all-pythons`,
    `--pythons 3.12`, `--backends cpu`, `--no-cache`, `--version-suffix .dev20260101`.
    """
    session.install(*BUILD_DEPS)
    session.run("python", str(REPO / "ci" / "build_matrix.py"), *session.posargs)


@nox.session(python=_test_python())
def tests(session: nox.Session) -> None:
    """Install jaxlib + backends from the wheelhouse and run pytest over tests/.

    Needs `nox -s build_matrix` first. Arguments after `--` go to pytest. A full run (no
    arguments: the README's test command, CI) also queues the `jax` session, whose tests
    need an environment with Google's jaxlib instead of ours (tests/jax is not collected here).
    """
    wheels = sorted(WHEELHOUSE.glob("*.whl"))
    if not wheels:
        session.error("no wheels in wheelhouse/: run `nox -s build_matrix` first")
    if not session.posargs:
        # Queued first thing, so they run even when this session fails. The aarch64 cross-section
        # (a cross build of the executor and a subset of its tests under qemu-user) keeps the
        # linux-aarch64 wheel honest in CI; .ci/run installs its Debian toolchain.
        session.notify("jax", posargs=[])
        session.notify("aarch64", posargs=["--subset"])
    session.install(*TEST_DEPS)
    session.install("--no-deps", *TEST_PLUGINS_NO_DEPS)
    version = _wheelhouse_version()
    # Exactly tonight's family, from the wheelhouse only; third-party deps from the index.
    session.install("--no-index", "--find-links", str(WHEELHOUSE), "--no-deps", "--force-reinstall",
                    f"jaxlib=={version}", f"jaxlib-cpu=={version}", f"jaxlib-cuda12=={version}",
                    f"jaxlib-cuda13=={version}", f"jaxlib-rocm=={version}")
    session.run("pytest", "-ra", *(session.posargs or ["tests"]),
                env={"JAXLIB_WHEELHOUSE": str(WHEELHOUSE)})


@nox.session(python=_test_python())
def gpu_emulated(session: nox.Session) -> None:
    """Run every corpus program through jaxlib-cuda12, jaxlib-cuda13 and jaxlib-rocm on emulated
    drivers (tests/gpu_emulation) and print the `gpu emulated: ...` line.

    Not a default session (the default tests run a cross-section). Needs `nox -s build_matrix`
    first, g++, and for ROCm the system's hipRTC (Debian: libamdhip64-5). Options after `--` go
    to ci/gpu_emulated.py, e.g. `--backends cuda12`, `--only 'ew_*'`, `--subset`.
    """
    if not sorted(WHEELHOUSE.glob("*.whl")):
        session.error("no wheels in wheelhouse/: run `nox -s build_matrix` first")
    session.install(*TEST_DEPS)
    version = _wheelhouse_version()
    session.install("--no-index", "--find-links", str(WHEELHOUSE), "--no-deps", "--force-reinstall",
                    f"jaxlib=={version}", f"jaxlib-cpu=={version}", f"jaxlib-cuda12=={version}",
                    f"jaxlib-cuda13=={version}", f"jaxlib-rocm=={version}")
    session.run("python", str(REPO / "ci" / "gpu_emulated.py"), "--work", str(REPO / "build" / "gpu_emulated"),
                *session.posargs)


@nox.session(python=_test_python())
def jax(session: nox.Session) -> None:
    """Real JAX (jax + Google's jaxlib, pinned in pyproject.toml's jax-test group) using our
    jaxlib-cpu plugin: installs JAX from PyPI, adds our plugin with the README's command
    (pip --find-links wheelhouse), and runs pytest over tests/jax.

    Needs `nox -s build_matrix` first (only the jaxlib-cpu wheel is used). Arguments after `--`
    go to pytest. Queued by a full `nox -s tests` run.
    """
    if not sorted(WHEELHOUSE.glob("jaxlib_cpu-*.whl")):
        session.error("no jaxlib-cpu wheel in wheelhouse/: run `nox -s build_matrix` first")
    version = session.run("python", "-c", "import sys; print('%d.%d' % sys.version_info[:2])", silent=True)
    if tuple(int(x) for x in str(version).strip().split(".")) < (3, 11):
        session.error(f"real JAX needs CPython >= 3.11; the newest of the matrix found here is {version}")
    session.install(*JAX_TEST_DEPS)
    # A reused venv may hold an older build of the same version: the README's command must
    # install this wheelhouse's, so remove ours first (Google's jaxlib stays).
    session.run("python", "-m", "pip", "uninstall", "-y", "jaxlib-cpu")
    session.run(*JAX_PLUGIN_INSTALL.split())
    session.run("pytest", "-ra", *(session.posargs or ["tests/jax"]),
                env={"JAXLIB_WHEELHOUSE": str(WHEELHOUSE)})


# --- Multi-process jobs (tests/multiprocess, benchmarks/collectives_bandwidth.py; issue 15) ------


@nox.session(python=_test_python())
def multiprocess(session: nox.Session) -> None:
    """Multi-process jobs under our host, the full set: 2 and 4 processes x 2 CPU devices on
    127.0.0.1 (collectives, gathered jit, JAX's shard_map corpus, killed peers, wrong process
    count or address, no MPI). Installs our wheels with the `mpi` extra (PyPI's mpich). Needs
    `nox -s build_matrix` first; arguments after `--` go to pytest. `nox -s tests` runs a subset
    (tests/integration/test_multiprocess_smoke.py).
    """
    if not sorted(WHEELHOUSE.glob("*.whl")):
        session.error("no wheels in wheelhouse/: run `nox -s build_matrix` first")
    version = _wheelhouse_version()
    session.install("pytest>=8")
    # Exactly this wheelhouse's build of ours, whatever an old venv held; then the rest as
    # users get it: the wheels' dependencies and the `mpi` extra's (mpich) from the index.
    session.install("--no-index", "--find-links", str(WHEELHOUSE), "--no-deps", "--force-reinstall",
                    f"jaxlib=={version}", f"jaxlib-cpu=={version}")
    session.install("--find-links", str(WHEELHOUSE), f"jaxlib=={version}", f"jaxlib-cpu[mpi]=={version}")
    session.run("pytest", "-ra", *(session.posargs or ["tests/multiprocess", "tests/integration/test_multiprocess_smoke.py"]),
                env={"JAXLIB_MULTIPROCESS_TESTS": "1"})


def _install_real_jax_with_our_plugin(session: nox.Session) -> None:
    """jax + Google's jaxlib from PyPI, then our jaxlib-cpu with its `mpi` extra."""
    if not sorted(WHEELHOUSE.glob("jaxlib_cpu-*.whl")):
        session.error("no jaxlib-cpu wheel in wheelhouse/: run `nox -s build_matrix` first")
    session.install(*JAX_TEST_DEPS)
    session.run("python", "-m", "pip", "uninstall", "-y", "jaxlib-cpu")
    session.run("python", "-m", "pip", "install", "--find-links", str(WHEELHOUSE), "jaxlib-cpu[mpi]")


@nox.session(python=_test_python())
def multiprocess_jax(session: nox.Session) -> None:
    """Multi-process jobs under real JAX (jax.distributed.initialize, JAX_PLATFORMS=jaxlib_cpu):
    2 and 4 processes x 2 CPU devices, shard_map collectives, a data-parallel gradient, killed
    peers, a wrong process count or address. Needs `nox -s build_matrix`; arguments go to pytest.
    """
    _install_real_jax_with_our_plugin(session)
    session.run("pytest", "-ra", *(session.posargs or ["tests/multiprocess"]),
                env={"JAXLIB_MULTIPROCESS_TESTS": "1"})


@nox.session(python=_test_python())
def bench_collectives(session: nox.Session) -> None:
    """All-reduce bandwidth (1 KiB .. 64 MiB, 2 and 4 processes, GB/s): our jaxlib_cpu on MPI
    against XLA's CPU backend with gloo, both through real JAX on 127.0.0.1. Prints the table;
    options after `--` go to benchmarks/collectives_bandwidth.py (`--processes`, `--sizes`,
    `--out`). Not a default session; needs `nox -s build_matrix`.
    """
    _install_real_jax_with_our_plugin(session)
    session.run("python", str(REPO / "benchmarks" / "collectives_bandwidth.py"), *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff over the Python sources."""
    session.install(*nox.project.dependency_groups(_PYPROJECT, "lint"))
    session.run("ruff", "check", "noxfile.py", "ci", "bindings/python", "backends", "tests", "wheels/_meta",
                "benchmarks")


def _wheelhouse_version() -> str:
    import json

    report = WHEELHOUSE / "build_report.json"
    if not report.exists():
        raise SystemExit("wheelhouse/build_report.json missing: run `nox -s build_matrix` first")
    return json.loads(report.read_text())["version"]


# --- Nightly publishing (ci/nightly.py, ci/smoke_install.py) ----------------------------------

NIGHTLY_DEPS = BUILD_DEPS
NIGHTLY_TEST_DEPS = TEST_DEPS  # includes the build group


@nox.session
def nightly(session: nox.Session) -> None:
    """Stamp .devYYYYMMDD, build the matrix, validate, publish into index/ (atomic, last 7 nights).

    Options after `--` go to `ci/nightly.py run`: `--index-dir DIR`, `--keep N`,
    `--upload URL` (twine, with TWINE_USERNAME/TWINE_PASSWORD), `--require-all-pythons`,
    `--wheels DIR` (publish prebuilt wheels). JAXLIB_VERSION_SUFFIX or SOURCE_DATE_EPOCH in
    the environment pick the night; default: today (UTC).
    """
    session.install(*NIGHTLY_DEPS, *(["twine"] if "--upload" in session.posargs else []))
    session.run("python", str(REPO / "ci" / "nightly.py"), "run", *session.posargs)


@nox.session
def smoke(session: nox.Session) -> None:
    """Serve index/ on 127.0.0.1 and install its newest night in a fresh venv per CPython.

    Runs the xla_client checks on CPU, the no-GPU check and the mixed-night refusals (last
    night's jaxlib-cuda12 is built alone when the index has none). Needs `nox -s nightly`.
    Options after `--` go to ci/smoke_install.py (`--pythons`, `--index-dir`, `--no-mixed`).
    """
    session.install(*NIGHTLY_DEPS)  # to build last night's backend when the index has none
    session.run("python", str(REPO / "ci" / "smoke_install.py"), *session.posargs)


@nox.session
def nightly_tests(session: nox.Session) -> None:
    """The nightly/index/upload/workflow tests with their own tools (no build needed).

    Slow tests (byte-identical rebuilds) run with `-- -m slow`; arguments go to pytest.
    """
    session.install(*NIGHTLY_TEST_DEPS)
    session.run("pytest", "-ra", *(session.posargs or [
        "-m", "not slow", *(str(p) for p in sorted((REPO / "tests" / "packaging").glob("test_*.py"))
                            if p.name.startswith(("test_nightly", "test_index", "test_reproducible",
                                                  "test_workflows", "test_upload")))]))


# --- Benchmarks (benchmarks/run_bench.py; issue 5) ---------------------------------------------

# numpy for inputs and the copy-bandwidth reference; threadpoolctl names the BLAS numpy's
# SGEMM reference ran on. XLA's plugin comes from TEST_PLUGINS_NO_DEPS, without dependencies.
BENCH_DEPS = ["numpy>=1.26", "ml_dtypes>=0.5.0", "threadpoolctl"]


@nox.session(python=_test_python())
def bench(session: nox.Session) -> None:
    """Time the benchmark suite on our jaxlib-cpu and on XLA's CPU plugin; print and save ratios.

    Not a default session (minutes of wall time, and numbers, not assertions). Needs
    `nox -s build_matrix` first. Options after `--` go to benchmarks/run_bench.py, e.g.
    `--quick`, `--only matmul`, `--out FILE` (default build/bench/results.json).
    """
    if not sorted(WHEELHOUSE.glob("*.whl")):
        session.error("no wheels in wheelhouse/: run `nox -s build_matrix` first")
    session.install(*BENCH_DEPS)
    session.install("--no-deps", *TEST_PLUGINS_NO_DEPS)
    version = _wheelhouse_version()
    session.install("--no-index", "--find-links", str(WHEELHOUSE), "--no-deps", "--force-reinstall",
                    f"jaxlib=={version}", f"jaxlib-cpu=={version}")
    # Then the wheels' own dependencies (scipy-openblas32: the plugin's BLAS/LAPACK), as declared.
    session.install("--find-links", str(WHEELHOUSE), f"jaxlib-cpu=={version}")
    session.run("python", str(REPO / "benchmarks" / "run_bench.py"), *session.posargs)


# --- Fuzzing (ci/fuzz_parser.py; issue 4) -------------------------------------------------------


@nox.session(python=_test_python())
def fuzz(session: nox.Session) -> None:
    """Fuzz the StableHLO compiler for a bounded time (default 600 s); crashes are kept in
    tests/fuzz/regressions/ and fail the session.

    Not a default session. With clang++ on PATH the libFuzzer target (ASan/UBSan, built in
    build/fuzz) runs; otherwise atheris drives the installed wheels (needs `nox -s
    build_matrix`). Options after `--` go to ci/fuzz_parser.py, e.g. `--seconds 60`,
    `--engine atheris`, `--jobs 2`.
    """
    import shutil

    args = list(session.posargs)
    engine_atheris = "atheris" in args or not shutil.which("clang++")
    if engine_atheris:
        if not sorted(WHEELHOUSE.glob("*.whl")):
            session.error("no wheels in wheelhouse/: run `nox -s build_matrix` first (or install clang)")
        session.install("atheris", "numpy>=1.26", "ml_dtypes>=0.5.0", "scipy-openblas32")
        version = _wheelhouse_version()
        session.install("--no-index", "--find-links", str(WHEELHOUSE), "--no-deps", "--force-reinstall",
                        f"jaxlib=={version}", f"jaxlib-cpu=={version}")
    else:
        session.install("cmake>=3.24", "ninja")
    session.run("python", str(REPO / "ci" / "fuzz_parser.py"), *args)


# --- linux-aarch64 under emulation (ci/cross_aarch64.py; issue 12) ------------------------------


@nox.session(python=_test_python())
def aarch64(session: nox.Session) -> None:
    """Cross-build the compiler + CPU executor for linux-aarch64 (Debian's g++-aarch64-linux-gnu)
    and run tests/unit/compiler and the corpus on it under qemu-user; print pass counts.

    Not a default session (about 25 minutes in full on two cores; `--subset`, the cross-section
    CI runs, takes a few). Installs the Debian packages itself when run as root. Options after
    `--` go to ci/cross_aarch64.py, e.g. `--subset`, `--plugin` (also cross-link the PJRT plugin),
    `--bytecode`, `--bits-against build/unit_compiler/compiler_driver` (compare output bits
    with an x86-64 driver), or corpus program names.
    """
    session.install(*nox.project.dependency_groups(_PYPROJECT, "cross-aarch64"))
    session.run("python", str(REPO / "ci" / "cross_aarch64.py"), *session.posargs)


# --- Corpus coverage (ci/corpus_supported.py, ci/corpus_coverage.py; issue 4) -----------------


@nox.session(python=_test_python())
def coverage(session: nox.Session) -> None:
    """Ops, element types and custom-call targets of the corpus against what we support.

    What we support is measured, not listed: every tests/corpus program is compiled through
    the installed jaxlib-cpu (ci/corpus_supported.py writes build/coverage/supported.json);
    ci/corpus_coverage.py then prints the report and fails if the corpus uses anything we
    reject; finally the session fails if any corpus program does not compile. Needs `nox -s
    build_matrix` first. Options after `--` go to ci/corpus_coverage.py (e.g. `--show-cases`).
    """
    if not sorted(WHEELHOUSE.glob("*.whl")):
        session.error("no wheels in wheelhouse/: run `nox -s build_matrix` first")
    session.install("numpy>=1.26", "ml_dtypes>=0.5.0", "scipy-openblas32>=0.3.27")
    version = _wheelhouse_version()
    session.install("--no-index", "--find-links", str(WHEELHOUSE), "--no-deps", "--force-reinstall",
                    f"jaxlib=={version}", f"jaxlib-cpu=={version}")
    supported = REPO / "build" / "coverage" / "supported.json"
    session.run("python", str(REPO / "ci" / "corpus_supported.py"), "--out", str(supported))
    session.run("python", str(REPO / "ci" / "corpus_coverage.py"), "--supported", str(supported),
                "--variants", "--json", str(supported.with_name("coverage.json")), *session.posargs)
    session.run("python", str(REPO / "ci" / "corpus_supported.py"), "--check", str(supported))
