#!/usr/bin/env python3
"""Op / element-type coverage report for the StableHLO ground-truth corpus.

Scans every ``tests/corpus/data/*/program.mlir`` (the text real JAX 0.10.2 printed with
``jax.jit(f).lower(*args).as_text()``), extracts

* op names: ``stablehlo.*``, ``chlo.*``, ``sdy.*``, ``func.*`` (pretty-printed ``call`` and
  ``return`` inside a ``func.func`` count as ``func.call`` / ``func.return``),
  ``builtin.module``; both pretty (``stablehlo.add``) and generic (``"stablehlo.sort"(...)``)
  forms are recognised;
* ``stablehlo.custom_call`` targets (``@lapack_sgetrf_ffi`` or ``call_target_name = "..."``);
* tensor element types, reported in XLA spelling (pred, s8..s64, u8..u64, f16, bf16, f32,
  f64, c64, c128, token).  Types that only occur inside attribute values (``replica_groups =
  dense<...> : tensor<1x4xi64>``, ``operand_layouts = [dense<[0, 1]> : tensor<2xindex>]``)
  are not counted;
* with ``--variants``: compare direction/type, fft_type, rng algorithm and convert pairs.

and prints a table of counts.  With ``--supported FILE`` (JSON
``{"ops": [...], "types": [...], "custom_calls": [...]}``; entries may be fnmatch patterns
such as ``"stablehlo.*"`` or ``"lapack_*_ffi"``; types may be spelled the XLA way (``s32``,
``c64``) or the MLIR way (``i32``, ``complex<f32>``); a missing key means "nothing of that
kind is supported") it lists what the corpus uses that is not supported and exits 1 if there
is anything.  Standard library only.

Usage::

    python ci/corpus_coverage.py [--corpus tests/corpus/data] [--supported FILE]
                                 [--variants] [--json OUT]
"""

from __future__ import annotations

import argparse
import collections
import fnmatch
import json
import os
import re
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.join(os.path.dirname(_HERE), "tests", "corpus", "data")

# An op at the start of a statement: optional results ("%0 =", "%0:2 =", "%a, %b ="),
# then either a quoted generic name or a dialect-qualified pretty name, or the bare
# func-dialect short forms "call" / "return" and the "module" keyword.
_OP_RE = re.compile(
    r"""^\s*
        (?:%[\w$.\-]+(?::\d+)?(?:\s*,\s*%[\w$.\-]+(?::\d+)?)*\s*=\s*)?
        (?:"(?P<generic>[A-Za-z_][\w$]*\.[\w$.]+)"
          |(?P<pretty>[a-z_][\w$]*\.[a-z_][\w$.]*)
          |(?P<short>call|return|module)\b)""",
    re.VERBOSE,
)
_CC_PRETTY_RE = re.compile(r"stablehlo\.custom_call\s+@([\w$.\-]+)")
_CC_GENERIC_RE = re.compile(r'call_target_name\s*=\s*"([^"]+)"')
# dense<...> : tensor<...> used as an attribute value (after '=', '[' or ',').
_ATTR_DENSE_RE = re.compile(r"(=\s*|\[\s*|,\s*)dense<[^<>]*>\s*:\s*tensor<[^<>]*>")
_TENSOR_RE = re.compile(r"tensor<(?:(?:\d+|\?)x)*(complex<\w+>|[A-Za-z]\w*)")
_TOKEN_RE = re.compile(r"!stablehlo\.token")
_COMPARE_RE = re.compile(
    r"stablehlo\.compare\s+(\w+),[^:]*?,\s*(\w+)\s*:|"
    r"comparison_direction\s*=\s*#stablehlo<comparison_direction\s+(\w+)>")
_COMPARE_TYPE_GENERIC_RE = re.compile(r"compare_type\s*=\s*#stablehlo<comparison_type\s+(\w+)>")
_FFT_RE = re.compile(r"fft_type\s*=\s*#?(?:stablehlo<fft_type\s+)?(\w+)|type\s*=\s*\b(FFT|IFFT|RFFT|IRFFT)\b")
_RNG_RE = re.compile(r"algorithm\s*=\s*(?:#stablehlo<rng_algorithm\s+)?(\w+)")
_CONVERT_RE = re.compile(
    r"stablehlo\.convert\s+%[\w#]+\s*:\s*\(tensor<(?:(?:\d+)x)*(complex<\w+>|\w+)>\)\s*->\s*"
    r"tensor<(?:(?:\d+)x)*(complex<\w+>|\w+)>")

_MLIR_TO_XLA = {
    "i1": "pred", "i4": "s4", "i8": "s8", "i16": "s16", "i32": "s32", "i64": "s64",
    "ui4": "u4", "ui8": "u8", "ui16": "u16", "ui32": "u32", "ui64": "u64",
    "f16": "f16", "bf16": "bf16", "f32": "f32", "f64": "f64",
    "complex<f32>": "c64", "complex<f64>": "c128", "token": "token",
}
_XLA_TO_MLIR = {v: k for k, v in _MLIR_TO_XLA.items()}


def xla_type_name(mlir_type: str) -> str:
    """'i32' -> 's32', 'complex<f32>' -> 'c64'; unknown names are returned unchanged."""
    return _MLIR_TO_XLA.get(mlir_type, mlir_type)


def _top_level_keys(body: str) -> list:
    """Attribute names of an MLIR attribute dictionary body ("a = 1, b = {c = 2}")."""
    keys, depth, start, quoted = [], 0, 0, False
    for i, ch in enumerate(body + ","):
        if ch == '"' and (i == 0 or body[i - 1] != "\\"):
            quoted = not quoted
        if quoted:
            continue
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            item = body[start:i].strip()
            if item:
                keys.append(item.split("=", 1)[0].strip())
            start = i + 1
    return keys


def custom_call_attribute_names(line: str) -> list:
    """Sorted attribute names of a custom_call (pretty ``{...}`` or generic ``<{...}>`` form),
    e.g. ['backend_config', 'mhlo.backend_config', 'operand_layouts', ...]."""
    m = re.search(r"stablehlo\.custom_call\s+@[\w$.\-]+\([^)]*\)\s*\{", line)
    if not m:
        m = re.search(r'"stablehlo\.custom_call"\([^)]*\)\s*<?\{', line)
    if not m:
        return []
    start = m.end()
    depth = 1
    quoted = False
    for i in range(start, len(line)):
        ch = line[i]
        if ch == '"' and line[i - 1] != "\\":
            quoted = not quoted
        if quoted:
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return sorted(_top_level_keys(line[start:i]))
    return []


def scan_text(text: str) -> dict:
    """Return {'ops': Counter, 'custom_calls': Counter, 'types': Counter, 'variants': Counter}."""
    ops: collections.Counter = collections.Counter()
    ccs: collections.Counter = collections.Counter()
    types: collections.Counter = collections.Counter()
    variants: collections.Counter = collections.Counter()
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#loc") or line.startswith("^") or line.startswith("//"):
            continue
        m = _OP_RE.match(line)
        if m:
            if m.group("generic"):
                name = m.group("generic")
            elif m.group("pretty"):
                name = m.group("pretty")
            else:
                short = m.group("short")
                name = {"call": "func.call", "return": "func.return",
                        "module": "builtin.module"}[short]
            ops[name] += 1
            if m.group("generic"):
                variants[f"generic-form {name}"] += 1
            if name == "stablehlo.custom_call":
                cm = _CC_PRETTY_RE.search(line) or _CC_GENERIC_RE.search(line)
                ccs[cm.group(1) if cm else "<unknown>"] += 1
                keys = custom_call_attribute_names(line)
                if keys:
                    variants["custom_call attrs {{{}}}".format(", ".join(keys))] += 1
            if name == "stablehlo.compare":
                cm = _COMPARE_RE.search(line)
                if cm:
                    direction = cm.group(1) or cm.group(3)
                    ctype = cm.group(2)
                    if ctype is None:
                        tm = _COMPARE_TYPE_GENERIC_RE.search(line)
                        ctype = tm.group(1) if tm else "default"
                    variants[f"compare {direction} {ctype}"] += 1
            elif name == "stablehlo.fft":
                fm = _FFT_RE.search(line)
                if fm:
                    variants["fft %s" % (fm.group(1) or fm.group(2))] += 1
            elif name in ("stablehlo.rng_bit_generator",):
                rm = _RNG_RE.search(line)
                if rm:
                    variants[f"rng_bit_generator {rm.group(1)}"] += 1
            elif name == "stablehlo.convert":
                vm = _CONVERT_RE.search(line)
                if vm:
                    variants[f"convert {xla_type_name(vm.group(1))}->{xla_type_name(vm.group(2))}"] += 1
        cleaned = _ATTR_DENSE_RE.sub(r"\1", line)
        for t in _TENSOR_RE.findall(cleaned):
            if t == "index":
                continue
            types[xla_type_name(t)] += 1
        n_tok = len(_TOKEN_RE.findall(cleaned))
        if n_tok:
            types["token"] += n_tok
    return {"ops": ops, "custom_calls": ccs, "types": types, "variants": variants}


def list_programs(corpus_dir: str):
    out = []
    if not os.path.isdir(corpus_dir):
        return out
    for name in sorted(os.listdir(corpus_dir)):
        p = os.path.join(corpus_dir, name, "program.mlir")
        if os.path.isfile(p):
            out.append((name, p))
    return out


def scan_corpus(corpus_dir: str) -> dict:
    """Aggregate counts: for each kind, {name: [occurrences, number_of_cases]}."""
    agg = {k: {} for k in ("ops", "custom_calls", "types", "variants")}
    users = {k: collections.defaultdict(list) for k in agg}
    programs = list_programs(corpus_dir)
    for case, path in programs:
        with open(path, encoding="utf-8") as f:
            res = scan_text(f.read())
        for kind, counter in res.items():
            for key, n in counter.items():
                slot = agg[kind].setdefault(key, [0, 0])
                slot[0] += n
                slot[1] += 1
                users[kind][key].append(case)
    return {"num_programs": len(programs), "counts": agg, "cases": users}


def _norm_type(t: str) -> str:
    return xla_type_name(t.strip())


def load_supported(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict):
        raise SystemExit("--supported: expected a JSON object with keys ops/types/custom_calls")
    return {
        "ops": [str(x) for x in data.get("ops", [])],
        "types": [_norm_type(str(x)) for x in data.get("types", [])],
        "custom_calls": [str(x) for x in data.get("custom_calls", [])],
    }


def _is_supported(name: str, patterns) -> bool:
    return any(name == p or fnmatch.fnmatchcase(name, p) for p in patterns)


def find_unsupported(report: dict, supported: dict) -> dict:
    out = {}
    for kind in ("ops", "types", "custom_calls"):
        missing = sorted(k for k in report["counts"][kind] if not _is_supported(k, supported[kind]))
        if missing:
            out[kind] = missing
    return out


def _table(title: str, counts: dict, out) -> None:
    if not counts:
        print(f"\n{title}: none", file=out)
        return
    width = max(len(k) for k in counts) + 2
    print(f"\n{title} ({len(counts)})", file=out)
    print(f"  {'name':<{width}} {'occurrences':>10} {'cases':>7}", file=out)
    for key in sorted(counts, key=lambda k: (-counts[k][1], k)):
        occ, ncases = counts[key]
        print(f"  {key:<{width}} {occ:>10d} {ncases:>7d}", file=out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=DEFAULT_CORPUS, help="corpus data dir (default: %(default)s)")
    ap.add_argument("--supported", metavar="FILE",
                    help='JSON {"ops": [...], "types": [...], "custom_calls": [...]} (fnmatch patterns)')
    ap.add_argument("--variants", action="store_true",
                    help="also list compare/fft/rng/convert variants")
    ap.add_argument("--json", metavar="OUT", help="also write the report as JSON")
    ap.add_argument("--show-cases", action="store_true",
                    help="with --supported: list the cases using each unsupported item")
    ap.add_argument("--where", metavar="NAME", action="append", default=[],
                    help="list the cases using an op, custom_call target, type or variant "
                         "(exact name or fnmatch pattern; repeatable)")
    args = ap.parse_args(argv)

    report = scan_corpus(args.corpus)
    out = sys.stdout
    if report["num_programs"] == 0:
        print(f"no program.mlir found under {args.corpus}", file=sys.stderr)
        return 2
    print(f"corpus: {args.corpus} ({report['num_programs']} programs)", file=out)
    _table("ops", report["counts"]["ops"], out)
    _table("custom_call targets", report["counts"]["custom_calls"], out)
    _table("element types", report["counts"]["types"], out)
    if args.variants:
        _table("variants", report["counts"]["variants"], out)

    for pattern in args.where:
        print(f"\ncases using {pattern}:", file=out)
        for kind in ("ops", "custom_calls", "types", "variants"):
            for key in sorted(report["cases"][kind]):
                if key == pattern or fnmatch.fnmatchcase(key, pattern):
                    print("  {} {}: {}".format(kind, key, ", ".join(report["cases"][kind][key])),
                          file=out)

    rc = 0
    unsupported = {}
    if args.supported:
        supported = load_supported(args.supported)
        unsupported = find_unsupported(report, supported)
        if unsupported:
            rc = 1
            print(f"\nUNSUPPORTED (used by the corpus, not in {args.supported}):", file=out)
            for kind, names in unsupported.items():
                print(f"  {kind}:", file=out)
                for n in names:
                    line = f"    {n} ({report['counts'][kind][n][1]} cases)"
                    if args.show_cases:
                        line += ": " + ", ".join(report["cases"][kind][n])
                    print(line, file=out)
        else:
            print("\nall ops, custom_call targets and types used by the corpus are supported",
                  file=out)
    if args.json:
        payload = {
            "corpus": args.corpus,
            "num_programs": report["num_programs"],
            "counts": report["counts"],
            "unsupported": unsupported,
        }
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(payload, f, indent=1, sort_keys=True)
    return rc


if __name__ == "__main__":
    sys.exit(main())
