"""The calculator's words for what the adjudicator names (situations, fields, values, outcomes),
looked up in the page's labels (:func:`web.i18n.page_labels`): ``calc.s.<situation>``,
``calc.f.<situation>:<path>`` / ``calc.f.<path>``, ``calc.v.<value>``, ``calc.o.<outcome>``.
A game words its own in its ``labels.py``; a name without a label shows the adjudicator's name.
"""

from __future__ import annotations

from .i18n import has_label, in_lang, label, page_labels


def maybe(key: str, fallback: str) -> str:
    """The label ``key`` when declared, else ``fallback`` (a value the adjudicator names that has no label)."""
    return label(key, fallback)


def field_label(path: str, situation: str = "") -> str:
    """The label of a form field: for this situation, else by its whole path, else by its last
    part; a row's field is named as its list's (``defenders.0.cf`` as ``defenders.cf``)."""
    path = ".".join(part for part in path.split(".") if not (part.isdigit() or part == "__i__"))
    for key in (f"calc.f.{situation}:{path}", f"calc.f.{path}"):
        if has_label(key):
            return label(key)
    name = path.rsplit(".", 1)[-1]
    return maybe(f"calc.f.{name}", name.replace("_", " "))


def value_label(value: object) -> str:
    return maybe(f"calc.v.{value}", str(value))


def outcome_labels(lang: str) -> dict[str, str]:
    """Every outcome label in ``lang``, for the script that draws the odds."""
    with in_lang(lang):
        return {key[len("calc.o."):]: str(text) for key, text in page_labels().items() if key.startswith("calc.o.")}
