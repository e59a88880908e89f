"""The kernels that execute the book's chapters talk over Unix sockets, not TCP ports.

A Sphinx extension (``book/conf.py`` lists it). myst-nb executes each chapter in a fresh kernel
started by nbclient, and the parallel build (``sphinx -j``) starts several at once. Over TCP the
client picks five free ports and lets them go, and the kernel binds them a moment later: any
process on the machine that takes one of those ports in between (another kernel, a browser's or a
download's connection) makes the kernel die with ``Address already in use``, and the build fails.
Over the ``ipc`` transport each kernel's sockets are files in a folder made for that kernel alone,
so no other kernel, and no other process, can want the same address.

On Windows, where ZeroMQ has no ``ipc`` transport, the kernels keep jupyter_client's TCP default.
Needs the book's extras (jupyter_client comes with myst-nb).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

import jupyter_client
from jupyter_client.manager import AsyncKernelManager
from traitlets import default

#: a Unix socket's path holds at most 107 bytes: a long ``$TMPDIR`` gives way to /tmp
_LONGEST_BASE = 60


def ipc_supported() -> bool:
    return os.name == "posix"


def _socket_folder() -> str:
    base = tempfile.gettempdir()
    if len(base) > _LONGEST_BASE and os.path.isdir("/tmp"):
        base = "/tmp"
    return tempfile.mkdtemp(prefix="tutor-kernel-", dir=base)


class BookKernelManager(AsyncKernelManager):
    """jupyter_client's ``AsyncKernelManager`` (nbclient's default), over ``ipc`` with the
    kernel's sockets in a fresh folder of its own (removed with the sockets)."""

    @default("transport")
    def _transport_default(self) -> str:
        return "ipc" if ipc_supported() else "tcp"

    @default("ip")
    def _book_ip_default(self) -> str:
        if self.transport != "ipc":
            return str(self._ip_default())
        # jupyter_client's own default here is "kernel-ipc" in the current folder: shared by every
        # kernel started from it, and relative (while the kernel runs in the chapter's folder)
        return os.path.join(_socket_folder(), "kernel-ipc")

    def cleanup_ipc_files(self) -> None:
        super().cleanup_ipc_files()
        if self.transport == "ipc":
            shutil.rmtree(os.path.dirname(self.ip), ignore_errors=True)


def use_book_kernels() -> None:
    """Make nbclient, which myst-nb executes the chapters with, start every kernel with
    :class:`BookKernelManager`. myst-nb gives nbclient no configuration, and nbclient takes its
    kernel manager from ``jupyter_client.AsyncKernelManager`` each time it makes a client: that
    name is the one place to set it."""
    jupyter_client.AsyncKernelManager = BookKernelManager  # type: ignore[misc]


def setup(app: Any) -> dict[str, Any]:
    use_book_kernels()
    return {"parallel_read_safe": True, "parallel_write_safe": True}
