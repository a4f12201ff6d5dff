"""The nightly index (ci/nightly.py publish + ci/make_index.py): correct, atomic, bounded.

Fixture wheels are tiny pure packages named like the family (`jaxlib`, `jaxlib-cuda12`),
so pip can really resolve and install them from the index with no build. Checked: PEP 503
HTML and PEP 691 JSON agree with the files (sha256, size, requires-python, core metadata),
pip installs from a file:// index and refuses a mixed pair, retention keeps N nights, a
replaced file is refused, and a publisher dying at any point leaves the previous night served.
"""

from __future__ import annotations

import base64
import hashlib
import html.parser
import json
import os
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import make_index
import nightly
import pytest

REPO = Path(__file__).resolve().parents[2]
BASE = "9.9.9"
V1, V2, V3, V4 = (f"{BASE}.dev2026010{d}" for d in (1, 2, 3, 4))
_EPOCH = (1980, 1, 1, 0, 0, 0)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(out_dir: Path, dist: str, version: str, *, requires: list[str] = (),  # type: ignore[assignment]
                requires_python: str | None = ">=3.10", tag: str = "py3-none-any",
                files: dict[str, bytes] | None = None, salt: str = "") -> Path:
    """A minimal valid wheel with fixed timestamps: same arguments, same bytes.

    `salt` changes the bytes (a rebuild that is not reproducible).
    """
    norm = dist.replace("-", "_")
    info = f"{norm}-{version}.dist-info"
    meta = ["Metadata-Version: 2.1", f"Name: {dist}", f"Version: {version}"]
    if requires_python:
        meta.append(f"Requires-Python: {requires_python}")
    meta += [f"Requires-Dist: {r}" for r in requires]
    contents = dict(files if files is not None else
                    {f"{norm}/__init__.py": f'__version__ = "{version}"\n# {salt}\n'.encode()})
    contents[f"{info}/METADATA"] = ("\n".join(meta) + "\n").encode()
    pure = "true" if tag.endswith("-any") else "false"
    contents[f"{info}/WHEEL"] = f"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: {pure}\nTag: {tag}\n".encode()
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{norm}-{version}-{tag}.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        record = []
        for name, data in contents.items():
            zf.writestr(zipfile.ZipInfo(name, _EPOCH), data)
            record.append(_record_line(name, data))
        record.append(f"{info}/RECORD,,")
        zf.writestr(zipfile.ZipInfo(f"{info}/RECORD", _EPOCH), "\n".join(record) + "\n")
    return path


def fixture_night(out: Path, version: str, salt: str = "") -> list[Path]:
    """A pure stand-in for one night with the family's pins: jaxlib and a GPU backend both pin
    the anchor jaxlib-cpu exactly, which pins nothing of ours (it also serves real JAX)."""
    return [
        write_wheel(out, "jaxlib", version, requires=[f"jaxlib-cpu=={version}",
                                                      f"jaxlib-cuda12=={version}; extra == 'cuda12'"],
                    salt=salt),
        write_wheel(out, "jaxlib-cuda12", version, requires=[f"jaxlib-cpu=={version}"], salt=salt),
        write_wheel(out, "jaxlib-cpu", version, salt=salt),
    ]


class _Links(html.parser.HTMLParser):
    """Collects <a> tags (attributes unescaped by the parser) and the meta tags."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[dict[str, str | None], str]] = []
        self.meta: dict[str, str | None] = {}
        self._open: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._open = dict(attrs)
        elif tag == "meta":
            d = dict(attrs)
            self.meta[d.get("name") or ""] = d.get("content")

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self.links.append((self._open, data))
            self._open = None


def parse_page(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text())
    return p


def _resolve(page_dir: Path, href: str) -> Path:
    from urllib.parse import unquote

    return (page_dir / unquote(href.split("#", 1)[0])).resolve()


def served_view(index: Path) -> dict[str, str]:
    """What a reader sees through index/simple: filename -> sha256 of the linked bytes."""
    out = {}
    root = parse_page(index / "simple" / "index.html")
    for attrs, _ in root.links:
        page_dir = index / "simple" / str(attrs["href"]).rstrip("/")
        for a, text in parse_page(page_dir / "index.html").links:
            href = str(a["href"])
            out[text] = hashlib.sha256(_resolve(page_dir, href).read_bytes()).hexdigest()
            assert href.endswith(f"#sha256={out[text]}"), f"{text}: link hash does not match its bytes"
    return out


def _pip_env() -> dict[str, str]:
    # Only our index: no user/site config, no find-links, no extra indexes.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env["PIP_CONFIG_FILE"] = os.devnull
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def pip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True,
                          env=_pip_env(), timeout=300)


@pytest.fixture
def index(tmp_path: Path) -> Path:
    return tmp_path / "site" / "index"


def test_html_and_json_agree_with_the_files(tmp_path: Path, index: Path) -> None:
    wheels = fixture_night(tmp_path / "w1", V1)
    nightly.publish(wheels, index, keep=7, git_revision="abc123", build_infos={
        wheels[1].name: {"version": V1, "build_id": "0123456789abcdef", "backend": "cuda12"}})
    simple = index / "simple"
    root = parse_page(simple / "index.html")
    assert root.meta.get("pypi:repository-version") == make_index.API_VERSION
    assert sorted(t for _, t in root.links) == ["jaxlib", "jaxlib-cpu", "jaxlib-cuda12"]
    root_json = json.loads((simple / "index.json").read_text())
    assert root_json["meta"]["api-version"] == make_index.API_VERSION
    assert [p["name"] for p in root_json["projects"]] == ["jaxlib", "jaxlib-cpu", "jaxlib-cuda12"]

    for w in wheels:
        project = make_index.normalize(make_index.split_wheel_name(w.name)[0])
        page_dir = simple / project
        raw = (page_dir / "index.html").read_text()
        assert 'data-requires-python="&gt;=3.10"' in raw, "requires-python must be HTML-escaped"
        (attrs, text), = parse_page(page_dir / "index.html").links
        assert text == w.name
        served = _resolve(page_dir, str(attrs["href"]))
        digest = hashlib.sha256(w.read_bytes()).hexdigest()
        assert str(attrs["href"]).endswith(f"#sha256={digest}")
        assert served.read_bytes() == w.read_bytes(), "the link must lead to the published bytes"
        assert attrs["data-requires-python"] == ">=3.10"
        meta_file = served.with_name(served.name + ".metadata")
        meta_sha = hashlib.sha256(meta_file.read_bytes()).hexdigest()
        assert attrs["data-core-metadata"] == f"sha256={meta_sha}"
        assert b"Version: " + V1.encode() in meta_file.read_bytes()

        doc = json.loads((page_dir / "index.json").read_text())
        assert doc["meta"]["api-version"] == make_index.API_VERSION and doc["name"] == project
        assert doc["versions"] == [V1]
        (f,) = doc["files"]
        assert f["filename"] == w.name and f["hashes"] == {"sha256": digest}
        assert f["requires-python"] == ">=3.10" and f["size"] == w.stat().st_size
        assert f["core-metadata"] == {"sha256": meta_sha}
        assert _resolve(page_dir, f["url"]) == served


def test_manifest_records_the_night(tmp_path: Path, index: Path) -> None:
    wheels = fixture_night(tmp_path / "w1", V1)
    info = {"version": V1, "build_id": "0123456789abcdef", "backend": "cuda12", "git_revision": "abc123"}
    nightly.publish(wheels, index, git_revision="abc123", source_date_epoch=1767225600,
                    build_infos={wheels[1].name: info})
    listing = json.loads((index / "nights.json").read_text())
    assert listing["latest"] == V1 and [n["version"] for n in listing["nights"]] == [V1]
    manifest = json.loads((index / listing["nights"][0]["manifest"]).read_text())
    assert manifest["version"] == V1 and manifest["suffix"] == ".dev20260101"
    assert manifest["git_revision"] == "abc123" and manifest["source_date_epoch"] == 1767225600
    by_name = {f["filename"]: f for f in manifest["files"]}
    assert set(by_name) == {w.name for w in wheels}
    for w in wheels:
        f = by_name[w.name]
        assert f["sha256"] == hashlib.sha256(w.read_bytes()).hexdigest() and f["size"] == w.stat().st_size
        assert f["version"] == V1 and f["requires_python"] == ">=3.10"
    assert by_name[wheels[1].name]["build_id"] == "0123456789abcdef"
    assert by_name[wheels[1].name]["build_info"] == info


def test_pip_installs_from_a_file_index_and_refuses_a_mixed_pair(tmp_path: Path, index: Path) -> None:
    nightly.publish(fixture_night(tmp_path / "w1", V1), index)
    nightly.publish(fixture_night(tmp_path / "w2", V2), index)
    url = (index / "simple").as_uri()
    target = tmp_path / "target"
    proc = pip("install", "--index-url", url, "--target", str(target), f"jaxlib=={V2}", f"jaxlib-cuda12=={V2}")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    installed = sorted(p.name for p in target.glob("*.dist-info"))
    assert installed == [f"jaxlib-{V2}.dist-info", f"jaxlib_cpu-{V2}.dist-info",
                         f"jaxlib_cuda12-{V2}.dist-info"], installed

    # Unpinned, --pre: the resolver picks the newest consistent pair.
    proc = pip("install", "--dry-run", "--pre", "--index-url", url, "--target", str(tmp_path / "t2"),
               "jaxlib", "jaxlib-cuda12")
    assert proc.returncode == 0 and f"jaxlib-{V2}" in proc.stdout and f"jaxlib-cuda12-{V2}" in proc.stdout, proc.stdout

    # Tonight's jaxlib with last night's backend: both pin jaxlib-cpu, at two versions.
    proc = pip("install", "--dry-run", "--index-url", url, "--target", str(tmp_path / "t3"),
               f"jaxlib=={V2}", f"jaxlib-cuda12=={V1}")
    assert proc.returncode != 0 and "ResolutionImpossible" in proc.stdout + proc.stderr, proc.stdout + proc.stderr


def test_retention_keeps_the_newest_nights(tmp_path: Path, index: Path) -> None:
    for i, v in enumerate((V1, V2, V3, V4)):
        res = nightly.publish(fixture_night(tmp_path / f"w{i}", v), index, keep=2)
    assert res.kept == [V4, V3] and res.pruned == [V2]  # V1 went when V3 came
    listing = json.loads((index / "nights.json").read_text())
    assert [n["version"] for n in listing["nights"]] == [V4, V3]
    assert sorted(p.name for p in (index / "nights").iterdir()) == [V3, V4]
    view = served_view(index)
    assert {make_index.split_wheel_name(n)[1] for n in view} == {V3, V4}
    assert len(list((index / "generations").iterdir())) == 1, "old generations must be pruned"
    doc = json.loads((index / "simple" / "jaxlib" / "index.json").read_text())
    assert doc["versions"] == [V3, V4]
    # A night older than every kept one would vanish at once: refused.
    with pytest.raises(nightly.NightlyError, match="older than the 2 newest"):
        nightly.publish(fixture_night(tmp_path / "old", V1), index, keep=2)


def test_republishing_identical_bytes_is_a_no_op(tmp_path: Path, index: Path) -> None:
    wheels = fixture_night(tmp_path / "w1", V1)
    first = nightly.publish(wheels, index, git_revision="abc")
    before = json.loads((index / "nights" / V1 / "manifest.json").read_text())
    again = nightly.publish(fixture_night(tmp_path / "w1-again", V1), index, git_revision="abc")
    assert sorted(first.added) == sorted(w.name for w in wheels) and first.unchanged == []
    assert again.added == [] and sorted(again.unchanged) == sorted(w.name for w in wheels)
    assert json.loads((index / "nights" / V1 / "manifest.json").read_text()) == before


def test_replacing_a_published_file_is_refused(tmp_path: Path, index: Path) -> None:
    nightly.publish(fixture_night(tmp_path / "w1", V1), index, git_revision="abc")
    current = os.readlink(index / "current")
    view = served_view(index)
    rebuilt = fixture_night(tmp_path / "w1-other", V1, salt="not reproducible")
    with pytest.raises(nightly.ReplacementError, match="refusing to replace"):
        nightly.publish(rebuilt, index, git_revision="abc")
    assert os.readlink(index / "current") == current, "a refused publish must not swap the index"
    assert served_view(index) == view


def test_a_failure_mid_publish_keeps_the_previous_night(tmp_path: Path, index: Path, monkeypatch) -> None:
    nightly.publish(fixture_night(tmp_path / "w1", V1), index)
    current, view = os.readlink(index / "current"), served_view(index)
    entries = sorted(p.name for p in index.iterdir())

    real = make_index.write_simple_index

    def half_then_fail(site: Path, files):  # writes part of the tree, then dies
        real(site, list(files)[:1])
        raise OSError("disk full")

    monkeypatch.setattr(make_index, "write_simple_index", half_then_fail)
    with pytest.raises(OSError, match="disk full"):
        nightly.publish(fixture_night(tmp_path / "w2", V2), index)
    assert os.readlink(index / "current") == current and served_view(index) == view
    assert sorted(p.name for p in index.iterdir()) == entries, "no partial directory may appear in the index"
    assert len(list((index / "generations").iterdir())) == 1
    assert not list(nightly._staging_root(index.resolve()).glob("g*")), "staging must be cleaned up"
    monkeypatch.undo()
    assert nightly.publish(fixture_night(tmp_path / "w2", V2), index).kept == [V2, V1]


@pytest.mark.parametrize("point", ["copying", "before-rename", "before-swap"])
def test_a_publisher_killed_mid_publish_leaves_the_previous_night(tmp_path: Path, index: Path, point: str) -> None:
    nightly.publish(fixture_night(tmp_path / "w1", V1), index)
    current, view = os.readlink(index / "current"), served_view(index)
    wdir = tmp_path / "w2"
    fixture_night(wdir, V2)
    proc = subprocess.run([sys.executable, str(REPO / "ci" / "nightly.py"), "publish", str(wdir),
                           "--no-validate", "--index-dir", str(index), "--git-revision", "abc"],
                          env={**os.environ, "JAXLIB_NIGHTLY_CRASH_AT": point},
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 99, proc.stdout + proc.stderr
    assert os.readlink(index / "current") == current and served_view(index) == view
    assert not (index / "nights" / V2).exists()
    for gen in (index / "generations").iterdir():
        if gen.name != Path(current).name:  # killed after the rename: complete, never linked
            assert point == "before-swap" and sorted(p.name for p in gen.iterdir()) == \
                ["index.html", "nights", "nights.json", "simple"]
    # The next publisher takes over cleanly and clears what the dead one left.
    res = nightly.publish(fixture_night(tmp_path / "w2", V2), index)
    assert res.kept == [V2, V1] and not list(nightly._staging_root(index.resolve()).glob("g*"))
    assert [g.name for g in (index / "generations").iterdir()] == [Path(os.readlink(index / "current")).name]


def _wide_night(out: Path, version: str) -> list[Path]:
    """Several files per project, so half a night would show on a single page."""
    wheels = [write_wheel(out, "jaxlib", version, tag=f"cp31{i}-cp31{i}-linux_x86_64") for i in range(3)]
    wheels.append(write_wheel(out, "jaxlib-cuda12", version, requires=[f"jaxlib-cpu=={version}"]))
    return wheels


def test_readers_never_see_half_a_night(tmp_path: Path, index: Path) -> None:
    """Polling readers during publishes: every page lists whole nights whose bytes match.

    Each page comes from one generation. Two pages read across a swap may come from two
    consecutive generations, which share every night but the oldest and the newest.
    """
    nightly.publish(_wide_night(tmp_path / "w0", V1), index, keep=2)
    per_project = {"jaxlib": 3, "jaxlib-cuda12": 1}
    stop = threading.Event()
    errors: list[str] = []
    reads = [0]

    def read_page(project: str) -> dict[str, int]:
        page_dir = index / "simple" / project
        counts: dict[str, int] = {}
        for attrs, text in parse_page(page_dir / "index.html").links:
            data = _resolve(page_dir, str(attrs["href"])).read_bytes()
            if not str(attrs["href"]).endswith("#sha256=" + hashlib.sha256(data).hexdigest()):
                errors.append(f"{text}: bytes do not match the page's hash")
            v = make_index.split_wheel_name(text)[1]
            counts[v] = counts.get(v, 0) + 1
        return counts

    def reader() -> None:
        newest = ""
        while not stop.is_set() and not errors:
            try:
                for project, n in per_project.items():
                    for v, count in read_page(project).items():
                        if count != n:
                            errors.append(f"{project} page lists {count} of the {n} files of {v}")
                        newest = max(newest, v)
                listing = json.loads((index / "nights.json").read_text())
                if listing["latest"] < newest:
                    errors.append(f"nights.json went back to {listing['latest']} after {newest} was seen")
            except (FileNotFoundError, NotADirectoryError):
                continue  # a night pruned between reading a page and its files: read again
            reads[0] += 1

    t = threading.Thread(target=reader)
    t.start()
    try:
        for i, v in enumerate((V2, V3, V4)):
            nightly.publish(_wide_night(tmp_path / f"w{i + 1}", v), index, keep=2)
    finally:
        stop.set()
        t.join(timeout=60)
    assert not errors, errors[:3]
    assert reads[0] > 0, "the reader never completed a read"


def test_restore_mirrors_a_published_site(tmp_path: Path, index: Path) -> None:
    import smoke_install

    nightly.publish(fixture_night(tmp_path / "w1", V1), index, git_revision="abc")
    nightly.publish(fixture_night(tmp_path / "w2", V2), index, git_revision="abc")
    mirror = tmp_path / "mirror" / "index"
    with smoke_install.serve(index) as base:
        res = nightly.restore(base, mirror, keep=7)
    assert res is not None and res.kept == [V2, V1]
    assert served_view(mirror) == served_view(index)
    assert json.loads((mirror / "nights.json").read_text()) == json.loads((index / "nights.json").read_text())
    # Tonight goes on top of the mirrored nights; the old ones are still refused replacement.
    assert nightly.publish(fixture_night(tmp_path / "w3", V3), mirror).kept == [V3, V2, V1]
    with pytest.raises(nightly.ReplacementError):
        nightly.publish(fixture_night(tmp_path / "w1x", V1, salt="x"), mirror)


def test_restore_rejects_corrupted_bytes(tmp_path: Path, index: Path) -> None:
    import smoke_install

    wheels = fixture_night(tmp_path / "w1", V1)
    nightly.publish(wheels, index)
    served = (index / "nights" / V1 / wheels[0].name).resolve()
    served.write_bytes(served.read_bytes() + b"tampered")
    with smoke_install.serve(index) as base, pytest.raises(nightly.NightlyError, match="sha256"):
        nightly.restore(base, tmp_path / "mirror", keep=7)
    assert nightly.restore("http://127.0.0.1:9/", tmp_path / "empty") is None  # no site yet: start empty


def test_publish_cli_and_static_layout(tmp_path: Path, index: Path) -> None:
    wdir = tmp_path / "w1"
    fixture_night(wdir, V1)
    proc = subprocess.run([sys.executable, str(REPO / "ci" / "nightly.py"), "publish", str(wdir), "--no-validate",
                           "--index-dir", str(index), "--keep", "3"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"published {V1}" in proc.stdout
    for name in nightly.STATIC_LINKS:
        assert os.readlink(index / name) == f"current/{name}", name
    assert (index / "current").is_symlink() and (index / "index.html").read_text().count(V1) >= 1


def test_make_index_cli_rerenders_from_manifests(tmp_path: Path, index: Path) -> None:
    nightly.publish(fixture_night(tmp_path / "w1", V1), index)
    site = tmp_path / "copy"
    import shutil

    shutil.copytree(index / "current", site, symlinks=False)
    (site / "simple" / "jaxlib" / "index.html").unlink()
    proc = subprocess.run([sys.executable, str(REPO / "ci" / "make_index.py"), str(site)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert (site / "simple" / "jaxlib" / "index.html").read_text() == \
        (index / "simple" / "jaxlib" / "index.html").read_text()


def test_published_bytes_are_independent_of_the_build_output(tmp_path: Path, index: Path) -> None:
    """A later build rewriting its wheelhouse in place must not change what was published."""
    wheels = fixture_night(tmp_path / "w1", V1)
    original = wheels[0].read_bytes()
    nightly.publish(wheels, index)
    nightly.publish(fixture_night(tmp_path / "w2", V2), index)  # old nights are carried over by links
    with wheels[0].open("r+b") as f:  # what `shutil.copy2` onto an existing file does
        f.write(b"XXXX")
    served = index / "nights" / V1 / wheels[0].name
    assert served.read_bytes() == original
    assert oct(served.stat().st_mode & 0o777) == oct(0o444), "published files are read-only"


def test_the_smoke_server_serves_the_index_to_pip(tmp_path: Path, index: Path) -> None:
    """What `nox -s smoke` does, with fixture wheels: HTTP on 127.0.0.1, pip resolves from it."""
    import smoke_install

    nightly.publish(fixture_night(tmp_path / "w1", V1), index)
    with smoke_install.serve(index) as base:
        assert base.startswith("http://127.0.0.1:")
        proc = pip("install", "--no-input", "--index-url", f"{base}/simple", "--target", str(tmp_path / "t"),
                   f"jaxlib=={V1}", f"jaxlib-cuda12=={V1}")
        assert proc.returncode == 0, proc.stdout + proc.stderr
        # PEP 691 JSON sits beside each page, served by its URL.
        import urllib.request

        with urllib.request.urlopen(f"{base}/simple/jaxlib/index.json", timeout=10) as resp:
            assert json.loads(resp.read())["files"][0]["filename"].startswith(f"jaxlib-{V1}")


def test_a_wheel_folder_becomes_a_throwaway_index(tmp_path: Path) -> None:
    import smoke_install

    fixture_night(tmp_path / "w", V1)
    site = tmp_path / "site"
    assert smoke_install.site_from_wheels(tmp_path / "w", site) == V1
    proc = pip("install", "--index-url", (site / "simple").as_uri(), "--target", str(tmp_path / "t"),
               f"jaxlib-cuda12=={V1}")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    installed = sorted(p.name for p in (tmp_path / "t").glob("*.dist-info"))
    # The pin pulls the anchor; no backend pulls a host (it may be serving real JAX).
    assert installed == [f"jaxlib_cpu-{V1}.dist-info", f"jaxlib_cuda12-{V1}.dist-info"], installed


def test_smoke_keeps_pips_configured_indexes() -> None:
    import smoke_install

    env = {"PIP_INDEX_URL": "https://mirror.example/simple", "PIP_EXTRA_INDEX_URL": "file:///a file:///b"}
    assert smoke_install.configured_indexes(environ=env) == ["https://mirror.example/simple", "file:///a", "file:///b"]
    got = smoke_install.configured_indexes(environ={})
    assert got and got[0].startswith(("http", "file")), got
