#!/usr/bin/env python3
"""Generate the expected PJRT C ABI layout table from OpenXLA's real header.

Usage:
    ci/gen_pjrt_abi_expected.py /path/to/real/pjrt_c_api.h \
        [-o tests/data/pjrt_abi_0_81.json] [--cc cc] [--origin TEXT]

The real header (e.g. the one shipped in PyPI's ``xla-cpu-pjrt`` 0.0.1 wheel,
``xla_plugins/xla_cpu_pjrt/include/pjrt_c_api.h``) is scanned for its structs,
fields, enums and typedefs with a small regex-based scanner (good enough for
that header's plain style; it is not a C parser). A C probe program is then
generated, compiled against the real header and run; it reports, for every
struct, sizeof/alignof, the ``<Name>_STRUCT_SIZE`` value where the header
defines one, and offset/size of every field; enumerator values; and whether
each field type / typedef is compatible with the type spelled in the header
(``__builtin_types_compatible_p``, so GCC or Clang is needed).

The resulting JSON is the independent reference that
``tests/unit/test_pjrt_abi_layout.py`` checks our own
``runtime/pjrt_abi/pjrt_c_api.h`` against. The test imports the scanner and the
probe helpers from this file, so keep them free of side effects.

Needs only the Python standard library and a C compiler.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# --------------------------------------------------------------------------
# Scanner
# --------------------------------------------------------------------------


@dataclass
class Field:
    name: str
    type: str  # abstract type name, e.g. "const char*" or "void (*)(void*)"
    in_union: bool = False


@dataclass
class Struct:
    tag: str
    typedef: bool
    fields: list[Field]


@dataclass
class Enum:
    name: str
    enumerators: list[str]


@dataclass
class Typedef:
    name: str
    kind: str  # "function", "function_pointer", "opaque" or "alias"
    type: str  # for "function": pointer-to-function type; else the aliased type


@dataclass
class HeaderScan:
    structs: dict[str, Struct] = field(default_factory=dict)  # by tag, in order
    enums: dict[str, Enum] = field(default_factory=dict)
    typedefs: dict[str, Typedef] = field(default_factory=dict)
    forward_declarations: list[str] = field(default_factory=list)
    functions: dict[str, str] = field(default_factory=dict)  # name -> fn ptr type
    struct_size_names: list[str] = field(default_factory=list)  # "<X>_STRUCT_SIZE"
    object_macros: dict[str, str] = field(default_factory=dict)


def _norm(text: str) -> str:
    """Collapse whitespace and glue '*' to the left: 'char * x' -> 'char* x'."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s*\*", "*", text)
    text = re.sub(r"\(\s+", "(", text)
    text = re.sub(r"\s+\)", ")", text)
    return text


def _split_top(text: str, sep: str) -> list[str]:
    """Split on `sep` where not nested in (), {} or []."""
    parts: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(text):
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _matching(text: str, open_index: int) -> int:
    """Index of the bracket closing the one at `open_index`."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    opener = text[open_index]
    closer = pairs[opener]
    depth = 0
    for i in range(open_index, len(text)):
        if text[i] == opener:
            depth += 1
        elif text[i] == closer:
            depth -= 1
            if depth == 0:
                return i
    raise ValueError(f"unbalanced {opener!r} at {open_index}")


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def _preprocess(text: str, scan: HeaderScan) -> tuple[str, dict[str, tuple[list[str], str]]]:
    """Drop directives, evaluate __cplusplus conditionals as C, collect macros.

    Other conditionals (include guards) are taken as true.
    """
    text = text.replace("\\\n", " ")
    text = _strip_comments(text)
    fn_macros: dict[str, tuple[list[str], str]] = {}
    out: list[str] = []
    # Stack entries: (parent_active, this_branch_active, some_branch_taken)
    stack: list[tuple[bool, bool, bool]] = []
    active = True
    for line in text.splitlines():
        s = line.strip()
        if not s.startswith("#"):
            if active:
                out.append(line)
            continue
        m = re.match(r"#\s*(\w+)\s*(.*)", s)
        if not m:
            continue
        word, rest = m.group(1), m.group(2).strip()
        if word in ("if", "ifdef", "ifndef"):
            if "__cplusplus" in rest:
                cond = (word == "ifndef") or (word == "if" and rest.startswith("!"))
            else:
                cond = True
            stack.append((active, active and cond, cond))
            active = active and cond
        elif word == "elif":
            parent, _, taken = stack.pop()
            cond = not taken
            stack.append((parent, parent and cond, taken or cond))
            active = parent and cond
        elif word == "else":
            parent, _, taken = stack.pop()
            stack.append((parent, parent and not taken, True))
            active = parent and not taken
        elif word == "endif":
            parent, _, _ = stack.pop()
            active = parent
        elif word == "define" and active:
            dm = re.match(r"(\w+)(\(([^)]*)\))?\s*(.*)", rest)
            if not dm:
                continue
            name, has_params, params, body = dm.groups()
            if has_params is not None and rest[len(name)] == "(":
                plist = [p.strip() for p in params.split(",") if p.strip()]
                fn_macros[name] = (plist, body)
            else:
                scan.object_macros[name] = rest[len(name):].strip()
        # "#undef" is ignored: PJRT's header undefines its slot macro after
        # PJRT_Api, and expansion here runs after the directive pass.
    return "\n".join(out), fn_macros


def _expand(text: str, macros: dict[str, tuple[list[str], str]]) -> str:
    """Expand the header's function-like macros (enough for PJRT's helpers)."""
    for _ in range(16):
        changed = False
        for name, (params, body) in macros.items():
            while True:
                m = re.search(rf"\b{re.escape(name)}\s*\(", text)
                if not m:
                    break
                open_i = m.end() - 1
                close_i = _matching(text, open_i)
                args = [a.strip() for a in _split_top(text[open_i + 1:close_i], ",")]
                if args == [""]:
                    args = []
                if len(args) != len(params):
                    raise ValueError(f"macro {name}: {len(args)} args for {params}")
                repl = body
                for p, a in zip(params, args, strict=True):
                    repl = re.sub(rf"\b{re.escape(p)}\b", lambda _m, a=a: a, repl)
                repl = re.sub(r"\s*##\s*", "", repl)
                text = text[:m.start()] + " " + repl + " " + text[close_i + 1:]
                changed = True
        if not changed:
            return text
    raise ValueError("macro expansion did not converge")


def _declarator(decl: str) -> tuple[str, str]:
    """Split 'T name' / 'R (*name)(P)' into (name, abstract type)."""
    decl = _norm(decl)
    m = re.search(r"\(\*\s*(\w+)\)\s*\(", decl)
    if m:
        name = m.group(1)
        return name, _norm(decl[:m.start()] + "(*)" + decl[m.end() - 1:])
    m = re.match(r"(.*\W)(\w+)\s*((?:\[[^\]]*\]\s*)*)$", decl)
    if not m:
        raise ValueError(f"cannot parse declaration {decl!r}")
    return m.group(2), _norm(m.group(1) + m.group(3))


def _fields(body: str, in_union: bool = False) -> list[Field]:
    result: list[Field] = []
    for decl in _split_top(body, ";"):
        decl = decl.strip()
        if not decl:
            continue
        m = re.match(r"(union|struct)\s*(\w+)?\s*\{", decl)
        if m:
            close_i = _matching(decl, m.end() - 1)
            if decl[close_i + 1:].strip():
                raise NotImplementedError(f"named nested aggregate: {decl[:60]!r}")
            inner = _fields(decl[m.end():close_i], in_union or m.group(1) == "union")
            result.extend(inner)
            continue
        name, typ = _declarator(decl)
        result.append(Field(name, typ, in_union))
    return result


def _enumerators(body: str) -> list[tuple[str, str]]:
    items = []
    for part in _split_top(body, ","):
        part = part.strip()
        if not part:
            continue
        name, _, init = part.partition("=")
        items.append((name.strip(), init.strip()))
    return items


def scan_header(text: str) -> HeaderScan:
    """Scan a PJRT-style C header into structs, enums, typedefs and names."""
    scan = HeaderScan()
    body, macros = _preprocess(text, scan)
    body = _expand(body, macros)
    for stmt in _split_top(body, ";"):
        s = _norm(stmt)
        if not s:
            continue
        m = re.match(r"(typedef )?(struct|union|enum) ?(\w+)? ?\{", s)
        if m:
            is_typedef, kind, tag = m.group(1) is not None, m.group(2), m.group(3)
            close_i = _matching(s, m.end() - 1)
            inner = s[m.end():close_i]
            trailing = s[close_i + 1:].strip()
            if kind == "enum":
                items = _enumerators(inner)
                name = trailing if is_typedef else (tag or "")
                if name:
                    scan.enums[name] = Enum(name, [n for n, _ in items])
                for n, _ in items:
                    if n.endswith("_STRUCT_SIZE"):
                        scan.struct_size_names.append(n)
                continue
            if kind == "union":
                raise NotImplementedError(f"top-level union {tag}")
            if tag is None:
                raise NotImplementedError("anonymous top-level struct")
            if is_typedef and trailing and trailing != tag:
                raise NotImplementedError(f"typedef name {trailing} != tag {tag}")
            prev = scan.typedefs.get(tag)
            scan.structs[tag] = Struct(tag, is_typedef or prev is not None, _fields(inner))
            if tag in scan.typedefs and scan.typedefs[tag].kind == "opaque":
                del scan.typedefs[tag]  # it was only a forward typedef
            continue
        m = re.match(r"typedef (struct|union|enum) (\w+) (\w+)$", s)
        if m:
            tag, name = m.group(2), m.group(3)
            if tag in scan.structs:
                scan.structs[tag].typedef = True
            else:
                scan.typedefs[name] = Typedef(name, "opaque", f"{m.group(1)} {tag}")
            continue
        m = re.match(r"(struct|union) (\w+)$", s)
        if m:
            scan.forward_declarations.append(m.group(2))
            continue
        if s.startswith("typedef "):
            decl = s[len("typedef "):]
            fp = re.search(r"\(\*\s*(\w+)\)\s*\(", decl)
            if fp:
                name, typ = _declarator(decl)
                scan.typedefs[name] = Typedef(name, "function_pointer", typ)
                continue
            fm = re.match(r"(.*?)\b(\w+)\s*\((.*)\)$", decl)
            if fm:
                ret, name, params = fm.groups()
                scan.typedefs[name] = Typedef(
                    name, "function", _norm(f"{ret} (*)({params})"))
                continue
            name, typ = _declarator(decl)
            scan.typedefs[name] = Typedef(name, "alias", typ)
            continue
        fm = re.match(r"(.*?)\b(\w+)\s*\((.*)\)$", s)
        if fm and not s.startswith("extern"):
            ret, name, params = fm.groups()
            scan.functions[name] = _norm(f"{ret} (*)({params})")
            continue
        raise NotImplementedError(f"unrecognised top-level statement: {s[:80]!r}")
    for name in scan.object_macros:
        if name.endswith("_STRUCT_SIZE") and name[: -len("_STRUCT_SIZE")] in scan.structs:
            scan.struct_size_names.append(name)
    return scan


# --------------------------------------------------------------------------
# Probe program
# --------------------------------------------------------------------------

# Keys printed by the probe, one "key<TAB>value" per line:
#   sizeof|S  alignof|S  struct_size|S  offset|S|f  size|S|f  typeok|S|f
#   enum_sizeof|E  enum|E|NAME  typedef|NAME  function|NAME  const|NAME
#   target|sizeof_pointer


def _c_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def probe_entries(spec: dict[str, Any]) -> list[tuple[str, str]]:
    """(key, C constant expression) pairs for every quantity in `spec`.

    `spec` has the shape of the expected JSON (values are ignored), so the
    test can build the same probe from the committed table.
    """
    e: list[tuple[str, str]] = [("target|sizeof_pointer", "sizeof(void*)")]
    for name in spec.get("constants", {}):
        e.append((f"const|{name}", name))
    for st in spec["structs"]:
        tag = st["name"]
        t = f"struct {tag}"
        e.append((f"sizeof|{tag}", f"sizeof({t})"))
        e.append((f"alignof|{tag}", f"_Alignof({t})"))
        if st.get("struct_size") is not None:
            e.append((f"struct_size|{tag}", f"{tag}_STRUCT_SIZE"))
        if st.get("typedef"):
            e.append((f"typedef|{tag}", f"__builtin_types_compatible_p({tag}, {t})"))
        for f in st["fields"]:
            fn = f["name"]
            member = f"((({t}*)0)->{fn})"
            e.append((f"offset|{tag}|{fn}", f"offsetof({t}, {fn})"))
            e.append((f"size|{tag}|{fn}", f"sizeof{member}"))
            e.append((f"typeok|{tag}|{fn}",
                      f"__builtin_types_compatible_p(__typeof__{member}, {f['type']})"))
    for en in spec["enums"]:
        e.append((f"enum_sizeof|{en['name']}", f"sizeof({en['name']})"))
        for item, _ in en["values"]:
            e.append((f"enum|{en['name']}|{item}", item))
    for td in spec["typedefs"]:
        name, kind, typ = td["name"], td["kind"], td["type"]
        lhs = f"{name}*" if kind == "function" else name
        if kind == "opaque":
            lhs, typ = f"{name}*", f"{typ}*"
        e.append((f"typedef|{name}", f"__builtin_types_compatible_p({lhs}, {typ})"))
    for name, typ in spec.get("functions", {}).items():
        e.append((f"function|{name}",
                  f"__builtin_types_compatible_p(__typeof__(&{name}), {typ})"))
    return e


def probe_source(spec: dict[str, Any], header: Path) -> str:
    """C11 (GNU) source that prints every quantity of `spec` for `header`."""
    rows = "\n".join(
        f"  {{{_c_string(k)}, (long long)({v})}}," for k, v in probe_entries(spec))
    return f"""/* Generated by ci/gen_pjrt_abi_expected.py; do not edit. */
#include <stddef.h>
#include <stdio.h>
#include {_c_string(str(header))}

static const struct {{ const char* key; long long value; }} kRows[] = {{
{rows}
}};

int main(void) {{
  for (size_t i = 0; i < sizeof(kRows) / sizeof(kRows[0]); ++i)
    printf("%s\\t%lld\\n", kRows[i].key, kRows[i].value);
  return 0;
}}
"""


def find_c_compiler(preferred: str | None = None) -> str | None:
    for cand in ([preferred] if preferred else []) + [os.environ.get("CC"), "cc", "gcc", "clang"]:
        if cand and shutil.which(cand):
            return cand
    return None


def run_probe(spec: dict[str, Any], header: Path, workdir: Path, cc: str) -> dict[str, int]:
    """Compile and run the probe; returns {key: value}. Raises on build errors."""
    src = workdir / "pjrt_abi_probe.c"
    exe = workdir / "pjrt_abi_probe"
    src.write_text(probe_source(spec, header.resolve()))
    build = subprocess.run(
        [cc, "-std=gnu11", "-O0", "-w", "-o", str(exe), str(src)],
        capture_output=True, text=True)
    if build.returncode != 0:
        raise RuntimeError(f"probe failed to compile with {cc}:\n{build.stderr[-6000:]}")
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=True)
    values: dict[str, int] = {}
    for line in run.stdout.splitlines():
        key, _, value = line.partition("\t")
        values[key] = int(value)
    return values


# --------------------------------------------------------------------------
# Table
# --------------------------------------------------------------------------


def spec_from_scan(scan: HeaderScan) -> dict[str, Any]:
    """Value-free table skeleton: names, order and spelled types."""
    sizes = {n[: -len("_STRUCT_SIZE")] for n in scan.struct_size_names}
    return {
        "constants": {n: None for n in ("PJRT_API_MAJOR", "PJRT_API_MINOR")
                      if n in scan.object_macros},
        "structs": [
            {
                "name": st.tag,
                "typedef": st.typedef,
                "sizeof": None,
                "alignof": None,
                "struct_size": 0 if st.tag in sizes else None,
                "fields": [
                    {"name": f.name, "type": f.type, "in_union": f.in_union,
                     "offset": None, "size": None}
                    for f in st.fields
                ],
            }
            for st in scan.structs.values()
        ],
        "enums": [
            {"name": en.name, "sizeof": None, "values": [[n, None] for n in en.enumerators]}
            for en in scan.enums.values()
        ],
        "typedefs": [
            {"name": td.name, "kind": td.kind, "type": td.type}
            for td in scan.typedefs.values()
        ],
        "forward_declarations": list(scan.forward_declarations),
        "functions": dict(scan.functions),
    }


def fill_spec(spec: dict[str, Any], values: dict[str, int]) -> list[str]:
    """Write probe values into `spec`; returns failed compatibility checks."""
    bad: list[str] = []
    for name in spec["constants"]:
        spec["constants"][name] = values[f"const|{name}"]
    for st in spec["structs"]:
        tag = st["name"]
        st["sizeof"] = values[f"sizeof|{tag}"]
        st["alignof"] = values[f"alignof|{tag}"]
        if st["struct_size"] is not None:
            st["struct_size"] = values[f"struct_size|{tag}"]
        if st["typedef"] and values[f"typedef|{tag}"] != 1:
            bad.append(f"typedef|{tag}")
        for f in st["fields"]:
            f["offset"] = values[f"offset|{tag}|{f['name']}"]
            f["size"] = values[f"size|{tag}|{f['name']}"]
            if values[f"typeok|{tag}|{f['name']}"] != 1:
                bad.append(f"typeok|{tag}|{f['name']} ({f['type']})")
    for en in spec["enums"]:
        en["sizeof"] = values[f"enum_sizeof|{en['name']}"]
        for item in en["values"]:
            item[1] = values[f"enum|{en['name']}|{item[0]}"]
    for td in spec["typedefs"]:
        if values[f"typedef|{td['name']}"] != 1:
            bad.append(f"typedef|{td['name']} ({td['type']})")
    return bad


def build_table(header: Path, cc: str, origin: str) -> dict[str, Any]:
    text = header.read_text()
    scan = scan_header(text)
    spec = spec_from_scan(scan)
    with tempfile.TemporaryDirectory(prefix="pjrt_abi_gen_") as tmp:
        values = run_probe(spec, header, Path(tmp), cc)
    bad = fill_spec(spec, values)
    if bad:
        # The scanner's type spelling must round-trip on the header it came from.
        raise RuntimeError("self-check failed on the real header:\n  " + "\n  ".join(bad))
    api = next(s for s in spec["structs"] if s["name"] == "PJRT_Api")
    slots = [f for f in api["fields"] if f["name"] not in
             ("struct_size", "extension_start", "pjrt_api_version")]
    table: dict[str, Any] = {
        "_comment": ("Generated by ci/gen_pjrt_abi_expected.py from OpenXLA's "
                     "pjrt_c_api.h; do not edit. Checked by "
                     "tests/unit/test_pjrt_abi_layout.py."),
        "source": {
            "file": header.name,
            "origin": origin,
            "sha256": hashlib.sha256(text.encode()).hexdigest(),
        },
        "target": {"sizeof_pointer": values["target|sizeof_pointer"],
                   "machine": os.uname().machine},
        "constants": spec["constants"],
        "api_slots": [
            {"index": i, "name": f["name"], "offset": f["offset"]}
            for i, f in enumerate(slots)
        ],
        "structs": spec["structs"],
        "enums": spec["enums"],
        "typedefs": spec["typedefs"],
        "forward_declarations": spec["forward_declarations"],
        "functions": spec["functions"],
    }
    return table


def main(argv: list[str] | None = None) -> int:
    repo = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("header", type=Path, help="path to OpenXLA's pjrt_c_api.h")
    ap.add_argument("-o", "--output", type=Path,
                    default=repo / "tests" / "data" / "pjrt_abi_0_81.json")
    ap.add_argument("--cc", default=None, help="C compiler (default: $CC, cc, gcc, clang)")
    ap.add_argument("--origin", default="PyPI xla-cpu-pjrt 0.0.1 wheel, "
                    "xla_plugins/xla_cpu_pjrt/include/pjrt_c_api.h")
    args = ap.parse_args(argv)
    cc = find_c_compiler(args.cc)
    if cc is None:
        print("error: no C compiler found", file=sys.stderr)
        return 2
    table = build_table(args.header, cc, args.origin)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(table, indent=1) + "\n")
    n_fields = sum(len(s["fields"]) for s in table["structs"])
    print(f"wrote {args.output}: PJRT {table['constants'].get('PJRT_API_MAJOR')}."
          f"{table['constants'].get('PJRT_API_MINOR')}, {len(table['structs'])} structs, "
          f"{n_fields} fields, {len(table['api_slots'])} api slots, "
          f"{len(table['enums'])} enums, {len(table['typedefs'])} typedefs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
