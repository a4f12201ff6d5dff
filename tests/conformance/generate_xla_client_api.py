#!/usr/bin/env python3
"""Record the public API of Google's jaxlib 0.10.2 ``xla_client`` and a few behaviours of it
as data (tests/conformance/data/xla_client_0_10_2.json) for our parity tests.

This is a *tool*; the committed JSON is the data. Run it in a separate virtualenv with the
real ``jax==0.10.2`` / ``jaxlib==0.10.2`` (ours cannot share a venv with them), optionally
with XLA's CPU plugin (``lammps-jax-pjrt-cpu``) for the plugin and topology behaviours::

    /tmp/jaxvenv/bin/python tests/conformance/generate_xla_client_api.py [--xla-cpu-plugin PATH]

What it records: every public name of ``jaxlib.xla_client`` except modules, typing helpers
and the logger (the 62 the parity issue counts), its kind, its public members and signature
text; HloSharding/OpSharding samples (string form, proto bytes, predicates); enum values;
layout and shape strings; and the errors the plugin functions raise.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import os
import sys
import types
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "data" / "xla_client_0_10_2.json"
# Public names that are not API: imported modules, typing helpers, the module logger.
_NOT_API = {"Any", "Mapping", "Protocol", "Union", "annotations", "logger"}


def _signature(obj: Any) -> str:
    doc = (getattr(obj, "__doc__", None) or "").strip()
    try:
        return f"{obj.__name__}{inspect.signature(obj)}"
    except (TypeError, ValueError):
        return doc.splitlines()[0] if doc else ""


def _names(xc: Any) -> list[dict[str, Any]]:
    out = []
    for name in sorted(n for n in dir(xc) if not n.startswith("_")):
        obj = getattr(xc, name)
        if isinstance(obj, types.ModuleType) or name in _NOT_API:
            continue
        if inspect.isclass(obj):
            members = sorted(m for m in dir(obj) if not m.startswith("_"))
            extra = [m for m in ("__dlpack__", "__dlpack_device__", "__enter__", "__exit__", "__call__") if m in vars(obj)]
            out.append({"name": name, "kind": "class", "members": members + extra})
        elif callable(obj):
            out.append({"name": name, "kind": "function", "signature": _signature(obj)})
        else:
            out.append({"name": name, "kind": type(obj).__name__, "value": obj})
    return out


def _error(fn: Any) -> dict[str, str]:
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - recorded
        return {"raises": type(e).__name__, "message": str(e)}
    return {"returns": repr(value)}


def _sharding_row(xc: Any, recipe: str, h: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "recipe": recipe,
        "str": str(h),
        "proto_hex": h.to_proto().SerializeToString().hex(),
        "is_replicated": h.is_replicated(),
        "is_manual": h.is_manual(),
        "is_maximal": h.is_maximal(),
        "is_unknown": h.is_unknown(),
        "is_tiled": h.is_tiled(),
    }
    if not str(h).startswith("{{"):  # a tuple sharding CHECK-fails on tile queries
        row.update({
            "num_devices": h.num_devices(),
            "num_dimensions": h.num_dimensions(),
            "tile_assignment_dimensions": list(h.tile_assignment_dimensions()),
            "tile_assignment_devices": list(h.tile_assignment_devices()),
            "replicate_on_last_tile_dim": h.replicate_on_last_tile_dim(),
            "subgroup_types": [t.name for t in h.subgroup_types()],
            "is_tile_assignment_iota": h.is_tile_assignment_iota(),
        })
    else:
        row["tuple_elements"] = [str(e) for e in h.tuple_elements()]
    return row


_SHARDING_STRINGS = [
    "{replicated}", "{manual}", "{unknown}", "{maximal device=1}", "{maximal device=3}",
    "{devices=[4]<=[4]}", "{devices=[2,2]<=[4]}", "{devices=[2,2]<=[2,2]T(1,0)}",
    "{devices=[2,2]0,2,1,3}", "{devices=[2,2]3,2,1,0}", "{devices=[2,1,2]<=[4] last_tile_dim_replicate}",
    "{devices=[1,1,4]<=[4] last_tile_dim_replicate}", "{devices=[2,1,2]<=[4] last_tile_dims={manual}}",
    "{devices=[1,2,2]0,1,2,3 last_tile_dims={manual, replicated}}", "{devices=[4,2]<=[2,4]T(1,0)}",
    "{devices=[2,4]<=[2,2,2]T(2,0,1)}",
]


def _shardings(xc: Any) -> dict[str, Any]:
    H = xc.HloSharding  # noqa: N806
    rows = [_sharding_row(xc, f"from_string({s!r})", H.from_string(s)) for s in _SHARDING_STRINGS]
    rows.append(_sharding_row(xc, "replicate()", H.replicate()))
    rows.append(_sharding_row(xc, "manual()", H.manual()))
    rows.append(_sharding_row(xc, "unknown()", H.unknown()))
    rows.append(_sharding_row(xc, "iota_tile([2, 2])", H.iota_tile([2, 2])))
    rows.append(_sharding_row(xc, "iota_tile([2, 2], [2, 2], [1, 0])", H.iota_tile([2, 2], [2, 2], [1, 0])))
    rows.append(_sharding_row(xc, "iota_tile([2, 1, 2], [4], [0], ['REPLICATED'])",
                              H.iota_tile([2, 1, 2], [4], [0], [xc.OpSharding.Type.REPLICATED])))
    f32 = xc.Shape.array_shape(xc.PrimitiveType.F32, (4,))
    tup = H.tuple_sharding(xc.Shape.tuple_shape([f32, f32]), [H.replicate(), H.iota_tile([4])])
    rows.append(_sharding_row(xc, "tuple_sharding([replicate(), iota_tile([4])])", tup))
    op = xc.OpSharding()
    op.type = xc.OpSharding.Type.OTHER
    op.tile_assignment_dimensions = [2, 2]
    op.tile_assignment_devices = [3, 2, 1, 0]
    parsed = xc.OpSharding()
    parsed.ParseFromString(bytes.fromhex("08031a0202024a0104520100"))
    return {
        "cases": rows,
        "op_sharding_types": {k: int(v.value) for k, v in xc.OpSharding.Type.__members__.items()},
        "shard_group_types": {k: int(v.value) for k, v in xc.OpSharding.ShardGroupType.__members__.items()},
        "empty_op_sharding_hex": xc.OpSharding().SerializeToString().hex(),
        "op_sharding_other_3210_hex": op.SerializeToString().hex(),
        "from_proto_other_3210": str(H.from_proto(op)),
        "parsed_iota": {
            "type": parsed.type.name, "dims": list(parsed.tile_assignment_dimensions),
            "iota_reshape_dims": list(parsed.iota_reshape_dims),
            "iota_transpose_perm": list(parsed.iota_transpose_perm),
            "from_proto": str(H.from_proto(parsed)),
        },
        "equal_from_proto_and_string": H.from_proto(op) == H.from_string("{devices=[2,2]3,2,1,0}"),
    }


def _enums(xc: Any) -> dict[str, Any]:
    out = {}
    for name in ("AutotuneCacheMode", "ArrayCopySemantics", "HostBufferSemantics", "CustomCallTargetTraits", "PrimitiveType"):
        out[name] = {k: int(v.value) if hasattr(v, "value") else int(v) for k, v in getattr(xc, name).__members__.items()}
    return out


def _layouts_and_shapes(xc: Any) -> dict[str, Any]:
    import numpy as np

    f32 = xc.Shape.array_shape(np.dtype("float32"), (2, 3))
    ps = xc.ProgramShape([f32], xc.Shape.array_shape(np.dtype("int32"), ()))
    tiled = xc.Layout([0, 1], [(8, 128)], 32)
    return {
        "layout_1_0": {"str": str(xc.Layout([1, 0])), "minor_to_major": list(xc.Layout([1, 0]).minor_to_major()),
                       "element_size_in_bits": xc.Layout([1, 0]).element_size_in_bits(),
                       "tiling": list(xc.Layout([1, 0]).tiling()), "equal": xc.Layout([1, 0]) == xc.Layout([1, 0])},
        "layout_tiled": {"str": str(tiled), "tiling": [list(t) for t in tiled.tiling()],
                         "element_size_in_bits": tiled.element_size_in_bits()},
        "program_shape": {"str": str(ps), "parameter_shapes": [str(s) for s in ps.parameter_shapes()],
                          "result_shape": str(ps.result_shape())},
        "frame_repr": repr(xc.Frame("a.py", "fn", 3, 4)),
    }


def _client_behaviours(xc: Any) -> dict[str, Any]:
    import numpy as np
    from jax._src import core

    client = xc.make_cpu_client()
    dev = client.devices()
    dl = xc.DeviceList(tuple(dev))
    text = """module @m {
  func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}"""
    exe = client.compile_and_load(text.encode(), dl, xc.CompileOptions())
    x = xc.batched_device_put(core.ShapedArray((4,), np.float32), xc.SingleDeviceSharding(dev[0]),
                              [np.arange(4, dtype=np.float32)], [dev[0]])
    outs, token = xc.LoadedExecutable_execute_with_token(exe, [x])
    y = np.from_dlpack(x)
    return {
        "output_memory_kinds": exe.get_output_memory_kinds(),
        "parameter_layouts": [str(p) for p in exe.get_parameter_layouts()],
        "output_layouts": [str(p) for p in exe.get_output_layouts()],
        "default_layout_f32_2x3": str(client.get_default_layout(np.dtype("float32"), (2, 3), dev[0])),
        "execute": [np.asarray(o).tolist() for o in xc.LoadedExecutable_execute(exe, [x])],
        "execute_with_token": {"outputs": [np.asarray(o).tolist() for o in outs], "token_type": type(token).__name__,
                               "token_members": sorted(m for m in dir(token) if not m.startswith("_"))},
        "dlpack_device": [int(v) for v in x.__dlpack_device__()],
        "dlpack_zero_copy": bool(x.unsafe_buffer_pointer() == y.ctypes.data),
        "memory_kind": {
            "None": str(xc.check_and_canonicalize_memory_kind(None, dl)),
            "pinned_host": str(xc.check_and_canonicalize_memory_kind("pinned_host", dl)),
            "bad": _error(lambda: xc.check_and_canonicalize_memory_kind("foo", dl)),
        },
        "topology_for_devices": {"platform": xc.get_topology_for_devices(dev).platform},
        "single_device_sharding_attrs": sorted(a for a in dir(xc.SingleDeviceSharding(dev[0])) if not a.startswith("__")),
        "gspmd_sharding_attrs": sorted(a for a in dir(xc.GSPMDSharding(dl, xc.HloSharding.replicate())) if not a.startswith("__")),
        "executable_stream_id_context": _error(lambda: contextlib.ExitStack().enter_context(xc.execution_stream_id(3))),
    }


def _plugin_behaviours(xc: Any, plugin: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "pjrt_plugin_loaded_unknown": _error(lambda: xc.pjrt_plugin_loaded("not_a_plugin")),
        "pjrt_plugin_initialized_unknown": _error(lambda: xc.pjrt_plugin_initialized("not_a_plugin")),
        "load_missing_file": _error(lambda: xc.load_pjrt_plugin_dynamically("missing", "/nonexistent/plugin.so")),
        "tpu_topology_without_libtpu": _error(lambda: xc.make_tfrt_tpu_c_api_device_topology()),
        # initialize_pjrt_plugin("not_a_plugin") aborts the real process: not recorded.
    }
    if plugin:
        api = xc.load_pjrt_plugin_dynamically("xla_cpu", plugin)
        out["load_returns"] = type(api).__name__
        out["loaded_after_load"] = xc.pjrt_plugin_loaded("xla_cpu")
        out["initialized_after_load"] = xc.pjrt_plugin_initialized("xla_cpu")
        xc.initialize_pjrt_plugin("xla_cpu")
        out["initialized_after_initialize"] = xc.pjrt_plugin_initialized("xla_cpu")
        out["load_again"] = _error(lambda: xc.load_pjrt_plugin_dynamically("xla_cpu", plugin))
        out["xla_cpu_c_api_topology"] = _error(lambda: xc.make_c_api_device_topology(api))
        topo = xc.get_topology_for_devices(xc.make_c_api_client("xla_cpu").devices())
        out["xla_cpu_client_topology"] = {"platform": topo.platform, "platform_version": topo.platform_version}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xla-cpu-plugin", default=os.environ.get("XLA_CPU_PLUGIN"),
                        help="path of XLA's pjrt_c_api_cpu_plugin.so (lammps-jax-pjrt-cpu)")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    for k in [k for k in os.environ if k.startswith("XLA_")]:
        del os.environ[k]  # generate_pjrt_gpu_plugin_options reads them
    import jax
    import jaxlib
    from jaxlib import xla_client as xc

    names = _names(xc)
    data = {
        "generator": "tests/conformance/generate_xla_client_api.py",
        "jax_version": jax.__version__,
        "jaxlib_version": jaxlib.__version__,
        "python": sys.version.split()[0],
        "count": len(names),
        "names": names,
        "shardings": _shardings(xc),
        "enums": _enums(xc),
        "layouts_and_shapes": _layouts_and_shapes(xc),
        "gpu_plugin_options_default_env": xc.generate_pjrt_gpu_plugin_options(),
        "client": _client_behaviours(xc),
        "plugins": _plugin_behaviours(xc, args.xla_cpu_plugin),
    }
    Path(args.out).write_text(json.dumps(data, indent=1, sort_keys=True, default=str) + "\n")
    print(f"wrote {args.out}: {len(names)} names")
    return 0


if __name__ == "__main__":
    sys.exit(main())
