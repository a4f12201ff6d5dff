"""``python -m jaxlib [doctor] [--json]``: what is installed, what loads, and how to fix it.

Reports jaxlib's version, Python and platform, then every discovered backend with its
version, build id, PJRT C API version, library path, and whether it loaded (or why not).
Exits 1 when anything failed. Must keep working when the extension itself is broken.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from typing import Any

import jaxlib


def _jaxlib_section() -> dict[str, Any]:
    info: dict[str, Any] = {"version": jaxlib.__version__, "path": os.path.dirname(jaxlib.__file__)}
    try:
        from jaxlib import _jaxlib

        info["extension"] = "ok"
        info["build_version"] = str(_jaxlib.build_version)
        major, minor = _jaxlib.pjrt_api_version
        info["pjrt_c_api_version"] = f"{major}.{minor}"
        info["min_plugin_pjrt_c_api_version"] = f"0.{_jaxlib.min_supported_pjrt_minor}"
    except Exception as e:  # noqa: BLE001 - the doctor reports, never crashes
        info["extension"] = f"failed: {type(e).__name__}: {e}"
    return info


def _api_section() -> dict[str, Any]:
    """How many of the claimed jaxlib release's xla_client names ours has, and which of them
    raise by design."""
    from jaxlib import api_level

    info: dict[str, Any] = {"claimed": api_level.XLA_CLIENT_API_VERSION, "total": len(api_level.XLA_CLIENT_NAMES)}
    try:
        from jaxlib import xla_client

        info["missing"] = [n for n in api_level.XLA_CLIENT_NAMES if not hasattr(xla_client, n)]
        info["unsupported"] = dict(sorted(xla_client.UNSUPPORTED_NAMES.items()))
    except Exception as e:  # noqa: BLE001 - the doctor reports, never crashes
        info["missing"] = list(api_level.XLA_CLIENT_NAMES)
        info["unsupported"] = {}
        info["error"] = f"{type(e).__name__}: {e}"
    info["present"] = info["total"] - len(info["missing"])
    return info


def _backend_section(name: str, reg: Any) -> dict[str, Any]:
    from jaxlib import plugin_support, xla_client

    build = reg.build_info or {}
    entry: dict[str, Any] = {
        "name": name,
        "priority": reg.priority,
        "distribution": reg.distribution,
        "module": reg.module,
        "version": plugin_support.plugin_version(name),
        "build_id": build.get("build_id"),
        "git_revision": build.get("git_revision"),
        "library_path": reg.library_path,
    }
    try:
        api = plugin_support.loaded_plugin(name)
        major, minor = api.api_version
        entry["pjrt_c_api_version"] = f"{major}.{minor}"
        client = xla_client.make_c_api_client(name)
        entry["platform"] = client.platform
        entry["platform_version"] = client.platform_version
        entry["devices"] = [repr(d) for d in client.devices()]
        client.close()
        entry["status"] = "loaded"
    except Exception as e:  # noqa: BLE001 - reported with its reason
        entry["status"] = "failed"
        entry["error"] = f"{type(e).__name__}: {e}"
        if isinstance(e, plugin_support.PluginVersionError):
            entry["fix"] = plugin_support._fix_command(reg, jaxlib.__version__)
    return entry


def collect() -> dict[str, Any]:
    """The whole report as a JSON-serializable dict."""
    report: dict[str, Any] = {
        "jaxlib": _jaxlib_section(),
        "api": _api_section(),
        "python": {"version": sys.version.split()[0], "implementation": platform.python_implementation(), "executable": sys.executable},
        "platform": {"system": platform.system(), "machine": platform.machine(), "release": platform.release(), "libc": " ".join(platform.libc_ver())},
        "environment": {k: os.environ.get(k) for k in ("JAX_PLATFORMS", "JAXLIB_SKIP_VERSION_CHECK") if k in os.environ},
        "backends": [],
        "discovery_failures": [],
        "fixes": [],
    }
    if report["jaxlib"]["extension"] == "ok":
        from jaxlib import plugin_support

        for name, reg in sorted(plugin_support.registrations().items(), key=lambda kv: -kv[1].priority):
            report["backends"].append(_backend_section(name, reg))
        report["discovery_failures"] = [{"module": f.module, "reason": f.reason} for f in plugin_support.discovery_failures()]
    for b in report["backends"]:
        if b.get("fix") and b["fix"] not in report["fixes"]:
            report["fixes"].append(b["fix"])
    if not report["backends"]:
        report["fixes"].append("pip install jaxlib-cpu  # no backend is installed")
    report["ok"] = (
        report["jaxlib"]["extension"] == "ok"
        and not report["api"]["missing"]
        and bool(report["backends"])
        and all(b["status"] == "loaded" for b in report["backends"])
        and not report["discovery_failures"]
    )
    return report


def _print_text(report: dict[str, Any]) -> None:
    j = report["jaxlib"]
    print(f"jaxlib {j['version']}  ({j['path']})")
    if j["extension"] == "ok":
        print(f"  extension built as {j['build_version']}, PJRT C API {j['pjrt_c_api_version']} (plugins >= {j['min_plugin_pjrt_c_api_version']})")
    else:
        print(f"  extension: {j['extension']}")
    a = report["api"]
    line = f"  xla_client {a['claimed']}-compatible: {a['present']}/{a['total']} names"
    if a["unsupported"]:
        line += f" ({len(a['unsupported'])} raise UnsupportedApiError by design: {', '.join(a['unsupported'])})"
    print(line)
    if a["missing"]:
        print(f"    missing: {', '.join(a['missing'])}")
    p, pl = report["python"], report["platform"]
    print(f"Python {p['version']} ({p['implementation']}) at {p['executable']}")
    print(f"Platform {pl['system']} {pl['machine']} {pl['release']} {pl['libc']}".rstrip())
    for k, v in report["environment"].items():
        print(f"  {k}={v}")
    print("Backends:" if report["backends"] else "Backends: none discovered")
    for b in report["backends"]:
        dist = f"{b['distribution']} " if b["distribution"] else ""
        print(f"  {b['name']} (priority {b['priority']}): {dist}{b['version'] or 'version unknown'}, build {b['build_id'] or '-'}")
        print(f"    library {b['library_path']}")
        if "pjrt_c_api_version" in b:
            print(f"    PJRT C API {b['pjrt_c_api_version']}")
        if b["status"] == "loaded":
            print(f"    loaded: {b['platform']} {b.get('platform_version', '')}, {len(b['devices'])} device(s)")
        else:
            print(f"    FAILED: {b['error']}")
    for f in report["discovery_failures"]:
        print(f"  plugin module {f['module']} FAILED during discovery: {f['reason']}")
    for fix in report["fixes"]:
        print(f"Fix: {fix}")
    print("OK" if report["ok"] else "PROBLEMS FOUND")


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m jaxlib`` and ``jaxlib-doctor``."""
    parser = argparse.ArgumentParser(prog="python -m jaxlib", description="jaxlib doctor: versions, backends, fixes")
    parser.add_argument("command", nargs="?", default="doctor", choices=["doctor"], help="what to run (default: doctor)")
    parser.add_argument("--json", action="store_true", help="machine-readable output for bug reports")
    args = parser.parse_args(argv)
    report = collect()
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        _print_text(report)
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
