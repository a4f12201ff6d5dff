"""Linear algebra as JAX 0.10.2 lowers it on CPU: LAPACK FFI custom calls
(lapack_?getrf_ffi, ?geqrf, ?orgqr/?ungqr, ?potrf, ?syevd/?heevd, ?gesdd, ?trsm, ?geev,
?gehrd, ?sytrd, ?gees, ?geqp3, ?gtsv, ...) in f32/f64/c64/c128, plus the jnp.linalg /
jax.scipy.linalg functions built on them."""

from __future__ import annotations

import numpy as np
from gen_common import add, np_dtype, randn, spd, wellcond

ALL = ["f32", "c64", "f64", "c128"]
WIDE = {"f64", "c128"}


def _decomps(dt):
    def build():
        import jax.numpy as jnp
        from jax import lax
        npdt = np_dtype(dt)
        a = wellcond(800, 5, npdt)
        t = randn(801, (6, 4), npdt)
        s = spd(802, 4, npdt)

        def f(a, t, s):
            lu, piv, perm = lax.linalg.lu(a)
            q, r = jnp.linalg.qr(t)
            qf, rf = jnp.linalg.qr(t, mode="complete")
            return (lu, piv, perm, q, r, qf, rf, jnp.linalg.cholesky(s),
                    jnp.linalg.qr(t.T, mode="r"))
        return f, (a, t, s)
    return build


def _eig_svd(dt):
    def build():
        import jax.numpy as jnp
        npdt = np_dtype(dt)
        s = spd(803, 5, npdt)
        m = randn(804, (5, 3), npdt)

        def f(s, m):
            w, v = jnp.linalg.eigh(s)
            u, sv, vh = jnp.linalg.svd(m, full_matrices=False)
            uf, svf, vhf = jnp.linalg.svd(m, full_matrices=True)
            return (w, v, jnp.linalg.eigvalsh(s, UPLO="U"), u, sv, vh, uf, svf, vhf,
                    jnp.linalg.svd(m.T, compute_uv=False), jnp.linalg.norm(m, ord=2),
                    jnp.linalg.matrix_rank(m), jnp.linalg.cond(s))
        return f, (s, m)
    return build


def _solve_inv(dt):
    def build():
        import jax.numpy as jnp
        npdt = np_dtype(dt)
        a = wellcond(805, 4, npdt)
        b = randn(806, (4, 3), npdt)
        ab = wellcond(807, 3, npdt, batch=(2,))

        def f(a, b, ab):
            sign, logdet = jnp.linalg.slogdet(a)
            return (jnp.linalg.solve(a, b), jnp.linalg.inv(a), jnp.linalg.det(a), sign,
                    logdet, jnp.linalg.inv(ab), jnp.linalg.det(ab),
                    jnp.linalg.pinv(b), jnp.linalg.lstsq(b, a[:, :2])[0],
                    jnp.linalg.matrix_power(a, 3), jnp.linalg.matrix_power(a, -2))
        return f, (a, b, ab)
    return build


def _triangular(dt):
    def build():
        from jax import lax
        npdt = np_dtype(dt)
        a = wellcond(808, 4, npdt)
        b = randn(809, (4, 3), npdt)
        c = randn(810, (3, 4), npdt)

        def f(a, b, c):
            ts = lax.linalg.triangular_solve
            return (ts(a, b, left_side=True, lower=True),
                    ts(a, b, left_side=True, lower=False, transpose_a=True),
                    ts(a, c, left_side=False, lower=True, unit_diagonal=True),
                    ts(a, c, left_side=False, lower=False, transpose_a=True,
                       conjugate_a=True))
        return f, (a, b, c)
    return build


for _dt in ALL:
    _x = _dt in WIDE
    add(f"linalg_decomp_{_dt}", "linalg", _decomps(_dt),
        ops=["custom_call:lapack_?getrf_ffi", "custom_call:lapack_?geqrf_ffi",
             "custom_call:lapack_?orgqr_ffi", "custom_call:lapack_?potrf_ffi"],
        tol="linalg", x64=_x, note="lu (lu, pivots, permutation), qr reduced/complete/r, "
                                   "cholesky")
    add(f"linalg_eigh_svd_{_dt}", "linalg", _eig_svd(_dt),
        ops=["custom_call:lapack_?syevd_ffi", "custom_call:lapack_?gesdd_ffi"],
        tol="linalg", x64=_x)
    add(f"linalg_solve_inv_det_{_dt}", "linalg", _solve_inv(_dt),
        ops=["custom_call:lapack_?getrf_ffi", "custom_call:lapack_?trsm_ffi", "while"],
        tol="linalg", x64=_x)
    add(f"linalg_triangular_solve_{_dt}", "linalg", _triangular(_dt),
        ops=["custom_call:lapack_?trsm_ffi"], tol="linalg", x64=_x,
        note="left/right side, lower/upper, transpose, conjugate, unit diagonal")


def _eig(dt):
    def build():
        import jax.numpy as jnp
        npdt = np_dtype(dt)
        a = randn(811, (4, 4), npdt)
        sym = a + a.T if np.dtype(npdt).kind == "f" else a

        def f(a, sym):
            w, v = jnp.linalg.eig(a)
            return w, v, jnp.linalg.eigvals(sym)
        return f, (a, sym)
    return build


for _dt in ALL:
    add(f"linalg_eig_{_dt}", "linalg", _eig(_dt), ops=["custom_call:lapack_?geev_ffi"],
        tol="linalg", x64=_dt in WIDE,
        note="general eigendecomposition (eigenvectors normalised by LAPACK)")


def _scipy_linalg(dt):
    def build():
        import jax.scipy.linalg as jsl
        npdt = np_dtype(dt)
        a = wellcond(812, 4, npdt)
        s = spd(813, 4, npdt)
        b = randn(814, (4, 2), npdt)
        small = (randn(815, (3, 3), npdt) * 0.3).astype(npdt)

        def f(a, s, b, small):
            lu_piv = jsl.lu_factor(a)
            c = jsl.cho_factor(s)
            p, lo, u = jsl.lu(a)
            h, qh = jsl.hessenberg(a, calc_q=True)
            t, z = jsl.schur(a) if np.dtype(npdt).kind == "f" else (a, a)
            return (jsl.lu_solve(lu_piv, b), jsl.cho_solve(c, b), p, lo, u,
                    jsl.solve_triangular(a, b, lower=True), jsl.expm(small), h, qh,
                    jsl.solve(s, b, assume_a="pos"), t, z, jsl.det(a),
                    jsl.eigh(s, eigvals_only=True))
        return f, (a, s, b, small)
    return build


add("linalg_scipy_f32", "linalg", _scipy_linalg("f32"),
    ops=["custom_call:lapack_sgehrd_ffi", "custom_call:lapack_sorghr_ffi",
         "custom_call:lapack_sgees_ffi", "custom_call:lapack_spotrf_ffi"], tol="linalg")
add("linalg_scipy_f64", "linalg", _scipy_linalg("f64"),
    ops=["custom_call:lapack_dgehrd_ffi", "custom_call:lapack_dgees_ffi"], tol="linalg",
    x64=True)
add("linalg_scipy_c64", "linalg", _scipy_linalg("c64"),
    ops=["custom_call:lapack_cgehrd_ffi", "custom_call:lapack_cunghr_ffi"], tol="linalg")


def _misc_lapack(dt):
    def build():
        from jax import lax
        npdt = np_dtype(dt)
        s = spd(816, 5, npdt)
        a = randn(817, (5, 4), npdt)
        dl = randn(818, (6,), npdt)
        d = (randn(819, (6,), npdt) + 4).astype(npdt)
        du = randn(820, (6,), npdt)
        dl[0] = 0
        du[-1] = 0
        rhs = randn(821, (6, 2), npdt)

        from jax._src.lax.linalg import geqrf

        def f(s, a, dl, d, du, rhs):
            arr, tau_d, tau_e, taus = lax.linalg.tridiagonal(s, lower=True)
            q, r, piv = lax.linalg.qr(a, pivoting=True, full_matrices=False)
            x = lax.linalg.tridiagonal_solve(dl, d, du, rhs)
            qr_, taus_qr = geqrf(a)
            hh = lax.linalg.householder_product(qr_, taus_qr)
            om = lax.linalg.ormqr(qr_, taus_qr, rhs[:5], left=True, transpose=True)
            u, sv, vh = lax.linalg.svd(a, full_matrices=False,
                                       algorithm=lax.linalg.SvdAlgorithm.QR)
            return arr, tau_d, tau_e, taus, q, r, piv, x, hh, om, u, sv, vh
        return f, (s, a, dl, d, du, rhs)
    return build


add("linalg_misc_lapack_f32", "linalg", _misc_lapack("f32"),
    ops=["custom_call:lapack_ssytrd_ffi", "custom_call:lapack_sgeqp3_ffi",
         "custom_call:lapack_sgtsv_ffi"], tol="linalg",
    note="tridiagonal reduction (sytrd), pivoted QR (geqp3), tridiagonal_solve (gtsv), "
         "geqrf + householder_product (orgqr) + ormqr, svd with the QR algorithm (gesvd)")
add("linalg_misc_lapack_c128", "linalg", _misc_lapack("c128"),
    ops=["custom_call:lapack_zhetrd_ffi", "custom_call:lapack_zgeqp3_ffi",
         "custom_call:lapack_zgtsv_ffi"], tol="linalg", x64=True)


def _batched(dt):
    def build():
        import jax.numpy as jnp
        npdt = np_dtype(dt)
        s = spd(822, 3, npdt, batch=(2, 2))
        a = wellcond(823, 3, npdt, batch=(3,))

        def f(s, a):
            w, v = jnp.linalg.eigh(s)
            return (jnp.linalg.cholesky(s), w, jnp.linalg.solve(a, a[..., :1]),
                    jnp.linalg.svd(a, compute_uv=False), jnp.linalg.qr(a)[1])
        return f, (s, a)
    return build


add("linalg_batched_f32", "linalg", _batched("f32"),
    ops=["custom_call:lapack_spotrf_ffi", "custom_call:lapack_ssyevd_ffi"], tol="linalg",
    note="batch dims passed to the LAPACK FFI kernels (num_batch_dims)")
add("linalg_batched_f64", "linalg", _batched("f64"),
    ops=["custom_call:lapack_dpotrf_ffi", "custom_call:lapack_dsyevd_ffi"], tol="linalg",
    x64=True)


def _lax_cholesky_eigh():
    from jax import lax
    s = spd(824, 4, np.float32)

    def f(s):
        v, w = lax.linalg.eigh(s, lower=False, sort_eigenvalues=False)
        return lax.linalg.cholesky(s), lax.linalg.cholesky(s, symmetrize_input=False), v, w
    return f, (s,)


add("linalg_lax_cholesky_eigh_f32", "linalg", _lax_cholesky_eigh,
    ops=["custom_call:lapack_spotrf_ffi", "custom_call:lapack_ssyevd_ffi"], tol="linalg")
