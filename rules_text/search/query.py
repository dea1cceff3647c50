"""What the player typed: cleaned, and read for rule numbers."""

from __future__ import annotations

import re

MAX_QUERY_LENGTH = 500
RULE_ID = re.compile(r"^\[?\s*(\d{1,2}(?:\.\d{1,2}){0,4})[.)]?\s*\]?$")
ID_IN_QUERY = re.compile(r"(?<![\d.])\d{1,2}(?:\.\d{1,2}){1,4}(?![\d])")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class SearchError(ValueError):
    """A query that cannot be searched; the message says why and what is allowed."""


def clean_query(query: str) -> str:
    """The query without control characters; raises SearchError when unusable."""
    if not isinstance(query, str):
        raise SearchError(f"query must be text, not {type(query).__name__}")
    text = _CONTROL.sub(" ", query).strip()
    if len(text) > MAX_QUERY_LENGTH:
        raise SearchError(f"query is {len(text)} characters long; at most {MAX_QUERY_LENGTH} are allowed")
    if not text:
        raise SearchError("query is empty; type a rule number (11.4.1) or some words (sniper attack)")
    return text
