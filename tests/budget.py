"""The hypothesis profile of this run and how many examples a test runs under it.

"ci" (CI=true, as .ci/run sets it) runs every test's full count of examples; "dev" (a developer's
`make test`) a quarter of them, at least 10, so the suite stays quick at a desk and loses no
coverage in CI. HYPOTHESIS_PROFILE picks one explicitly. tests/conftest.py registers and loads it.
"""

from __future__ import annotations

import os

PROFILES = ("ci", "dev")
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
if PROFILE not in PROFILES:
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: one of {', '.join(PROFILES)}")


def examples(full: int) -> int:
    """``full`` under the "ci" profile; otherwise a quarter of it, at least 10 (never more than ``full``)."""
    if PROFILE == "ci":
        return full
    return min(full, max(10, full // 4))
