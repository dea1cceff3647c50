"""The smallest value types every other module shares: languages and localised text."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")

#: a die as a game declares it: ``NdM`` (N dice of M faces, N may be left out for one: ``d6``,
#: ``d8``, ``d12``, ``2d6``, ``3d6``), or ``deck`` (a game played with cards)
DIE_PATTERN = re.compile(r"(?:[1-9][0-9]?)?d(?:[2-9]|[1-9][0-9]{1,2})|deck")
DIE_FORMS = "NdM (N dice of M faces, N left out for one: d6, d8, d12, 2d6, 3d6) or deck"


def _die(value: str) -> str:
    if not DIE_PATTERN.fullmatch(value):
        raise ValueError(f"die {value!r} is not {DIE_FORMS}")
    return value


#: a die (``d6``, ``d10``, ``2d6``, ``3d6``, any ``NdM``) or ``deck``, checked by :data:`DIE_PATTERN`
Die = Annotated[str, AfterValidator(_die)]


class Frozen(BaseModel):
    """A frozen pydantic model that refuses unknown fields (a typo in a data file is an error)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class LocalText(Frozen):
    """The same words in each language; ``None`` where a source lacks them."""

    en: str | None = None
    fr: str | None = None

    def get(self, lang: Lang) -> str | None:
        found: str | None = getattr(self, lang)
        return found
