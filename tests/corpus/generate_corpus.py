#!/usr/bin/env python3
"""Generate the StableHLO ground-truth corpus under tests/corpus/data/ with real JAX.

This is a *tool*; the committed output (tests/corpus/data/) is the data. It must run in a
separate virtualenv with the real ``jax==0.10.2`` and ``jaxlib==0.10.2`` from PyPI (ours
cannot share a venv with them: same package name), plus ``numpy``, ``scipy`` and
``ml_dtypes``::

    python3 -m venv /work/refenv
    /work/refenv/bin/pip install jax==0.10.2 jaxlib==0.10.2 scipy ml_dtypes numpy
    /work/refenv/bin/python tests/corpus/generate_corpus.py            # everything
    /work/refenv/bin/python tests/corpus/generate_corpus.py --only 'ew_*' --pass x32
    /work/refenv/bin/python tests/corpus/generate_corpus.py --list

For every case (a JAX function plus small concrete inputs built from fixed numpy seeds) it
writes ``data/<case>/``:

* ``program.mlir``  exactly ``jax.jit(f).lower(*args).as_text()`` (a few ``textform_*``
  cases instead hold ``as_text(debug_info=True)`` or the same module in MLIR's generic op
  form; ``meta["text_form"]`` says which);
* ``inputs.npz``    ``arg0..argN`` (the flattened arguments, i.e. the parameters of
  ``@main`` in order);
* ``outputs.npz``   ``out0..outM`` (the flattened results of running the *same* lowered
  module, compiled by real XLA on CPU);
* ``meta.json``     name, category, intended ops, tolerance class, dtypes/shapes, versions,
  and for multi-device cases the mesh and the per-device layout.

bfloat16 arrays are stored as ``uint16`` views (numpy's npz cannot store ml_dtypes types);
``meta.json`` records the real dtype per array and corpus.py reconstructs it bit-exactly.
Multi-device cases (``shard_map`` over 4 CPU devices) also store every argument's and
result's per-device shard as ``arg{i}_dev{d}`` / ``out{j}_dev{d}``; ``d`` is the position
in ``meta["device_assignment"]`` (the order ``execute_sharded`` expects).

Two passes run as two subprocesses: ``x32`` (default JAX config) and ``x64``
(``jax_enable_x64=True``, the cases that carry s64/u64/f64/c128). Both set
``XLA_FLAGS=--xla_force_host_platform_device_count=4`` before importing jax.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(HERE, "data")
CASE_MODULES = [
    "cases_elementwise",
    "cases_convert",
    "cases_chlo",
    "cases_shape",
    "cases_gather_scatter",
    "cases_dot_conv",
    "cases_reduce_sort",
    "cases_control",
    "cases_rng_fft",
    "cases_linalg",
    "cases_models",
    "cases_multidevice",
    "cases_textforms",
]

_MLIR_TO_XLA = {
    "i1": "pred", "i8": "s8", "i16": "s16", "i32": "s32", "i64": "s64",
    "ui8": "u8", "ui16": "u16", "ui32": "u32", "ui64": "u64",
    "f16": "f16", "bf16": "bf16", "f32": "f32", "f64": "f64",
    "complex<f32>": "c64", "complex<f64>": "c128",
}
_NP_TO_XLA = {
    "bool": "pred", "int8": "s8", "int16": "s16", "int32": "s32", "int64": "s64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64",
    "complex64": "c64", "complex128": "c128",
}
# dtypes numpy's npz cannot round-trip: stored as same-width unsigned views.
_VIEW_AS = {"bfloat16": "uint16", "float8_e4m3fn": "uint8", "float8_e5m2": "uint8"}


def load_cases():
    sys.path.insert(0, HERE)
    import gen_common
    for m in CASE_MODULES:
        if os.path.isfile(os.path.join(HERE, m + ".py")):
            __import__(m)
    return gen_common.CASES


# ------------------------------------------------------------------------ signature parsing

_TENSOR = r"tensor<((?:\d+x)*)(complex<\w+>|\w+)>"


def main_signature(text: str):
    """[(shape, xla_type)] for @main's parameters and results."""
    m = re.search(r"func\.func public @main\((.*)$", text, re.M)
    if m:
        line = m.group(1)
        anchor = r"%arg\d+:\s*"
    else:  # generic op form: "func.func"() <{... function_type = (...) -> (...), ...
        m = re.search(r'^.*sym_name = "main".*$', text, re.M)
        if not m:
            raise RuntimeError("no public @main in module")
        ft = re.search(r"function_type = \((.*)$", m.group(0))
        line = ft.group(1)
        anchor = r"(?:^|[(,]\s*)"
    # Parameters end at the first ") -> " at depth 0.
    depth, cut = 1, None
    for i, ch in enumerate(line):
        if ch in "(<[{":
            depth += 1
        elif ch in ")>]}":
            depth -= 1
            if depth == 0:
                cut = i
                break
    params, results = line[:cut], line[cut + 1:]

    def parse(s, anchor):
        out = []
        for mm in re.finditer(anchor + _TENSOR, s):
            dims = [int(d) for d in mm.group(1).split("x") if d]
            out.append((dims, _MLIR_TO_XLA.get(mm.group(2), mm.group(2))))
        return out

    ins = parse(params, anchor)
    # Results: every top-level tensor type in the result list.
    outs = parse(results, r"(?:[(,]\s*|->\s*)")
    return ins, outs


# ------------------------------------------------------------------------------ the pass

def _array_record(name, arr):
    dt = arr.dtype.name
    rec = {"name": name, "dtype": dt, "xla_type": _NP_TO_XLA.get(dt, dt),
           "shape": list(arr.shape)}
    if dt in _VIEW_AS:
        rec["stored_as"] = _VIEW_AS[dt]
    return rec


def _stored(arr):
    import numpy as np
    dt = arr.dtype.name
    arr = np.array(arr, order="C", copy=True)  # (np.ascontiguousarray turns 0-d into 1-d)
    if dt in _VIEW_AS:
        return arr.view(np.dtype(_VIEW_AS[dt]))
    return arr


def _index_record(index, shape):
    out = []
    for sl, n in zip(index, shape, strict=False):
        start, stop, step = sl.indices(n)
        assert step == 1
        out.append([start, stop])
    return out


def run_case(c, versions):
    import jax
    import numpy as np
    from jax.sharding import NamedSharding

    built = c.build()
    fn, args = built[0], tuple(built[1])
    in_specs = built[2] if len(built) > 2 else None
    case_mesh = built[3] if len(built) > 3 else None

    def canon(a):
        a = np.asarray(a)
        want = jax.dtypes.canonicalize_dtype(a.dtype)
        if a.dtype != want:
            raise RuntimeError(f"case {c.name}: input dtype {a.dtype} is not canonical under this pass "
                               f"(would become {want})")
        return a

    args = jax.tree_util.tree_map(canon, args)
    flat_args = jax.tree_util.tree_leaves(args)
    mesh = None
    if c.num_devices > 1:
        from gen_common import mesh4
        mesh = case_mesh if case_mesh is not None else mesh4()
        treedef = jax.tree_util.tree_structure(args)
        if in_specs is None or len(in_specs) != len(flat_args):
            raise RuntimeError("multi-device case needs one PartitionSpec per flat argument")
        placed = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip(flat_args, in_specs, strict=False)]
        call_args = jax.tree_util.tree_unflatten(treedef, placed)
    else:
        call_args = args

    jitted = jax.jit(fn, keep_unused=c.keep_unused) if c.keep_unused else jax.jit(fn)
    lowered = jitted.lower(*call_args)
    if c.text_form == "debug_info":
        text = lowered.as_text(debug_info=True)
    elif c.text_form == "generic":
        text = lowered.compiler_ir("stablehlo").operation.get_asm(
            print_generic_op_form=True, enable_debug_info=False)
    else:
        text = lowered.as_text()
    compiled = lowered.compile()
    result = compiled(*call_args)
    flat_out = jax.tree_util.tree_leaves(result)
    outs = [np.asarray(o) for o in flat_out]

    sig_in, sig_out = main_signature(text)
    if len(sig_in) != len(flat_args):
        raise RuntimeError(f"case {c.name}: @main has {len(sig_in)} parameters but "
                           f"{len(flat_args)} inputs (unused args pruned? use keep_unused=True)")
    for i, (a, (shape, ty)) in enumerate(zip(flat_args, sig_in, strict=False)):
        if list(a.shape) != shape or _NP_TO_XLA.get(a.dtype.name) != ty:
            raise RuntimeError(f"case {c.name}: arg{i} is {a.dtype}{a.shape} but @main says "
                               f"{ty}{shape}")
    if len(sig_out) != len(outs):
        raise RuntimeError(f"case {c.name}: @main has {len(sig_out)} results but "
                           f"{len(outs)} outputs")
    for j, (o, (shape, ty)) in enumerate(zip(outs, sig_out, strict=False)):
        if list(o.shape) != shape or _NP_TO_XLA.get(o.dtype.name) != ty:
            raise RuntimeError(f"case {c.name}: out{j} is {o.dtype}{o.shape} but @main says "
                               f"{ty}{shape}")
    if c.x64:
        wide = {"s64", "u64", "f64", "c128"}
        used = {ty for _, ty in sig_in + sig_out}
        if not used & wide and not re.search(r"tensor<[\dx]*(i64|ui64|f64|complex<f64>)>", text):
            raise RuntimeError(f"case {c.name}: x64 case carries no 64-bit type")

    num_partitions = int(re.search(r"mhlo\.num_partitions = (\d+)", text).group(1))
    num_replicas = int(re.search(r"mhlo\.num_replicas = (\d+)", text).group(1))

    arrays_in = {f"arg{i}": np.asarray(a) for i, a in enumerate(flat_args)}
    arrays_out = {f"out{j}": o for j, o in enumerate(outs)}
    meta = {
        "name": c.name,
        "category": c.category,
        "description": c.note or (fn.__doc__ or "").strip(),
        "intended_ops": list(c.ops),
        "tolerance": c.tol,
        "x64": c.x64,
        "text_form": c.text_form,
        "num_devices": c.num_devices,
        "num_replicas": num_replicas,
        "num_partitions": num_partitions,
        "inputs": [_array_record(f"arg{i}", np.asarray(a)) for i, a in enumerate(flat_args)],
        "outputs": [_array_record(f"out{j}", o) for j, o in enumerate(outs)],
        "generator": versions,
    }
    if c.num_devices > 1:
        devs = list(mesh.devices.flat)
        meta["mesh"] = {"axis_names": list(mesh.axis_names),
                        "shape": [int(s) for s in mesh.devices.shape]}
        meta["device_assignment"] = [int(d.id) for d in devs]
        pos = {d.id: k for k, d in enumerate(devs)}
        layout_in = []
        for i, (a, spec) in enumerate(zip(placed, in_specs, strict=False)):
            rec = {"name": f"arg{i}", "spec": str(spec), "global_shape": list(a.shape),
                   "shards": []}
            for sh in sorted(a.addressable_shards, key=lambda s: pos[s.device.id]):
                d = pos[sh.device.id]
                arrays_in[f"arg{i}_dev{d}"] = np.asarray(sh.data)
                rec["shards"].append({"device": d, "shape": list(sh.data.shape),
                                      "index": _index_record(sh.index, a.shape)})
            layout_in.append(rec)
        layout_out = []
        for j, o in enumerate(flat_out):
            rec = {"name": f"out{j}", "spec": str(getattr(o.sharding, "spec", o.sharding)),
                   "global_shape": list(o.shape), "shards": []}
            for sh in sorted(o.addressable_shards, key=lambda s: pos[s.device.id]):
                d = pos[sh.device.id]
                arrays_out[f"out{j}_dev{d}"] = np.asarray(sh.data)
                rec["shards"].append({"device": d, "shape": list(sh.data.shape),
                                      "index": _index_record(sh.index, o.shape)})
            layout_out.append(rec)
        meta["input_layout"] = layout_in
        meta["output_layout"] = layout_out

    try:
        sys.path.insert(0, os.path.join(REPO, "ci"))
        import corpus_coverage
        scan = corpus_coverage.scan_text(text)
        meta["ops_in_program"] = sorted(scan["ops"])
        meta["custom_call_targets"] = sorted(scan["custom_calls"])
        meta["types_in_program"] = sorted(scan["types"])
    except Exception:  # the coverage tool is optional for generation
        pass
    meta["dtypes"] = sorted({r["xla_type"] for r in meta["inputs"] + meta["outputs"]})
    return text, arrays_in, arrays_out, meta


def write_case(name, text, arrays_in, arrays_out, meta):
    import numpy as np
    final = os.path.join(DATA, name)
    tmp = final + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    with open(os.path.join(tmp, "program.mlir"), "w", encoding="utf-8") as f:
        f.write(text)
    np.savez_compressed(os.path.join(tmp, "inputs.npz"),
                        **{k: _stored(v) for k, v in arrays_in.items()})
    np.savez_compressed(os.path.join(tmp, "outputs.npz"),
                        **{k: _stored(v) for k, v in arrays_out.items()})
    with open(os.path.join(tmp, "meta.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")
    shutil.rmtree(final, ignore_errors=True)
    os.rename(tmp, final)


def run_pass(which, patterns, skip_existing, keep_going):
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                               " --xla_force_host_platform_device_count=4").strip()
    import jax
    if which == "x64":
        jax.config.update("jax_enable_x64", True)
    import jaxlib
    import ml_dtypes
    import numpy as np
    versions = {"jax": jax.__version__, "jaxlib": jaxlib.__version__,
                "numpy": np.__version__, "ml_dtypes": ml_dtypes.__version__,
                "pass": which}
    cases = [c for c in load_cases() if c.x64 == (which == "x64")]
    if patterns:
        cases = [c for c in cases if any(fnmatch.fnmatch(c.name, p) for p in patterns)]
    os.makedirs(DATA, exist_ok=True)
    failed = []
    t0 = time.time()
    for c in cases:
        if skip_existing and os.path.isfile(os.path.join(DATA, c.name, "meta.json")):
            continue
        try:
            text, ai, ao, meta = run_case(c, versions)
            write_case(c.name, text, ai, ao, meta)
            print(f"ok   {c.name:<40} {c.category}", flush=True)
        except Exception:
            failed.append(c.name)
            print(f"FAIL {c.name}\n{traceback.format_exc()}", flush=True)
            if not keep_going:
                break
    print(f"pass {which}: {len(cases)} cases, {len(failed)} failed, {time.time() - t0:.1f}s",
          flush=True)
    return 1 if failed else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pass", dest="which", choices=("all", "x32", "x64"), default="all")
    ap.add_argument("--only", action="append", default=[], metavar="GLOB",
                    help="only cases whose name matches (repeatable)")
    ap.add_argument("--skip-existing", action="store_true",
                    help="do not regenerate cases whose meta.json exists")
    ap.add_argument("--keep-going", action="store_true", default=True)
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    ap.add_argument("--prune", action="store_true",
                    help="delete data/<dir> that no case defines")
    args = ap.parse_args(argv)

    if args.list:
        cases = load_cases()
        for c in cases:
            print(f"{c.name:<40} {c.category:<14} x64={int(c.x64)} dev={c.num_devices} "
                  f"tol={c.tol}")
        print(f"{len(cases)} cases")
        return 0
    if args.prune:
        names = {c.name for c in load_cases()}
        for d in sorted(os.listdir(DATA)):
            if os.path.isdir(os.path.join(DATA, d)) and d not in names:
                print("prune", d)
                shutil.rmtree(os.path.join(DATA, d))
        return 0
    if args.which != "all":
        return run_pass(args.which, args.only, args.skip_existing, args.keep_going)
    rc = 0
    for which in ("x32", "x64"):
        cmd = [sys.executable, os.path.abspath(__file__), "--pass", which]
        for p in args.only:
            cmd += ["--only", p]
        if args.skip_existing:
            cmd.append("--skip-existing")
        rc |= subprocess.call(cmd)
    return rc


if __name__ == "__main__":
    sys.exit(main())
