"""The nightly pipeline: stamp one `.devYYYYMMDD` version, build, validate, publish, upload.

`nox -s nightly` runs `run`; the GitHub workflow calls the steps one by one:

  stamp       compute the suffix once per pipeline: JAXLIB_VERSION_SUFFIX if set, else the
              UTC date of SOURCE_DATE_EPOCH if set, else today (UTC); print KEY=VALUE lines
              for $GITHUB_ENV (and append them there with --github-env). `--release --tag vX`
              is the release gate instead: the tag must be v+VERSION and there is no suffix
  cibw-env    the CIBW_* settings of one (platform, distribution) cell, from wheels/matrix.toml
  build       ci/build_matrix.py with that suffix into a staging wheelhouse
  validate    ci/check_wheel.py on every wheel, the night is complete, and each backend's
              compiled-in version (`_ext.build_info()` and the plugin's PJRT attribute
              `jaxlib_version`) equals the wheel version
  build-info  read `_ext.build_info()` of backend wheels into a JSON sidecar (per platform)
  publish     add the night to an index directory, all or nothing, keeping the last N nights
  restore     mirror the kept nights of a published index (e.g. GitHub Pages) before publishing
  upload      `twine upload` to a package index server (TWINE_USERNAME / TWINE_PASSWORD)
  run         stamp -> build -> validate -> publish [-> upload]

Index directory (`--index-dir`, default `index/`), served as a static site:

  current -> generations/<gen>   the ONE switch: a symlink replaced atomically (os.replace)
  simple, nights, nights.json, index.html -> current/...   (static links, made once)
  generations/<gen>/             a complete site: simple/ (PEP 503 HTML + PEP 691 JSON),
                                 nights/<version>/{wheels, *.whl.metadata, manifest.json},
                                 nights.json, index.html

  .staging/                      work in progress and the lock; never linked, never served

A new night is assembled as a whole new generation under .staging/ (kept nights
hard-linked, not copied), renamed into generations/ when complete and only then made
current, so a reader sees the previous night set or the new one, never half of one. A
publisher killed between the rename and the swap leaves a complete but unreferenced
generation, which the next publisher removes. Publishing a filename
that already exists with different bytes raises ReplacementError; identical bytes are a no-op.
This script never edits the source tree.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import fcntl
import hashlib
import importlib.util
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CI = Path(__file__).resolve().parent
sys.path.insert(0, str(CI))
import make_index  # noqa: E402
import matrix as matrix_mod  # noqa: E402

REPO = CI.parent
MANIFEST_SCHEMA = "jaxlib-nightly-manifest/1"
NIGHTS_SCHEMA = "jaxlib-nightly-index/1"
STATIC_LINKS = ("simple", "nights", "nights.json", "index.html")
_NIGHT_SUFFIX_RE = re.compile(r"^\.dev(?P<date>[0-9]{8})$")
_VERSION_NIGHT_RE = re.compile(r"\.dev(?P<date>[0-9]{8})$")
# Fault injection for the atomicity tests: the process dies (os._exit) at the named point.
_CRASH_ENV = "JAXLIB_NIGHTLY_CRASH_AT"


class NightlyError(RuntimeError):
    """A step of the pipeline failed; the message says which and why."""


class ReplacementError(NightlyError):
    """A published filename would get different bytes: never allowed."""


def log(msg: str) -> None:
    print(f"[nightly] {msg}", flush=True)


def _checkpoint(name: str) -> None:
    if os.environ.get(_CRASH_ENV) == name:
        print(f"[nightly] fault injection: dying at {name}", flush=True)
        os._exit(99)


# ---------------------------------------------------------------------------------------------
# Stamp


def _versioning() -> Any:
    """wheels/_meta/jaxlib_versioning.py: the one place that joins VERSION and the suffix."""
    spec = importlib.util.spec_from_file_location("jaxlib_versioning",
                                                  REPO / "wheels" / "_meta" / "jaxlib_versioning.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _midnight_utc(date: str) -> int:
    day = dt.datetime.strptime(date, "%Y%m%d").replace(tzinfo=dt.timezone.utc)
    return int(day.timestamp())


@dataclass(frozen=True)
class Stamp:
    """The version facts of one pipeline, computed once and handed to every step."""

    suffix: str  # ".dev20260101"
    version: str  # VERSION + suffix
    date: str  # "20260101"
    source_date_epoch: int  # the zip timestamps of every wheel (reproducible builds)

    def env(self) -> dict[str, str]:
        """What later steps read: the build reads the first two, tools the third."""
        return {"JAXLIB_VERSION_SUFFIX": self.suffix,
                "SOURCE_DATE_EPOCH": str(self.source_date_epoch),
                "JAXLIB_NIGHTLY_VERSION": self.version}


def compute_stamp(environ: dict[str, str] | None = None, now: dt.datetime | None = None) -> Stamp:
    """JAXLIB_VERSION_SUFFIX overrides; else the UTC date of SOURCE_DATE_EPOCH; else today.

    Without SOURCE_DATE_EPOCH the night's midnight (UTC) becomes the epoch, so rebuilding
    the same commit for the same night gives byte-identical wheels.
    """
    env = dict(os.environ if environ is None else environ)
    suffix = env.get("JAXLIB_VERSION_SUFFIX", "").strip()
    sde_text = env.get("SOURCE_DATE_EPOCH", "").strip()
    sde = None
    if sde_text:
        if not sde_text.isdigit():
            raise NightlyError(f"SOURCE_DATE_EPOCH={sde_text!r} is not a number of seconds")
        sde = int(sde_text)
    if suffix:
        m = _NIGHT_SUFFIX_RE.match(suffix)
        if not m:
            raise NightlyError(f"JAXLIB_VERSION_SUFFIX={suffix!r}: a nightly suffix is .devYYYYMMDD")
        date = m.group("date")
    elif sde is not None:
        date = dt.datetime.fromtimestamp(sde, dt.timezone.utc).strftime("%Y%m%d")
        suffix = f".dev{date}"
    else:
        date = (now or dt.datetime.now(dt.timezone.utc)).astimezone(dt.timezone.utc).strftime("%Y%m%d")
        suffix = f".dev{date}"
    try:
        midnight = _midnight_utc(date)
    except ValueError as exc:
        raise NightlyError(f"{suffix!r} does not name a calendar date") from exc
    version = _versioning().full_version({"JAXLIB_VERSION_SUFFIX": suffix})
    return Stamp(suffix=suffix, version=version, date=date,
                 source_date_epoch=sde if sde is not None else midnight)


def release_stamp(tag: str | None, environ: dict[str, str] | None = None) -> Stamp:
    """The release gate: the tag is exactly `v` + VERSION and no suffix is set.

    SOURCE_DATE_EPOCH defaults to the commit time, so a release rebuild is byte-identical.
    """
    env = dict(os.environ if environ is None else environ)
    if env.get("JAXLIB_VERSION_SUFFIX", "").strip():
        raise NightlyError(f"a release carries no suffix; JAXLIB_VERSION_SUFFIX={env['JAXLIB_VERSION_SUFFIX']!r}")
    version = _versioning().base_version()
    if tag is not None and tag != f"v{version}":
        raise NightlyError(f"tag {tag!r} does not match VERSION {version!r} (expected 'v{version}')")
    sde_text = env.get("SOURCE_DATE_EPOCH", "").strip()
    if not sde_text:
        out = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=REPO, capture_output=True, text=True)
        sde_text = out.stdout.strip() if out.returncode == 0 else ""
    sde = int(sde_text) if sde_text.isdigit() else _midnight_utc("19800101")
    date = dt.datetime.fromtimestamp(sde, dt.timezone.utc).strftime("%Y%m%d")
    return Stamp(suffix="", version=version, date=date, source_date_epoch=sde)


def night_of(version: str) -> str:
    """The night a version belongs to: the version itself, which must end in .devYYYYMMDD."""
    if not _VERSION_NIGHT_RE.search(version):
        raise NightlyError(f"{version!r} is not a nightly version (X.Y.Z.devYYYYMMDD)")
    return version


def _night_sort_key(version: str) -> tuple[str, Any]:
    m = _VERSION_NIGHT_RE.search(version)
    return (m.group("date") if m else "", make_index._version_key(version))


# ---------------------------------------------------------------------------------------------
# Wheel facts


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def wheel_metadata_bytes(path: Path) -> bytes:
    """The wheel's .dist-info/METADATA: served as `<wheel>.metadata` (PEP 658)."""
    with zipfile.ZipFile(path) as zf:
        names = [n for n in zf.namelist() if n.count("/") == 1 and n.endswith(".dist-info/METADATA")]
        if len(names) != 1:
            raise NightlyError(f"{path.name}: expected one .dist-info/METADATA, found {names}")
        return zf.read(names[0])


def metadata_field(meta: bytes, key: str) -> str | None:
    """One header of a METADATA file (e.g. Requires-Python), None when absent."""
    import email.parser

    msg = email.parser.BytesHeaderParser().parsebytes(meta)
    value = msg.get(key)
    return str(value).strip() if value else None


def wheel_tag(filename: str) -> str:
    return "-".join(filename[: -len(".whl")].split("-")[-3:])


def platform_key_of_tag(tag: str) -> str | None:
    """Matrix platform key of a wheel tag ('linux-x86_64'), None for pure wheels."""
    plat = tag.rsplit("-", 1)[-1]
    if plat == "any":
        return None
    if plat.startswith(("manylinux", "musllinux", "linux")):
        for arch in ("x86_64", "aarch64"):
            if plat.endswith(arch):
                return f"linux-{arch}"
    if plat.startswith("macosx") and plat.endswith(("arm64", "universal2")):
        return "macos-arm64"
    return f"unknown:{plat}"


def _host_can_load(tag: str) -> bool:
    key = platform_key_of_tag(tag)
    return key is None or key == matrix_mod.host_platform_key()


_LOAD_EXT = r"""
import importlib.machinery, importlib.util, json, sys
loader = importlib.machinery.ExtensionFileLoader("_ext", sys.argv[1])
spec = importlib.util.spec_from_file_location("_ext", sys.argv[1], loader=loader)
mod = importlib.util.module_from_spec(spec)
loader.exec_module(mod)
print(json.dumps(mod.build_info()))
"""


def read_build_info(wheel: Path) -> dict[str, Any] | None:
    """`_ext.build_info()` of a backend wheel, loaded in a child process; None if it has no `_ext`.

    The `_ext` is loaded by file, under its own name, so the package's __init__ (which may
    import jaxlib) never runs. Raises NightlyError when the host could load it but it fails.
    """
    with zipfile.ZipFile(wheel) as zf:
        exts = [n for n in zf.namelist()
                if n.count("/") == 1 and re.search(r"/_ext(\.abi3[^/]*|\.cpython[^/]*)?\.(so|pyd)$", n)]
        if not exts:
            return None
        if not _host_can_load(wheel_tag(wheel.name)):
            return None
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / Path(exts[0]).name
            path.write_bytes(zf.read(exts[0]))
            proc = subprocess.run([sys.executable, "-c", _LOAD_EXT, str(path)],
                                  capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise NightlyError(f"{wheel.name}: loading {exts[0]} failed: {proc.stderr.strip()[-600:]}")
    return json.loads(proc.stdout)


_PLUGIN_ATTRIBUTES = r"""
import ctypes, json, sys
# PJRT C API layouts (runtime/pjrt_abi/pjrt_c_api.h, the same as OpenXLA's): a table header
# of 40 bytes, then function pointers; slot 4 is PJRT_Plugin_Attributes.
class NamedValue(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                ("name", ctypes.c_void_p), ("name_size", ctypes.c_size_t), ("type", ctypes.c_int),
                ("value", ctypes.c_uint64), ("value_size", ctypes.c_size_t)]
class Args(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                ("attributes", ctypes.POINTER(NamedValue)), ("num_attributes", ctypes.c_size_t)]
lib = ctypes.CDLL(sys.argv[1], mode=ctypes.RTLD_LOCAL | 2)  # RTLD_NOW
lib.GetPjrtApi.restype = ctypes.c_void_p
api = lib.GetPjrtApi()
if not api:
    sys.exit("GetPjrtApi returned NULL")
size = ctypes.c_size_t.from_address(api).value
if size < 40 + 5 * 8:
    sys.exit(f"PJRT_Api table of {size} bytes has no PJRT_Plugin_Attributes slot")
fn = ctypes.c_void_p.from_address(api + 40 + 4 * 8).value
if not fn:
    sys.exit("PJRT_Plugin_Attributes is NULL")
args = Args(struct_size=32)
if ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.POINTER(Args))(fn)(ctypes.byref(args)):
    sys.exit("PJRT_Plugin_Attributes returned an error")
out = {}
for i in range(args.num_attributes):
    a = args.attributes[i]
    name = ctypes.string_at(a.name, a.name_size).decode()
    if a.type == 0:
        out[name] = ctypes.string_at(a.value, a.value_size).decode()
    elif a.type == 1:
        out[name] = ctypes.c_int64(a.value).value
    elif a.type == 2:
        out[name] = [ctypes.c_int64.from_address(a.value + 8 * k).value for k in range(a.value_size)]
    elif a.type == 4:
        out[name] = bool(a.value & 0xFF)
print(json.dumps(out))
"""


def read_plugin_attributes(wheel: Path, member: str) -> dict[str, Any] | None:
    """PJRT_Plugin_Attributes of the plugin `member` of `wheel`, read with dlopen in a child
    process (a crash fails this wheel, not the pipeline). None on a foreign platform.

    Only GetPjrtApi and PJRT_Plugin_Attributes are called: never PJRT_Plugin_Initialize.
    """
    if not _host_can_load(wheel_tag(wheel.name)):
        return None
    with zipfile.ZipFile(wheel) as zf, tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / Path(member).name
        try:
            path.write_bytes(zf.read(member))
        except KeyError as exc:
            raise NightlyError(f"{wheel.name}: no {member}") from exc
        proc = subprocess.run([sys.executable, "-c", _PLUGIN_ATTRIBUTES, str(path)],
                              capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise NightlyError(f"{wheel.name}: reading {member}'s attributes failed: "
                           f"{(proc.stderr.strip() or f'exit {proc.returncode}')[-600:]}")
    return json.loads(proc.stdout)


def build_infos_for(wheels: list[Path], sidecars: Sequence[Path] = ()) -> dict[str, dict[str, Any]]:
    """filename -> build info, from JSON sidecars (other platforms) and local loading.

    Sidecars named `build-info-*.json` next to the wheels are read too (CI artifacts).
    """
    infos: dict[str, dict[str, Any]] = {}
    folders = {w.parent for w in wheels}
    for s in [*sidecars, *sorted(p for d in folders for p in d.glob("build-info-*.json"))]:
        infos.update(json.loads(Path(s).read_text()))
    for w in wheels:
        if w.name not in infos:
            info = read_build_info(w)
            if info is not None:
                infos[w.name] = info
    return infos


# ---------------------------------------------------------------------------------------------
# cibuildwheel settings (the GitHub workflows), derived from the matrix file


def cibw_env(m: matrix_mod.Matrix, platform_key: str, distribution: str, environ: dict[str, str] | None = None,
             ) -> dict[str, str]:
    """CIBW_* variables for building `distribution` on `platform_key` with cibuildwheel.

    Pythons, architecture, manylinux image and the repair excludes all come from
    wheels/matrix.toml; the version suffix and epoch from the stamp in the environment.
    JAXLIB_PURE_WHEEL=1 says the distribution is py3-none-any: built with `pip wheel` once,
    since cibuildwheel refuses pure wheels.
    """
    env = dict(os.environ if environ is None else environ)
    if platform_key not in m.platforms:
        raise NightlyError(f"platform {platform_key!r} is not in {matrix_mod.MATRIX_FILE.name}")
    plat = m.platforms[platform_key]
    arch = plat["cibw_arch"]
    is_bindings = make_index.normalize(distribution) == make_index.normalize(m.bindings_distribution)
    backend = next((b for b in m.backends_for(platform_key)
                    if make_index.normalize(b.distribution) == make_index.normalize(distribution)), None)
    if not is_bindings and backend is None:
        raise NightlyError(f"{distribution} is not built on {platform_key} (wheels/matrix.toml)")
    first = m.pythons[0].replace(".", "")
    out = {
        "JAXLIB_PURE_WHEEL": "1" if backend is not None and backend.tag == "py3-none-any" else "0",
        "CIBW_ARCHS": arch,
        # Bindings: one wheel per CPython. Backends are abi3: one build, by the oldest CPython.
        "CIBW_BUILD": matrix_mod.github_matrix(m)["cibw_build"] if is_bindings else f"cp{first}-*",
    }
    import shlex

    facts = " ".join(f"{k}={shlex.quote(v)}" for k, v in (
        ("JAXLIB_VERSION_SUFFIX", env.get("JAXLIB_VERSION_SUFFIX", "")),
        ("SOURCE_DATE_EPOCH", env.get("SOURCE_DATE_EPOCH", "")),
        ("JAXLIB_GIT_REVISION", env.get("GITHUB_SHA", "") or git_revision())))
    if platform_key.startswith("linux"):
        out["CIBW_PLATFORM"] = "linux"
        # The project is mounted at /project in the container; before-all builds runtime/ there.
        out["CIBW_ENVIRONMENT_LINUX"] = f"{facts} JAXLIB_RUNTIME_BUILD_DIR=/project/build/runtime"
        policy = plat["manylinux"]
        out[f"CIBW_MANYLINUX_{arch.upper()}_IMAGE"] = policy
        excludes = " ".join(f"--exclude {shlex.quote(x)}" for x in m.repair_exclude)
        # One policy for every partner wheel (--only-plat: no extra, more compatible tag).
        out["CIBW_REPAIR_WHEEL_COMMAND_LINUX"] = (
            f"auditwheel repair --plat {policy}_{arch} --only-plat {excludes} -w {{dest_dir}} {{wheel}}")
    elif platform_key.startswith("macos"):
        out["CIBW_PLATFORM"] = "macos"
        target = plat.get("macos_deployment_target", "")
        out["CIBW_ENVIRONMENT_MACOS"] = (f"{facts} JAXLIB_RUNTIME_BUILD_DIR=$GITHUB_WORKSPACE/build/runtime"
                                         + (f" MACOSX_DEPLOYMENT_TARGET={target}" if target else ""))
    else:
        raise NightlyError(f"no cibuildwheel settings for platform {platform_key!r}")
    return out


# ---------------------------------------------------------------------------------------------
# Build


def git_revision() -> str:
    """HEAD of the checkout (GITHUB_SHA in CI), '-dirty' when tracked files changed."""
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True)
        if out.returncode != 0:
            return os.environ.get("GITHUB_SHA", "unknown")
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                               capture_output=True, text=True).stdout.strip()
        return out.stdout.strip() + ("-dirty" if dirty else "")
    except OSError:
        return os.environ.get("GITHUB_SHA", "unknown")


def build(stamp: Stamp, staging: Path, build_args: list[str]) -> tuple[list[Path], dict[str, Any]]:
    """ci/build_matrix.py with the night's suffix and epoch; returns (wheels, report).

    Only wheels named in this run's report count: a staging folder may hold older files.
    """
    staging.mkdir(parents=True, exist_ok=True)
    report_path = staging / "build_report.json"
    report_path.unlink(missing_ok=True)
    env = dict(os.environ)
    env.update(stamp.env())
    cmd = [sys.executable, str(CI / "build_matrix.py"), "--version-suffix", stamp.suffix,
           "--wheelhouse", str(staging), "--report", str(report_path), *build_args]
    log(f"building {stamp.version}: {' '.join(cmd[1:])}")
    proc = subprocess.run(cmd, env=env)
    if not report_path.exists():
        raise NightlyError(f"build_matrix.py wrote no report (exit {proc.returncode})")
    report = json.loads(report_path.read_text())
    failed = [f"{w['distribution']} ({w['python']}): {w['error'][:300]}" for w in report["wheels"] if w["error"]]
    if proc.returncode != 0 or failed:
        raise NightlyError("the build failed; no night is published:\n  " + "\n  ".join(
            failed or [f"build_matrix.py exited {proc.returncode}; see its report {report_path}"]))
    if report.get("version") != stamp.version:
        raise NightlyError(f"build report says version {report.get('version')}, the stamp {stamp.version}")
    return [staging / w["wheel"] for w in report["wheels"] if w["wheel"]], report


# ---------------------------------------------------------------------------------------------
# Validate


@dataclass
class Validation:
    """Findings (fatal) and notes (printed) of validating one night."""

    findings: list[str] = field(default_factory=list)  # a wheel is wrong
    incomplete: list[str] = field(default_factory=list)  # a wheel of the night is missing
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings and not self.incomplete


def validate(wheels: list[Path], version: str, m: matrix_mod.Matrix, *,
             build_infos: dict[str, dict[str, Any]] | None = None,
             require_all_pythons: bool = False, run_abi3audit: bool = True) -> Validation:
    """Every wheel passes ci/check_wheel.py, carries `version`, the night is complete per
    platform, and each backend's compiled-in version (its `_ext` build info) is `version`."""
    import check_wheel  # needs pyelftools: imported only by the steps that validate

    result = Validation()
    infos = build_infos or {}
    if not wheels:
        result.findings.append("no wheels")
        return result
    names = [w.name for w in wheels]
    for dup in {n for n in names if names.count(n) > 1}:
        result.findings.append(f"{dup} appears twice")
    for w in wheels:
        try:
            _, wv = make_index.split_wheel_name(w.name)
        except ValueError as exc:
            result.findings.append(str(exc))
            continue
        if wv != version:
            result.findings.append(f"{w.name}: version {wv}, the night is {version}")

    pure = [w for w in wheels if platform_key_of_tag(wheel_tag(w.name)) is None]
    by_plat: dict[str, list[Path]] = {}
    for w in wheels:
        key = platform_key_of_tag(wheel_tag(w.name))
        if key is not None:
            by_plat.setdefault(key, []).append(w)
    if not by_plat:
        result.incomplete.append("no binary wheel: a night needs jaxlib and the backends of a platform")
    reports = {w.name: check_wheel.check_wheel(w, m, run_abi3audit=run_abi3audit) for w in wheels}
    for rep in reports.values():
        for f in rep.findings:
            if f.check == "elf" and (platform_key_of_tag(rep.tag) or "").startswith("macos"):
                # check_wheel.py reads ELF only: Mach-O symbol/rpath checks are not written yet.
                result.notes.append(f"{f.wheel}: Mach-O file not inspected ({f.message})")
                continue
            result.findings.append(f"[{f.check}] {f.wheel}: {f.message}")

    bindings = make_index.normalize(m.bindings_distribution)
    for key, group in sorted(by_plat.items()):
        if key not in m.platforms:
            result.findings.append(f"platform {key} is not in {matrix_mod.MATRIX_FILE.name}")
            continue
        built_here = {make_index.normalize(b.distribution) for b in m.backends_for(key)}
        members = group + [w for w in pure if make_index.normalize(
            make_index.split_wheel_name(w.name)[0]) in built_here]
        # jaxlib's optional extras pin every backend; a platform without that backend (ROCm
        # on macOS) legitimately lacks the partner, so only pins the matrix builds here count.
        for f in check_wheel.check_family([reports[w.name] for w in members], m):
            pinned = re.match(r"pins (\S+)==", f.message)
            if (f.check == "pins" and pinned and "not among the wheels checked" in f.message
                    and make_index.normalize(pinned.group(1)) not in built_here | {bindings}):
                continue
            result.findings.append(f"[{key}] [{f.check}] {f.wheel}: {f.message}")
        present = {make_index.normalize(make_index.split_wheel_name(w.name)[0]) for w in members}
        for b in m.backends_for(key):
            if make_index.normalize(b.distribution) not in present:
                result.incomplete.append(f"[{key}] {b.distribution} is missing: a night ships every backend")
        cps = {wheel_tag(w.name).split("-")[0] for w in group
               if make_index.normalize(make_index.split_wheel_name(w.name)[0]) == bindings}
        if not cps:
            result.incomplete.append(f"[{key}] no {m.bindings_distribution} wheel")
        missing = [v for v in m.pythons if f"cp{v.replace('.', '')}" not in cps]
        if missing:
            msg = f"[{key}] no {m.bindings_distribution} wheel for CPython {', '.join(missing)}"
            (result.incomplete if require_all_pythons else result.notes).append(msg)

    for w in wheels:
        dist = make_index.normalize(make_index.split_wheel_name(w.name)[0])
        backend = next((b for b in m.backends.values() if make_index.normalize(b.distribution) == dist), None)
        if backend is None or backend.plugin is None:
            continue
        info = infos.get(w.name)
        if info is None:
            if _host_can_load(wheel_tag(w.name)):
                result.findings.append(f"{w.name}: no `_ext` build info to compare with the wheel version")
            else:
                result.notes.append(f"{w.name}: build info not checked here (no sidecar, foreign platform)")
            continue
        if info.get("version") != version:
            result.findings.append(f"{w.name}: compiled-in build version {info.get('version')!r} "
                                   f"!= wheel version {version!r}")
        # The plugin's own PJRT attributes: what the version handshake reads at run time.
        try:
            attrs = read_plugin_attributes(w, backend.plugin)
        except NightlyError as exc:
            result.findings.append(str(exc))
            continue
        if attrs is None:
            continue
        if attrs.get("jaxlib_version") != version:
            result.findings.append(f"{w.name}: plugin attribute jaxlib_version={attrs.get('jaxlib_version')!r} "
                                   f"!= wheel version {version!r}")
        if info.get("build_id") and attrs.get("jaxlib_build_id") not in (None, info["build_id"]):
            result.findings.append(f"{w.name}: plugin build id {attrs.get('jaxlib_build_id')} != "
                                   f"_ext build id {info['build_id']}")
    return result


# ---------------------------------------------------------------------------------------------
# Publish


@dataclass
class Night:
    """One night as a generation holds it: its manifest and where each file's bytes are."""

    version: str
    manifest: dict[str, Any]
    sources: dict[str, Path]  # file name in the night dir -> existing path to link or copy


@dataclass
class PublishResult:
    version: str
    generation: str
    kept: list[str]
    pruned: list[str]
    added: list[str]
    unchanged: list[str]


def _now_iso() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _staging_root(index_dir: Path) -> Path:
    # Half-written trees live here and nowhere else: no page links into it, the Pages
    # artifact (index/current) never contains it, and the next publisher clears it.
    return index_dir / ".staging"


@contextlib.contextmanager
def _locked(index_dir: Path) -> Iterator[None]:
    root = _staging_root(index_dir)
    root.mkdir(parents=True, exist_ok=True)
    with (root / "lock").open("w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def current_generation(index_dir: Path) -> Path | None:
    """The generation `current` points at, or None for an empty index."""
    link = index_dir / "current"
    if not link.is_symlink():
        return None
    target = (index_dir / os.readlink(link)).resolve()
    return target if target.is_dir() else None


def load_nights(generation: Path | None) -> dict[str, Night]:
    """The nights a generation serves, keyed by version."""
    nights: dict[str, Night] = {}
    if generation is None:
        return nights
    for mpath in sorted((generation / "nights").glob("*/manifest.json")):
        manifest = json.loads(mpath.read_text())
        d = mpath.parent
        sources = {p.name: p for p in d.iterdir() if p.name != "manifest.json"}
        nights[manifest["version"]] = Night(manifest["version"], manifest, sources)
    return nights


def _place(src: Path, dst: Path, index_dir: Path) -> None:
    """Puts a file into a new generation, read-only.

    Files of earlier generations are hard-linked (they are never written again). Anything
    from outside the index is copied: a link to a build output would let the next build,
    rewriting that file in place, change published bytes.
    """
    if src.resolve().is_relative_to(index_dir) and ".staging" not in src.relative_to(index_dir).parts[:1]:
        try:
            os.link(src, dst)
            return
        except OSError:  # links not allowed here: bytes are bytes
            pass
    shutil.copyfile(src, dst)
    os.chmod(dst, 0o444)


def _write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")


def _landing_page(nights: list[Night]) -> str:
    import html

    latest = nights[0].version if nights else ""
    rows = "\n".join(
        f'    <li><a href="nights/{html.escape(n.version)}/manifest.json">{html.escape(n.version)}</a>'
        f" ({len(n.manifest['files'])} files, revision {html.escape(str(n.manifest.get('git_revision', ''))[:12])})</li>"
        for n in nights)
    return f"""<!DOCTYPE html>
<html>
  <head><title>jaxlib nightly wheels</title></head>
  <body>
    <h1>jaxlib nightly wheels</h1>
    <p>A PEP 503 index (PEP 691 JSON at <code>simple/&lt;project&gt;/index.json</code>).
    Name both packages and pin the night, so pip picks one consistent pair:</p>
    <pre>pip install --index-url &lt;this site&gt;/simple --extra-index-url &lt;your usual index&gt; \\
    "jaxlib=={html.escape(latest)}" "jaxlib-cuda12=={html.escape(latest)}"</pre>
    <ul>
{rows}
    </ul>
  </body>
</html>
"""


def _write_generation(index_dir: Path, nights: list[Night], keep: int, must_keep: str | None) -> PublishResult:
    """Assembles a complete site from `nights`, keeps the newest `keep`, swaps it in, prunes.

    Caller holds the lock. On any failure nothing under `index_dir` has changed.
    """
    ordered = sorted(nights, key=lambda n: _night_sort_key(n.version), reverse=True)
    kept, dropped = ordered[:keep], ordered[keep:]
    if must_keep is not None and must_keep not in {n.version for n in kept}:
        raise NightlyError(f"{must_keep} is older than the {keep} newest nights; it would be pruned at once")
    gen_name = f"g{dt.datetime.now(dt.timezone.utc).strftime('%Y%m%dT%H%M%S')}-{secrets.token_hex(4)}"
    staging = _staging_root(index_dir) / gen_name
    site = staging / "site"
    generations = index_dir / "generations"
    final = generations / gen_name
    swapped = False
    try:
        (site / "nights").mkdir(parents=True)
        files: list[make_index.IndexFile] = []
        for n in kept:
            d = site / "nights" / n.version
            d.mkdir()
            copied = set()
            for name, src in sorted(n.sources.items()):
                _place(src, d / name, index_dir)
                if (d / name).stat().st_nlink == 1:
                    copied.add(name)
                _checkpoint("copying")
            for f in n.manifest["files"]:
                on_disk = d / f["filename"]
                if not on_disk.is_file() or on_disk.stat().st_size != f["size"]:
                    raise NightlyError(f"{n.version}: {f['filename']} is missing or not the size its "
                                       "manifest says")
                # New bytes are checked against the manifest before anyone can see them.
                if f["filename"] in copied and sha256_file(on_disk) != f["sha256"]:
                    raise NightlyError(f"{n.version}: {f['filename']} changed while it was copied")
            _write_json(d / "manifest.json", n.manifest)
            files += make_index.files_from_manifest(n.manifest, f"nights/{n.version}")
        make_index.write_simple_index(site, files)
        _write_json(site / "nights.json", {
            "schema": NIGHTS_SCHEMA,
            "latest": kept[0].version if kept else None,
            "nights": [{"version": n.version, "date": n.manifest.get("date"),
                        "git_revision": n.manifest.get("git_revision"),
                        "files": len(n.manifest["files"]),
                        "manifest": f"nights/{n.version}/manifest.json"} for n in kept],
        })
        (site / "index.html").write_text(_landing_page(kept), encoding="utf-8")
        _checkpoint("before-rename")
        generations.mkdir(parents=True, exist_ok=True)
        os.rename(site, final)
        _checkpoint("before-swap")
        tmp_link = index_dir / f".current-{secrets.token_hex(4)}"
        os.symlink(f"generations/{gen_name}", tmp_link)
        os.replace(tmp_link, index_dir / "current")  # the atomic switch
        swapped = True
        _checkpoint("after-swap")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        if not swapped:
            shutil.rmtree(final, ignore_errors=True)
    _ensure_static_links(index_dir)
    for old in generations.iterdir():
        if old.name != gen_name:
            shutil.rmtree(old, ignore_errors=True)
    for stale in index_dir.glob(".current-*"):
        stale.unlink(missing_ok=True)
    return PublishResult(version=kept[0].version if kept else "", generation=gen_name,
                         kept=[n.version for n in kept], pruned=[n.version for n in dropped],
                         added=[], unchanged=[])


def _ensure_static_links(index_dir: Path) -> None:
    for name in STATIC_LINKS:
        link = index_dir / name
        want = f"current/{name}"
        if link.is_symlink() and os.readlink(link) == want:
            continue
        if link.exists() and not link.is_symlink():
            raise NightlyError(f"{link} exists and is not the link {want}: not an index made by this script")
        tmp = index_dir / f".link-{secrets.token_hex(4)}"
        os.symlink(want, tmp)
        os.replace(tmp, link)


def _file_entry(wheel: Path, meta: bytes, info: dict[str, Any] | None) -> dict[str, Any]:
    dist, version = make_index.split_wheel_name(wheel.name)
    return {
        "filename": wheel.name,
        "distribution": make_index.normalize(dist),
        "version": version,
        "tag": wheel_tag(wheel.name),
        "sha256": sha256_file(wheel),
        "size": wheel.stat().st_size,
        "requires_python": metadata_field(meta, "Requires-Python"),
        "metadata_sha256": hashlib.sha256(meta).hexdigest(),
        "build_id": (info or {}).get("build_id"),
        "build_info": info,
    }


def publish(wheels: list[Path], index_dir: Path, *, keep: int = 7, git_revision: str | None = None,
            source_date_epoch: int | None = None,
            build_infos: dict[str, dict[str, Any]] | None = None) -> PublishResult:
    """Adds one night (all `wheels`, one version) to `index_dir`, all or nothing.

    Same filename + same bytes as already published: nothing to do for that file.
    Same filename + other bytes: ReplacementError, and the index is untouched.
    """
    if keep < 1:
        raise NightlyError("--keep must be at least 1")
    if not wheels:
        raise NightlyError("nothing to publish")
    index_dir = index_dir.resolve()
    versions = {make_index.split_wheel_name(w.name)[1] for w in wheels}
    if len(versions) != 1:
        raise NightlyError(f"one night has one version; got {sorted(versions)}")
    version = night_of(versions.pop())
    names = [w.name for w in wheels]
    if len(set(names)) != len(names):
        raise NightlyError("the same wheel filename is given twice")
    infos = build_infos or {}
    revision = git_revision or "unknown"
    index_dir.mkdir(parents=True, exist_ok=True)
    with _locked(index_dir):
        # Leftovers of a publisher that died: never served, safe to drop under the lock.
        for leftover in _staging_root(index_dir).glob("g*"):
            shutil.rmtree(leftover, ignore_errors=True)
        nights = load_nights(current_generation(index_dir))
        published = {f["filename"]: (f["sha256"], n.version) for n in nights.values() for f in n.manifest["files"]}
        tmp_meta = Path(tempfile.mkdtemp(prefix="meta-", dir=_staging_root(index_dir)))
        try:
            entries, added, unchanged = [], [], []
            for w in sorted(wheels, key=lambda p: p.name):
                meta = wheel_metadata_bytes(w)
                entry = _file_entry(w, meta, infos.get(w.name))
                if metadata_field(meta, "Version") != version:
                    raise NightlyError(f"{w.name}: METADATA Version is not {version}")
                old = published.get(w.name)
                if old is not None and old[0] != entry["sha256"]:
                    raise ReplacementError(
                        f"{w.name} is already published (night {old[1]}, sha256 {old[0][:16]}...) with "
                        f"different bytes (sha256 {entry['sha256'][:16]}...): refusing to replace it. "
                        "Rebuild with the same commit and SOURCE_DATE_EPOCH, or stamp another version.")
                (unchanged if old is not None else added).append(w.name)
                mpath = tmp_meta / f"{w.name}.metadata"
                mpath.write_bytes(meta)
                entries.append((w, mpath, entry))
            existing = nights.get(version)
            if existing is not None and existing.manifest.get("git_revision") not in (revision, "unknown"):
                if added:
                    raise NightlyError(
                        f"night {version} was published from revision {existing.manifest.get('git_revision')}; "
                        f"refusing to add files built from {revision}")
            if existing is not None:
                manifest = dict(existing.manifest)
                by_name = {f["filename"]: f for f in manifest["files"]}
                sources = dict(existing.sources)
            else:
                m = _VERSION_NIGHT_RE.search(version)
                assert m
                manifest = {"schema": MANIFEST_SCHEMA, "version": version,
                            "suffix": f".dev{m.group('date')}",
                            "date": dt.datetime.strptime(m.group("date"), "%Y%m%d").date().isoformat(),
                            "git_revision": revision, "source_date_epoch": source_date_epoch,
                            "published_at": _now_iso()}
                by_name, sources = {}, {}
            for w, mpath, entry in entries:
                if w.name in by_name:
                    # Keep what was published (its build info too); bytes are identical.
                    continue
                by_name[w.name] = entry
                sources[w.name] = w
                sources[f"{w.name}.metadata"] = mpath
            manifest["files"] = [by_name[k] for k in sorted(by_name)]
            nights[version] = Night(version, manifest, sources)
            result = _write_generation(index_dir, list(nights.values()), keep, must_keep=version)
        finally:
            shutil.rmtree(tmp_meta, ignore_errors=True)
    result.version, result.added, result.unchanged = version, added, unchanged
    return result


# ---------------------------------------------------------------------------------------------
# Restore (CI runners start empty: mirror the kept nights of the live site first)


def _fetch(url: str, timeout: float = 120.0) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as resp:  # noqa: S310 (http/https/file only)
        return resp.read()


def restore(base_url: str, index_dir: Path, *, keep: int = 7) -> PublishResult | None:
    """Downloads the kept nights of the site at `base_url` (its nights.json) into `index_dir`,
    checking every sha256, then swaps them in like a publish. None when the site has no index."""
    if not base_url.endswith("/"):
        base_url += "/"
    if urllib.parse.urlparse(base_url).scheme not in ("http", "https", "file"):
        raise NightlyError(f"{base_url}: only http(s) and file URLs")
    try:
        listing = json.loads(_fetch(urllib.parse.urljoin(base_url, "nights.json")))
    except (OSError, ValueError) as exc:
        log(f"no index at {base_url} ({exc}); starting empty")
        return None
    index_dir = index_dir.resolve()
    index_dir.mkdir(parents=True, exist_ok=True)
    with _locked(index_dir):
        download = Path(tempfile.mkdtemp(prefix="restore-", dir=_staging_root(index_dir)))
        try:
            nights: list[Night] = []
            for entry in listing["nights"][:keep]:
                version = night_of(entry["version"])
                murl = urllib.parse.urljoin(base_url, entry["manifest"])
                manifest = json.loads(_fetch(murl))
                d = download / version
                d.mkdir()
                sources: dict[str, Path] = {}
                for f in manifest["files"]:
                    for name, want in ((f["filename"], f["sha256"]),
                                       (f"{f['filename']}.metadata", f.get("metadata_sha256"))):
                        if want is None:
                            continue
                        data = _fetch(urllib.parse.urljoin(murl, urllib.parse.quote(name)))
                        got = hashlib.sha256(data).hexdigest()
                        if got != want:
                            raise NightlyError(f"restore: {name} from {base_url} has sha256 {got}, manifest {want}")
                        (d / name).write_bytes(data)
                        sources[name] = d / name
                nights.append(Night(version, manifest, sources))
            result = _write_generation(index_dir, nights, keep, must_keep=None)
        finally:
            shutil.rmtree(download, ignore_errors=True)
    log(f"restored {len(result.kept)} nights from {base_url}")
    return result


# ---------------------------------------------------------------------------------------------
# Upload


def upload(wheels: list[Path], url: str, *, environ: dict[str, str] | None = None,
           timeout: float = 600.0) -> None:
    """`twine upload` of every wheel to the index server at `url`; raises with twine's output.

    Credentials come from TWINE_USERNAME / TWINE_PASSWORD only (never the command line).
    A server refusing a file (bad credentials, the version already there) fails the night.
    """
    env = dict(os.environ if environ is None else environ)
    missing = [k for k in ("TWINE_USERNAME", "TWINE_PASSWORD") if not env.get(k)]
    if missing:
        raise NightlyError(f"--upload needs {' and '.join(missing)} in the environment")
    # --verbose makes twine print the server's answer, which says *why* it refused.
    cmd = [sys.executable, "-m", "twine", "--no-color", "upload", "--non-interactive", "--disable-progress-bar",
           "--verbose", "--repository-url", url,
           *[str(w) for w in sorted(wheels, key=lambda p: p.name)]]
    log(f"uploading {len(wheels)} files to {url}")
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        out = proc.stdout + proc.stderr
        if re.search(r"\b(401|403)\b", out):
            hint = "the server refused the credentials (TWINE_USERNAME / TWINE_PASSWORD)"
        elif "already exists" in out or re.search(r"\b409\b", out):
            hint = "a file of this version is already on the server; published files are never overwritten"
        else:
            hint = "see twine's output"
        raise NightlyError(f"twine upload to {url} failed (exit {proc.returncode}): {hint}\n{out.strip()[-2000:]}")
    log(f"uploaded {len(wheels)} files to {url}")


# ---------------------------------------------------------------------------------------------
# CLI


def _print_validation(v: Validation) -> None:
    for n in v.notes:
        log(f"note: {n}")
    for f in v.incomplete:
        log(f"INCOMPLETE {f}")
    for f in v.findings:
        log(f"VIOLATION {f}")


def _wheels_in(folder: Path) -> list[Path]:
    wheels = sorted(folder.glob("*.whl"))
    if not wheels:
        raise NightlyError(f"no wheels in {folder}")
    return wheels


def cmd_stamp(args: argparse.Namespace) -> int:
    stamp = release_stamp(args.tag) if args.release else compute_stamp()
    lines = [f"{k}={v}" for k, v in stamp.env().items()]
    print("\n".join(lines))
    if args.github_env:
        for var, content in (("GITHUB_ENV", lines),
                             ("GITHUB_OUTPUT", [f"suffix={stamp.suffix}", f"version={stamp.version}",
                                                f"date={stamp.date}",
                                                f"source_date_epoch={stamp.source_date_epoch}"])):
            target = os.environ.get(var)
            if not target:
                raise NightlyError(f"--github-env: ${var} is not set (not on GitHub Actions?)")
            with open(target, "a", encoding="utf-8") as f:
                f.write("\n".join(content) + "\n")
    return 0


def cmd_cibw_env(args: argparse.Namespace) -> int:
    for k, v in cibw_env(matrix_mod.load(), args.platform, args.distribution).items():
        print(f"{k}={v}")
    return 0


def _stamp_for_version(version: str) -> Stamp:
    m = _VERSION_NIGHT_RE.search(version)
    if not m:
        raise NightlyError(f"{version} is not a nightly version")
    return compute_stamp({"JAXLIB_VERSION_SUFFIX": f".dev{m.group('date')}",
                          "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "")})


def cmd_validate(args: argparse.Namespace) -> int:
    wheels = _wheels_in(args.wheels)
    version = args.version or make_index.split_wheel_name(wheels[0].name)[1]
    infos = build_infos_for(wheels, args.build_info)
    v = validate(wheels, version, matrix_mod.load(), build_infos=infos,
                 require_all_pythons=args.require_all_pythons)
    _print_validation(v)
    log(f"{len(wheels)} wheels of {version}: {'ok' if v.ok else 'FAILED'}")
    return 0 if v.ok else 1


def cmd_build_info(args: argparse.Namespace) -> int:
    infos = build_infos_for(list(args.wheels))
    text = json.dumps(infos, indent=1, sort_keys=True)
    if args.out:
        args.out.write_text(text + "\n")
    else:
        print(text)
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    wheels = _wheels_in(args.wheels)
    version = make_index.split_wheel_name(wheels[0].name)[1]
    infos = build_infos_for(wheels, args.build_info)
    if not args.no_validate:
        v = validate(wheels, version, matrix_mod.load(), build_infos=infos,
                     require_all_pythons=args.require_all_pythons)
        _print_validation(v)
        if not v.ok:
            raise NightlyError(f"{len(v.findings) + len(v.incomplete)} violations: nothing published")
    res = publish(wheels, args.index_dir, keep=args.keep, git_revision=args.git_revision or git_revision(),
                  source_date_epoch=_stamp_for_version(version).source_date_epoch, build_infos=infos)
    _report_publish(res, args.index_dir)
    return 0


def _report_publish(res: PublishResult, index_dir: Path) -> None:
    log(f"published {res.version}: {len(res.added)} new, {len(res.unchanged)} already there; "
        f"serving {len(res.kept)} nights ({', '.join(res.kept)}) from {index_dir}/simple"
        + (f"; pruned {', '.join(res.pruned)}" if res.pruned else ""))


def cmd_restore(args: argparse.Namespace) -> int:
    restore(args.url, args.index_dir, keep=args.keep)
    return 0


def cmd_upload(args: argparse.Namespace) -> int:
    upload(_wheels_in(args.wheels), args.url)
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    stamp = compute_stamp()
    log(f"stamp: {stamp.version} (SOURCE_DATE_EPOCH={stamp.source_date_epoch})")
    m = matrix_mod.load()
    if args.wheels:
        wheels = _wheels_in(args.wheels)
        revision = args.git_revision or git_revision()
    else:
        build_args = []
        for opt in ("pythons", "backends"):
            if getattr(args, opt):
                build_args += [f"--{opt}", getattr(args, opt)]
        if args.require_all_pythons:
            build_args.append("--require-all-pythons")
        if args.no_cache:
            build_args.append("--no-cache")
        staging = args.staging or (REPO / "build" / "nightly" / stamp.version / "wheelhouse")
        wheels, report = build(stamp, staging, build_args)
        revision = args.git_revision or report.get("git_revision") or git_revision()
    infos = build_infos_for(wheels, args.build_info)
    partial = bool(args.backends or args.pythons)
    v = validate(wheels, stamp.version, m, build_infos=infos, require_all_pythons=args.require_all_pythons)
    if partial:
        # A restricted build (--backends/--pythons) cannot be complete: report, never publish.
        _print_validation(v)
        log(f"restricted build of {stamp.version}: {len(wheels)} wheels in {wheels[0].parent}; "
            "not published (a night must be complete)")
        return 0 if not v.findings else 1
    _print_validation(v)
    if not v.ok:
        raise NightlyError(f"validation failed ({len(v.findings) + len(v.incomplete)} violations): "
                           "nothing published")
    res = publish(wheels, args.index_dir, keep=args.keep, git_revision=revision,
                  source_date_epoch=stamp.source_date_epoch, build_infos=infos)
    _report_publish(res, args.index_dir)
    if args.upload:
        upload(wheels, args.upload)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("stamp", help="print the night's JAXLIB_VERSION_SUFFIX, SOURCE_DATE_EPOCH, version")
    p.add_argument("--github-env", action="store_true", help="also append to $GITHUB_ENV and $GITHUB_OUTPUT")
    p.add_argument("--release", action="store_true", help="release gate: no suffix, tag == v+VERSION")
    p.add_argument("--tag", help="with --release: the pushed tag (e.g. $GITHUB_REF_NAME)")
    p.set_defaults(func=cmd_stamp)

    p = sub.add_parser("cibw-env", help="CIBW_* settings of one cell, as KEY=VALUE lines for $GITHUB_ENV")
    p.add_argument("--platform", required=True, help="matrix platform key, e.g. linux-x86_64")
    p.add_argument("--distribution", required=True)
    p.set_defaults(func=cmd_cibw_env)

    def index_opts(p: argparse.ArgumentParser) -> None:
        p.add_argument("--index-dir", type=Path, default=REPO / "index")
        p.add_argument("--keep", type=int, default=7, help="nights kept in the index (default 7)")

    def check_opts(p: argparse.ArgumentParser) -> None:
        p.add_argument("--build-info", type=Path, action="append", default=[],
                       help="JSON sidecar from `build-info` (wheels of other platforms)")
        p.add_argument("--require-all-pythons", action="store_true",
                       help="a jaxlib wheel missing for a CPython of the matrix is fatal")

    p = sub.add_parser("validate", help="check one night's wheels")
    p.add_argument("wheels", type=Path, help="folder of wheels")
    p.add_argument("--version", help="expected version (default: the first wheel's)")
    check_opts(p)
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("build-info", help="backend `_ext.build_info()` of wheels as JSON")
    p.add_argument("wheels", type=Path, nargs="+")
    p.add_argument("--out", type=Path)
    p.set_defaults(func=cmd_build_info)

    p = sub.add_parser("publish", help="validate and add a folder of wheels to the index")
    p.add_argument("wheels", type=Path, help="folder of wheels (one version)")
    p.add_argument("--no-validate", action="store_true", help="skip validation (tests, fixtures)")
    p.add_argument("--git-revision")
    index_opts(p)
    check_opts(p)
    p.set_defaults(func=cmd_publish)

    p = sub.add_parser("restore", help="mirror the kept nights of a published site")
    p.add_argument("url", help="site root holding nights.json, e.g. the GitHub Pages URL")
    index_opts(p)
    p.set_defaults(func=cmd_restore)

    p = sub.add_parser("upload", help="twine upload a folder of wheels")
    p.add_argument("wheels", type=Path)
    p.add_argument("--url", required=True, help="upload URL of the index server")
    p.set_defaults(func=cmd_upload)

    p = sub.add_parser("run", help="stamp, build, validate, publish [, upload]")
    index_opts(p)
    check_opts(p)
    p.add_argument("--upload", metavar="URL", help="also twine-upload the night to this server")
    p.add_argument("--wheels", type=Path, help="publish these prebuilt wheels instead of building")
    p.add_argument("--staging", type=Path, help="build wheelhouse (default build/nightly/<version>/wheelhouse)")
    p.add_argument("--pythons", default="", help="restrict the build (the night is then not published)")
    p.add_argument("--backends", default="", help="restrict the build (the night is then not published)")
    p.add_argument("--no-cache", action="store_true", help="rebuild every wheel")
    p.add_argument("--git-revision")
    p.set_defaults(func=cmd_run)

    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except NightlyError as exc:
        log(f"ERROR: {exc}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
