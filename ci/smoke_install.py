"""`nox -s smoke`: install the newest night from the index as a user would, in a fresh venv
per CPython of the matrix, and run ci/smoke_checks.py inside it.

1. Serve the index directory (ci/nightly.py layout) over HTTP on 127.0.0.1, a free port.
2. For each CPython of wheels/matrix.toml found here: a fresh venv, then
   `pip install --index-url <ours>/simple --extra-index-url <pip's configured indexes>
   "jaxlib==V" "jaxlib-cuda12==V"` (numpy and friends still come from pip's own index),
   then `smoke_checks.py basic` (versions, 1+1, 2*x, psum, no-GPU message, doctor).
3. A mixed install (tonight's jaxlib, last night's jaxlib-cuda12): refused by pip
   (ResolutionImpossible); forced with --no-deps, refused at run time by the handshake
   (`smoke_checks.py mismatch`). Last night comes from the index if it holds one; otherwise
   only jaxlib-cuda12 is built with the previous day's suffix into a throw-away index.
`--wheels DIR` tests a folder of wheels instead (CI cells, releases): a throw-away index of
them is served and the mixed checks are skipped. Writes only under --workdir.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

CI = Path(__file__).resolve().parent
sys.path.insert(0, str(CI))
import matrix as matrix_mod  # noqa: E402
import nightly  # noqa: E402

REPO = CI.parent
PIP_TIMEOUT = 900
CHECK_TIMEOUT = 300


def log(msg: str) -> None:
    print(f"[smoke] {msg}", flush=True)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib signature)
        pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serves `directory` on 127.0.0.1 (a free port) in a thread; yields the base URL.

    Always shut down on exit, whatever happened inside.
    """
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name=f"index:{directory}", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def configured_indexes(python: str = sys.executable, environ: dict[str, str] | None = None) -> list[str]:
    """pip's own index and extra indexes as configured here (env > config > PyPI default).

    Passing `--extra-index-url` on the command line replaces the configured extras, so we
    hand every configured one back explicitly rather than dropping any.
    """
    env = dict(os.environ if environ is None else environ)
    index_url, extras = None, []
    proc = subprocess.run([python, "-m", "pip", "config", "list"], capture_output=True, text=True,
                          timeout=60)
    for line in proc.stdout.splitlines():
        key, _, value = line.partition("=")
        value = value.strip().strip("'\"")
        if key.endswith(".index-url") and key.split(".")[0] in ("global", "install", ":env:"):
            index_url = value
        elif key.endswith(".extra-index-url") and key.split(".")[0] in ("global", "install", ":env:"):
            extras = value.split()
    index_url = env.get("PIP_INDEX_URL") or index_url or "https://pypi.org/simple"
    if env.get("PIP_EXTRA_INDEX_URL"):
        extras = env["PIP_EXTRA_INDEX_URL"].split()
    return [index_url, *[e for e in extras if e != index_url]]


@dataclass
class Cell:
    """One Python of the matrix, smoke-tested."""

    python: str
    ok: bool
    detail: str


def _run(cmd: list[str], *, timeout: float, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    log("$ " + " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    out = (proc.stdout + proc.stderr).strip()
    if out:
        print("\n".join("    " + line for line in out.splitlines()[-60:]), flush=True)
    return proc


def make_venv(python: str, path: Path) -> Path:
    """A fresh venv (any previous one at `path` removed); returns its interpreter."""
    shutil.rmtree(path, ignore_errors=True)
    subprocess.run([python, "-m", "venv", str(path)], check=True, timeout=300)
    return path / "bin" / "python"


def pip_install(py: Path, index: str, extra: list[str], reqs: list[str],
                *more: str) -> subprocess.CompletedProcess[str]:
    cmd = [str(py), "-m", "pip", "install", "--disable-pip-version-check", "--no-input",
           "--index-url", index]
    for e in extra:
        cmd += ["--extra-index-url", e]
    return _run(cmd + list(more) + reqs, timeout=PIP_TIMEOUT)


def _nights(index_dir: Path) -> list[dict]:
    listing = index_dir / "nights.json"
    if not listing.exists():
        raise SystemExit(f"{listing} missing: run `nox -s nightly` first (or pass --index-dir)")
    return json.loads(listing.read_text())["nights"]


def _night_files(index_dir: Path, version: str) -> set[str]:
    manifest = json.loads((index_dir / "nights" / version / "manifest.json").read_text())
    return {f["distribution"] for f in manifest["files"]}


def previous_backend_index(index_dir: Path, version: str, backend: str, workdir: Path) -> tuple[Path, str]:
    """(index dir, version) serving `backend` from the night before `version`.

    Uses the index's own previous night when it has one; otherwise builds just that backend
    with the previous day's suffix and publishes it alone into a throw-away index.
    """
    for night in _nights(index_dir):
        if night["version"] != version and nightly._night_sort_key(night["version"]) < \
                nightly._night_sort_key(version) and backend in _night_files(index_dir, night["version"]):
            return index_dir, night["version"]
    date = dt.datetime.strptime(nightly._VERSION_NIGHT_RE.search(version).group("date"), "%Y%m%d")  # type: ignore[union-attr]
    prev = (date - dt.timedelta(days=1)).strftime("%Y%m%d")
    stamp = nightly.compute_stamp({"JAXLIB_VERSION_SUFFIX": f".dev{prev}"})
    m = matrix_mod.load()
    name = next(b.name for b in m.backends.values() if b.distribution == backend)
    staging = workdir / "previous-night" / "wheelhouse"
    log(f"the index holds no earlier {backend}: building it alone as {stamp.version}")
    wheels, report = nightly.build(stamp, staging, ["--backends", name, "--pythons", "none"])
    prev_index = workdir / "previous-night" / "index"
    shutil.rmtree(prev_index, ignore_errors=True)
    nightly.publish(wheels, prev_index, keep=1, git_revision=report.get("git_revision"),
                    source_date_epoch=stamp.source_date_epoch)
    return prev_index, stamp.version


def site_from_wheels(wheels_dir: Path, site: Path) -> str:
    """A throw-away static index of the wheels in `wheels_dir` (one version); returns it.

    For CI cells and releases, which test the wheels of this run before anything is published.
    """
    import make_index

    wheels = sorted(wheels_dir.glob("*.whl"))
    if not wheels:
        raise SystemExit(f"no wheels in {wheels_dir}")
    versions = {make_index.split_wheel_name(w.name)[1] for w in wheels}
    if len(versions) != 1:
        raise SystemExit(f"{wheels_dir} holds several versions: {sorted(versions)}")
    shutil.rmtree(site, ignore_errors=True)
    (site / "files").mkdir(parents=True)
    files = []
    for w in wheels:
        shutil.copyfile(w, site / "files" / w.name)
        meta = nightly.wheel_metadata_bytes(w)
        (site / "files" / f"{w.name}.metadata").write_bytes(meta)
        files.append(make_index.IndexFile(
            filename=w.name, url=f"files/{w.name}", sha256=nightly.sha256_file(w), size=w.stat().st_size,
            requires_python=nightly.metadata_field(meta, "Requires-Python"),
            metadata_sha256=hashlib.sha256(meta).hexdigest()))
    make_index.write_simple_index(site, files)
    return versions.pop()


def resolve_backend(backend: str, m: matrix_mod.Matrix) -> str | None:
    """`auto`: jaxlib-cuda12 where this platform builds it, else none (macOS)."""
    if backend == "none":
        return None
    if backend != "auto":
        return backend
    here = {b.distribution for b in m.backends_for(matrix_mod.host_platform_key())} \
        if matrix_mod.host_platform_key() in m.platforms else set()
    return "jaxlib-cuda12" if "jaxlib-cuda12" in here else None


def smoke(site: Path, version: str, workdir: Path, pythons: list[str], backend: str | None,
          mixed: bool) -> int:
    """Installs `version` from the site in a fresh venv per CPython and runs the checks."""
    extra = configured_indexes()
    workdir.mkdir(parents=True, exist_ok=True)
    m = matrix_mod.load()
    wanted = [p for p in m.pythons if not pythons or p in pythons]
    found = {v: matrix_mod.find_interpreter(v) for v in wanted}
    for v, exe in found.items():
        if exe is None:
            log(f"CPython {v} not found here: its cell is not smoke-tested")
    cells: list[Cell] = []
    dists = ["jaxlib", "jaxlib-cpu"] + ([backend] if backend else [])
    reqs = [f"{d}=={version}" for d in ("jaxlib", backend) if d]
    t0 = time.monotonic()
    with serve(site) as base:
        ours = f"{base}/simple"
        log(f"serving {site} at {ours}; version {version}; pip's indexes: {', '.join(extra)}")
        venvs: dict[str, Path] = {}
        for v, exe in found.items():
            if exe is None:
                continue
            py = make_venv(exe, workdir / f"venv-cp{v.replace('.', '')}")
            proc = pip_install(py, ours, extra, reqs)
            if proc.returncode != 0:
                cells.append(Cell(v, False, "pip install failed"))
                continue
            venvs[v] = py
            chk = _run([str(py), str(CI / "smoke_checks.py"), "basic", "--version", version,
                        "--dists", ",".join(dists)] + ([] if backend else ["--skip-gpu"]),
                       timeout=CHECK_TIMEOUT)
            cells.append(Cell(v, chk.returncode == 0, "checks passed" if chk.returncode == 0 else "checks failed"))

        if mixed and backend and venvs:
            v = list(venvs)[-1]
            prev_dir, prev_version = previous_backend_index(site, version, backend, workdir)
            with serve(prev_dir) as prev_base:
                prev = f"{prev_base}/simple"
                extras = [prev, *extra] if prev_dir != site else extra
                py = make_venv(found[v] or "", workdir / "venv-mixed")
                proc = pip_install(py, ours, extras, [f"jaxlib=={version}", f"{backend}=={prev_version}"])
                refused = proc.returncode != 0 and "ResolutionImpossible" in proc.stdout + proc.stderr
                cells.append(Cell(f"{v} mixed install", refused,
                                  "pip refused it (ResolutionImpossible)" if refused else
                                  f"pip did not refuse jaxlib=={version} with {backend}=={prev_version}"))
                forced = pip_install(venvs[v], ours, extras, [f"{backend}=={prev_version}"],
                                     "--no-deps", "--force-reinstall")
                if forced.returncode != 0:
                    cells.append(Cell(f"{v} forced mixed install", False, "pip install --no-deps failed"))
                else:
                    chk = _run([str(venvs[v]), str(CI / "smoke_checks.py"), "mismatch", "--jaxlib-version",
                                version, "--backend", backend, "--backend-version", prev_version],
                               timeout=CHECK_TIMEOUT)
                    cells.append(Cell(f"{v} forced mixed install", chk.returncode == 0,
                                      "refused by the handshake" if chk.returncode == 0
                                      else "not refused as expected"))
    print()
    for c in cells:
        print(f"{'PASS' if c.ok else 'FAIL'}  CPython {c.python}: {c.detail}")
    failed = [c for c in cells if not c.ok]
    print(f"{len(cells) - len(failed)} passed, {len(failed)} failed")
    log(f"done in {time.monotonic() - t0:.0f}s")
    if not cells:
        log("no cell was tested (no CPython of the matrix found)")
        return 1
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index-dir", type=Path, default=REPO / "index",
                        help="an index made by ci/nightly.py; its newest night is tested")
    parser.add_argument("--wheels", type=Path, help="test these wheels (one version) instead of an index")
    parser.add_argument("--workdir", type=Path, default=REPO / "build" / "smoke")
    parser.add_argument("--pythons", default="", help="comma list restricting the CPythons tested")
    parser.add_argument("--backend", default="auto",
                        help="GPU backend installed beside jaxlib: auto (jaxlib-cuda12 where built), none, or a name")
    parser.add_argument("--no-mixed", action="store_true", help="skip the mixed-night checks")
    args = parser.parse_args(argv)
    pythons = [p for p in args.pythons.split(",") if p]
    backend = resolve_backend(args.backend, matrix_mod.load())
    try:
        if args.wheels:
            site = args.workdir.resolve() / "site"
            version = site_from_wheels(args.wheels, site)
            # A wheel folder has no previous night; mixed checks need an index.
            return smoke(site, version, args.workdir.resolve(), pythons, backend, mixed=False)
        site = args.index_dir.resolve()
        nights = _nights(site)
        if not nights:
            raise SystemExit(f"{site} serves no night")
        return smoke(site, nights[0]["version"], args.workdir.resolve(), pythons, backend, not args.no_mixed)
    except nightly.NightlyError as exc:
        log(f"ERROR: {exc}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
