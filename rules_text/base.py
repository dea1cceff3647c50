"""The smallest value types every other module shares: languages and localised text."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")


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
