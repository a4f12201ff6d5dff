"""Every StableHLO version we accept, end to end: the same corpus programs serialized by real
JAX as portable artifacts at each minor version from our minimum to our current one (older
versions also use older MLIR bytecode container versions, 0 to 6), compiled by our plugin and
checked against the outputs real XLA computed. Data: bytecode_versions/ (generate_bytecode.py)."""

from __future__ import annotations

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "ci"))
import corpus  # noqa: E402
from stablehlo_versions import dotted, stablehlo_versions  # noqa: E402

np = pytest.importorskip("numpy")
xla_client = pytest.importorskip("jaxlib.xla_client")

VERSIONS_DIR = os.path.join(HERE, "bytecode_versions")


def _fixtures() -> list:
    out = []
    for version in sorted(os.listdir(VERSIONS_DIR), key=lambda v: tuple(int(p) for p in v.split("."))):
        for fn in sorted(os.listdir(os.path.join(VERSIONS_DIR, version))):
            out.append(pytest.param(version, fn[: -len(".mlirbc")], id=f"{version}-{fn[: -len('.mlirbc')]}"))
    return out


def test_fixtures_span_the_reported_versions():
    versions = sorted(tuple(int(p) for p in v.split(".")) for v in os.listdir(VERSIONS_DIR))
    reported = stablehlo_versions()
    assert versions[0] == reported["minimum"], f"oldest fixture {versions[0]}, we report {reported['minimum']}"
    assert versions[-1][:2] == reported["current"][:2], (
        f"newest fixture {versions[-1]}, we report {dotted(reported['current'])}: regenerate bytecode_versions/")


@pytest.fixture(scope="module")
def client():
    c = xla_client.make_cpu_client()
    yield c
    c.close()


@pytest.mark.parametrize(("version", "name"), _fixtures())
def test_artifact_version(client, version, name):
    with open(os.path.join(VERSIONS_DIR, version, name + ".mlirbc"), "rb") as f:
        blob = f.read()
    assert blob.startswith(b"ML\xefR") and f"StableHLO_v{version}".encode() in blob[:40]
    case = corpus.load_case(name)
    dev = client.devices()[0]
    exe = client.compile_and_load(blob, client.devices()[:1])
    outs = exe.execute([client.buffer_from_pyval(x, device=dev) for x in case.inputs()])
    corpus.assert_outputs_match(case, [np.asarray(o) for o in outs])
