"""The distributed runtime of a multi-process job: a key-value store service and its clients.

``make_cpu_client(distributed_client=..., node_id=i, num_nodes=N)`` hands the client to the
CPU plugin, which bootstraps the job through it (topology, MPI's addresses, liveness links).
Built on Python's :mod:`multiprocessing.managers`: the service is a manager server holding
one store; each client reaches it over an authenticated connection (HMAC with ``authkey``).
The method names follow real jaxlib's ``DistributedRuntimeClient``, so code written for it
(and our host's key-value callbacks) work unchanged.

Must not import the plugin or numpy: it runs in every process before any backend exists.
"""

from __future__ import annotations

import os
import threading
import time
from multiprocessing import AuthenticationError
from multiprocessing.managers import BaseManager
from typing import Any

__all__ = [
    "DistributedRuntimeClient",
    "DistributedRuntimeService",
    "get_distributed_runtime_client",
    "get_distributed_runtime_service",
]

_DEFAULT_AUTHKEY = b"jaxlib-distributed-runtime"


def _authkey(authkey: bytes | None) -> bytes:
    if authkey is not None:
        return authkey
    env = os.environ.get("JAXLIB_DISTRIBUTED_AUTHKEY")
    return env.encode() if env else _DEFAULT_AUTHKEY


def _split_address(address: str) -> tuple[str, int]:
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit():
        raise ValueError(f"distributed runtime address must be HOST:PORT, got {address!r}")
    return (host.strip("[]") or "127.0.0.1"), int(port)


class _Store:
    """The service's state: a key-value map with blocking reads, the processes that joined,
    and barriers. Lives in the service's process; clients call it through proxies."""

    def __init__(self, num_nodes: int) -> None:
        self._num_nodes = num_nodes
        self._data: dict[str, bytes] = {}
        self._joined: set[int] = set()
        self._barriers: dict[str, set[int]] = {}
        self._cv = threading.Condition()

    def join(self, node_id: int) -> int:
        if not 0 <= node_id < self._num_nodes:
            raise ValueError(
                f"node_id {node_id} is out of range: this distributed runtime service runs a job of "
                f"{self._num_nodes} process(es) (ids 0..{self._num_nodes - 1})"
            )
        with self._cv:
            self._joined.add(node_id)
            self._cv.notify_all()
        return self._num_nodes

    def joined(self) -> list[int]:
        with self._cv:
            return sorted(self._joined)

    def set(self, key: str, value: bytes, allow_overwrite: bool) -> None:
        with self._cv:
            if not allow_overwrite and key in self._data:
                raise KeyError(f"key {key!r} is already set in the distributed key-value store")
            self._data[key] = bytes(value)
            self._cv.notify_all()

    def get(self, key: str, timeout_s: float) -> bytes:
        deadline = time.monotonic() + max(0.0, timeout_s)
        with self._cv:
            while key not in self._data:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"key {key!r} did not appear in the distributed key-value store "
                                       f"within {timeout_s:g} s")
                self._cv.wait(min(left, 1.0))
            return self._data[key]

    def try_get(self, key: str) -> bytes | None:
        with self._cv:
            return self._data.get(key)

    def dir_get(self, prefix: str) -> list[tuple[str, bytes]]:
        with self._cv:
            return sorted((k, v) for k, v in self._data.items() if k.startswith(prefix))

    def delete(self, key: str) -> None:
        with self._cv:
            for k in [k for k in self._data if k == key or k.startswith(key.rstrip("/") + "/")]:
                del self._data[k]

    def barrier(self, barrier_id: str, node_id: int, timeout_s: float, members: list[int]) -> None:
        deadline = time.monotonic() + max(0.0, timeout_s)
        with self._cv:
            arrived = self._barriers.setdefault(barrier_id, set())
            arrived.add(node_id)
            self._cv.notify_all()
            while not set(members) <= arrived:
                left = deadline - time.monotonic()
                if left <= 0:
                    missing = sorted(set(members) - arrived)
                    raise TimeoutError(f"barrier {barrier_id!r}: process(es) {missing} did not arrive "
                                       f"within {timeout_s:g} s")
                self._cv.wait(min(left, 1.0))


class _ServiceManager(BaseManager):
    pass


class _ClientManager(BaseManager):
    pass


_ClientManager.register("store")


class DistributedRuntimeService:
    """Serves one job's key-value store at ``address`` ("HOST:PORT") from a thread of this
    process (JAX runs it in process 0). ``shutdown()`` stops it."""

    def __init__(self, address: str, num_nodes: int, *, authkey: bytes | None = None) -> None:
        if int(num_nodes) < 1:
            raise ValueError(f"num_nodes must be >= 1, got {num_nodes}")
        self.address = address
        self.num_nodes = int(num_nodes)
        store = _Store(self.num_nodes)
        manager = _ServiceManager(address=_split_address(address), authkey=_authkey(authkey))
        manager.register("store", callable=lambda: store)
        self._server = manager.get_server()  # binds now: a busy port fails here
        self._thread = threading.Thread(target=self._serve, name="jaxlib-distributed-service", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        try:
            self._server.serve_forever()
        except (SystemExit, OSError):
            pass

    def shutdown(self) -> None:
        """Stops accepting clients (connected clients then see their store calls fail)."""
        stop = getattr(self._server, "stop_event", None)
        if stop is not None:
            stop.set()
        try:
            self._server.listener.close()
        except OSError:
            pass

    def __repr__(self) -> str:
        return f"<DistributedRuntimeService {self.address} for {self.num_nodes} process(es)>"


class DistributedRuntimeClient:
    """Process ``node_id``'s connection to the service at ``address``.

    ``connect()`` waits up to ``init_timeout`` seconds for the service, then registers this
    process; a wrong address fails then with a message naming it, a node id outside the job
    with one naming the job's size.
    """

    def __init__(self, address: str, node_id: int, *, init_timeout: float = 60.0,
                 authkey: bytes | None = None) -> None:
        self.address = address
        self.node_id = int(node_id)
        self.init_timeout = float(init_timeout)
        self.num_nodes: int | None = None
        self._authkey = _authkey(authkey)
        self._local = threading.local()  # one connection (proxy) per thread
        self._closed = False

    def _store(self) -> Any:
        if self._closed:
            raise ConnectionError(f"distributed runtime client of process {self.node_id} is shut down")
        proxy = getattr(self._local, "store", None)
        if proxy is None:
            manager = _ClientManager(address=_split_address(self.address), authkey=self._authkey)
            manager.connect()
            proxy = manager.store()
            self._local.store = proxy
        return proxy

    def connect(self) -> None:
        deadline = time.monotonic() + self.init_timeout
        last: BaseException | None = None
        while True:
            try:
                self.num_nodes = int(self._store().join(self.node_id))
                return
            except ValueError:
                raise
            except AuthenticationError as e:
                raise ConnectionError(f"the distributed runtime service at {self.address} refused this "
                                      f"process's key (JAXLIB_DISTRIBUTED_AUTHKEY differs): {e}") from e
            except (OSError, EOFError) as e:
                last = e
                self._local.store = None
            if time.monotonic() >= deadline:
                raise ConnectionError(
                    f"process {self.node_id} could not reach a distributed runtime service at {self.address} "
                    f"within {self.init_timeout:g} s ({last}); check the coordinator address and that "
                    f"process 0 started the service"
                )
            time.sleep(0.1)

    def shutdown(self) -> None:
        self._closed = True

    # Real jaxlib's key-value API (string and bytes variants; timeouts in milliseconds).
    def key_value_set(self, key: str, value: str, allow_overwrite: bool = False) -> None:
        self._store().set(key, value.encode(), allow_overwrite)

    def key_value_set_bytes(self, key: str, value: bytes, allow_overwrite: bool = False) -> None:
        self._store().set(key, bytes(value), allow_overwrite)

    def blocking_key_value_get(self, key: str, timeout_in_ms: int) -> str:
        return bytes(self._store().get(key, timeout_in_ms / 1000.0)).decode()

    def blocking_key_value_get_bytes(self, key: str, timeout_in_ms: int) -> bytes:
        return bytes(self._store().get(key, timeout_in_ms / 1000.0))

    def key_value_try_get(self, key: str) -> str | None:
        value = self._store().try_get(key)
        return None if value is None else bytes(value).decode()

    def key_value_try_get_bytes(self, key: str) -> bytes | None:
        value = self._store().try_get(key)
        return None if value is None else bytes(value)

    def key_value_dir_get(self, key: str) -> list[tuple[str, str]]:
        return [(k, bytes(v).decode()) for k, v in self._store().dir_get(key)]

    def key_value_dir_get_bytes(self, key: str) -> list[tuple[str, bytes]]:
        return [(k, bytes(v)) for k, v in self._store().dir_get(key)]

    def key_value_delete(self, key: str) -> None:
        self._store().delete(key)

    def wait_at_barrier(self, barrier_id: str, timeout_in_ms: int, process_ids: list[int] | None = None) -> None:
        if self.num_nodes is None:
            raise ConnectionError("connect() first")
        members = list(process_ids) if process_ids is not None else list(range(self.num_nodes))
        self._store().barrier(barrier_id, self.node_id, timeout_in_ms / 1000.0, members)

    def get_live_nodes(self, node_ids: list[int]) -> dict[int, int]:
        joined = set(self._store().joined())
        return {n: 0 for n in node_ids if n in joined}

    def __repr__(self) -> str:
        return f"<DistributedRuntimeClient process {self.node_id} -> {self.address}>"


def get_distributed_runtime_service(address: str, num_nodes: int, **kwargs: Any) -> DistributedRuntimeService:
    """Starts the job's service (real jaxlib's name; its heartbeat and timeout keyword
    arguments are accepted and have no effect: liveness is the plugin's own)."""
    return DistributedRuntimeService(address, num_nodes, authkey=kwargs.get("authkey"))


def get_distributed_runtime_client(address: str, node_id: int, **kwargs: Any) -> DistributedRuntimeClient:
    """A client for process ``node_id`` (real jaxlib's name); call ``connect()`` before use.
    ``init_timeout`` (seconds) bounds connect(); other keyword arguments are accepted for
    compatibility and have no effect."""
    return DistributedRuntimeClient(address, node_id, init_timeout=float(kwargs.get("init_timeout", 60.0)),
                                    authkey=kwargs.get("authkey"))
