"""Validates built wheels of the family; nox, CI and the tests all call this same code.

Per wheel: tag, metadata version == filename version, exact pins, abi3-ness of every
extension (plus abi3audit when installed), exported symbols of plugins (exactly GetPjrtApi)
and extensions (only PyInit_*), no absolute RPATH, no GPU runtime as a load-time
dependency, size budget. Per family: the pins form a closed set at one version around the
anchor (jaxlib-cpu; no backend requires jaxlib), and every binary wheel carries the same
platform tag. It only reads wheels; it never repairs them.
"""

from __future__ import annotations

import argparse
import email.parser
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from elftools.common.exceptions import ELFError
from elftools.elf.dynamic import DynamicSection
from elftools.elf.elffile import ELFFile

sys.path.insert(0, str(Path(__file__).resolve().parent))
import matrix as matrix_mod  # noqa: E402

# PEP 427 filename: name-version(-build)?-python-abi-platform.whl
_WHEEL_RE = re.compile(
    r"^(?P<name>[A-Za-z0-9_.]+)-(?P<version>[^-]+)(-(?P<build>\d[^-]*))?"
    r"-(?P<python>[^-]+)-(?P<abi>[^-]+)-(?P<plat>[^-]+)\.whl$"
)
# abi3 extension suffixes: ".abi3.so" and 3.15's ".abi3-<triplet>.so".
_ABI3_EXT_RE = re.compile(r"\.abi3(-[A-Za-z0-9_]+)*\.so$")
_PIN_RE = re.compile(r"^(?P<name>[A-Za-z0-9_.\-]+)\s*(\[[^\]]*\])?\s*==\s*(?P<version>[^\s;,]+)\s*(;.*)?$")
_GPU_LIBS = re.compile(r"^lib(cuda|cudart|nvrtc|cublas|cublasLt|cudnn|nccl|amdhip64|hiprtc|hipblas|rocblas|tpu)\b")
# What a plugin may need at load time: the C runtime only (C++ runtime is static).
_PLUGIN_NEEDED_OK = re.compile(r"^(libc|libm|libdl|libpthread|librt|ld-linux[-\w]*|libgcc_s)\.so")


@dataclass
class Finding:
    """One violated rule."""

    wheel: str
    check: str
    message: str


@dataclass
class WheelReport:
    """Everything learnt about one wheel, plus its findings."""

    path: str
    distribution: str
    version: str
    tag: str
    size_bytes: int
    checks: dict[str, str] = field(default_factory=dict)  # check name -> "ok" | "FAIL" | "skipped"
    findings: list[Finding] = field(default_factory=list)
    requires: list[str] = field(default_factory=list)

    def fail(self, check: str, message: str) -> None:
        self.checks[check] = "FAIL"
        self.findings.append(Finding(Path(self.path).name, check, message))

    def ok(self, check: str) -> None:
        self.checks.setdefault(check, "ok")


def normalize(name: str) -> str:
    """PEP 503 normalised project name."""
    return re.sub(r"[-_.]+", "-", name).lower()


def parse_filename(path: Path) -> dict[str, str]:
    m = _WHEEL_RE.match(path.name)
    if not m:
        raise ValueError(f"{path.name}: not a PEP 427 wheel filename")
    return m.groupdict()


def read_metadata(zf: zipfile.ZipFile) -> email.message.Message:
    names = [n for n in zf.namelist() if n.endswith(".dist-info/METADATA")]
    if len(names) != 1:
        raise ValueError(f"expected one .dist-info/METADATA, found {len(names)}")
    return email.parser.Parser().parsestr(zf.read(names[0]).decode("utf-8"))


def _elf(data: bytes) -> ELFFile | None:
    try:
        return ELFFile(io.BytesIO(data))
    except ELFError:
        return None


def exported_symbols(elf: ELFFile) -> set[str]:
    """Defined, globally visible dynamic symbols, version-node entries excluded."""
    out: set[str] = set()
    dynsym = elf.get_section_by_name(".dynsym")
    if dynsym is None:
        return out
    for sym in dynsym.iter_symbols():
        if not sym.name or sym["st_shndx"] == "SHN_UNDEF":
            continue
        if sym["st_info"]["bind"] not in ("STB_GLOBAL", "STB_WEAK", "STB_GNU_UNIQUE"):
            continue
        # A version node (e.g. VERS_1.0) appears as an absolute OBJECT of size 0.
        if sym["st_shndx"] == "SHN_ABS" and sym["st_size"] == 0:
            continue
        out.add(sym.name)
    return out


def dynamic_tags(elf: ELFFile) -> dict[str, list[str]]:
    tags: dict[str, list[str]] = {"NEEDED": [], "RPATH": [], "RUNPATH": []}
    for sec in elf.iter_sections():
        if isinstance(sec, DynamicSection):
            for t in sec.iter_tags():
                if t.entry.d_tag == "DT_NEEDED":
                    tags["NEEDED"].append(t.needed)
                elif t.entry.d_tag == "DT_RPATH":
                    tags["RPATH"].extend(t.rpath.split(":"))
                elif t.entry.d_tag == "DT_RUNPATH":
                    tags["RUNPATH"].extend(t.runpath.split(":"))
    return tags


def expected_tag(distribution: str, m: matrix_mod.Matrix) -> str | None:
    """'cp310-abi3', 'py3-none-any', or None for the per-CPython bindings wheel."""
    for b in m.backends.values():
        if normalize(b.distribution) == normalize(distribution):
            return b.tag
    if normalize(distribution) == normalize(m.bindings_distribution):
        return None
    raise KeyError(distribution)


def check_wheel(path: Path, m: matrix_mod.Matrix, *, run_abi3audit: bool = True) -> WheelReport:
    """Runs every per-wheel check on one wheel file."""
    fn = parse_filename(path)
    report = WheelReport(
        path=str(path), distribution=normalize(fn["name"]), version=fn["version"],
        tag=f"{fn['python']}-{fn['abi']}-{fn['plat']}", size_bytes=path.stat().st_size,
    )
    family = {normalize(d) for d in m.distributions()}
    if report.distribution not in family:
        report.fail("family", f"{fn['name']} is not a distribution of {matrix_mod.MATRIX_FILE.name}")
        return report

    with zipfile.ZipFile(path) as zf:
        meta = read_metadata(zf)
        # Metadata agrees with the filename.
        if normalize(meta.get("Name", "")) != report.distribution:
            report.fail("metadata", f"METADATA Name {meta.get('Name')!r} != filename {fn['name']!r}")
        if meta.get("Version") != fn["version"]:
            report.fail("metadata", f"METADATA Version {meta.get('Version')!r} != filename version {fn['version']!r}")
        report.ok("metadata")
        report.requires = meta.get_all("Requires-Dist") or []

        # Tag.
        want = expected_tag(report.distribution, m)
        got = f"{fn['python']}-{fn['abi']}"
        if want is None:
            if not re.fullmatch(r"cp3\d+-cp3\d+", got) or fn["python"] != fn["abi"]:
                report.fail("tag", f"bindings wheel must be tagged cpXY-cpXY-<plat>, got {report.tag}")
        elif want == "py3-none-any":
            if report.tag != "py3-none-any":
                report.fail("tag", f"expected py3-none-any, got {report.tag}")
        elif got != want:
            report.fail("tag", f"expected {want}-<plat>, got {report.tag}")
        report.ok("tag")

        # Extensions and plugins.
        backend = next((b for b in m.backends.values()
                        if normalize(b.distribution) == report.distribution), None)
        plugin_path = backend.plugin if backend else None
        found_plugin = False
        for name in zf.namelist():
            if not (name.endswith(".so") or ".so." in name):
                continue
            data = zf.read(name)
            elf = _elf(data)
            if elf is None:
                report.fail("elf", f"{name} is not an ELF file")
                continue
            exports = exported_symbols(elf)
            tags = dynamic_tags(elf)
            is_plugin = plugin_path is not None and name == plugin_path
            is_grafted = ".libs/" in name
            if is_plugin:
                found_plugin = True
                if exports != {"GetPjrtApi"}:
                    report.fail("exports", f"{name} must export exactly GetPjrtApi, exports {sorted(exports)[:20]}")
                bad_needed = [n for n in tags["NEEDED"] if not _PLUGIN_NEEDED_OK.match(n)]
                if bad_needed:
                    report.fail("needed", f"{name} has load-time dependencies beyond the C runtime: {bad_needed}")
                report.ok("exports")
                report.ok("needed")
            elif not is_grafted:
                extra = {s for s in exports if not s.startswith("PyInit_")}
                if extra:
                    report.fail("exports", f"extension {name} exports more than PyInit_*: {sorted(extra)[:20]}")
                report.ok("exports")
                if want is not None and want.endswith("abi3") and not _ABI3_EXT_RE.search(name):
                    report.fail("abi3", f"{name} in an abi3 wheel is not an abi3 extension")
            gpu = [n for n in tags["NEEDED"] if _GPU_LIBS.match(n)]
            if gpu:
                report.fail("needed", f"{name} links GPU runtimes at load time: {gpu}")
            for entry in tags["RPATH"] + tags["RUNPATH"]:
                if entry and not entry.startswith(("$ORIGIN", "@loader_path")):
                    report.fail("rpath", f"{name} has absolute or relative RPATH entry {entry!r}")
            report.ok("rpath")
        if plugin_path is not None and not found_plugin:
            report.fail("exports", f"plugin {plugin_path} missing from the wheel")
        if want == "py3-none-any" and any(n.endswith(".so") for n in zf.namelist()):
            report.fail("tag", "a py3-none-any wheel must not contain compiled code")

    # abi3audit reads the symbol tables itself: a second, independent opinion.
    if want is not None and want.endswith("abi3"):
        exe = shutil.which("abi3audit") or (str(Path(sys.executable).parent / "abi3audit")
                                            if (Path(sys.executable).parent / "abi3audit").exists() else None)
        if run_abi3audit and exe:
            proc = subprocess.run([exe, "--strict", "--summary", str(path)],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                report.fail("abi3", f"abi3audit: {(proc.stdout + proc.stderr).strip()[-400:]}")
            report.ok("abi3")
        else:
            report.checks.setdefault("abi3", "ok" if not run_abi3audit else "skipped")

    # Size budget.
    budget = m.budget_mib(report.distribution)
    if report.size_bytes > budget * 1024 * 1024:
        report.fail("size", f"{report.size_bytes / 2**20:.1f} MiB exceeds the budget of {budget} MiB")
    report.ok("size")
    return report


def anchor_distribution(m: matrix_mod.Matrix) -> str:
    """The family's version anchor: the CPU backend, which every other member pins exactly.

    Why not the bindings: a backend must also install beside Google's jaxlib (as a plugin for
    real JAX), which a pin on our `jaxlib` would replace. jaxlib-cpu pins nothing of ours, so
    jaxlib==V -> jaxlib-cpu==V <- jaxlib-cuda12==V still makes pip refuse a mixed set.
    """
    return normalize(m.backends["cpu"].distribution)


def check_family(reports: list[WheelReport], m: matrix_mod.Matrix) -> list[Finding]:
    """Cross-wheel rules: one version, closed exact pins on the anchor, no backend requiring
    the bindings, one platform tag."""
    findings: list[Finding] = []
    if not reports:
        return [Finding("-", "family", "no wheels to check")]
    versions = {r.version for r in reports}
    if len(versions) != 1:
        findings.append(Finding("-", "family", f"wheels carry different versions: {sorted(versions)}"))
    present = {r.distribution for r in reports}
    bindings = normalize(m.bindings_distribution)
    anchor = anchor_distribution(m)
    for r in reports:
        pins: dict[str, str] = {}
        optional: set[str] = set()  # pinned only under an extra (e.g. jaxlib[rocm])
        for req in r.requires:
            pm = _PIN_RE.match(req)
            name = normalize(re.split(r"[\s\[<>=!~;(]", req, maxsplit=1)[0])
            conditional = re.search(r"extra\s*==", req) is not None
            if name == bindings and r.distribution != bindings and not conditional:
                findings.append(Finding(Path(r.path).name, "pins",
                                        f"{req!r}: a backend must not require {m.bindings_distribution} "
                                        f"(it would replace Google's jaxlib under real JAX); pin "
                                        f"{anchor}=={r.version} instead"))
                continue
            if name in {normalize(d) for d in m.distributions()}:
                if not pm:
                    findings.append(Finding(Path(r.path).name, "pins",
                                            f"{req!r}: family members must be pinned with =="))
                    continue
                pins[name] = pm.group("version")
                if conditional:
                    optional.add(name)
        required = set() if r.distribution == anchor else {anchor}
        for need in required:
            if need not in pins or need in optional:
                findings.append(Finding(Path(r.path).name, "pins",
                                        f"missing exact pin on {need}=={r.version}"))
        for name, ver in pins.items():
            if ver != r.version:
                findings.append(Finding(Path(r.path).name, "pins",
                                        f"pins {name}=={ver} but is itself {r.version}"))
            # An extra may name a backend this platform does not build (ROCm on macOS).
            if name not in present and name not in optional:
                findings.append(Finding(Path(r.path).name, "pins",
                                        f"pins {name}=={ver}, which is not among the wheels checked"))
    plats = {r.tag.rsplit("-", 1)[1] for r in reports if not r.tag.endswith("-any")}
    if len(plats) > 1:
        findings.append(Finding("-", "platform", f"binary wheels disagree on platform tag: {sorted(plats)}"))
    return findings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("wheels", nargs="+", type=Path)
    parser.add_argument("--json", type=Path, help="write the per-wheel report here")
    parser.add_argument("--no-family", action="store_true", help="skip cross-wheel checks")
    parser.add_argument("--no-abi3audit", action="store_true")
    args = parser.parse_args(argv)
    m = matrix_mod.load()
    reports = [check_wheel(p, m, run_abi3audit=not args.no_abi3audit) for p in args.wheels]
    findings = [f for r in reports for f in r.findings]
    if not args.no_family:
        findings += check_family(reports, m)
    for r in reports:
        status = "ok" if not r.findings else "FAIL"
        print(f"{status:4} {Path(r.path).name}  {r.size_bytes / 2**20:.2f} MiB  "
              + " ".join(f"{k}={v}" for k, v in sorted(r.checks.items())))
    for f in findings:
        print(f"VIOLATION [{f.check}] {f.wheel}: {f.message}")
    if args.json:
        args.json.write_text(json.dumps({"wheels": [asdict(r) for r in reports],
                                         "findings": [asdict(f) for f in findings]}, indent=2))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
