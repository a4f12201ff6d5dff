"""Realistic small models: MLP (+ value_and_grad), attention, layernorm, convnet with
pooling and batchnorm, RNN with scan, embedding + cross-entropy, optimiser steps, sorting
and searching, linear-algebra models, random numbers, FFT filtering."""

from __future__ import annotations

import numpy as np
from gen_common import add, randint, randn, spd


def _mlp_params(seed, sizes, dt=np.float32):
    params = []
    for k, (m, n) in enumerate(zip(sizes[:-1], sizes[1:], strict=False)):
        params.append({"w": randn(seed + 2 * k, (m, n), dt, scale=1 / np.sqrt(m)),
                       "b": randn(seed + 2 * k + 1, (n,), dt, scale=0.1)})
    return params


def _mlp_apply(params, x):
    import jax
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


def _mlp_forward():
    params = _mlp_params(900, [16, 32, 32, 10])
    x = randn(910, (8, 16))

    def f(params, x):
        """3-layer ReLU MLP forward with softmax."""
        import jax
        return jax.nn.softmax(_mlp_apply(params, x))
    return f, (params, x)


add("model_mlp_forward", "model", _mlp_forward, ops=["dot_general", "maximum", "reduce",
                                                    "exponential"], tol="accum")


def _mlp_grad():
    import jax
    params = _mlp_params(920, [12, 24, 5])
    x = randn(930, (6, 12))
    y = np.array([0, 3, 1, 4, 2, 0], np.int32)

    def loss(params, x, y):
        logits = _mlp_apply(params, x)
        logp = jax.nn.log_softmax(logits)
        return -logp[np.arange(6), y].mean()

    def f(params, x, y):
        """value_and_grad of cross-entropy through a 2-layer MLP, then an SGD step."""
        val, grads = jax.value_and_grad(loss)(params, x, y)
        new = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
        return val, grads, new
    return f, (params, x, y)


add("model_mlp_value_and_grad", "model", _mlp_grad,
    ops=["dot_general", "reduce", "gather", "select", "compare", "transpose"], tol="accum")


def _attention():
    import jax
    import jax.numpy as jnp
    b, t, h, d = 2, 6, 2, 4
    q = randn(940, (b, t, h, d))
    k = randn(941, (b, t, h, d))
    v = randn(942, (b, t, h, d))

    def f(q, k, v):
        """Causal multi-head dot-product attention (manual and jax.nn.dot_product_attention)."""
        s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(d)
        mask = jnp.tril(jnp.ones((t, t), bool))
        s = jnp.where(mask, s, -1e9)
        p = jax.nn.softmax(s, axis=-1)
        o = jnp.einsum("bhqk,bkhd->bqhd", p, v)
        o2 = jax.nn.dot_product_attention(q, k, v, is_causal=True)
        return o, o2, p
    return f, (q, k, v)


add("model_attention", "model", _attention, ops=["dot_general", "reduce", "exponential",
                                                "select"], tol="accum")


def _layernorm():
    import jax
    x = randn(950, (4, 7, 16), scale=3.0)
    g = randn(951, (16,)) + 1
    bta = randn(952, (16,))

    def ln(x, g, b):
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) * jax.lax.rsqrt(var + 1e-5) * g + b

    def f(x, g, b):
        y = ln(x, g, b)
        grads = jax.grad(lambda x, g, b: (ln(x, g, b) ** 2).sum(), argnums=(0, 1, 2))(x, g, b)
        return (y,) + grads + (jax.nn.standardize(x, axis=-1),)
    return f, (x, g, bta)


add("model_layernorm_grad", "model", _layernorm, ops=["reduce", "rsqrt", "broadcast_in_dim"],
    tol="accum")


def _convnet():
    import jax
    import jax.numpy as jnp
    from jax import lax
    x = randn(960, (4, 12, 12, 3))
    params = {"c1": randn(961, (3, 3, 3, 8), scale=0.3), "c2": randn(962, (3, 3, 8, 8),
                                                                      scale=0.2),
              "g": np.ones(8, np.float32), "b": np.zeros(8, np.float32),
              "w": randn(963, (8, 10), scale=0.3)}
    y = np.array([1, 7, 3, 9], np.int32)

    def net(p, x):
        dn = ("NHWC", "HWIO", "NHWC")
        h = lax.conv_general_dilated(x, p["c1"], (1, 1), "SAME", dimension_numbers=dn)
        h = jax.nn.relu(h)
        h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        h = lax.conv_general_dilated(h, p["c2"], (1, 1), "SAME", dimension_numbers=dn)
        mu = h.mean((0, 1, 2))
        var = h.var((0, 1, 2))
        h = (h - mu) / jnp.sqrt(var + 1e-5) * p["g"] + p["b"]   # batchnorm (train mode)
        h = jax.nn.relu(h)
        h = lax.reduce_window(h, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4
        h = h.mean((1, 2))
        return h @ p["w"]

    def f(p, x, y):
        """Conv -> ReLU -> maxpool -> conv -> batchnorm -> avgpool -> dense; loss + grads."""
        def loss(p):
            logits = net(p, x)
            return -jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1).mean()
        val, g = jax.value_and_grad(loss)(p)
        return net(p, x), val, g
    return f, (params, x, y)


add("model_convnet_bn_pool", "model", _convnet,
    ops=["convolution", "reduce_window", "select_and_scatter", "reduce", "rsqrt"],
    tol="accum")


def _rnn():
    import jax
    import jax.numpy as jnp
    from jax import lax
    t, b, d, h = 7, 3, 4, 5
    xs = randn(970, (t, b, d))
    p = {"wx": randn(971, (d, h), scale=0.5), "wh": randn(972, (h, h), scale=0.5),
         "b": randn(973, (h,), scale=0.1), "wo": randn(974, (h, 1))}

    def run(p, xs):
        def step(hc, x):
            hn = jnp.tanh(x @ p["wx"] + hc @ p["wh"] + p["b"])
            return hn, hn @ p["wo"]
        hT, ys = lax.scan(step, jnp.zeros((b, h)), xs)
        return hT, ys

    def f(p, xs):
        """Elman RNN over lax.scan; loss gradient (backward scan)."""
        hT, ys = run(p, xs)
        g = jax.grad(lambda p: (run(p, xs)[1] ** 2).sum())(p)
        return hT, ys, g
    return f, (p, xs)


add("model_rnn_scan_grad", "model", _rnn, ops=["while", "dot_general", "tanh",
                                               "dynamic_slice", "dynamic_update_slice"],
    tol="accum")


def _lstm():
    import jax
    import jax.numpy as jnp
    from jax import lax
    t, b, d, h = 5, 2, 3, 4
    xs = randn(975, (t, b, d))
    w = randn(976, (d + h, 4 * h), scale=0.4)

    def f(xs, w):
        def step(carry, x):
            hh, c = carry
            z = jnp.concatenate([x, hh], -1) @ w
            i, fg, o, g = jnp.split(z, 4, -1)
            c = jax.nn.sigmoid(fg) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            hh = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (hh, c), hh
        (hT, cT), ys = lax.scan(step, (jnp.zeros((b, h)), jnp.zeros((b, h))), xs)
        return hT, cT, ys
    return f, (xs, w)


add("model_lstm_scan", "model", _lstm, ops=["while", "logistic", "tanh", "concatenate",
                                            "slice"], tol="accum")


def _embedding_xent():
    import jax
    import jax.numpy as jnp
    emb = randn(980, (20, 8))
    tok = randint(981, (3, 5), 0, 20, np.int32)
    tgt = randint(982, (3, 5), 0, 20, np.int32)

    def f(emb, tok, tgt):
        """Embedding lookup, tied output projection, cross-entropy; grad is a scatter-add."""
        def loss(emb):
            h = emb[tok]
            logits = h @ emb.T
            lp = jax.nn.log_softmax(logits)
            return -jnp.take_along_axis(lp, tgt[..., None], -1).mean()
        return jax.value_and_grad(loss)(emb)
    return f, (emb, tok, tgt)


add("model_embedding_xent_grad", "model", _embedding_xent, ops=["gather", "scatter",
                                                                "dot_general"], tol="accum")


def _transformer_block():
    import jax
    import jax.numpy as jnp
    x = randn(990, (2, 5, 8))
    p = {"qkv": randn(991, (8, 24), scale=0.3), "o": randn(992, (8, 8), scale=0.3),
         "f1": randn(993, (8, 16), scale=0.3), "f2": randn(994, (16, 8), scale=0.3)}

    def f(p, x):
        """Pre-LN transformer block with GELU MLP, plus its gradient."""
        def block(p, x):
            h = jax.nn.standardize(x, axis=-1)
            q, k, v = jnp.split(h @ p["qkv"], 3, -1)
            a = jax.nn.softmax(q @ jnp.swapaxes(k, -1, -2) / np.sqrt(8.0), -1) @ v
            x = x + a @ p["o"]
            h = jax.nn.standardize(x, axis=-1)
            return x + jax.nn.gelu(h @ p["f1"]) @ p["f2"]
        y = block(p, x)
        g = jax.grad(lambda p: block(p, x).sum())(p)
        return y, g
    return f, (p, x)


add("model_transformer_block_grad", "model", _transformer_block,
    ops=["dot_general", "reduce", "tanh", "exponential", "rsqrt"], tol="accum")


def _adam_training_loop():
    import jax
    import jax.numpy as jnp
    from jax import lax
    x = randn(1000, (16, 3))
    w_true = np.array([1.5, -2.0, 0.5], np.float32)
    y = (x @ w_true > 0).astype(np.float32)

    def f(x, y):
        """Logistic regression trained with Adam for 25 steps inside fori_loop."""
        def loss(w):
            z = x @ w[:3] + w[3]
            return jnp.mean(jax.nn.softplus(z) - y * z)

        def step(i, s):
            w, m, v = s
            g = jax.grad(loss)(w)
            m = 0.9 * m + 0.1 * g
            v = 0.999 * v + 0.001 * g * g
            t = (i + 1).astype(jnp.float32)
            mh = m / (1 - 0.9 ** t)
            vh = v / (1 - 0.999 ** t)
            return w - 0.1 * mh / (jnp.sqrt(vh) + 1e-8), m, v
        z = jnp.zeros(4)
        w, _, _ = lax.fori_loop(0, 25, step, (z, z, z))
        return w, loss(w)
    return f, (x, y)


add("model_logreg_adam_loop", "model", _adam_training_loop,
    ops=["while", "dot_general", "power", "sqrt", "log_plus_one"], tol="accum")


def _bf16_mlp():
    import jax
    import jax.numpy as jnp
    import ml_dtypes
    params = _mlp_params(1010, [8, 16, 4])
    params = jax.tree_util.tree_map(lambda a: a.astype(ml_dtypes.bfloat16), params)
    x = randn(1020, (5, 8)).astype(ml_dtypes.bfloat16)

    def f(params, x):
        """bf16 MLP with f32 accumulation for the final layer."""
        h = jax.nn.gelu(x @ params[0]["w"] + params[0]["b"])
        out = jnp.matmul(h, params[1]["w"], preferred_element_type=jnp.float32)
        return h, out + params[1]["b"].astype(jnp.float32)
    return f, (params, x)


add("model_mlp_bf16", "model", _bf16_mlp, ops=["dot_general", "convert", "tanh"],
    tol="accum")


def _sort_search_model():
    import jax.numpy as jnp
    from jax import lax
    db = randn(1030, (32, 4))
    qs = randn(1031, (5, 4))
    thresholds = np.sort(randn(1032, (9,)))

    def f(db, qs, thresholds):
        """k-nearest-neighbour retrieval (top_k on negated distances), argsort ranks,
        histogram via searchsorted."""
        d2 = ((qs[:, None, :] - db[None]) ** 2).sum(-1)
        negd, idx = lax.top_k(-d2, 3)
        order = jnp.argsort(d2, axis=1)
        ranks = jnp.argsort(order, axis=1)
        bins = jnp.searchsorted(thresholds, db[:, 0])
        hist = jnp.bincount(bins, length=10)
        return -negd, idx, ranks[:, :6], bins, hist, jnp.sort(d2.ravel())[:8]
    return f, (db, qs, thresholds)


add("model_knn_sort_search", "model", _sort_search_model,
    ops=["chlo.top_k", "sort", "while", "scatter"], tol="accum")


def _kmeans():
    import jax
    import jax.numpy as jnp
    from jax import lax
    pts = np.concatenate([randn(1040, (10, 2)) + 3, randn(1041, (10, 2)) - 3]).astype(
        np.float32)
    c0 = pts[[0, 15]]

    def f(pts, c0):
        """5 Lloyd iterations: argmin assignment + segment mean."""
        def step(_, c):
            a = jnp.argmin(((pts[:, None] - c[None]) ** 2).sum(-1), axis=1)
            s = jax.ops.segment_sum(pts, a, num_segments=2)
            n = jax.ops.segment_sum(jnp.ones(20), a, num_segments=2)
            return s / n[:, None]
        c = lax.fori_loop(0, 5, step, c0)
        return c, jnp.argmin(((pts[:, None] - c[None]) ** 2).sum(-1), axis=1)
    return f, (pts, c0)


add("model_kmeans", "model", _kmeans, ops=["while", "reduce", "scatter"], tol="accum")


def _gp_regression():
    import jax.numpy as jnp
    import jax.scipy.linalg as jsl
    x = np.linspace(-2, 2, 8).astype(np.float64)[:, None]
    y = np.sin(3 * x[:, 0])
    xs = np.linspace(-2.5, 2.5, 5)[:, None]

    def f(x, y, xs):
        """Gaussian-process posterior mean/variance and log marginal likelihood (f64)."""
        def k(a, b):
            return jnp.exp(-0.5 * ((a - b.T) ** 2) / 0.3)
        kxx = k(x, x) + 1e-2 * jnp.eye(8)
        c = jsl.cho_factor(kxx, lower=True)
        alpha = jsl.cho_solve(c, y)
        ks = k(xs, x)
        mean = ks @ alpha
        v = jsl.solve_triangular(c[0], ks.T, lower=True)
        var = 1.0 - (v * v).sum(0)
        lml = -0.5 * y @ alpha - jnp.log(jnp.diag(c[0])).sum() - 4 * jnp.log(2 * jnp.pi)
        return mean, var, lml
    return f, (x, y, xs)


add("model_gp_regression_f64", "model", _gp_regression,
    ops=["custom_call:lapack_dpotrf_ffi", "custom_call:lapack_dtrsm_ffi"], tol="linalg",
    x64=True)


def _least_squares():
    import jax
    import jax.numpy as jnp
    a = randn(1050, (12, 4))
    b = randn(1051, (12,))
    s = spd(1052, 4)

    def f(a, b, s):
        """Normal equations via cholesky, QR least squares, and a linear-solve gradient."""
        x1 = jnp.linalg.solve(a.T @ a, a.T @ b)
        q, r = jnp.linalg.qr(a)
        x2 = jax.scipy.linalg.solve_triangular(r, q.T @ b)
        g = jax.grad(lambda s: jnp.linalg.solve(s, b[:4]).sum())(s)
        return x1, x2, g, jnp.linalg.slogdet(s)[1]
    return f, (a, b, s)


add("model_least_squares", "model", _least_squares,
    ops=["custom_call:lapack_sgetrf_ffi", "custom_call:lapack_sgeqrf_ffi"], tol="linalg")


def _random_model():
    import jax
    import jax.numpy as jnp
    seed = np.array([0, 1234], np.uint32)
    x = randn(1060, (6, 10))

    def f(seed, x):
        """Dropout, random init, gumbel-max sampling, truncated normal, shuffling."""
        key = jax.random.wrap_key_data(seed)
        k1, k2, k3, k4, k5 = jax.random.split(key, 5)
        keep = jax.random.bernoulli(k1, 0.8, x.shape)
        drop = jnp.where(keep, x / 0.8, 0.0)
        w = jax.nn.initializers.glorot_normal()(k2, (10, 3))
        samples = jax.random.categorical(k3, x, axis=-1)
        tn = jax.random.truncated_normal(k4, -1.0, 1.0, (5,))
        sh = jax.random.permutation(k5, x, axis=0)
        # (no gamma/poisson: their rejection loops turn 1-ulp differences into different
        # samples, which would make the expected output implementation-specific)
        return drop, w, samples, tn, sh, jax.random.choice(k2, 10, (3,), replace=False)
    return f, (seed, x)


add("model_random_ops", "model", _random_model,
    ops=["shift_right_logical", "xor", "chlo.erf_inv", "sort"], tol="special")


def _fft_filter():
    import jax.numpy as jnp
    t = np.linspace(0, 1, 64, endpoint=False).astype(np.float32)
    sig = (np.sin(2 * np.pi * 5 * t) + 0.5 * np.sin(2 * np.pi * 20 * t)
           + 0.2 * randn(1070, (64,))).astype(np.float32)
    img = randn(1071, (16, 16))
    ker = randn(1072, (16, 16))

    def f(sig, img, ker):
        """Low-pass filter via rfft/irfft, power spectrum, FFT circular convolution."""
        spec = jnp.fft.rfft(sig)
        mask = jnp.arange(spec.shape[0]) < 10
        low = jnp.fft.irfft(spec * mask, n=64)
        power = jnp.abs(spec) ** 2
        conv = jnp.fft.irfft2(jnp.fft.rfft2(img) * jnp.fft.rfft2(ker), s=(16, 16))
        return low, power, conv
    return f, (sig, img, ker)


add("model_fft_filter", "model", _fft_filter, ops=["fft", "abs", "multiply"], tol="accum")


def _vmap_per_example_grads():
    import jax
    import jax.numpy as jnp
    w = randn(1080, (5, 3))
    xs = randn(1081, (4, 5))
    ys = randn(1082, (4, 3))

    def f(w, xs, ys):
        """Per-example gradients with vmap(grad), and a jacobian/hessian."""
        def loss(w, x, y):
            return ((jnp.tanh(x @ w) - y) ** 2).sum()
        pe = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
        hess = jax.hessian(lambda v: jnp.sum(jnp.sin(v) * v ** 2))(xs[0])
        jac = jax.jacfwd(lambda v: jnp.tanh(v @ w))(xs[1])
        return pe, hess, jac
    return f, (w, xs, ys)


add("model_vmap_grads_hessian", "model", _vmap_per_example_grads,
    ops=["dot_general", "tanh", "sine", "cosine"], tol="accum")
