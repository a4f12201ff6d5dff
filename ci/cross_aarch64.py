"""Cross-builds the compiler + CPU executor for linux-aarch64 and runs its tests under qemu-user.

Called by `nox -s aarch64` (and its CI subset). Steps, each printed with its time:
  1. toolchain: Debian's g++-aarch64-linux-gnu and qemu-user (apt-get when root and missing);
  2. configure build/aarch64/unit_compiler with cmake/toolchains/linux-aarch64-gnu.cmake and
     build the compiler driver and the native unit-test executables;
  3. OpenBLAS for aarch64 (PyPI's scipy-openblas32 wheel for manylinux aarch64, unpacked), so
     the LAPACK custom calls run under emulation as they do natively;
  4. pytest tests/unit/compiler with every executable run through qemu-aarch64;
  5. the corpus through the emulated driver (text, and with --bytecode the portable artifacts);
     `--bits-against X86_DRIVER` also runs the x86-64 driver and lists programs whose output
     bits differ between the two ISAs;
  6. `--clang` builds with clang for aarch64 (macOS arm64's compiler) instead of GCC;
  7. with --plugin, cross-links the whole jaxlib-cpu PJRT plugin and checks it is an AArch64
     shared object exporting only GetPjrtApi.
`--subset` keeps a representative cross-section (CI): a few unit tests and corpus programs
of every op family. Exit status 0 when everything passed.

    python ci/cross_aarch64.py [--subset] [--plugin] [--bytecode] [--clang] [--bits-against X86_DRIVER]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TRIPLE = os.environ.get("JAXLIB_AARCH64_TRIPLE", "aarch64-linux-gnu")
SYSROOT = Path(f"/usr/{TRIPLE}")
TOOLCHAIN = REPO / "cmake" / "toolchains" / "linux-aarch64-gnu.cmake"
BUILD = REPO / "build" / "aarch64"
# --clang: the same cross build with clang (the compiler of macOS arm64) in its own tree.
CLANG_BUILD = REPO / "build" / "aarch64-clang"
UNIT_TARGETS = ["compiler_driver", "vector_math_test", "bytecode_mutation_test"]
# --subset: one or two programs per op family (elementwise and its transcendental kernels,
# fused loops, reductions, sort, gather/scatter, convolution, dot, FFT, RNG, control flow,
# LAPACK, subnormal flushing) and the unit tests that exercise the same paths.
SUBSET_CASES = [
    "ew_float_unary_transc_f32", "ew_float_binary_transc_f32", "ew_float_arith_bf16", "ew_float_arith_f64",
    "ew_int_arith_s32", "ew_select_clamp_f32", "ew_compare_f32", "reduce_basic_f32", "reduce_special_values_f32",
    "reduce_cumulative", "reduce_window_pools", "sort_basic", "chlo_top_k_f32", "gather_indexing",
    "scatter_at_ops_f32", "conv2d_nhwc_same_stride2", "dot_general_f32", "fft_all_kinds_f32",
    "rng_threefry", "while_fori_loop", "case_switch", "linalg_solve_inv_det_f32", "model_mlp_value_and_grad",
    "model_layernorm_grad", "model_lstm_scan", "chlo_next_after_f32", "convert_from_f32",
]
SUBSET_TESTS = ["test_compiler_driver.py", "test_vector_math.py", "test_cpu_algorithms.py::test_fft_kinds_match_numpy",
                "test_cpu_algorithms.py::test_sort_f32_orders_nan_and_zeros_like_jax_and_is_stable"]


def log(msg: str) -> None:
    print(f"[aarch64] {msg}", flush=True)


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)


def ensure_toolchain() -> str:
    """Returns the qemu-aarch64 command; installs the Debian packages when root and missing."""
    need = []
    if not shutil.which(f"{TRIPLE}-g++"):
        need.append("g++-aarch64-linux-gnu")
    if not (shutil.which("qemu-aarch64") or shutil.which("qemu-aarch64-static")):
        need.append("qemu-user")
    if need and shutil.which("apt-get") and os.geteuid() == 0:
        run(["apt-get", "update", "-qq"])
        run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *need])
    elif need:
        sys.exit(f"missing {' '.join(need)}: install them (Debian/Ubuntu: apt-get install {' '.join(need)})")
    return shutil.which("qemu-aarch64") or shutil.which("qemu-aarch64-static") or "qemu-aarch64"


def emulator(qemu: str) -> str:
    return f"{qemu} -L {SYSROOT}"


def cmake_env() -> dict[str, str]:
    env = dict(os.environ)
    if shutil.which("ccache"):
        env.setdefault("CMAKE_CXX_COMPILER_LAUNCHER", "ccache")
        env.setdefault("CMAKE_C_COMPILER_LAUNCHER", "ccache")
        # The cache ci/build_matrix.py uses, so a cross wheel build reuses the plugin's objects.
        env.setdefault("CCACHE_BASEDIR", str(REPO))
        env.setdefault("CCACHE_DIR", str(REPO / "build" / "ccache"))
    return env


def configure(source: Path, build: Path, *defines: str) -> None:
    if (build / "CMakeCache.txt").exists():
        return
    build.mkdir(parents=True, exist_ok=True)
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    run(["cmake", *gen, f"-DCMAKE_TOOLCHAIN_FILE={TOOLCHAIN}", *defines, str(source)], cwd=build, env=cmake_env())


def build_unit(jobs: int, clang: bool) -> Path:
    build = (CLANG_BUILD if clang else BUILD) / "unit_compiler"
    configure(REPO / "tests" / "unit" / "compiler", build, "-DCMAKE_BUILD_TYPE=RelWithDebInfo")
    run(["cmake", "--build", ".", "--target", *UNIT_TARGETS, "-j", str(jobs)], cwd=build, env=cmake_env())
    return build


def aarch64_openblas() -> Path | None:
    """libscipy_openblas32 for manylinux aarch64 from PyPI (pip download, unpacked), or None."""
    dest = BUILD / "openblas"
    libs = sorted(dest.glob("scipy_openblas32/lib/libscipy_openblas*.so*"))
    if not libs:
        wheels = BUILD / "openblas_wheel"
        try:
            run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                 "--platform", "manylinux2014_aarch64", "--python-version", "3.12", "-d", str(wheels),
                 "scipy-openblas32>=0.3.27"])
        except subprocess.CalledProcessError:
            log("could not download scipy-openblas32 for aarch64: LAPACK cases will fail")
            return None
        for whl in sorted(wheels.glob("scipy_openblas32-*.whl")):
            with zipfile.ZipFile(whl) as z:
                z.extractall(dest)
        libs = sorted(dest.glob("scipy_openblas32/lib/libscipy_openblas*.so*"))
    if libs and not (SYSROOT / "lib" / "libz.so.1").exists() and not (libs[0].parent / "libz.so.1").exists():
        # The wheel's libgfortran lists libz.so.1 as NEEDED (every manylinux system has it) but
        # calls nothing in it, and Debian has no cross zlib: an empty library of that name
        # beside it (found through the wheel's $ORIGIN RPATH) lets it load under emulation.
        stub = libs[0].parent / "libz.so.1"
        run([f"{TRIPLE}-gcc", "-shared", "-o", str(stub), "-Wl,-soname,libz.so.1", "-x", "c", "/dev/null"])
    return libs[0] if libs else None


def run_unit_tests(build: Path, qemu: str, env: dict[str, str], subset: bool) -> int:
    tests = REPO / "tests" / "unit" / "compiler"
    targets = [str(tests / t) for t in SUBSET_TESTS] if subset else [str(tests)]
    env = dict(env, JAXLIB_COMPILER_TEST_BUILD_DIR=str(build), JAXLIB_COMPILER_TEST_EMULATOR=emulator(qemu))
    # Timeouts inside the tests are for native speed; qemu is 5-20x slower on this code.
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-ra", "-p", "no:cacheprovider", *targets],
                          env=env, cwd=REPO).returncode


def run_corpus(driver: Path, env: dict[str, str], names: list[str], bytecode: bool, bits: Path | None,
               emulate: str = "") -> int:
    cmd = [sys.executable, str(REPO / "tests" / "unit" / "compiler" / "run_corpus_with_driver.py"),
           "--driver", str(driver), *(["--emulator", emulate] if emulate else []),
           *(["--bytecode"] if bytecode else []), *(["--bits", str(bits)] if bits else []), *names]
    print("+", " ".join(cmd[:6]), "...", flush=True)
    return subprocess.run(cmd, env=env, cwd=REPO).returncode


def compare_bits(ours: Path, theirs: Path) -> int:
    """Lists programs whose outputs differ between the two runs: in NaN bits only, or in values."""
    a, b = json.loads(ours.read_text()), json.loads(theirs.read_text())
    both = sorted(n for n in a if n in b)
    same = [n for n in both if a[n][0] == b[n][0]]
    nan_only = [n for n in both if a[n][0] != b[n][0] and a[n][1] == b[n][1]]
    values = [n for n in both if a[n][1] != b[n][1]]
    log(f"output bits, aarch64 vs x86-64: {len(same)} programs identical, {len(nan_only)} differ only in "
        f"which NaN, {len(values)} differ in values (within the corpus tolerances)")
    for n in values:
        print(f"  values differ: {n}")
    return len(values)


def build_plugin(jobs: int, base: Path) -> int:
    """Cross-links pjrt_plugin_jaxlib_cpu.so (Release, as the wheel builds it) and checks it."""
    build = base / "plugin"
    py_include = subprocess.run([sys.executable, "-c", "import sysconfig; print(sysconfig.get_path('include'))"],
                                capture_output=True, text=True, check=True).stdout.strip()
    # The `_ext` module is abi3 C: the host's CPython headers serve an LP64 target as well.
    configure(REPO / "wheels" / "jaxlib-cpu", build, "-DCMAKE_BUILD_TYPE=Release",
              f"-DPython_EXECUTABLE={sys.executable}", f"-DPython_INCLUDE_DIR={py_include}",
              "-DJAXLIB_GIT_REVISION=cross-aarch64")
    run(["cmake", "--build", ".", "--target", "pjrt_plugin_jaxlib_cpu", "_ext", "-j", str(jobs)], cwd=build,
        env=cmake_env())
    so = next(build.rglob("pjrt_plugin_jaxlib_cpu.so"))
    header = run([f"{TRIPLE}-readelf", "-h", str(so)], capture_output=True, text=True).stdout
    dyn = run([f"{TRIPLE}-nm", "-D", "--defined-only", str(so)], capture_output=True, text=True).stdout
    exported = sorted(line.split()[-1].split("@")[0] for line in dyn.splitlines()
                      if line.split()[1:2] and line.split()[1] in "TDBW")
    ok = "AArch64" in header and exported == ["GetPjrtApi"]
    log(f"plugin {so.relative_to(REPO)}: {so.stat().st_size / 2**20:.1f} MiB, "
        f"{'AArch64' if 'AArch64' in header else 'NOT AArch64'}, exports {exported}")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--subset", action="store_true", help="the CI cross-section instead of everything")
    ap.add_argument("--plugin", action="store_true", help="also cross-link the PJRT plugin .so")
    ap.add_argument("--bytecode", action="store_true", help="also run the corpus's portable artifacts")
    ap.add_argument("--bits-against", type=Path, help="an x86-64 compiler_driver to compare output bits with")
    ap.add_argument("--skip-unit", action="store_true", help="no pytest over tests/unit/compiler")
    ap.add_argument("--clang", action="store_true", help="compile with clang for aarch64 instead of GCC")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("names", nargs="*", help="corpus programs (default: all, or the subset)")
    a = ap.parse_args(argv)

    t0 = time.monotonic()
    qemu = ensure_toolchain()
    if a.clang:
        if not shutil.which("clang++"):
            sys.exit("--clang needs clang++ (Debian: apt-get install clang)")
        os.environ["JAXLIB_AARCH64_COMPILER"] = "clang"
    log(f"toolchain: {shutil.which(TRIPLE + '-g++')}, {qemu}")
    build = build_unit(a.jobs, a.clang)
    log(f"built {', '.join(UNIT_TARGETS)} in {time.monotonic() - t0:.0f} s")
    env = dict(os.environ)
    lapack = aarch64_openblas()
    if lapack:
        env["JAXLIB_CPU_LAPACK_LIBRARY"] = str(lapack)
    driver = build / "compiler_driver"
    failures = 0
    if not a.skip_unit:
        t = time.monotonic()
        rc = run_unit_tests(build, qemu, env, a.subset)
        log(f"unit tests under qemu: {'passed' if rc == 0 else 'FAILED'} in {time.monotonic() - t:.0f} s")
        failures += rc != 0
    names = a.names or (SUBSET_CASES if a.subset else [])
    bits = (CLANG_BUILD if a.clang else BUILD) / "bits_aarch64.json" if a.bits_against else None
    t = time.monotonic()
    rc = run_corpus(driver, env, names, False, bits, emulator(qemu))
    log(f"corpus (text) under qemu: {'passed' if rc == 0 else 'FAILED'} in {time.monotonic() - t:.0f} s")
    failures += rc != 0
    if a.bytecode:
        t = time.monotonic()
        rc = run_corpus(driver, env, names, True, None, emulator(qemu))
        log(f"corpus (bytecode) under qemu: {'passed' if rc == 0 else 'FAILED'} in {time.monotonic() - t:.0f} s")
        failures += rc != 0
    if a.bits_against and bits:
        x86_bits = BUILD / "bits_x86_64.json"
        run_corpus(a.bits_against.resolve(), dict(os.environ), names, False, x86_bits)
        compare_bits(bits, x86_bits)  # reported, not a failure: the corpus tolerances decide
    if a.plugin:
        t = time.monotonic()
        rc = build_plugin(a.jobs, CLANG_BUILD if a.clang else BUILD)
        log(f"plugin cross-link: {'ok' if rc == 0 else 'FAILED'} in {time.monotonic() - t:.0f} s")
        failures += rc != 0
    log(f"{'all passed' if failures == 0 else f'{failures} step(s) failed'} in {time.monotonic() - t0:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
