"""Victory: who wins (7.1, 7.2), the Victory Points count (7.2.1) and its level (7.2.2), and the
historical variant (15: 13 turns, no VP penalty for Battalion Reinforcements)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...errors import Checker
from ...models import Adjudication, Frozen, Modifier, Note, Outcome, Ruleset, Step, Text
from ...registry import Procedure
from .answer import Computation, declared, procedure
from .rulebook import Rulebook

Count = Field(default=0, ge=0)


class VictorySituation(Frozen):
    variant: Literal["standard", "historical"] = "standard"
    #: Zones still under insurgent Control at the end of the last turn played
    uncontrolled_zones: list[int] = Field(default_factory=list, max_length=64)
    #: Zone 26 holds no 'Suspect' marker and no 'Insurgents' unit (7.1)
    zone26_empty: bool = False
    last_turn_played: int
    guerillas_eliminated: int = Count
    battalion_reinforcements: int = Count
    caat_eliminated: int = Count
    iif_eliminated: int = Count
    #: USMC squads reduced; a squad reduced and later eliminated counts here and below (7.2.1)
    squads_reduced: int = Count
    squads_eliminated: int = Count
    #: squads withdrawn while Taking Cover with nowhere to go (12.4.3)
    squads_withdrawn: int = Count
    ruleset: Ruleset = "en"


def _row(book: Rulebook, key: str, times: int, reason: Text | None = None) -> Modifier:
    row = book.table("vp-scale").row(key)
    assert row.value is not None
    english = row.text.en or key
    return Modifier(
        value=row.value * times,
        rule="7.2.1",
        key=f"vp-scale:{key}",
        reason=reason
        or Text(en=f"{english} × {times}", fr=f"{_FRENCH.get(key, english)} × {times}"),
    )


_FRENCH = {
    "guerillas_eliminated": "unité ‘Guerillas’ éliminée",
    "turn_not_played": "tour de jeu non joué en fin de partie",
    "battalion_reinforcement": "squad USMC des Renforts de Bataillon",
    "caat_eliminated": "support CAAT éliminé",
    "iif_eliminated": "squad IIF éliminé",
    "squad_reduced": "squad USMC réduit",
    "squad_eliminated": "squad USMC éliminé",
    "zone26_uncontrolled": "règle [7.1] (Zone 26 non Contrôlée mais vide en fin de partie)",
}


def check(situation: VictorySituation, book: Rulebook) -> int:
    v = book.values
    last = v.last_turn[situation.variant]
    c = Checker()
    c.require(
        1 <= situation.last_turn_played <= last,
        "last_turn_played",
        situation.last_turn_played,
        f"a game turn from 1 to {last} ({situation.variant} game)",
        "15" if situation.variant == "historical" else "7",
    )
    for index, number in enumerate(situation.uncontrolled_zones):
        if not 1 <= number <= v.zones:
            c.add(f"uncontrolled_zones.{index}", number, f"the map has Zones 1 to {v.zones}", "4.1")
    if situation.squads_withdrawn > situation.squads_reduced:
        c.add("squads_withdrawn", situation.squads_withdrawn,
              f"at most the squads reduced ({situation.squads_reduced}): only a squad that has suffered a Step "
              "Loss may leave a Zone under insurgent Control, and so be withdrawn", "12.4.3")
    counted = [n for n in situation.uncontrolled_zones if n != v.uncontrollable_zone]
    if len(set(counted)) != len(counted):
        c.add("uncontrolled_zones", situation.uncontrolled_zones, "each Zone once", None)
    c.raise_if_any()
    return last


class VictoryResult(Outcome):
    """The Victory Points counted and the level they reach (7.2)."""

    outcome: str
    vp: int
    level: str


class VictoryAnswer(Adjudication):
    """The Victory Points line by line (7.2.1) and the level of victory (7.2.2)."""

    modifiers: list[Modifier] = Field(default_factory=list)
    drm: int = 0
    result: VictoryResult | None = None
    vp: int
    level: str
    #: the last game turn of the game played (7.1; 15 for the historical variant)
    last_turn: int


def adjudicate(situation: VictorySituation, book: Rulebook) -> VictoryAnswer:
    last = check(situation, book)
    v = book.values
    remaining = set(situation.uncontrolled_zones) - {v.uncontrollable_zone}
    notes: list[Note] = []
    if v.uncontrollable_zone in situation.uncontrolled_zones:
        notes.append(Note(
            en=f"Zone {v.uncontrollable_zone} is ignored: neither side can Control it.",
            fr=f"La Zone {v.uncontrollable_zone} est ignorée : aucun camp ne peut la Contrôler.",
            rule="4.1.4",
        ))
    if situation.zone26_empty and v.mosque_zone not in remaining:
        notes.append(Note(
            en=f"Zone {v.mosque_zone} is under USMC Control: whether it is empty does not matter.",
            fr=f"La Zone {v.mosque_zone} est sous Contrôle USMC : qu’elle soit vide ne change rien.",
            rule="7.1",
        ))
    steps: list[Step] = []
    penalty_zone26 = False
    if not remaining:
        outcome = "won"
        steps.append(
            Step(
                rule="7.2",
                en=f"All Zones under USMC Control at the end of turn {situation.last_turn_played}: the player wins.",
                fr=f"Toutes les Zones sous Contrôle USMC à la fin du tour {situation.last_turn_played} : le joueur gagne.",
            )
        )
    elif situation.last_turn_played < last:
        outcome = "in_progress"
        steps.append(
            Step(
                rule="7.2",
                en=f"Zones still under insurgent Control before turn {last}: the game goes on.",
                fr=f"Des Zones restent sous Contrôle des insurgés avant le tour {last} : la partie continue.",
            )
        )
    elif remaining == {v.mosque_zone} and situation.zone26_empty:
        outcome = "won"
        penalty_zone26 = True
        steps.append(
            Step(
                rule="7.1",
                en=f"Only Zone {v.mosque_zone} is uncontrolled and it is empty: the player wins, with a VP penalty.",
                fr=f"Seule la Zone {v.mosque_zone} n’est pas contrôlée et elle est vide : le joueur gagne, avec une pénalité de PV.",
            )
        )
    else:
        outcome = "lost"
        steps.append(
            Step(
                rule="7.1",
                en=f"Zones still under insurgent Control at the end of turn {last}: the player has lost.",
                fr=f"Des Zones restent sous Contrôle des insurgés à la fin du tour {last} : le joueur a perdu.",
            )
        )
    lines = []
    counts = (
        ("guerillas_eliminated", situation.guerillas_eliminated),
        ("caat_eliminated", situation.caat_eliminated),
        ("iif_eliminated", situation.iif_eliminated),
        ("squad_reduced", situation.squads_reduced),
        ("squad_eliminated", situation.squads_eliminated),
    )
    for key, times in counts:
        if times:
            lines.append(_row(book, key, times))
    if situation.battalion_reinforcements:
        if situation.variant == "historical":
            steps.append(
                Step(
                    rule="15",
                    en="Historical variant: no VP penalty for Battalion Reinforcements.",
                    fr="Variante historique : pas de pénalité de PV pour les Renforts de Bataillon.",
                )
            )
        else:
            lines.append(_row(book, "battalion_reinforcement", situation.battalion_reinforcements))
    if situation.squads_withdrawn:
        lines.append(
            Modifier(
                value=v.withdrawn_vp * situation.squads_withdrawn,
                rule="12.4.3",
                key="vp:squad_withdrawn",
                reason=Text(
                    en=f"USMC squad withdrawn while Taking Cover × {situation.squads_withdrawn}",
                    fr=f"squad USMC retiré lors d’une Mise à Couvert × {situation.squads_withdrawn}",
                ),
            )
        )
    if outcome == "won" and situation.last_turn_played < last:
        lines.append(_row(book, "turn_not_played", last - situation.last_turn_played))
    if penalty_zone26:
        lines.append(_row(book, "zone26_uncontrolled", 1))
    vp = sum(line.value for line in lines)
    level = (
        _level(book, vp) if outcome == "won" else ("defeat" if outcome == "lost" else "in_progress")
    )
    if outcome == "won":
        steps.append(
            Step(
                rule="7.2.2",
                en=f"{vp} VP: {level} victory.",
                fr=f"{vp} PV : victoire {_LEVEL_FR[level]}.",
            )
        )
    notes.append(
        Note(
            en="Eliminated 'Martyrs' units gain no VP and reduced IIF squads cost none.",
            fr="Les unités ‘Martyrs’ éliminées ne rapportent aucun PV et les squads IIF réduits n’en coûtent pas.",
            rule="7.2.1",
        )
    )
    return VictoryAnswer(
        situation="victory",
        ruleset=situation.ruleset,
        modifiers=lines,
        drm=0,
        notes=notes,
        vp=vp,
        level=level,
        last_turn=last,
        result=VictoryResult(outcome=outcome, vp=vp, level=level, steps=steps),
    )


_LEVEL_FR = {"major": "majeure", "minor": "mineure", "bitter": "amère"}


def _level(book: Rulebook, vp: int) -> str:
    for row in book.table("victory-levels").rows:
        if (row.min is None or vp >= row.min) and (row.max is None or vp <= row.max):
            return row.result
    raise LookupError(f"no victory level for {vp} VP")


#: the situation this module computes (``victory``), found through the package's
#: ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declared(
    procedure("victory", Computation(adjudicate), VictorySituation,
              "Victory Points and level (7.1, 7.2, 15)", "7.2.1", result_model=VictoryAnswer),
)
