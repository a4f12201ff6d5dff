"""The README's commands are the ones nox and CI run: the JAX plugin install command in the
README is exactly what `nox -s jax` runs, and a full `nox -s tests` queues that session."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _nox_constant(name: str) -> str:
    match = re.search(rf'^{name} = "([^"]+)"$', (REPO / "noxfile.py").read_text(), re.MULTILINE)
    assert match, f"noxfile.py defines no {name}"
    return match.group(1)


def test_readme_shows_the_jax_plugin_install_command_nox_runs() -> None:
    command = _nox_constant("JAX_PLUGIN_INSTALL")
    readme_lines = [line.strip() for line in (REPO / "README.md").read_text().splitlines()]
    assert command in readme_lines, f"README.md must show, on a line of its own: {command}"
    assert "--find-links wheelhouse" in command and command.endswith(" jaxlib-cpu")


def test_full_tests_run_queues_the_jax_session_and_ci_runs_the_readme_commands() -> None:
    noxfile = (REPO / "noxfile.py").read_text()
    assert 'session.notify("jax", posargs=[])' in noxfile
    assert "def jax(session" in noxfile
    ci_run = (REPO / ".ci" / "run").read_text()
    assert "python3 -m nox -s tests\n" in ci_run
