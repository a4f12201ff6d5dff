"""Shared pytest fixtures: repository paths and the matrix."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "ci"))


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def matrix():
    import matrix as matrix_mod

    return matrix_mod.load()
