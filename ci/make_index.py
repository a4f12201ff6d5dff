"""Renders a static package index: PEP 503 HTML and PEP 691 JSON, from a list of files.

Used by ci/nightly.py to regenerate `simple/` from the kept nights, and usable alone
(`python ci/make_index.py SITE` re-renders SITE/simple from SITE/nights/*/manifest.json).
It only writes the `simple/` tree it is given; it never moves, hashes or deletes wheels.

Static hosting cannot negotiate content types (PEP 691 asks the server to pick HTML or JSON
from the Accept header), so every page is written twice side by side:
`simple/<project>/index.html` (served for `simple/<project>/`, what pip reads) and
`simple/<project>/index.json` (`application/vnd.pypi.simple.v1+json`, fetched by its URL).
Both carry the same files, `sha256` hashes, `requires-python` (HTML-escaped in HTML) and
PEP 658/714 core-metadata hashes, so pip can resolve without downloading the wheels.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

API_VERSION = "1.1"  # PEP 700: adds `versions`, `size` and `upload-time` to the JSON form
JSON_CONTENT_TYPE = "application/vnd.pypi.simple.v1+json"

_WHEEL_NAME_RE = re.compile(r"^(?P<name>[A-Za-z0-9_.]+)-(?P<version>[^-]+)-")


@dataclass(frozen=True)
class IndexFile:
    """One downloadable file as the index describes it.

    `url` is relative to the site root (e.g. `nights/20260101/jaxlib-...whl`); the pages
    turn it into a link relative to themselves, so the site can be served from any prefix.
    """

    filename: str
    url: str
    sha256: str
    size: int
    requires_python: str | None = None
    metadata_sha256: str | None = None  # hash of `<url>.metadata` (PEP 658), when written
    upload_time: str | None = None  # ISO 8601, UTC, e.g. 2026-01-01T00:00:00Z

    @property
    def project(self) -> str:
        """The PEP 503-normalised project name from the wheel filename."""
        return normalize(split_wheel_name(self.filename)[0])

    @property
    def version(self) -> str:
        return split_wheel_name(self.filename)[1]


def normalize(name: str) -> str:
    """PEP 503 normalised project name."""
    return re.sub(r"[-_.]+", "-", name).lower()


def split_wheel_name(filename: str) -> tuple[str, str]:
    """(distribution, version) of a wheel filename; ValueError for anything else."""
    m = _WHEEL_NAME_RE.match(filename)
    if not m or not filename.endswith(".whl"):
        raise ValueError(f"{filename!r} is not a wheel filename")
    return m.group("name"), m.group("version")


def _version_key(version: str) -> tuple[Any, ...]:
    try:
        from packaging.version import Version

        return (0, Version(version))
    except Exception:  # packaging missing or a non-PEP 440 string: order by text
        return (1, version)


def _href(page_depth: int, url: str) -> str:
    """A link to site-relative `url` from a page `page_depth` directories below the root."""
    return "../" * page_depth + urllib.parse.quote(url)


def _html_page(title: str, body: list[str]) -> str:
    # The meta tag is PEP 629's repository version; pip warns on unknown majors only.
    return "\n".join([
        "<!DOCTYPE html>",
        "<html>",
        "  <head>",
        f'    <meta name="pypi:repository-version" content="{API_VERSION}">',
        f"    <title>{html.escape(title)}</title>",
        "  </head>",
        "  <body>",
        f"    <h1>{html.escape(title)}</h1>",
        *body,
        "  </body>",
        "</html>",
        "",
    ])


def render_project_html(project: str, files: list[IndexFile]) -> str:
    """The PEP 503 page of one project (`simple/<project>/`)."""
    body = []
    for f in sorted(files, key=lambda f: f.filename):
        attrs = [f'href="{html.escape(_href(2, f.url))}#sha256={f.sha256}"']
        if f.requires_python:
            attrs.append(f'data-requires-python="{html.escape(f.requires_python)}"')
        if f.metadata_sha256:
            # PEP 714 renamed the attribute; older pips only know the PEP 658 spelling.
            attrs.append(f'data-core-metadata="sha256={f.metadata_sha256}"')
            attrs.append(f'data-dist-info-metadata="sha256={f.metadata_sha256}"')
        body.append(f"    <a {' '.join(attrs)}>{html.escape(f.filename)}</a><br>")
    return _html_page(f"Links for {project}", body)


def render_project_json(project: str, files: list[IndexFile]) -> dict[str, Any]:
    """The PEP 691 (API 1.1) JSON of one project."""
    out_files = []
    for f in sorted(files, key=lambda f: f.filename):
        entry: dict[str, Any] = {
            "filename": f.filename,
            "url": _href(2, f.url),
            "hashes": {"sha256": f.sha256},
            "requires-python": f.requires_python,
            "size": f.size,
            "yanked": False,
            "core-metadata": {"sha256": f.metadata_sha256} if f.metadata_sha256 else False,
            "dist-info-metadata": {"sha256": f.metadata_sha256} if f.metadata_sha256 else False,
        }
        if f.upload_time:
            entry["upload-time"] = f.upload_time
        out_files.append(entry)
    versions = sorted({f.version for f in files}, key=_version_key)
    return {"meta": {"api-version": API_VERSION}, "name": project, "versions": versions,
            "files": out_files}


def render_root_html(projects: list[str]) -> str:
    """The PEP 503 root page (`simple/`)."""
    body = [f'    <a href="{urllib.parse.quote(p)}/">{html.escape(p)}</a><br>' for p in sorted(projects)]
    return _html_page("Simple index", body)


def render_root_json(projects: list[str]) -> dict[str, Any]:
    """The PEP 691 root JSON."""
    return {"meta": {"api-version": API_VERSION}, "projects": [{"name": p} for p in sorted(projects)]}


def write_simple_index(site: Path, files: Iterable[IndexFile]) -> list[str]:
    """Writes `site/simple/` (HTML + JSON) for `files`; returns the project names.

    `site/simple` must not exist yet: callers render into a fresh tree and swap it in.
    """
    by_project: dict[str, list[IndexFile]] = {}
    seen: dict[str, IndexFile] = {}
    for f in files:
        if f.filename in seen and seen[f.filename].sha256 != f.sha256:
            raise ValueError(f"{f.filename} listed twice with different sha256")
        seen[f.filename] = f
    for f in seen.values():
        by_project.setdefault(f.project, []).append(f)
    simple = site / "simple"
    simple.mkdir(parents=True)
    for project, pfiles in by_project.items():
        d = simple / project
        d.mkdir()
        (d / "index.html").write_text(render_project_html(project, pfiles), encoding="utf-8")
        (d / "index.json").write_text(json.dumps(render_project_json(project, pfiles), indent=1) + "\n",
                                      encoding="utf-8")
    projects = sorted(by_project)
    (simple / "index.html").write_text(render_root_html(projects), encoding="utf-8")
    (simple / "index.json").write_text(json.dumps(render_root_json(projects), indent=1) + "\n",
                                       encoding="utf-8")
    return projects


def files_from_manifest(manifest: dict[str, Any], night_url: str) -> list[IndexFile]:
    """IndexFiles of one night manifest (see ci/nightly.py), links under `night_url`."""
    out = []
    for f in manifest["files"]:
        out.append(IndexFile(
            filename=f["filename"], url=f"{night_url}/{f['filename']}", sha256=f["sha256"],
            size=int(f["size"]), requires_python=f.get("requires_python"),
            metadata_sha256=f.get("metadata_sha256"), upload_time=manifest.get("published_at"),
        ))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path, help="directory holding nights/<id>/manifest.json; "
                                                "SITE/simple is rewritten in place (not atomically: "
                                                "`ci/nightly.py publish` is the atomic path)")
    args = parser.parse_args(argv)
    files: list[IndexFile] = []
    for manifest in sorted(args.site.glob("nights/*/manifest.json")):
        files += files_from_manifest(json.loads(manifest.read_text()), f"nights/{manifest.parent.name}")
    simple = args.site / "simple"
    if simple.exists():
        import shutil

        shutil.rmtree(simple)
    projects = write_simple_index(args.site, files)
    print(f"{simple}: {len(files)} files in {len(projects)} projects")
    return 0


if __name__ == "__main__":
    sys.exit(main())
