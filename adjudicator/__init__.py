"""Pure game math over the rulebook's tables: no I/O, inputs and outputs are pydantic models.

>>> from adjudicator import adjudicate
>>> adjudicate("fire", {"shooter": {"cf": 6, "location": "R"},
...     "target": {"unit": "suspect", "location": "R", "zone": "normal"}}).probabilities
{'success': 0.6, 'no_effect': 0.4}

Every procedure takes ``ruleset: "en"`` (default) or ``"fr"``; see ``rulesets.yaml`` beside
the corpus for the points where the two rulebooks disagree.
"""

from .api import SITUATIONS, adjudicate, cited, parse, procedure
from .errors import InvalidSituation, Problem
from .models import Adjudication, Modifier, Note, Step
from .rulebook import Rulebook, current, refresh

__all__ = [
    "SITUATIONS",
    "Adjudication",
    "InvalidSituation",
    "Modifier",
    "Note",
    "Problem",
    "Rulebook",
    "Step",
    "adjudicate",
    "cited",
    "current",
    "parse",
    "procedure",
    "refresh",
]
