"""The type of an Assault, worked out from the two Locations (13.1-13.3; Flooding 13.4.8).

'Location marked 2' and 'marked 1' are read as the 2nd and 1st Story types of 4.2.1
(2 and 2'; 1, 1' and 1"), so an Assault from 2' down to 1" is 'Top-Down' like one from 2 to 1.
"""

from __future__ import annotations

from typing import Literal

from ..models import FIRST_STORY, SECOND_STORY

AssaultType = Literal["top_down", "bottom_up", "normal"]


def assault_type(attacker: str, defender: str, flooding: bool = False) -> tuple[AssaultType, str]:
    """The type and the rule that makes it so."""
    if flooding:
        return "top_down", "13.4.8"
    if (attacker == "R" and defender in SECOND_STORY) or (
        attacker in SECOND_STORY and defender in FIRST_STORY
    ):
        return "top_down", "13.1"
    if (attacker in FIRST_STORY and defender in SECOND_STORY) or (
        attacker in SECOND_STORY and defender == "R"
    ):
        return "bottom_up", "13.2"
    return "normal", "13.3"
