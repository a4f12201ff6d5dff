"""MLIR bytecode that is not what we read, through ``jaxlib.xla_client`` on jaxlib-cpu: each
kind of bad artifact raises XlaRuntimeError with a message that says what is wrong (and, for
version skew, which versions we read), and the client keeps working afterwards. The good
artifacts are covered by the corpus (tests/corpus: every program also as program.mlirbc) and
by tests/corpus/test_bytecode_versions.py."""

from __future__ import annotations

import os
import re
import sys

import pytest

np = pytest.importorskip("numpy")
xla_client = pytest.importorskip("jaxlib.xla_client")
if not hasattr(xla_client, "make_cpu_client"):  # pragma: no cover
    pytest.skip("not our jaxlib", allow_module_level=True)

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "corpus")
sys.path.insert(0, CORPUS)
sys.path.insert(0, os.path.join(HERE, "..", "..", "ci"))
import corpus  # noqa: E402
from stablehlo_versions import dotted, stablehlo_versions  # noqa: E402

CASE = "ew_float_arith_f32"


@pytest.fixture(scope="module")
def client():
    c = xla_client.make_cpu_client(num_devices=1)
    yield c
    c.close()


@pytest.fixture(scope="module")
def artifact() -> bytes:
    blob = corpus.load_case(CASE).program_bytecode()
    assert blob is not None
    return blob


def _error(client, blob: bytes) -> str:
    with pytest.raises(xla_client.XlaRuntimeError) as info:
        client.compile_and_load(blob, client.devices()[:1])
    return str(info.value)


def _runs(client) -> None:
    """The client still compiles and runs the good artifact, with XLA's answer."""
    case = corpus.load_case(CASE)
    exe = client.compile_and_load(case.program_bytecode(), client.devices()[:1])
    dev = client.devices()[0]
    outs = exe.execute([client.buffer_from_pyval(x, device=dev) for x in case.inputs()])
    corpus.assert_outputs_match(case, [np.asarray(o) for o in outs])


def test_truncated(client, artifact):
    for n in (5, 20, len(artifact) // 2, len(artifact) - 1):
        msg = _error(client, artifact[:n])
        assert msg.startswith("INVALID_ARGUMENT: MLIR bytecode: offset "), msg
    _runs(client)


def test_garbage_after_magic(client):
    msg = _error(client, b"ML\xefR" + bytes(range(256)) * 4)
    assert "INVALID_ARGUMENT: MLIR bytecode:" in msg, msg
    _runs(client)


def test_container_version_from_the_future(client, artifact):
    assert artifact[4] == 0x0D  # version 6 as a one-byte prefix varint
    msg = _error(client, artifact[:4] + bytes([0x0F]) + artifact[5:])  # version 7
    assert "bytecode version 7 is not supported (this reader reads 0 to 6)" in msg, msg


def test_stablehlo_version_outside_what_we_report(client, artifact):
    current = dotted(stablehlo_versions()["current"])
    tag = f"StableHLO_v{current}".encode()
    assert tag in artifact[:40]
    newer = f"StableHLO_v9{current[1:]}".encode()  # same length: only the version differs
    msg = _error(client, artifact.replace(tag, newer, 1))
    minimum = dotted(stablehlo_versions()["minimum"])
    assert msg.startswith("UNIMPLEMENTED: StableHLO portable artifact version 9"), msg
    assert f"({minimum} to {current})" in msg, msg
    _runs(client)


def test_unknown_vhlo_op(client, artifact):
    assert b"\x00add_v1\x00" in artifact
    msg = _error(client, artifact.replace(b"\x00add_v1\x00", b"\x00add_v9\x00", 1))
    assert "unknown op 'vhlo.add_v9'" in msg, msg


def test_native_stablehlo_bytecode_is_not_an_artifact(client):
    with open(os.path.join(CORPUS, "bytecode_native.mlirbc"), "rb") as f:
        blob = f.read()
    msg = _error(client, blob)
    assert "not a StableHLO portable artifact" in msg and "serialize_portable_artifact" in msg, msg


def test_bytecode_error_names_the_source_location(client, artifact):
    # Ops carry their locations (in artifacts JAX traces: the user's file:line:col; these
    # were serialized from text, so "-:line:col" of the text); a rejected op is reported there.
    msg = _error(client, artifact.replace(b"\x00add_v1\x00", b"\x00add_v9\x00", 1))
    assert re.search(r"\(at [^()]+:\d+:\d+\)$", msg), msg
