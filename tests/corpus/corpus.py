"""Loader for the StableHLO ground-truth corpus in tests/corpus/data/ (see README.md).

Dependencies: the standard library, numpy and ml_dtypes (for bfloat16). Typical use::

    import corpus
    for name in corpus.list_cases():
        case = corpus.load_case(name)
        text = case.program_text()
        args = case.inputs()                   # list of numpy arrays, exact dtypes
        got = run_somewhere(text, args)
        corpus.assert_outputs_match(case, got) # per-dtype tolerances, NaN positions

Multi-device cases (``case.num_devices > 1``) also provide ``case.device_inputs()`` and
``case.device_outputs()``: ``[arg][device]`` / ``[out][device]`` lists of per-device shards
in the order of ``case.meta["device_assignment"]``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence

import numpy as np

CORPUS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

# ---------------------------------------------------------------------------- dtypes

_XLA_TO_NUMPY = {
    "pred": "bool", "s8": "int8", "s16": "int16", "s32": "int32", "s64": "int64",
    "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
    "f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64",
    "c64": "complex64", "c128": "complex128",
}


def numpy_dtype(name: str) -> np.dtype:
    """numpy dtype for a dtype name as stored in meta.json ("bfloat16", "float32", ...) or an
    XLA name ("bf16", "f32", ...). bfloat16 (and float8 types) come from ml_dtypes."""
    name = _XLA_TO_NUMPY.get(name, name)
    try:
        return np.dtype(name)
    except TypeError:
        import ml_dtypes
        return np.dtype(getattr(ml_dtypes, name))


def _restore(arr: np.ndarray, record: dict) -> np.ndarray:
    want = numpy_dtype(record["dtype"])
    if arr.dtype != want:
        if arr.dtype.itemsize != want.itemsize:
            raise ValueError("{}: stored as {}, cannot view as {}".format(record["name"], arr.dtype, want))
        arr = arr.view(want)
    if list(arr.shape) != list(record["shape"]) and "_dev" not in record["name"]:
        raise ValueError("{}: shape {}, meta.json says {}".format(record["name"], arr.shape, record["shape"]))
    return arr


# ------------------------------------------------------------------------ tolerances

# (rtol, atol) per tolerance class and float dtype. Integers and bools are always compared
# bitwise. "exact" means bitwise for floats too (any NaN matches any NaN, -0.0 != 0.0).
# Complex values use their component type's row with the complex distance.
TOLERANCES: dict[str, dict[str, tuple[float, float]]] = {
    "exact": {"f16": (0, 0), "bf16": (0, 0), "f32": (0, 0), "f64": (0, 0)},
    # correctly rounded or near (+ - * / sqrt, rounding, conversions): ~2 ulp, no atol, so
    # denormal flushing differences are caught.
    "ulp": {"f16": (2e-3, 0), "bf16": (1.6e-2, 0), "f32": (2.5e-7, 0), "f64": (4.5e-16, 0)},
    # exp/log/tanh/sin/pow/atan2/...: XLA uses its own polynomial approximations.
    "transcendental": {"f16": (4e-3, 1e-4), "bf16": (3.2e-2, 1e-3), "f32": (1e-5, 1e-6),
                       "f64": (1e-12, 1e-14)},
    # chlo special functions (erf_inv, lgamma, digamma, ...) and jax.scipy.special.
    "special": {"f16": (1e-2, 1e-3), "bf16": (5e-2, 1e-2), "f32": (1e-4, 1e-5),
                "f64": (1e-9, 1e-12)},
    # reductions, dot, convolution, fft, models: summation order differs.
    "accum": {"f16": (1e-2, 1e-2), "bf16": (5e-2, 5e-2), "f32": (1e-4, 1e-4),
              "f64": (1e-10, 1e-10)},
    # LAPACK-based results (different blocking / BLAS).
    "linalg": {"f16": (5e-2, 5e-2), "bf16": (1e-1, 1e-1), "f32": (2e-3, 2e-4),
               "f64": (1e-8, 1e-9)},
    # iterative/series approximations (incomplete gamma/beta, zeta, ...).
    "loose": {"f16": (5e-2, 5e-2), "bf16": (1e-1, 1e-1), "f32": (1e-3, 1e-4),
              "f64": (1e-6, 1e-8)},
}
# complex ulp-class arithmetic is not correctly rounded: use a few more ulps.
_COMPLEX_ULP = {"f32": (1e-6, 0), "f64": (2e-15, 0)}


def _float_key(dt: np.dtype) -> str | None:
    name = dt.name
    return {"float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64",
            "complex64": "f32", "complex128": "f64"}.get(name)


def tolerance(dtype, tol_class: str) -> tuple[float, float]:
    """(rtol, atol) for a float/complex dtype under a tolerance class; (0, 0) otherwise."""
    dt = numpy_dtype(dtype) if isinstance(dtype, str) else np.dtype(dtype)
    key = _float_key(dt)
    if key is None:
        return 0.0, 0.0
    if tol_class not in TOLERANCES:
        raise KeyError(f"unknown tolerance class {tol_class!r}")
    if dt.kind == "c" and tol_class == "ulp":
        return _COMPLEX_ULP[key]
    return TOLERANCES[tol_class][key]


# ------------------------------------------------------------------------ comparison

def _bits(a: np.ndarray) -> np.ndarray:
    a = np.array(a, order="C", copy=True)  # np.ascontiguousarray would make 0-d arrays 1-d
    return a.view(np.dtype(f"u{a.dtype.itemsize}"))


def _nan_inf_masks(a: np.ndarray):
    if a.dtype.kind == "c":
        re, im = np.real(a), np.imag(a)
        return np.isnan(re) | np.isnan(im), np.isinf(re) | np.isinf(im)
    return np.isnan(a), np.isinf(a)


def _compare_float(got: np.ndarray, want: np.ndarray, rtol: float, atol: float,
                   exact: bool) -> str | None:
    """Mismatch description for two float or complex arrays of the same shape, or None."""
    wide = np.complex128 if want.dtype.kind == "c" else np.float64
    with np.errstate(invalid="ignore"):  # bf16 NaN -> f64 warns
        g64 = got.astype(wide)
        w64 = want.astype(wide)
    if want.dtype.kind == "c":
        # NaN must sit in the same component, not merely in the same element.
        pairs = [(np.real(g64), np.real(w64)), (np.imag(g64), np.imag(w64))]
    else:
        pairs = [(g64, w64)]
    for k, (gp, wp) in enumerate(pairs):
        gnan, wnan = np.isnan(gp), np.isnan(wp)
        if not np.array_equal(gnan, wnan):
            idx = tuple(int(i) for i in np.argwhere(gnan != wnan)[0])
            part = " (imag part)" if k else ""
            return (f"NaN positions differ{part} (first at {idx}: got {g64[idx]!r}, "
                    f"want {w64[idx]!r}; {int((gnan != wnan).sum())} positions)")
    wnan_any, winf_any = _nan_inf_masks(w64)
    gnan_any, ginf_any = _nan_inf_masks(g64)
    ok = ~wnan_any
    if exact:
        if want.dtype.kind == "c":
            parts = [(np.real(got), np.real(want)), (np.imag(got), np.imag(want))]
        else:
            parts = [(got, want)]
        bad = np.zeros(want.shape, bool)
        for gp, wp in parts:
            with np.errstate(invalid="ignore"):
                pn = np.isnan(wp.astype(np.float64))
            bad |= (_bits(gp) != _bits(wp)) & ~pn
    else:
        # infinities (per component) must match exactly
        bad_inf = (ginf_any | winf_any) & ok & ~_same_nonfinite(g64, w64)
        fin = ok & ~ginf_any & ~winf_any
        with np.errstate(invalid="ignore", over="ignore"):
            err = np.abs(g64 - w64)
            bad_fin = fin & ~(err <= atol + rtol * np.abs(w64))
        bad = bad_inf | bad_fin
    if bad.any():
        idx = tuple(int(i) for i in np.argwhere(bad)[0])
        n = int(bad.sum())
        with np.errstate(invalid="ignore", over="ignore"):
            err = np.abs(g64 - w64)
            maxerr = np.max(np.where(bad & np.isfinite(err), err, 0.0))
        how = ", bitwise" if exact else ""
        return (f"{n} of {bad.size} elements differ (rtol={rtol:g} atol={atol:g}{how}); "
                f"first at {idx}: got {g64[idx]!r}, want {w64[idx]!r}; max abs err {maxerr:g}")
    return None


def _same_nonfinite(g: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Elementwise: equal where a component is infinite (NaN components already checked)."""
    if g.dtype.kind == "c":
        same = np.ones(g.shape, bool)
        for gp, wp in ((np.real(g), np.real(w)), (np.imag(g), np.imag(w))):
            inf = np.isinf(gp) | np.isinf(wp)
            same &= ~inf | (gp == wp)
        return same
    return g == w


def compare_arrays(got, want: np.ndarray, tol_class: str) -> str | None:
    """None if ``got`` matches ``want`` under ``tol_class``, else a description.

    Shapes and dtypes must match exactly. Bools and integers: bitwise. Floats: NaN positions
    must match, infinities must match exactly, finite values within ``atol + rtol*|want|``
    (bitwise for "exact"). Complex: NaN/inf per component, finite values by the complex
    distance ``|got - want| <= atol + rtol*|want|`` (as numpy.isclose).
    """
    got = np.asarray(got)
    if got.dtype != want.dtype:
        return f"dtype {got.dtype}, want {want.dtype}"
    if got.shape != want.shape:
        return f"shape {got.shape}, want {want.shape}"
    if want.size == 0:
        return None
    key = _float_key(want.dtype)
    if key is None:  # bool / ints: bitwise
        if np.array_equal(got, want):
            return None
        bad = got != want
        idx = tuple(int(i) for i in np.argwhere(bad)[0])
        return (f"{int(bad.sum())} of {bad.size} elements differ (bitwise); first at {idx}: "
                f"got {got[idx]!r}, want {want[idx]!r}")
    rtol, atol = tolerance(want.dtype, tol_class)
    return _compare_float(got, want, rtol, atol, tol_class == "exact")


# ------------------------------------------------------------------------------ cases

class Case:
    """One corpus entry: data/<name>/{program.mlir, inputs.npz, outputs.npz, meta.json}."""

    def __init__(self, name: str, corpus_dir: str = CORPUS_DIR):
        self.name = name
        self.dir = os.path.join(corpus_dir, name)
        with open(os.path.join(self.dir, "meta.json"), encoding="utf-8") as f:
            self.meta = json.load(f)
        self._npz_cache: dict[str, dict] = {}

    # -- metadata
    @property
    def category(self) -> str:
        return self.meta["category"]

    @property
    def tolerance_class(self) -> str:
        return self.meta["tolerance"]

    @property
    def num_devices(self) -> int:
        return int(self.meta.get("num_devices", 1))

    @property
    def num_replicas(self) -> int:
        return int(self.meta.get("num_replicas", 1))

    @property
    def num_partitions(self) -> int:
        return int(self.meta.get("num_partitions", 1))

    @property
    def x64(self) -> bool:
        return bool(self.meta.get("x64", False))

    def output_tolerance(self, j: int) -> str:
        """Tolerance class of output j (meta "output_tolerance" may override per output)."""
        return self.meta.get("output_tolerance", {}).get(f"out{j}", self.tolerance_class)

    # -- data
    def program_text(self) -> str:
        with open(os.path.join(self.dir, "program.mlir"), encoding="utf-8") as f:
            return f.read()

    def program_bytecode(self) -> bytes | None:
        """The same program as real JAX hands it to a PJRT plugin: a StableHLO portable
        artifact in MLIR bytecode (``program.mlirbc``, see generate_bytecode.py); None if absent."""
        path = os.path.join(self.dir, "program.mlirbc")
        if not os.path.exists(path):
            return None
        with open(path, "rb") as f:
            return f.read()

    def _npz(self, which: str) -> dict:
        if which not in self._npz_cache:
            with np.load(os.path.join(self.dir, which + ".npz"), allow_pickle=False) as z:
                self._npz_cache[which] = {k: z[k] for k in z.files}
        return self._npz_cache[which]

    def _arrays(self, which: str, records: Sequence[dict]) -> list[np.ndarray]:
        z = self._npz(which)
        return [_restore(z[r["name"]], r) for r in records]

    def inputs(self) -> list[np.ndarray]:
        """Arguments of @main in order (global values for multi-device cases)."""
        return self._arrays("inputs", self.meta["inputs"])

    def outputs(self) -> list[np.ndarray]:
        """XLA's results of @main in order (global values for multi-device cases)."""
        return self._arrays("outputs", self.meta["outputs"])

    def _device_arrays(self, which: str, records: Sequence[dict]) -> list[list[np.ndarray]]:
        z = self._npz(which)
        out = []
        for r in records:
            per_dev = []
            for d in range(self.num_devices):
                rec = dict(r, name=f"{r['name']}_dev{d}")
                per_dev.append(_restore(z[rec["name"]], rec))
            out.append(per_dev)
        return out

    def device_inputs(self) -> list[list[np.ndarray]]:
        """[arg][device] shards (device = position in meta["device_assignment"])."""
        if self.num_devices == 1:
            return [[a] for a in self.inputs()]
        return self._device_arrays("inputs", self.meta["inputs"])

    def device_outputs(self) -> list[list[np.ndarray]]:
        """[out][device] shards as XLA produced them."""
        if self.num_devices == 1:
            return [[o] for o in self.outputs()]
        return self._device_arrays("outputs", self.meta["outputs"])

    def __repr__(self) -> str:
        return f"Case({self.name!r}, {self.category})"


def list_cases(corpus_dir: str = CORPUS_DIR, category: str | None = None,
               max_devices: int | None = None) -> list[str]:
    """Sorted case names (directories with a meta.json), optionally filtered."""
    if not os.path.isdir(corpus_dir):
        return []
    names = []
    for name in sorted(os.listdir(corpus_dir)):
        meta = os.path.join(corpus_dir, name, "meta.json")
        if not os.path.isfile(meta):
            continue
        if category is not None or max_devices is not None:
            with open(meta, encoding="utf-8") as f:
                m = json.load(f)
            if category is not None and m["category"] != category:
                continue
            if max_devices is not None and int(m.get("num_devices", 1)) > max_devices:
                continue
        names.append(name)
    return names


def load_case(name: str, corpus_dir: str = CORPUS_DIR) -> Case:
    return Case(name, corpus_dir)


def mismatches(case: Case, got: Sequence, per_device: bool = False) -> list[str]:
    """Descriptions of every output that does not match XLA's (empty list: all match).

    ``got`` is a list of arrays in @main's result order, or with ``per_device=True`` a
    ``[out][device]`` list of per-device arrays.
    """
    want = case.device_outputs() if per_device else case.outputs()
    if len(got) != len(want):
        return [f"{len(got)} outputs, want {len(want)}"]
    errs = []
    for j, (g, w) in enumerate(zip(got, want, strict=False)):
        tol = case.output_tolerance(j)
        if per_device:
            if len(g) != len(w):
                errs.append(f"out{j}: {len(g)} device shards, want {len(w)}")
                continue
            for d, (gd, wd) in enumerate(zip(g, w, strict=False)):
                msg = compare_arrays(gd, wd, tol)
                if msg:
                    errs.append(f"out{j} dev{d} ({wd.dtype}, {tol}): {msg}")
        else:
            msg = compare_arrays(g, w, tol)
            if msg:
                errs.append(f"out{j} ({w.dtype}{list(w.shape)}, {tol}): {msg}")
    return errs


def assert_outputs_match(case: Case, got: Sequence, per_device: bool = False) -> None:
    errs = mismatches(case, got, per_device=per_device)
    if errs:
        details = "\n  ".join(errs)
        raise AssertionError(f"{case.name}: {len(errs)} output(s) differ from XLA:\n  {details}")
