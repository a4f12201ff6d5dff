"""Integrity of the committed corpus data (no jaxlib needed): every case is complete, its
arrays reconstruct with the dtypes and shapes meta.json promises, @main's signature agrees,
and the comparison logic accepts XLA's own outputs."""

from __future__ import annotations

import json
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

np = pytest.importorskip("numpy")
pytest.importorskip("ml_dtypes")

NAMES = corpus.list_cases()
_MLIR = {"i1": "pred", "i8": "s8", "i16": "s16", "i32": "s32", "i64": "s64", "ui8": "u8",
         "ui16": "u16", "ui32": "u32", "ui64": "u64", "f16": "f16", "bf16": "bf16",
         "f32": "f32", "f64": "f64", "complex<f32>": "c64", "complex<f64>": "c128"}


def test_corpus_is_big_enough():
    assert len(NAMES) >= 150
    total = 0
    for root, _dirs, files in os.walk(corpus.CORPUS_DIR):
        total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    assert total < 20 * 1024 * 1024, f"corpus data is {total} bytes"


@pytest.mark.parametrize("name", NAMES)
def test_case_data(name):
    case = corpus.load_case(name)
    files = set(os.listdir(case.dir))
    assert {"program.mlir", "program.mlirbc", "inputs.npz", "outputs.npz", "meta.json"} <= files
    blob = case.program_bytecode()
    assert blob is not None and blob.startswith(b"ML\xefR"), "program.mlirbc is not MLIR bytecode"
    text = case.program_text()
    form = case.meta.get("text_form", "as_text")
    if form == "generic":
        assert text.startswith('"builtin.module"()')
        m = re.search(r'^.*function_type = \((.*)sym_name = "main".*$', text, re.M)
        assert m, "no public @main"
        sig = m.group(1).split(") -> ")[0]
        params = re.findall(r"tensor<((?:\d+x)*)(complex<\w+>|\w+)>", sig)
    else:
        if form == "debug_info":
            assert "loc(" in text
            text_body = "\n".join(ln for ln in text.splitlines() if not ln.startswith("#loc"))
        else:
            text_body = text
        assert text_body.startswith("module @"), "program.mlir is not the module jax printed"
        m = re.search(r"func\.func public @main\((.*)$", text, re.M)
        assert m, "no public @main"
        params = re.findall(r"%arg\d+: tensor<((?:\d+x)*)(complex<\w+>|\w+)>", m.group(1))
    ins = case.inputs()
    assert len(params) == len(ins)
    for (dims, ty), a, rec in zip(params, ins, case.meta["inputs"], strict=False):
        assert [int(d) for d in dims.split("x") if d] == list(a.shape)
        assert _MLIR[ty] == rec["xla_type"]
        assert a.dtype == corpus.numpy_dtype(rec["dtype"])
    outs = case.outputs()
    assert len(outs) == len(case.meta["outputs"])
    assert corpus.mismatches(case, outs) == []
    assert case.tolerance_class in corpus.TOLERANCES
    attrs = re.search(r"mhlo\.num_partitions = (\d+).*mhlo\.num_replicas = (\d+)", text)
    assert attrs and int(attrs.group(1)) == case.num_partitions
    assert int(attrs.group(2)) == case.num_replicas
    if case.num_devices > 1:
        dev_in = case.device_inputs()
        dev_out = case.device_outputs()
        assert corpus.mismatches(case, dev_out, per_device=True) == []
        for rec, shards, full in zip(case.meta["input_layout"], dev_in, ins, strict=False):
            for s, arr in zip(rec["shards"], shards, strict=False):
                idx = tuple(slice(a, b) for a, b in s["index"])
                np.testing.assert_array_equal(full[idx], arr)
        for rec, shards, full in zip(case.meta["output_layout"], dev_out, outs, strict=False):
            for s, arr in zip(rec["shards"], shards, strict=False):
                idx = tuple(slice(a, b) for a, b in s["index"])
                np.testing.assert_array_equal(full[idx], arr)


def test_bf16_roundtrip_is_bitwise():
    hits = 0
    for name in NAMES:
        with open(os.path.join(corpus.CORPUS_DIR, name, "meta.json")) as f:
            meta = json.load(f)
        for rec in meta["inputs"]:
            if rec["dtype"] == "bfloat16":
                assert rec["stored_as"] == "uint16"
                hits += 1
    assert hits > 0
