"""Random numbers (threefry in stablehlo ops, rng_bit_generator via impl='rbg' and the raw
lax op with each algorithm) and FFT (fft/ifft/rfft/irfft, 1-3D, f32/f64)."""

from __future__ import annotations

import numpy as np
from gen_common import add, randn


def _threefry():
    import jax
    seed = np.array([0, 42], np.uint32)

    def f(seed):
        key = jax.random.wrap_key_data(seed)
        k1, k2, k3 = jax.random.split(key, 3)
        return (jax.random.uniform(k1, (4, 5)), jax.random.normal(k2, (7,)),
                jax.random.randint(k3, (6,), -10, 10), jax.random.bits(k1, (3,)),
                jax.random.bernoulli(k2, 0.3, (8,)),
                jax.random.permutation(k3, 10), jax.random.key_data(k2))
    return f, (seed,)


add("rng_threefry", "rng", _threefry, ops=["shift_left", "xor", "add", "while", "sort"],
    tol="special", note="threefry2x32 in stablehlo ops; split/uniform/normal/...")


def _threefry_key_chain():
    import jax

    def f(x):
        # Keys made from a constant seed inside the program and split again and again (as
        # jax.random.permutation's rounds do): the key chain is constant-foldable, its uses are not.
        key = jax.random.PRNGKey(3)
        k1, s1 = jax.random.split(key)
        k2, s2 = jax.random.split(k1)
        return (jax.random.split(k2), jax.random.bits(s2, (64,)), jax.random.permutation(k2, x),
                jax.random.uniform(s1, (16,)))
    return f, (randn(31, (4096,)),)


add("rng_threefry_key_chain", "rng", _threefry_key_chain, ops=["while", "sort", "xor"],
    tol="special", note="split chains of a constant key; permutation of 4096 (two sort rounds)")


def _threefry_x64():
    import jax
    seed = np.array([7, 9], np.uint32)

    def f(seed):
        key = jax.random.wrap_key_data(seed)
        return (jax.random.uniform(key, (5,), dtype=np.float64),
                jax.random.randint(key, (4,), -2 ** 40, 2 ** 40, dtype=np.int64),
                jax.random.bits(key, (3,), dtype=np.uint64))
    return f, (seed,)


add("rng_threefry_x64", "rng", _threefry_x64, ops=["shift_left", "xor"], tol="ulp",
    x64=True)


def _rbg():
    import jax
    seed = np.array([1, 2, 3, 4], np.uint32)

    def f(seed):
        key = jax.random.wrap_key_data(seed, impl="rbg")
        k1, k2 = jax.random.split(key)
        return (jax.random.uniform(k1, (3, 4)), jax.random.normal(k2, (5,)),
                jax.random.bits(k1, (6,)), jax.random.key_data(k2))
    return f, (seed,)


add("rng_rbg", "rng", _rbg, ops=["rng_bit_generator"], tol="special",
    note="impl='rbg': rng_bit_generator with algorithm DEFAULT")


def _unsafe_rbg():
    import jax
    seed = np.array([5, 6, 7, 8], np.uint32)

    def f(seed):
        key = jax.random.wrap_key_data(seed, impl="unsafe_rbg")
        return jax.random.uniform(key, (10,)), jax.random.randint(key, (4, 2), 0, 100)
    return f, (seed,)


add("rng_unsafe_rbg", "rng", _unsafe_rbg, ops=["rng_bit_generator"], tol="ulp")


def _rng_bit_generator_algos():
    from jax import lax
    key = np.array([1, 2, 3, 4], np.uint32)

    def f(key):
        outs = []
        for alg in (lax.RandomAlgorithm.RNG_DEFAULT, lax.RandomAlgorithm.RNG_THREE_FRY,
                    lax.RandomAlgorithm.RNG_PHILOX):
            st, bits = lax.rng_bit_generator(key, (3, 5), dtype=np.uint32, algorithm=alg)
            outs += [st, bits]
        st, b8 = lax.rng_bit_generator(key, (7,), dtype=np.uint8,
                                       algorithm=lax.RandomAlgorithm.RNG_PHILOX)
        return tuple(outs) + (st, b8)
    return f, (key,)


add("rng_bit_generator_algorithms", "rng", _rng_bit_generator_algos,
    ops=["rng_bit_generator"], tol="exact",
    note="DEFAULT, THREE_FRY and PHILOX on a u32[4] state; u32 and u8 outputs")


def _rng_bit_generator_x64():
    from jax import lax
    key = np.array([123, 456], np.uint64)
    key3 = np.array([1, 2, 3, 4], np.uint32)

    def f(key, key3):
        a = lax.rng_bit_generator(key, (4, 3), dtype=np.uint64,
                                  algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)
        b = lax.rng_bit_generator(key3, (5,), dtype=np.uint32,
                                  algorithm=lax.RandomAlgorithm.RNG_PHILOX)
        c = lax.rng_bit_generator(key, (6,), dtype=np.uint16,
                                  algorithm=lax.RandomAlgorithm.RNG_DEFAULT)
        return a + b + c
    return f, (key, key3)


add("rng_bit_generator_x64", "rng", _rng_bit_generator_x64, ops=["rng_bit_generator"],
    tol="exact", x64=True, note="u64[2] and u32[4] states; u64/u32/u16 outputs")


def _rng_bit_generator_threefry_narrow():
    from jax import lax
    key = np.array([5, 6, 7, 8], np.uint32)

    def f(key):
        outs = []
        for shape, dt in (((7,), np.uint8), ((3, 4), np.uint8), ((2, 5, 3), np.uint8), ((5,), np.uint16),
                          ((4, 3), np.uint16), ((), np.uint8)):
            st, bits = lax.rng_bit_generator(key, shape, dtype=dt, algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)
            outs += [st, bits]
        return tuple(outs)
    return f, (key,)


add("rng_bit_generator_threefry_narrow", "rng", _rng_bit_generator_threefry_narrow,
    ops=["rng_bit_generator"], tol="exact",
    note="THREE_FRY with u8 and u16 outputs (odd, even and scalar shapes)")


# ---------------------------------------------------------------------------------- fft

def _fft(dt):
    def build():
        import jax.numpy as jnp
        cdt = np.complex64 if dt == "f32" else np.complex128
        fdt = np.float32 if dt == "f32" else np.float64
        c1 = randn(700, (3, 16), cdt)
        r1 = randn(701, (2, 15), fdt)
        c2 = randn(702, (4, 6, 8), cdt)
        r3 = randn(703, (2, 4, 6, 5), fdt)

        def f(c1, r1, c2, r3):
            return (jnp.fft.fft(c1), jnp.fft.ifft(c1), jnp.fft.rfft(r1),
                    jnp.fft.irfft(jnp.fft.rfft(r1), n=15), jnp.fft.irfft(c1),
                    jnp.fft.fft2(c2), jnp.fft.ifft2(c2), jnp.fft.rfft2(r3[0]),
                    jnp.fft.fftn(c2), jnp.fft.ifftn(c2, axes=(0, 1, 2)),
                    jnp.fft.rfftn(r3, axes=(1, 2, 3)),
                    jnp.fft.irfftn(jnp.fft.rfftn(r3, axes=(1, 2, 3)), s=(4, 6, 5),
                                   axes=(1, 2, 3)),
                    jnp.fft.fft(r1, n=20), jnp.fft.fftshift(jnp.fft.fftfreq(8)))
        return f, (c1, r1, c2, r3)
    return build


add("fft_all_kinds_f32", "fft", _fft("f32"), ops=["fft"], tol="accum",
    note="FFT/IFFT/RFFT/IRFFT over 1, 2 and 3 dims, odd and even lengths, padding n=")
add("fft_all_kinds_f64", "fft", _fft("f64"), ops=["fft"], tol="accum", x64=True)


def _fft_lax():
    from jax import lax
    x = randn(704, (4, 8), np.complex64)
    r = randn(705, (4, 8))

    def f(x, r):
        return (lax.fft(x, "FFT", (8,)), lax.fft(x, "IFFT", (4, 8)),
                lax.fft(r, "RFFT", (8,)), lax.fft(lax.fft(r, "RFFT", (4, 8)), "IRFFT", (4, 8)))
    return f, (x, r)


add("fft_lax_direct", "fft", _fft_lax, ops=["fft"], tol="accum")
