"""``make site`` from clean: wall and processor time of building every game (issue 12: under 30 s).

Processor time is printed beside wall time: on a machine shared with other jobs, the wall time
says more about them than about the build."""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPHINX_BUILD = Path(sys.executable).parent / "sphinx-build"


def test_site_build_from_clean(tmp_path: Path) -> None:
    source, html = tmp_path / "src", tmp_path / "html"
    source.mkdir()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(
        [str(SPHINX_BUILD), "-W", "--keep-going", "-q", "-b", "html", "-c", str(ROOT / "site"),
         str(source), str(html)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert result.returncode == 0, result.stderr
    pages = sum(1 for _ in html.rglob("*.html"))
    print(f"\nmake site from clean: {wall:.1f} s wall, {cpu:.1f} s processor time, {pages} pages "
          f"(target: under 30 s)")
