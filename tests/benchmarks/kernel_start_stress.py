"""Start many notebook kernels at once, as the parallel book build does, and count those that die.

    python tests/benchmarks/kernel_start_stress.py [PROCS] [STARTS] [--tcp] [--busy]

PROCS forked processes (as ``sphinx -j`` forks; default 8) each execute a one-cell notebook
STARTS times (default 8) through nbclient, the way myst-nb executes a chapter, with the book's
kernels (tutor.book_kernels: sockets as files) or, with ``--tcp``, jupyter_client's default
(five TCP ports chosen by the client and bound by the kernel a moment later). ``--busy`` keeps
the machine's ephemeral ports turning over meanwhile (short TCP connections, as a browser test or
a download makes): a port the client chose can then be taken before the kernel binds it. Prints
each failure and the count.
"""

from __future__ import annotations

import multiprocessing
import socket
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def churn_ports(stop: threading.Event) -> int:
    """Open and close short TCP connections on localhost until ``stop`` is set; returns how many."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(512)
    port = server.getsockname()[1]

    def accept() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:  # the server closed
                return
            conn.close()

    threading.Thread(target=accept, daemon=True).start()
    made = 0
    try:
        while not stop.is_set():
            with socket.socket() as s:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # closed at once
                try:
                    s.connect(("127.0.0.1", port))
                    made += 1
                except OSError:
                    pass
    finally:
        server.close()
    return made


def _starts(starts: int, tcp: bool, failures) -> None:
    import nbclient
    import nbformat

    if not tcp:
        from tutor.book_kernels import use_book_kernels

        use_book_kernels()
    for _ in range(starts):
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        try:
            nbclient.NotebookClient(nb, timeout=120).execute()
        except Exception as exc:  # what the build would have failed on
            failures.put(f"{type(exc).__name__}: {str(exc)[:160]}")
        else:
            failures.put("")


def main(argv: list[str]) -> int:
    flags = {a for a in argv if a.startswith("--")}
    nums = [int(a) for a in argv if not a.startswith("--")]
    procs, starts = (nums + [8, 8])[:2]
    tcp = "--tcp" in flags
    stop = threading.Event()
    busy: list[int] = []
    if "--busy" in flags:
        threading.Thread(target=lambda: busy.append(churn_ports(stop)), daemon=True).start()
    ctx = multiprocessing.get_context("fork")
    failures = ctx.Queue()
    t0 = time.perf_counter()
    workers = [ctx.Process(target=_starts, args=(starts, tcp, failures)) for _ in range(procs)]
    for w in workers:
        w.start()
    results = [failures.get() for _ in range(procs * starts)]
    for w in workers:
        w.join()
    stop.set()
    failed = [r for r in results if r]
    for line in failed:
        print(line)
    print(f"{'tcp' if tcp else 'book kernels (ipc)'}{', busy' if '--busy' in flags else ''}: "
          f"{procs} x {starts} kernel starts, {len(failed)} died, {time.perf_counter() - t0:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
