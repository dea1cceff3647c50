"""Second Fallujah's readable breakdown: the kernel's, then for a bot answer its trace (each
criterion with its rule and the candidates kept), the facts it needs and the unspecified points."""

from __future__ import annotations

from ...models import Adjudication
from ...registry import declared_procedure
from ...render import render as kernel_render
from .bot_common import BotAnswer


def render(answer: Adjudication, lang: str | None = None) -> str:
    proc = declared_procedure(__package__ or "", answer.situation)
    text = kernel_render(answer, lang, proc.title if proc else None)
    if not isinstance(answer, BotAnswer):
        return text
    lines = ["", "Trace"]
    for t in answer.trace:
        extra = f" dice {t.dice}" if t.dice else ""
        extra += f" (override: {t.reason})" if t.reason else ""
        lines.append(f"  [{t.rule}] {t.criterion}: kept {t.kept}{extra}")
    if answer.needs:
        lines += ["", "Needs (key these, then ask again)"]
        lines += [f"  {n.field}: {n.what} ({n.rule})" for n in answer.needs]
    if answer.unspecified:
        lines += ["", "Unspecified by the rules (reading taken; override with a reason)"]
        lines += [
            f"  {u.point} ({u.rule}): {u.reading}{' [overridden]' if u.overridden else ''}"
            for u in answer.unspecified
        ]
    return text + "\n" + "\n".join(lines)
