"""The same programs printed differently: with debug info (``loc(...)`` on every op and
``#loc`` aliases) and entirely in MLIR's generic op form. Inputs/outputs are those of the
original case; only program.mlir's spelling differs (meta["text_form"])."""

from __future__ import annotations

import dataclasses

from gen_common import _NAMES, CASES, find

_DEBUG_INFO = ["model_mlp_value_and_grad", "linalg_decomp_f32", "cond_if",
               "shard_map_ppermute_axis_index", "scan_basic"]
_GENERIC = ["constants_x32", "model_convnet_bn_pool", "sort_multi_operand",
            "scatter_at_ops_f32", "linalg_eigh_svd_f64", "shard_map_psum_pmean_pmax",
            "case_switch", "rng_rbg", "ew_float_unary_transc_bf16"]

for _form, _names in (("debug_info", _DEBUG_INFO), ("generic", _GENERIC)):
    for _n in _names:
        _orig = find(_n)
        _new = dataclasses.replace(_orig, name=f"textform_{_form}_{_n}",
                                   text_form=_form,
                                   note=(f"{_n} printed as {_form}. ") + _orig.note)
        assert _new.name not in _NAMES
        _NAMES.add(_new.name)
        CASES.append(_new)
