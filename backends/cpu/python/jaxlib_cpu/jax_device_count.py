"""How many CPU devices real JAX asks for, so that ``jaxlib_cpu`` under JAX matches JAX's own CPU.

JAX's CPU backend takes its device count from the ``jax_num_cpu_devices`` option (also set by
``$JAX_NUM_CPU_DEVICES``) when it is >= 0, else from XLA's flag
``--xla_force_host_platform_device_count`` in ``$XLA_FLAGS``, else 1. XLA reads ``XLA_FLAGS``
as flags when the value starts with ``--`` and as the name of a file holding the flags
otherwise; the last occurrence of a flag wins. This module reproduces those rules and turns
malformed values into ``ValueError`` (where XLA aborts the process). It only reads; it
never imports jax itself.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping

__all__ = ["DEVICE_COUNT_FLAG", "cpu_device_count", "device_count_from_xla_flags", "jax_cpu_device_count"]

#: The XLA flag JAX's CPU backend reads when ``jax_num_cpu_devices`` is unset.
DEVICE_COUNT_FLAG = "xla_force_host_platform_device_count"
#: JAX's CPU backend has one device unless told otherwise.
_DEFAULT_COUNT = 1


def _xla_flag_tokens(xla_flags: str) -> list[str]:
    text = xla_flags.strip()
    if not text:
        return []
    if not text.startswith("--"):
        # XLA's rule: a value that does not start with "--" names a file of flags.
        try:
            with open(text, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise ValueError(
                f"XLA_FLAGS={xla_flags!r} does not start with '--', so it names a file of flags, "
                f"which cannot be read: {e}"
            ) from e
    try:
        return shlex.split(text)
    except ValueError as e:
        raise ValueError(f"XLA_FLAGS={xla_flags!r} cannot be split into flags: {e}") from e


def device_count_from_xla_flags(xla_flags: str | None) -> int | None:
    """The last ``--xla_force_host_platform_device_count=N`` in an ``XLA_FLAGS`` value, or None.

    Raises:
      ValueError: the flag has no value or a value that is not an integer >= 1, or
        ``XLA_FLAGS`` names a file that cannot be read.
    """
    if not xla_flags:
        return None
    found: int | None = None
    for token in _xla_flag_tokens(xla_flags):
        name, eq, value = token.partition("=")
        if name != "--" + DEVICE_COUNT_FLAG:
            continue
        if not eq:
            raise ValueError(f"XLA_FLAGS: --{DEVICE_COUNT_FLAG} needs a value (--{DEVICE_COUNT_FLAG}=N)")
        try:
            count = int(value.strip())
        except ValueError:
            raise ValueError(f"XLA_FLAGS: --{DEVICE_COUNT_FLAG}={value!r} is not an integer") from None
        if count < 1:
            raise ValueError(f"XLA_FLAGS: --{DEVICE_COUNT_FLAG}={count}: a CPU client needs at least one device")
        found = count
    return found


def cpu_device_count(num_cpu_devices: int | None, xla_flags: str | None) -> int:
    """JAX's rule: ``jax_num_cpu_devices`` if >= 0, else the XLA flag, else 1.

    Args:
      num_cpu_devices: the ``jax_num_cpu_devices`` setting (-1 or None: unset).
      xla_flags: the ``XLA_FLAGS`` value (None: unset).

    Raises:
      ValueError: ``jax_num_cpu_devices`` is 0, or the XLA flag is malformed.
    """
    if num_cpu_devices is not None and num_cpu_devices >= 0:
        if num_cpu_devices == 0:
            raise ValueError("jax_num_cpu_devices=0: a CPU client needs at least one device")
        return int(num_cpu_devices)
    from_flags = device_count_from_xla_flags(xla_flags)
    return _DEFAULT_COUNT if from_flags is None else from_flags


def jax_cpu_device_count(environ: Mapping[str, str] | None = None) -> int:
    """The device count real JAX's CPU backend would use now, read from JAX's configuration.

    Call only under real JAX (the ``jax`` module must be importable and configured).
    """
    import jax

    env = os.environ if environ is None else environ
    configured = jax.config.jax_num_cpu_devices
    return cpu_device_count(None if configured is None else int(configured), env.get("XLA_FLAGS"))
