"""Check our PJRT C ABI header against the layout of OpenXLA's real header.

``runtime/pjrt_abi/pjrt_c_api.h`` must be binary- and source-compatible with
OpenXLA's ``pjrt_c_api.h`` at the version recorded in
``tests/data/pjrt_abi_0_81.json``. That table was produced from the real header
by ``ci/gen_pjrt_abi_expected.py``; this test builds the same probe program
against OUR header and compares every struct size, ``_STRUCT_SIZE`` value,
field offset/size/type, ``PJRT_Api`` slot, enum value and typedef. It also
checks that our header declares exactly the same names in the same order, and
that it compiles cleanly as C11 and C++20.

Needs a C compiler (GCC or Clang); skips with a reason otherwise.
"""
from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
HEADER = REPO / "runtime" / "pjrt_abi" / "pjrt_c_api.h"
EXPECTED = REPO / "tests" / "data" / "pjrt_abi_0_81.json"
GENERATOR = REPO / "ci" / "gen_pjrt_abi_expected.py"

MAX_REPORTED = 60


def _load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_pjrt_abi_expected", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses need the module registered
    spec.loader.exec_module(module)
    return module


gen = _load_generator()


@pytest.fixture(scope="module")
def expected() -> dict[str, Any]:
    return json.loads(EXPECTED.read_text())


@pytest.fixture(scope="module")
def cc() -> str:
    compiler = gen.find_c_compiler()
    if compiler is None:
        pytest.skip("no C compiler (cc/gcc/clang) on PATH")
    return compiler


def _fail(problems: list[str], what: str) -> None:
    if problems:
        shown = "\n  ".join(problems[:MAX_REPORTED])
        more = len(problems) - MAX_REPORTED
        tail = f"\n  ... and {more} more" if more > 0 else ""
        pytest.fail(f"{len(problems)} {what} mismatch(es) vs {EXPECTED.name}:\n  {shown}{tail}")


def _compare_list(problems: list[str], where: str, want: list[str], got: list[str]) -> None:
    if want == got:
        return
    missing = [n for n in want if n not in got]
    extra = [n for n in got if n not in want]
    if missing:
        problems.append(f"{where}: missing {missing}")
    if extra:
        problems.append(f"{where}: unexpected {extra}")
    if not missing and not extra:
        i = next(i for i, (w, g) in enumerate(zip(want, got, strict=False)) if w != g)
        problems.append(f"{where}: order differs at position {i}: "
                        f"expected {want[i]!r}, got {got[i]!r}")


def test_declares_the_same_names(expected: dict[str, Any]) -> None:
    """Same structs, fields, enumerators and typedefs; nothing missing or extra."""
    ours = gen.scan_header(HEADER.read_text())
    problems: list[str] = []

    # Declaration order of whole structs is ours to choose (we group by area);
    # field, enumerator and PJRT_Api slot order is ABI and compared exactly.
    want_structs = sorted(s["name"] for s in expected["structs"])
    _compare_list(problems, "structs", want_structs, sorted(ours.structs))
    for st in expected["structs"]:
        mine = ours.structs.get(st["name"])
        if mine is None:
            continue
        _compare_list(problems, f"{st['name']} fields",
                      [f["name"] for f in st["fields"]], [f.name for f in mine.fields])
        if st["typedef"] and not mine.typedef:
            problems.append(f"{st['name']}: expected a typedef of the same name")

    want_sizes = sorted(s["name"] + "_STRUCT_SIZE" for s in expected["structs"]
                        if s["struct_size"] is not None)
    _compare_list(problems, "_STRUCT_SIZE names", want_sizes, sorted(ours.struct_size_names))

    _compare_list(problems, "enums", sorted(e["name"] for e in expected["enums"]),
                  sorted(ours.enums))
    for en in expected["enums"]:
        if en["name"] in ours.enums:
            _compare_list(problems, f"enum {en['name']}",
                          [v[0] for v in en["values"]], ours.enums[en["name"]].enumerators)

    want_td = {t["name"]: t["kind"] for t in expected["typedefs"]}
    got_td = {t.name: t.kind for t in ours.typedefs.values()}
    _compare_list(problems, "typedefs", sorted(want_td), sorted(got_td))
    for name, kind in want_td.items():
        if name in got_td and got_td[name] != kind:
            problems.append(f"typedef {name}: expected {kind}, got {got_td[name]}")

    _compare_list(problems, "forward declarations",
                  expected["forward_declarations"], ours.forward_declarations)

    want_const = {k: str(v) for k, v in expected["constants"].items()}
    got_const = {k: ours.object_macros.get(k) for k in want_const}
    if got_const != want_const:
        problems.append(f"constants: expected {want_const}, got {got_const}")
    _fail(problems, "declaration")


def test_layout_matches_real_header(expected: dict[str, Any], cc: str,
                                    tmp_path: Path) -> None:
    """Every size, offset, STRUCT_SIZE, slot, enum value and type agrees."""
    # Our header must also declare the entry point; the real core header
    # leaves that to per-plugin headers.
    spec = dict(expected)
    spec["functions"] = {**expected.get("functions", {}),
                         "GetPjrtApi": "const PJRT_Api* (*)(void)"}
    got = gen.run_probe(spec, HEADER, tmp_path, cc)

    if got["target|sizeof_pointer"] != expected["target"]["sizeof_pointer"]:
        pytest.skip(f"table is for {expected['target']['sizeof_pointer'] * 8}-bit "
                    f"pointers; this compiler targets {got['target|sizeof_pointer'] * 8}-bit")

    problems: list[str] = []

    def check(key: str, want: int, label: str) -> None:
        value = got.get(key)
        if value != want:
            problems.append(f"{label}: expected {want}, got {value}")

    for name, value in expected["constants"].items():
        check(f"const|{name}", value, name)
    for st in expected["structs"]:
        s = st["name"]
        check(f"sizeof|{s}", st["sizeof"], f"sizeof({s})")
        check(f"alignof|{s}", st["alignof"], f"alignof({s})")
        if st["struct_size"] is not None:
            check(f"struct_size|{s}", st["struct_size"], f"{s}_STRUCT_SIZE")
        if st["typedef"]:
            check(f"typedef|{s}", 1, f"typedef {s} names struct {s}")
        for f in st["fields"]:
            fn = f["name"]
            check(f"offset|{s}|{fn}", f["offset"], f"offsetof({s}, {fn})")
            check(f"size|{s}|{fn}", f["size"], f"sizeof({s}.{fn})")
            if got.get(f"typeok|{s}|{fn}") != 1:
                problems.append(f"{s}.{fn}: type differs from expected {f['type']!r}")
    for slot in expected["api_slots"]:
        check(f"offset|PJRT_Api|{slot['name']}", slot["offset"],
              f"PJRT_Api slot {slot['index']} ({slot['name']}) offset")
    for en in expected["enums"]:
        check(f"enum_sizeof|{en['name']}", en["sizeof"], f"sizeof({en['name']})")
        for item, value in en["values"]:
            check(f"enum|{en['name']}|{item}", value, f"{en['name']}::{item}")
    for td in expected["typedefs"]:
        if got.get(f"typedef|{td['name']}") != 1:
            problems.append(f"typedef {td['name']}: expected {td['kind']} {td['type']!r}")
    for name, typ in spec["functions"].items():
        if got.get(f"function|{name}") != 1:
            problems.append(f"function {name}: expected type {typ!r}")
    _fail(problems, "layout")


def test_api_table_size(expected: dict[str, Any]) -> None:
    """118 slots at 0.81, the table being 40 header bytes plus 8 per slot."""
    slots = expected["api_slots"]
    assert len(slots) == 118, f"expected 118 PJRT_Api slots at 0.81, table has {len(slots)}"
    api = next(s for s in expected["structs"] if s["name"] == "PJRT_Api")
    assert api["struct_size"] == 40 + 8 * len(slots) == 984
    assert [s["offset"] for s in slots] == [40 + 8 * i for i in range(len(slots))]


def _compile(cmd: list[str], source: Path) -> None:
    result = subprocess.run(cmd + [str(source)], capture_output=True, text=True)
    assert result.returncode == 0, (
        f"{' '.join(cmd)} {source.name} failed:\n{result.stderr[-4000:]}")


def test_compiles_as_strict_c11(cc: str, tmp_path: Path) -> None:
    src = tmp_path / "use_header.c"
    src.write_text(
        f'#include "{HEADER}"\n'
        f'#include "{HEADER}"  /* include guard */\n'
        "_Static_assert(PJRT_API_MAJOR == 0, \"major\");\n"
        "_Static_assert(PJRT_Api_STRUCT_SIZE == 984, \"api size\");\n"
        "const PJRT_Api* GetPjrtApi(void) { return 0; }\n")
    _compile([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic",
              "-fsyntax-only"], src)


def test_compiles_as_cxx20(tmp_path: Path) -> None:
    cxx = next((c for c in ("c++", "g++", "clang++") if shutil.which(c)), None)
    if cxx is None:
        pytest.skip("no C++ compiler (c++/g++/clang++) on PATH")
    src = tmp_path / "use_header.cc"
    src.write_text(
        f'#include "{HEADER}"\n'
        "static_assert(PJRT_Api_STRUCT_SIZE == 984);\n"
        "static_assert(PJRT_Buffer_MemoryLayout_STRUCT_SIZE == 76);\n"
        'extern "C" const PJRT_Api* GetPjrtApi() { return nullptr; }\n')
    # No -pedantic: PJRT_Api members share their names with their function
    # typedefs (the public interface), which ISO C++ flags as "changes
    # meaning"; GCC allows it inside extern "C". OpenXLA's header is the same.
    _compile([cxx, "-std=c++20", "-Wall", "-Wextra", "-Werror", "-fsyntax-only"], src)
