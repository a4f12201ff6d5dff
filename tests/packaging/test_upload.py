"""The real upload path: `ci/nightly.py` -> twine -> a local pypiserver with authentication.

Each test starts its own pypiserver on 127.0.0.1 (a free port, an htpasswd file, uploads
authenticated) and always stops it. Proven: a good upload is installable from the server,
bad credentials fail loudly, and re-uploading a version is refused, never overwritten.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import nightly
import pytest
from test_index import V1, fixture_night, pip

REPO = Path(__file__).resolve().parents[2]
MISSING = [m for m in ("pypiserver", "passlib", "twine") if importlib.util.find_spec(m) is None]
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"needs {', '.join(MISSING)} (pip install {' '.join(MISSING)})")

USER, PASSWORD = "nightly-bot", "correct horse battery staple"
START_TIMEOUT = 30.0


@dataclass
class Server:
    url: str
    packages: Path

    def creds(self, password: str = PASSWORD) -> dict[str, str]:
        return {**os.environ, "TWINE_USERNAME": USER, "TWINE_PASSWORD": password}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    from passlib.apache import HtpasswdFile

    htpasswd = tmp_path / "htpasswd"
    h = HtpasswdFile(str(htpasswd), new=True)
    h.set_password(USER, PASSWORD)
    h.save()
    packages = tmp_path / "packages"
    packages.mkdir()
    port = _free_port()
    log = (tmp_path / "pypiserver.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "pypiserver", "run", "-i", "127.0.0.1", "-p", str(port),
                             "-P", str(htpasswd), "-a", "update,download,list", str(packages)],
                            stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2):
                    break
            except OSError as exc:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"pypiserver did not start: {(tmp_path / 'pypiserver.log').read_text()}") from exc
                time.sleep(0.2)
        yield Server(url, packages)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()


def test_a_good_upload_is_installable(tmp_path: Path, server: Server) -> None:
    wheels = fixture_night(tmp_path / "w", V1)
    nightly.upload(wheels, server.url, environ=server.creds(), timeout=120)
    assert sorted(p.name for p in server.packages.iterdir()) == sorted(w.name for w in wheels)
    target = tmp_path / "target"
    # The server authenticates downloads too (-a update,download,list): a private index.
    authed = server.url.replace("http://", f"http://{quote(USER)}:{quote(PASSWORD, safe='')}@")
    proc = pip("install", "--no-input", "--index-url", f"{authed}simple/", "--target", str(target),
               f"jaxlib=={V1}", f"jaxlib-cuda12=={V1}")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert sorted(p.name for p in target.glob("*.dist-info")) == [f"jaxlib-{V1}.dist-info",
                                                                  f"jaxlib_cpu-{V1}.dist-info",
                                                                  f"jaxlib_cuda12-{V1}.dist-info"]


def test_bad_credentials_fail_loudly(tmp_path: Path, server: Server) -> None:
    wheels = fixture_night(tmp_path / "w", V1)
    with pytest.raises(nightly.NightlyError, match=r"refused the credentials[\s\S]*403"):
        nightly.upload(wheels, server.url, environ=server.creds("wrong password"), timeout=120)
    assert list(server.packages.iterdir()) == [], "nothing may land with bad credentials"
    with pytest.raises(nightly.NightlyError, match="TWINE_PASSWORD"):
        nightly.upload(wheels, server.url, environ={"TWINE_USERNAME": USER})


def test_reuploading_a_version_is_refused(tmp_path: Path, server: Server) -> None:
    wheels = fixture_night(tmp_path / "w", V1)
    nightly.upload(wheels, server.url, environ=server.creds(), timeout=120)
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in server.packages.iterdir()}
    with pytest.raises(nightly.NightlyError, match="already exists"):
        nightly.upload(wheels, server.url, environ=server.creds(), timeout=120)
    rebuilt = fixture_night(tmp_path / "w2", V1, salt="different bytes")
    with pytest.raises(nightly.NightlyError, match="never overwritten"):
        nightly.upload(rebuilt, server.url, environ=server.creds(), timeout=120)
    after = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in server.packages.iterdir()}
    assert after == before, "the server's files must be the first upload's"


def test_upload_cli(tmp_path: Path, server: Server) -> None:
    wdir = tmp_path / "w"
    wheels = fixture_night(wdir, V1)
    cmd = [sys.executable, str(REPO / "ci" / "nightly.py"), "upload", str(wdir), "--url", server.url]
    proc = subprocess.run(cmd, env=server.creds(), capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert sorted(p.name for p in server.packages.iterdir()) == sorted(w.name for w in wheels)
    proc = subprocess.run(cmd, env=server.creds(), capture_output=True, text=True, timeout=180)
    assert proc.returncode == 1 and "never overwritten" in proc.stdout, proc.stdout + proc.stderr


@pytest.mark.skipif(__import__("shutil").which("cc") is None, reason="needs a C compiler")
def test_nightly_run_with_upload(tmp_path: Path, server: Server, matrix) -> None:
    """`nox -s nightly -- --upload URL` path: validate, publish locally, then upload."""
    from test_nightly import SUFFIX, V, family

    wdir = tmp_path / "wheels"
    wheels = family(wdir, matrix)
    env = {**server.creds(), "JAXLIB_VERSION_SUFFIX": SUFFIX}
    proc = subprocess.run([sys.executable, str(REPO / "ci" / "nightly.py"), "run", "--wheels", str(wdir),
                           "--index-dir", str(tmp_path / "index"), "--upload", server.url],
                          env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert sorted(p.name for p in server.packages.iterdir()) == sorted(w.name for w in wheels)
    assert (tmp_path / "index" / "nights" / V / "manifest.json").exists()
