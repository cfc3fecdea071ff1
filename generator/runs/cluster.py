"""Simulations on a Dask distributed cluster (the ``cluster`` extra): the same batches as a local
run, sent to the scheduler's workers and gathered in batch order, so the results are identical
to a local run with the same seed.

``with on_cluster("tcp://HOST:PORT"): simulate(...)`` (or a ``dask.distributed.Client``) sends
every ``run_tasks`` of the block to the cluster, whichever engine's runner calls it. The workers
need this package (and any plug-in engine) installed, at the same version.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Callable, Iterator

from generator.core.errors import UserError

_CLIENT: ContextVar[Any] = ContextVar("pnp_dask_client", default=None)


class ClusterError(UserError):
    """The scheduler cannot be reached, or Dask is not installed."""


@contextmanager
def on_cluster(scheduler: Any, timeout: float = 20.0) -> Iterator[Any]:
    """Run the simulations of the block on a Dask cluster: ``scheduler`` is an address
    (``tcp://HOST:PORT``) or a ``Client``. A client made here is closed on leaving."""
    own = isinstance(scheduler, str)
    if own:
        try:
            from dask.distributed import Client
        except ImportError:
            raise ClusterError("--scheduler needs Dask: pip install 'pnp-generator[cluster]'") from None
        _probe(scheduler, timeout)
        try:
            client = Client(scheduler, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    else:
        client = scheduler
    token = _CLIENT.set(client)
    try:
        yield client
    finally:
        _CLIENT.reset(token)
        if own:
            client.close()


def _probe(address: str, timeout: float) -> None:
    """Fail at once when nothing listens at a tcp:// address (Dask would retry until its timeout)."""
    import socket
    from urllib.parse import urlsplit
    parts = urlsplit(address)
    if parts.scheme != "tcp":
        return
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        host = port = None
    if not host or not port:
        raise ClusterError(f"--scheduler expects tcp://HOST:PORT, got {address!r}")
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc.strerror or exc}") from None


def current_client() -> Any:
    """The Dask client of the enclosing ``on_cluster`` block, None outside one."""
    return _CLIENT.get()


def run_on_cluster(client: Any, play_range: Callable[[tuple], Any], tasks: list[tuple],
                   progress: Callable[[int], None] | None) -> list[Any]:
    """The result of every task, in task order, each task played by a worker."""
    futures = client.map(play_range, tasks, pure=False)
    results: list[Any] = []
    try:
        for task, future in zip(tasks, futures):
            results.append(future.result())
            if progress:
                progress(task[-1] - task[-2])
    finally:
        client.cancel(futures)
    return results
