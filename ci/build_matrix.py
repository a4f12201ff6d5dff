"""Builds the whole wheel family natively: runtime once, each backend once, jaxlib per Python.

Called by `nox -s build_matrix` (and usable from CI directly). Steps:
  1. compile runtime/ once into build/runtime (static archives every wheel imports);
  2. build each backend wheel once, and the jaxlib wheel once per CPython found;
  3. repair Linux wheels with auditwheel under ONE manylinux policy, never grafting GPU libs;
  4. validate every wheel with ci/check_wheel.py and write a report (terminal + JSON).
A wheel whose inputs (sources, version, toolchain, interpreter) are unchanged since the last
run is reused from the wheelhouse, so a no-change rerun takes seconds.

`--platform KEY` cross-builds for another platform of the matrix that names a
`cross_toolchain` (linux-aarch64 from linux-x86_64): only its `cross_backends`, into
wheelhouse/KEY/, with runtime/ compiled for the target in build/runtime-KEY.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_wheel  # noqa: E402
import matrix as matrix_mod  # noqa: E402

REPO = matrix_mod.REPO
BUILD = REPO / "build"
BUILD_TOOLS = ["scikit-build-core>=1.1", "nanobind>=2.4", "ninja", "cmake>=3.24"]

# Inputs of each kind of wheel: a change anywhere here rebuilds it.
_COMMON_INPUTS = ["VERSION", "cmake", "runtime", "wheels/_meta"]
_BACKEND_INPUTS = {
    "cpu": ["backends/cpu", "backends/plugin_ext", "backends/host_registration"],
    # The GPU plugins link the CPU executor for their host fallback.
    "cuda12": ["backends/cuda", "backends/gpu", "backends/cpu", "backends/plugin_ext", "backends/host_registration"],
    "cuda13": ["backends/cuda", "backends/gpu", "backends/cpu", "backends/plugin_ext", "backends/host_registration"],
    "rocm": ["backends/rocm", "backends/gpu", "backends/cpu", "backends/plugin_ext", "backends/host_registration"],
    "tpu": ["backends/tpu"],
}


@dataclass
class BuildResult:
    """One row of the report."""

    distribution: str
    python: str  # "abi3"/"any" for backends, "3.12" for bindings
    wheel: str = ""
    tag: str = ""
    size_bytes: int = 0
    seconds: float = 0.0
    cached: bool = False
    checks: dict[str, str] = field(default_factory=dict)
    error: str = ""


def log(msg: str) -> None:
    print(f"[build_matrix] {msg}", flush=True)


def run(cmd: list[str], *, env: dict[str, str] | None = None, cwd: Path | None = None,
        logfile: Path | None = None) -> None:
    """Runs a command; on failure raises with the tail of its output."""
    logfile = logfile or (BUILD / "logs" / "last.log")
    logfile.parent.mkdir(parents=True, exist_ok=True)
    with logfile.open("w") as out:
        proc = subprocess.run(cmd, env=env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        tail = logfile.read_text(errors="replace")[-4000:]
        raise RuntimeError(f"command failed ({proc.returncode}): {' '.join(cmd)}\n--- {logfile} (tail) ---\n{tail}")


def git_revision() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True)
        rev = out.stdout.strip() if out.returncode == 0 else "unknown"
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                               capture_output=True, text=True).stdout.strip()
        return rev + ("-dirty" if dirty and rev != "unknown" else "")
    except OSError:
        return "unknown"


def inputs_digest(paths: list[str], extra: list[str]) -> str:
    """sha256 over file names and bytes under `paths` (build outputs excluded) plus `extra`."""
    h = hashlib.sha256()
    for rel in sorted(paths):
        root = REPO / rel
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for f in files:
            if "__pycache__" in f.parts:
                continue
            h.update(str(f.relative_to(REPO)).encode())
            h.update(f.read_bytes())
    for e in extra:
        h.update(e.encode())
    return h.hexdigest()


def tool_version(exe: str, *args: str) -> str:
    try:
        return subprocess.run([exe, *args], capture_output=True, text=True).stdout.strip()[:200]
    except OSError:
        return "missing"


def build_env(version_suffix: str, revision: str) -> dict[str, str]:
    env = dict(os.environ)
    env["JAXLIB_VERSION_SUFFIX"] = version_suffix
    env["JAXLIB_GIT_REVISION"] = revision
    env["JAXLIB_RUNTIME_BUILD_DIR"] = str(BUILD / "runtime")
    env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
    env.setdefault("SOURCE_DATE_EPOCH", "315532800")  # 1980-01-01: zip's epoch
    if shutil.which("ccache"):
        env.setdefault("CMAKE_C_COMPILER_LAUNCHER", "ccache")
        env.setdefault("CMAKE_CXX_COMPILER_LAUNCHER", "ccache")
        env.setdefault("CCACHE_BASEDIR", str(REPO))
        env.setdefault("CCACHE_DIR", str(BUILD / "ccache"))
    return env


def ensure_build_venv(python: str, tag: str) -> Path:
    """A cached venv per interpreter holding the build backend (no isolation per build)."""
    venv = BUILD / "venvs" / tag
    py = venv / "bin" / "python"
    marker = venv / ".tools"
    want = "\n".join(BUILD_TOOLS)
    if not (py.exists() and marker.exists() and marker.read_text() == want):
        log(f"creating build venv {venv.relative_to(REPO)} for {python}")
        shutil.rmtree(venv, ignore_errors=True)
        run([python, "-m", "venv", str(venv)])
        run([str(py), "-m", "pip", "install", "-q", "--upgrade", "pip"])
        run([str(py), "-m", "pip", "install", "-q", *BUILD_TOOLS])
        marker.write_text(want)
    return py


def build_runtime(env: dict[str, str], build_py: Path) -> float:
    """Compiles runtime/ once; every wheel imports these archives."""
    t0 = time.monotonic()
    tools_bin = build_py.parent
    cmake = str(tools_bin / "cmake") if (tools_bin / "cmake").exists() else "cmake"
    ninja = str(tools_bin / "ninja") if (tools_bin / "ninja").exists() else "ninja"
    out = Path(env["JAXLIB_RUNTIME_BUILD_DIR"])
    run([cmake, "-S", str(REPO / "runtime"), "-B", str(out), "-G", "Ninja",
         f"-DCMAKE_MAKE_PROGRAM={ninja}", "-DCMAKE_BUILD_TYPE=Release"], env=env,
        logfile=BUILD / "logs" / "runtime-configure.log")
    run([cmake, "--build", str(out)], env=env, logfile=BUILD / "logs" / "runtime-build.log")
    return time.monotonic() - t0


def pip_wheel(py: Path, project_dir: Path, outdir: Path, env: dict[str, str], logname: str) -> Path:
    """Builds one wheel into `outdir` (emptied first) and returns its path."""
    shutil.rmtree(outdir, ignore_errors=True)
    outdir.mkdir(parents=True)
    run([str(py), "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(outdir),
         str(project_dir)], env=env, logfile=BUILD / "logs" / f"{logname}.log")
    wheels = list(outdir.glob("*.whl"))
    if len(wheels) != 1:
        raise RuntimeError(f"expected one wheel in {outdir}, found {wheels}")
    return wheels[0]


def repair(wheel: Path, wheelhouse: Path, policy: str | None, excludes: tuple[str, ...],
           env: dict[str, str], auditwheel: str | None, arch: str = platform.machine()) -> Path:
    """auditwheel-repairs a Linux binary wheel into the wheelhouse (pure wheels are copied)."""
    if wheel.name.endswith("-any.whl") or platform.system() != "Linux" or policy is None:
        dest = wheelhouse / wheel.name
        shutil.copy2(wheel, dest)
        return dest
    if auditwheel is None:
        raise RuntimeError("auditwheel is required to repair Linux wheels (pip install auditwheel)")
    outdir = wheel.parent / "repaired"
    shutil.rmtree(outdir, ignore_errors=True)
    cmd = [auditwheel, "repair", "--plat", f"{policy}_{arch}", "-w", str(outdir)]
    if arch != platform.machine():
        # A cross-built wheel: auditwheel accepts only the host's policies by name, but reads the
        # architecture and libc from the file name, so the wheel is named for the policy first
        # and `auto` then checks it (its libraries' symbol versions) and tags it.
        named = wheel.with_name(wheel.name.replace(f"-linux_{arch}.whl", f"-{policy}_{arch}.whl"))
        shutil.copy2(wheel, named)
        wheel = named
        cmd[3] = "auto"
    for ex in excludes:
        cmd += ["--exclude", ex]
    run(cmd + [str(wheel)], env=env, logfile=BUILD / "logs" / f"repair-{wheel.stem}.log")
    repaired = list(outdir.glob("*.whl"))
    if len(repaired) != 1:
        raise RuntimeError(f"auditwheel produced {repaired}")
    if f"{policy}_{arch}" not in repaired[0].name:
        raise RuntimeError(f"{repaired[0].name}: not the family's policy {policy}_{arch}")
    dest = wheelhouse / repaired[0].name
    shutil.move(str(repaired[0]), dest)
    return dest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--wheelhouse", type=Path, default=REPO / "wheelhouse")
    parser.add_argument("--report", type=Path, default=None, help="JSON report path")
    parser.add_argument("--require-all-pythons", action="store_true",
                        help="fail when a CPython of the matrix is not installed here")
    parser.add_argument("--pythons", default="", help="comma list restricting the bindings builds")
    parser.add_argument("--backends", default="", help="comma list restricting the backends")
    parser.add_argument("--version-suffix", default=os.environ.get("JAXLIB_VERSION_SUFFIX", ""))
    parser.add_argument("--no-cache", action="store_true", help="rebuild every wheel")
    parser.add_argument("--platform", default="", help="cross-build for this platform key (e.g. linux-aarch64)")
    args = parser.parse_args(argv)

    t_start = time.monotonic()
    m = matrix_mod.load()
    host = matrix_mod.host_platform_key()
    plat = args.platform or host
    if plat not in m.platforms:
        log(f"platform {plat} is not in the matrix")
        return 2
    plat_cfg = m.platforms[plat]
    cross = plat != host
    if cross and not plat_cfg.get("cross_toolchain"):
        log(f"platform {plat} names no cross_toolchain in wheels/matrix.toml: build it on {plat_cfg.get('runner')}")
        return 2
    policy = plat_cfg.get("native_manylinux") if platform.system() == "Linux" else None
    backends = m.backends_for(plat)
    if cross:
        backends = [b for b in backends if b.name in set(plat_cfg.get("cross_backends", []))]
    if args.backends:
        keep = set(args.backends.split(","))
        backends = [b for b in backends if b.name in keep]
    pythons = list(m.pythons)
    if args.pythons:
        pythons = [p for p in pythons if p in set(args.pythons.split(","))]
    if cross:
        log(f"cross-building for {plat}: jaxlib (per CPython) is built natively there, not here")
        pythons = []

    found: dict[str, str] = {}
    missing: list[str] = []
    for v in pythons:
        exe = matrix_mod.find_interpreter(v)
        (found.__setitem__(v, exe) if exe else missing.append(v))
    for v in missing:
        log(f"CPython {v} not found on this machine: its jaxlib wheel is not built")
    if missing and args.require_all_pythons:
        log("--require-all-pythons: missing interpreters are fatal")
        return 2
    if not found and not backends:
        log("nothing to build")
        return 2

    from importlib.metadata import version as dist_version

    suffix = args.version_suffix
    import importlib.util
    spec = importlib.util.spec_from_file_location("jaxlib_versioning", REPO / "wheels/_meta/jaxlib_versioning.py")
    assert spec and spec.loader
    versioning = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(versioning)
    full_version = versioning.full_version({"JAXLIB_VERSION_SUFFIX": suffix})
    revision = git_revision()
    env = build_env(suffix, revision)
    if cross:
        # CMake reads the toolchain from the environment on a first configure, scikit-build-core's
        # included; the platform tag follows _PYTHON_HOST_PLATFORM, as for any cross build.
        env["CMAKE_TOOLCHAIN_FILE"] = str(REPO / plat_cfg["cross_toolchain"])
        env["_PYTHON_HOST_PLATFORM"] = f"linux-{plat_cfg['cibw_arch']}"
        env["JAXLIB_RUNTIME_BUILD_DIR"] = str(BUILD / f"runtime-{plat}")
        if args.wheelhouse == REPO / "wheelhouse":
            args.wheelhouse = REPO / "wheelhouse" / plat
    wheelhouse = args.wheelhouse.resolve()
    wheelhouse.mkdir(parents=True, exist_ok=True)
    stamps = BUILD / "stamps"
    stamps.mkdir(parents=True, exist_ok=True)
    auditwheel = shutil.which("auditwheel") or (
        str(Path(sys.executable).parent / "auditwheel") if (Path(sys.executable).parent / "auditwheel").exists() else None)
    compiler = "c++" if not cross else f"{plat_cfg['cibw_arch']}-linux-gnu-g++"
    toolchain = [tool_version(compiler, "--version"), tool_version("cmake", "--version"),
                 dist_version("scikit-build-core"), full_version, revision, policy or "",
                 os.environ.get("SOURCE_DATE_EPOCH", "")]

    log(f"version {full_version}, revision {revision[:12]}, platform {plat}, policy {policy}")
    log(f"backends: {', '.join(b.name for b in backends) or '-'}; "
        f"bindings for CPython {', '.join(found) or '-'}")

    # Bindings are built by their own interpreter; backends by the first one found
    # (they are abi3, so which CPython builds them does not matter).
    builder_py = ensure_build_venv(sys.executable, "host")
    runtime_seconds = build_runtime(env, builder_py)
    log(f"runtime/ compiled once in {runtime_seconds:.1f}s (shared by every wheel)")

    results: list[BuildResult] = []
    jobs: list[tuple[str, str, Path, Path, list[str]]] = []
    for b in backends:
        jobs.append((b.distribution, "abi3" if b.tag != "py3-none-any" else "any", builder_py,
                     REPO / b.project_dir, _COMMON_INPUTS + _BACKEND_INPUTS.get(b.name, [f"backends/{b.name}"])
                     + [b.project_dir]))
    for v, exe in found.items():
        py = ensure_build_venv(exe, f"cp{v.replace('.', '')}")
        jobs.append((m.bindings_distribution, v, py, REPO / "wheels" / "jaxlib",
                     _COMMON_INPUTS + ["bindings", "wheels/jaxlib"]))

    total = len(jobs)
    for i, (dist, pyver, py, project, inputs) in enumerate(jobs, 1):
        res = BuildResult(distribution=dist, python=pyver)
        t0 = time.monotonic()
        key = f"{dist}-{pyver}" + (f"-{plat}" if cross else "")
        digest = inputs_digest(inputs, toolchain + [tool_version(str(py), "--version")])
        stamp = stamps / f"{key}.json"
        try:
            cached = None
            if stamp.exists() and not args.no_cache:
                data = json.loads(stamp.read_text())
                if data.get("digest") == digest and (wheelhouse / data.get("wheel", "-")).exists():
                    cached = wheelhouse / data["wheel"]
            if cached is not None:
                final = cached
                res.cached = True
            else:
                log(f"[{i}/{total}] building {dist} ({pyver}) ...")
                built = pip_wheel(py, project, BUILD / "dist" / key, env, key)
                final = repair(built, wheelhouse, policy, m.repair_exclude, env, auditwheel,
                               plat_cfg.get("cibw_arch", platform.machine()))
                stamp.write_text(json.dumps({"digest": digest, "wheel": final.name}))
            res.wheel = final.name
            res.size_bytes = final.stat().st_size
            res.tag = "-".join(final.stem.split("-")[-3:])
        except Exception as exc:  # report every failure, then fail the run
            res.error = str(exc)
        res.seconds = time.monotonic() - t0
        state = "FAILED" if res.error else ("cached" if res.cached else "built")
        log(f"[{i}/{total}] {dist} ({pyver}): {state} in {res.seconds:.1f}s {res.wheel}")
        if res.error:
            print(res.error, file=sys.stderr)
        results.append(res)

    # Validation: one call into the same checks CI runs.
    built_wheels = [wheelhouse / r.wheel for r in results if r.wheel]
    reports = [check_wheel.check_wheel(p, m) for p in built_wheels]
    by_name = {Path(r.path).name: r for r in reports}
    family_findings = check_wheel.check_family(reports, m) if len(backends) == len(m.backends_for(plat)) else []
    for r in results:
        if r.wheel in by_name:
            r.checks = by_name[r.wheel].checks
    findings = [f for rep in reports for f in rep.findings] + family_findings

    split_builds = len(backends) + len(found)
    mono_builds = len(backends) * len(found)
    elapsed = time.monotonic() - t_start

    # Terminal table.
    print()
    print(f"{'distribution':16} {'python':6} {'tag':34} {'MiB':>7} {'sec':>7}  checks")
    for r in results:
        checks = "ERROR" if r.error else ("ok" if r.checks and all(v != "FAIL" for v in r.checks.values())
                                          else ",".join(k for k, v in r.checks.items() if v == "FAIL"))
        print(f"{r.distribution:16} {r.python:6} {r.tag:34} {r.size_bytes / 2**20:7.2f} "
              f"{r.seconds:7.1f}{'*' if r.cached else ' '} {checks}")
    print(f"\n{split_builds} builds for {len(found)} Pythons x {len(backends)} backends "
          f"(a monolithic wheel per pair would need {mono_builds}); runtime/ compiled once "
          f"({runtime_seconds:.1f}s); total {elapsed:.1f}s. * = reused, inputs unchanged.")
    for f in findings:
        print(f"VIOLATION [{f.check}] {f.wheel}: {f.message}")

    report = {
        "version": full_version, "git_revision": revision, "platform": plat,
        "manylinux_policy": policy, "pythons_found": found, "pythons_missing": missing,
        "runtime_seconds": runtime_seconds, "total_seconds": elapsed,
        "builds": split_builds, "monolithic_builds": mono_builds,
        "wheels": [asdict(r) for r in results],
        "findings": [asdict(f) for f in findings],
    }
    report_path = args.report or (wheelhouse / "build_report.json")
    report_path.write_text(json.dumps(report, indent=2))
    log(f"wheels in {wheelhouse}; report {report_path}")
    failed = any(r.error for r in results) or bool(findings)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
