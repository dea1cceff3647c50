"""The smallest value types every other module shares: languages and localised text."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

#: a language code as a game declares its rulebooks' languages: BCP-47-ish (``en``, ``fr``, ``de``,
#: ``pt-BR``); one folder of sections per language
LANG_CODE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*")
#: a rulebook's language: any code a game declares (checked by :data:`LANG_CODE` in the data)
Lang = Annotated[str, Field(pattern=rf"^{LANG_CODE.pattern}$")]
#: the languages the companion's interface, the English/French comparison and the search's
#: stemmers were written for; a game may declare others (its text is then searched unstemmed)
LANGS: tuple[str, ...] = ("en", "fr")

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

    #: defer_build: a model's validator and serializer are built the first time it validates or
    #: dumps, not at import, so a command builds only the models it uses (issue 21: start-up)
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class LocalText(Frozen):
    """The same words in each language; ``None`` where a source lacks them. English and French
    are named fields; a game printed in another language adds its code (``de: ...``)."""

    model_config = ConfigDict(frozen=True, extra="allow", defer_build=True)

    en: str | None = None
    fr: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _languages(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for key, value in data.items():
                if not isinstance(key, str) or not LANG_CODE.fullmatch(key):
                    raise ValueError(f"{key!r} is not a language code (en, fr, de, pt-BR...)")
                if value is not None and not isinstance(value, str):
                    raise ValueError(f"{key}: {value!r} is not text")
        return data

    def get(self, lang: str) -> str | None:
        if lang in ("en", "fr"):
            found: str | None = getattr(self, lang)
            return found
        extra: str | None = (self.model_extra or {}).get(lang)
        return extra
