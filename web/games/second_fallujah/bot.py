"""The bot's turn as the companion plays it (12-17): which of the adjudicator's bot procedures is
due now, its input built from the game state (the adjudicator's :class:`TableState`) and the dice
recorded for it, its answer (decision, trace, needs), and the undoable actions that apply a
confirmed decision.

The decision itself is recorded by the generic ``adjudication`` action (the server asks the
adjudicator; the dice stay); applying it is separate and undoable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from adjudicator import registry
from adjudicator.errors import InvalidSituation
from web.i18n import in_lang
from web.translate import gettext as _

from .state import FIRST_TURN, BotRecord, GameState
from .table import GAME, table_json, table_state


@dataclass(frozen=True)
class FollowUp:
    """An undoable action applying a confirmed decision (or a step toward it): what it does in the
    rulebook's words (``words()``, through the catalogue, in the page's language), its rules, the action."""

    words: Callable[[], str]
    rules: tuple[str, ...]
    action: dict[str, Any]

    @property
    def text(self) -> str:
        return self.words()

    @property
    def en(self) -> str:
        """The words in English (the JSON API's ``follow_ups``)."""
        with in_lang("en"):
            return self.words()

    def payload(self) -> dict[str, Any]:
        return {**self.action, "rules": list(self.rules)}


@dataclass
class Turn:
    """The bot procedure due now, its input and answer, and what applying it takes."""

    situation: str
    input: dict[str, Any]
    answer: dict[str, Any] | None = None
    error: str | None = None
    #: the retreat destinations of a casualty allocation (16), each with its trace
    retreats: list[dict[str, Any]] = field(default_factory=list)
    follow_ups: list[FollowUp] = field(default_factory=list)
    #: candidates the player may choose instead (an override, with a reason)
    candidates: list[Any] = field(default_factory=list)
    override_point: str | None = None


def dice_input(state: GameState, prefix: str = "dice.") -> dict[str, Any]:
    """The dice recorded for the bot ("dice.step1": (3,)) as the adjudicator's ``dice`` object."""
    out: dict[str, Any] = {}
    for path, faces in state.bot_dice.items():
        if not path.startswith(prefix):
            continue
        keys = path[len(prefix):].split(".")
        node = out
        for key in keys[:-1]:
            node = node.setdefault(key, {})
        node[keys[-1]] = list(faces) if keys[-1] == "tiebreak" else faces[0]
    return out


def _ask(situation: str, body: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    try:
        return registry.adjudicate(situation, body, game=GAME).model_dump(mode="json"), None
    except InvalidSituation as exc:
        return None, "; ".join(str(p) for p in exc.problems)


def mulligan_due(state: GameState) -> dict[str, Any] | None:
    """15 step 3: before the result is final, the bot may use the Advantage to reroll the combat;
    asked once its casualties are decided, when it holds the Advantage and the rolls are known."""
    combat, record = state.combat, casualties_record(state)
    if (combat is None or combat.allocated or combat.mulligan is not None or record is None
            or state.advantage.owner != "insurgent" or not state.advantage.available
            or None in (combat.offense, combat.defense, combat.ov, combat.dv)):
        return None
    gone = [u for u in record.decision.get("eliminated") or []
            if (found := state.unit(u)) is not None and found.type in ("fedayeen", "cadre")]
    return {"offense": combat.offense, "defense": combat.defense, "ov": combat.ov, "dv": combat.dv,
            "eliminated": len(gone)}


def due(state: GameState) -> Turn | None:
    """The bot procedure the game waits for (solitaire play), or None."""
    if state.variant != "solitaire" or state.outcome != "in_progress":
        return None
    combat = state.combat
    if (combat is not None and combat.situation in ("coalition-attack", "fire-mission") and combat.insurgent_cp > 0
            and not combat.allocated and combat.area is not None and casualties_record(state) is None):
        return Turn("bot-casualties", {"area": combat.area, "cp": combat.insurgent_cp})
    mulligan = mulligan_due(state)
    if mulligan is not None:
        return Turn("bot-mulligan", mulligan)
    if state.reaction is not None and state.reaction.decision is None:
        return Turn("bot-reaction", {"area": state.reaction.area})
    if (state.turn == FIRST_TURN and state.impulse == 0 and not any(u.type == "fedayeen" for u in state.units)
            and (state.bot_last is None or state.bot_last.situation != "bot-setup")):
        return Turn("bot-setup", {})
    if state.phase == "action" and state.side == "insurgent" and (
            state.bot_last is None or state.bot_last.version < state.impulse_started):
        return Turn("bot-impulse", {})
    return None


def evaluate(state: GameState) -> Turn | None:
    """The due procedure asked of the adjudicator with the state and dice as they are now."""
    turn = due(state)
    if turn is None:
        return None
    body = {"state": table_json(state), "dice": dice_input(state), **turn.input}
    turn.input = body
    turn.answer, turn.error = _ask(turn.situation, body)
    if turn.answer is not None:
        for entry in turn.answer.get("trace") or []:
            if entry.get("criterion") == "attack" and turn.situation == "bot-impulse":
                turn.candidates, turn.override_point = list(entry.get("kept") or []), "attack_target"
    return turn


def retreats(state: GameState, decision: dict[str, Any]) -> list[dict[str, Any]]:
    """Each retreating unit's destination (16), asked in turn over the table as it becomes; a
    unit's own tie-break dice are recorded under ``dice.retreat.<unit>``."""
    table = table_state(state)
    gone = set(decision.get("eliminated") or [])
    units = [u for u in table.units if u.id not in gone]
    table = table.model_copy(update={"units": units})
    out = []
    for unit_id in decision.get("retreat") or []:
        body = {"state": table.model_dump(mode="json"), "unit": unit_id, "cause": "combat",
                "dice": {"tiebreak": list(state.bot_dice.get(f"dice.retreat.{unit_id}", ()))}}
        answer, error = _ask("bot-retreat", body)
        needs = [dict(n, field=f"dice.retreat.{unit_id}" if n["field"] == "dice.tiebreak" else n["field"])
                 for n in (answer or {}).get("needs") or []]
        decided = (answer or {}).get("decision")
        out.append({"unit": unit_id, "answer": answer, "error": error, "needs": needs,
                    "to": decided.get("to") if decided else None, "decided": decided is not None})
        if decided and decided.get("to") is not None:
            table = table.model_copy(update={"units": [u.model_copy(update={"location": decided["to"]}) if u.id == unit_id else u
                                                       for u in table.units]})
    return out


def dice_asked(state: GameState) -> dict[str, str]:
    """The dice the bot asks for now (12.2), each field with what it is ("1D6 for step 2 ...",
    "2D6 for cadre-3's Reaction"): the due procedure's and the pending retreats' (16)."""
    turn = evaluate(state)
    needs = list((turn.answer or {}).get("needs") or []) if turn is not None else []
    needs += [n for r in pending_retreats(state) for n in r["needs"]]
    return {n["field"]: n["what"] for n in needs if n["field"].startswith("dice.")}


def _reaction_words(area: int, dug_in: int, retreats: int, placed: int) -> str:
    parts = [_("%(n)s Dug In", n=dug_in)] if dug_in else []
    parts += [_("%(n)s retreat", n=retreats)] if retreats else []
    parts += [_("%(n)s placed", n=placed)] if placed else []
    if not parts:
        return _("Apply the Reaction in area %(area)s (nothing happens)", area=area)
    return _("Apply the Reaction in area %(area)s (%(parts)s)", area=area, parts=", ".join(parts))


def reaction_follow_up(area: int, decision: dict[str, Any]) -> FollowUp:
    """The confirmed Reaction as one undoable action: Dug In, retreats (16) and placements (17)."""
    dug_in, retreats, placed = [], [], []
    for item in decision.get("reactions") or []:
        if item.get("result") == "dug_in":
            dug_in.append(item["unit"])
        if "to" in item:
            retreats.append({"unit": item["unit"], "to": item["to"]})
        for p in item.get("placed") or []:
            if p.get("outcome") == "placed":
                placed.append({"unit_type": p["place"], "area": p["area"], "dug_in": bool(p.get("dug_in"))})
    return FollowUp(lambda: _reaction_words(area, len(dug_in), len(retreats), len(placed)), ("4.1.3", "17", "12.1"),
                    {"type": "reaction", "area": area, "dug_in": dug_in, "retreats": retreats, "placed": placed})


def casualties_record(state: GameState) -> BotRecord | None:
    """The confirmed casualty allocation of the current combat (kept while the Mulligan is asked)."""
    found, combat = state.casualties, state.combat
    return found if found is not None and combat is not None and found.version > combat.version else None


def pending_retreats(state: GameState) -> list[dict[str, Any]]:
    """The retreats of a confirmed casualty allocation not applied yet (16), with what they need."""
    record = casualties_record(state)
    if record is None or state.combat is None or state.combat.allocated:
        return []
    return retreats(state, record.decision)


def _names(state: GameState, units: list[str]) -> str:
    return ", ".join((found.label if (found := state.unit(u)) is not None else u) for u in units)


def follow_ups(state: GameState) -> list[FollowUp]:
    """The undoable actions a confirmed decision calls for, not yet applied."""
    if state.reaction is not None and state.reaction.decision is not None:
        return [reaction_follow_up(state.reaction.area, state.reaction.decision)]
    if state.combat is not None and state.combat.mulligan and not state.combat.allocated:
        return [FollowUp(lambda: _("The bot takes the Mulligan: the Advantage passes to the Coalition (Used box); "
                                   "roll the combat again"), ("15", "10.1"), {"type": "advantage", "use": "mulligan"})]
    casualties = casualties_record(state)
    if casualties is not None and state.combat is not None and not state.combat.allocated and mulligan_due(state) is None:
        d = casualties.decision
        moves = pending_retreats(state)
        if all(m["decided"] for m in moves):
            area = state.combat.area
            return [FollowUp(lambda: _("Apply the casualty allocation"), ("15", "8.2", "8.3", "16"), {
                "type": "casualties", "area": area, "eliminated": list(d.get("eliminated") or []),
                "spent": list(d.get("flipped") or []), "retreats": [{"unit": m["unit"], "to": m["to"]} for m in moves],
                "overrun": bool(d.get("overrun"))})]
        return []
    record = state.bot_last
    if record is None or "applied" in record.applied:
        return []
    d = record.decision
    if record.situation == "bot-setup" and not any(u.type == "fedayeen" for u in state.units):
        areas = sorted(int(a) for a, kinds in (d.get("placements") or {}).items() if "fedayeen" in kinds)
        return [FollowUp(lambda: _("Place the bot's set-up: a Fedayeen in areas %(areas)s", areas=", ".join(map(str, areas))),
                         ("13",), {"type": "bot_setup", "fedayeen": areas})]
    if record.situation == "bot-impulse":
        if d.get("action") == "attack" and d.get("origin") and "attack_declared" not in record.applied:
            attackers = _names(state, d["attackers"])
            return [FollowUp(lambda: _("Declare the attack on area %(target)s from area %(origin)s: %(attackers)s",
                                       target=d["target"], origin=d["origin"], attackers=attackers),
                             ("14.1.2", "7.3"), {"type": "attack_declared", "target": d["target"], "origin": d["origin"],
                                                 "attackers": d["attackers"]})]
        if d.get("action") == "organize_resistance" and d.get("area"):
            # the marker and the Militia are two actions: each offered until it is applied (an undo
            # takes its own back; the record says whether the Militia were placed)
            out: list[FollowUp] = []
            if state.resistance != d["area"]:
                out.append(FollowUp(lambda: _("RESISTANCE marker to area %(area)s", area=d["area"]), ("14.2",),
                                    {"type": "resistance", "area": d["area"]}))
            if d.get("militia_placed") and "militia_placed" not in record.applied:
                out.append(FollowUp(lambda: _("Place %(n)s Militia in area %(area)s", n=d["militia_placed"], area=d["area"]),
                                    ("14.2", "4.1.1"),
                                    {"type": "unit_place", "unit_type": "militia", "area": d["area"], "count": d["militia_placed"]}))
            return out
        moved = state.unit(d["unit"]) if d.get("action") == "move_militia" else None
        if moved is not None and moved.location != d["area"]:
            return [FollowUp(lambda: _("Move %(unit)s into area %(area)s", unit=moved.label, area=d["area"]), ("14",),
                             {"type": "unit_move", "unit": d["unit"], "to": d["area"]})]
    return []


def steps(state: GameState) -> list[FollowUp]:
    """What one "Apply" does now (issue 24, item 5): the actions the confirmed decision calls for
    and, once the bot's own impulse has nothing left to resolve (no attack declared: its Militia
    attack one by one, 7.3), the end of that impulse (4.1.1; a pass, 4.1.4): one undoable action,
    one list of what to change on the table."""
    out = follow_ups(state)
    record = state.bot_last
    if (record is not None and record.situation == "bot-impulse" and record.decision.get("action") != "attack"
            and state.phase == "action" and state.side == "insurgent" and record.version > state.impulse_started
            and state.outcome == "in_progress" and due(state) is None):
        if record.decision.get("action") == "pass":
            out.append(FollowUp(lambda: _("The bot passes: end its impulse"), ("4.1.4", "14"),
                                {"type": "end_impulse", "passed": True}))
        else:
            out.append(FollowUp(lambda: _("End the bot's impulse"), ("4.1.1", "14"), {"type": "end_impulse"}))
    return out
