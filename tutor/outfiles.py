"""Writing a file the tool makes: a file already there is kept unless the caller is told to
replace it, and then it is replaced whole (a symbolic link is replaced, not the file it points
to); a folder is never replaced. The worksheets, the answer pages and the class tables are all
written this way."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import TutorError, shorten_path

__all__ = ["write_new"]


def write_new(path: Path, data: bytes, *, force: bool = False, error: type[TutorError] = TutorError, what: str = "file") -> None:
    """Write ``data`` to ``path``: refused (``error``, one line naming the file) when something is
    there already, unless ``force``; a folder is refused even then."""
    if path.is_dir() and not path.is_symlink():
        raise error(f"{shorten_path(path)} is a folder: name the {what} to write", token=str(path))
    if os.path.lexists(path) and not force:
        raise error(f"{shorten_path(path)} exists: give --force to replace it, or another file name", token=str(path))
    try:
        if not force:
            with open(path, "xb") as f:  # made here, or refused: never another's file
                f.write(data)
        else:
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.replace(tmp, path)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
    except FileExistsError as e:
        raise error(f"{shorten_path(path)} exists: give --force to replace it, or another file name", token=str(path)) from e
    except OSError as e:
        raise error(f"cannot write {shorten_path(path)}: {e.strerror}", token=str(path)) from e
