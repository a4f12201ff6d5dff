"""scikit-build-core dynamic-metadata provider shared by every wheel of the family.

The version is the repository's VERSION plus an optional suffix from JAXLIB_VERSION_SUFFIX
(".devYYYYMMDD" for nightlies, "rcN" for candidates), so all wheels of one pipeline carry
the same string. Sibling distributions listed in ``pinned`` become exact ``==`` pins.
This module only reads; it never writes into the source tree.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

_SUFFIX_RE = re.compile(r"^((\.dev[0-9]+)|(rc[0-9]+))?$")
_VERSION_FILE = Path(__file__).resolve().parents[2] / "VERSION"


def base_version() -> str:
    """The hand-edited X.Y.Z from VERSION."""
    text = _VERSION_FILE.read_text(encoding="utf-8").strip()
    if not re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", text):
        raise ValueError(f"VERSION must hold X.Y.Z, found {text!r}")
    return text


def full_version(environ: dict[str, str] | None = None) -> str:
    """VERSION plus JAXLIB_VERSION_SUFFIX, validated."""
    env = os.environ if environ is None else environ
    suffix = env.get("JAXLIB_VERSION_SUFFIX", "").strip()
    if not _SUFFIX_RE.match(suffix):
        raise ValueError(
            f"JAXLIB_VERSION_SUFFIX={suffix!r} is not '.devN' or 'rcN'; local labels "
            "('+...') are refused because package indexes reject them"
        )
    return base_version() + suffix


def dynamic_metadata(settings: dict[str, Any], project: dict[str, Any]) -> dict[str, Any]:
    """Returns version and dependencies for the calling wheel."""
    unknown = set(settings) - {"pinned", "requires", "pinned_extras"}
    if unknown:
        raise KeyError(f"jaxlib_versioning: unknown settings {sorted(unknown)}")
    version = full_version()
    deps = [f"{name}=={version}" for name in settings.get("pinned", [])]
    deps += list(settings.get("requires", []))
    result: dict[str, Any] = {"version": version, "dependencies": deps}
    extras = settings.get("pinned_extras")
    if extras:
        # e.g. jaxlib[cuda12] -> jaxlib-cuda12==<same version>
        result["optional-dependencies"] = {
            extra: [f"{name}=={version}" for name in names] for extra, names in extras.items()
        }
    return result
