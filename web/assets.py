"""Static files a phone keeps: every URL of a static file carries a fingerprint of the file
(``?v=``), and a request with one is answered with a year's ``max-age``, so a page load asks the
server for its page alone instead of revalidating each script and style sheet. A changed file has
a new fingerprint, hence a new URL: nobody keeps an old script. A URL without ``v`` (an old page,
a hand-typed address) is served as before, revalidated each time."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Flask, Response, request

#: a year: the most a cache is asked to keep a fingerprinted file
KEPT_SECONDS = 365 * 24 * 3600


@lru_cache(maxsize=1024)
def _fingerprint(path: str, size: int, mtime_ns: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def fingerprint(path: Path) -> str | None:
    """A short hash of the file's bytes (computed again when its size or time changes), or None
    when it is not a file."""
    try:
        stat = path.stat()
    except OSError:
        return None
    if not path.is_file():
        return None
    return _fingerprint(str(path), stat.st_size, stat.st_mtime_ns)


def init_app(app: Flask, folders: dict[str, Any]) -> None:
    """Fingerprint the URLs of the endpoints in ``folders`` (endpoint: a function from the URL's
    values to the file's folder, None when there is none) and let browsers keep what they serve."""

    @app.url_defaults
    def _versioned(endpoint: str, values: dict[str, Any]) -> None:
        folder_of = folders.get(endpoint)
        if folder_of is None or "filename" not in values or "v" in values:
            return
        folder = folder_of(values)
        if folder is None:
            return
        version = fingerprint(Path(folder) / values["filename"])
        if version is not None:
            values["v"] = version

    @app.after_request
    def _kept(response: Response) -> Response:
        if request.endpoint in folders and request.args.get("v") and response.status_code in (200, 304):
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = KEPT_SECONDS
            response.cache_control.immutable = True
        return response
