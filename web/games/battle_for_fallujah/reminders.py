"""The checklist of the current phase (and End of Turn step), drawn from the rules and the state,
each line citing its rules. ``automatic`` marks what the companion does itself."""

from __future__ import annotations

from typing import Any

from .cup import READINGS, eligible_hexes, label
from .state import EOT_STEPS, LAST_TURN, GameState


def _r(rules: tuple[str, ...], text: str, automatic: bool = False, hexes: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"rules": list(rules), "text": {"en": text, "fr": text}, "automatic": automatic, "hexes": list(hexes)}


def _intelligence(state: GameState) -> list[dict[str, Any]]:
    rolled = state.wanted_roll is not None and state.wanted_roll.turn == state.turn
    out = [_r(("11.1", "11.2"), "Roll 1D6 + the Blocks Pacified modifier on the Coalition Intelligence table "
              "(calculator 'intelligence')" + (f": done, {state.wanted_roll.value} Wanted! markers" if rolled else "")),  # type: ignore[union-attr]
           _r(("11.3", "11.3.1"), "Place the Wanted! markers one per hex: not in a contested or Pacified hex, not in "
              "Green (open) hexes, not in the Mayor's compound, not in hexes with Coalition unit symbols, at least one "
              "hex between markers; those that cannot be placed are not put on the map"),
           _r(("11.4", "8.3"), "Nationalist flag chits into the cup: " + READINGS[state.chit_reading], automatic=True),
           _r(("11.5",), "Remaining Wanted! markers are put aside for this turn")]
    if not rolled:
        out.append(_r(("11.1",), "The Intelligence roll is needed before the Activation Phase"))
    return out


def _activation(state: GameState) -> list[dict[str, Any]]:
    inside = ", ".join(f"{label(k)} ×{n}" for k, n in state.cup.items()) or "empty"
    return [
        _r(("12.1",), f"Draw one chit from the cup ({inside}); enter it, or let the app draw"),
        _r(("12.2.1", "12.2.2"), "A battalion chit: each Good Order unit or formation of the battalion performs one mission"),
        _r(("12.3.1", "12.3.2"), "MEF: one Good Order Support unit performs one mission; with none left, the chit is set "
           "aside and another drawn", automatic=True),
        _r(("12.4.1", "12.4.1.1", "12.4.1.2"), "Insurgent flag: the contested Insurgent controlled hex with the "
           "lowest-rated Coalition Infantry is activated; returned to the cup if no Coalition unit has activated or "
           "no hex is eligible", automatic=True),
        _r(("12.5.1", "12.5.2", "12.5.3"), f"End of Turn chits drawn: {state.eot_chits} of 2; the first is returned if "
           "no battalion has activated", automatic=True),
    ]


def _operations(state: GameState) -> list[dict[str, Any]]:
    if state.active == "mef":
        return [_r(("13.6.1", "13.6.1.1", "13.6.1.2"), "One Good Order Support unit: AC-130, AH1, CAP and M198 Strike "
                    "only; Special Forces Raid only"),
                _r(("13.6.2", "5.5"), "After the mission roll 1D6 against its Availability Number (calculator "
                   "'availability')"),
                _r(("8.2.1", "13.6.3"), "End the Operations Phase: the MEF chit returns to the cup", automatic=True)]
    if state.active == "nationalist":
        hexes, decided = eligible_hexes(state)
        where = (f"hex {state.active_hex}" if state.active_hex else
                 (f"one of hexes {hexes} (12.4.1.3: at random)" if decided and hexes else "the hex: enter it"))
        return [_r(("12.4.1",), f"Activated: {where}", hexes=(state.active_hex,) if state.active_hex else tuple(hexes)),
                _r(("12.4.2", "12.4.3"), "Roll on the Insurgent Activation Table (calculator 'insurgent-activation'); "
                   "add or remove steps and a Jihadi cell"),
                _r(("12.4.4", "13.7.1"), "All Insurgent units there Assault every Coalition unit in the hex "
                   "(calculator 'operation', attacker insurgency)"),
                _r(("13.7.2",), "Then back to the Activation Phase")]
    battalion = state.active or "?"
    ready = [u.id for u in state.units if u.status == "good_order" and u.hex is not None
             and (c := state.map.counter(u.id)) is not None and c.battalion == battalion]
    return [
        _r(("13.5.1",), f"Battalion {battalion}: its Ops Complete units are Good Order again", automatic=True),
        _r(("13.5.2", "13.5.2.1", "13.5.2.2", "13.5.3"), "One Good Order unit or formation at a time: Infantry may Move, "
           "Search or Assault; Armour may Move or Assault; a mixed formation may Search"
           + (f" (Good Order on the map: {', '.join(ready)})" if ready else "")),
        _r(("17", "17.1", "17.2"), "An Operation: open the hex's calculator; the pools are built from the keyed counters, "
           "markers and terrain"),
        _r(("22", "22.1", "22.2"), "Moving into or Raiding an Insurgent controlled hex: Level of Resistance when it "
           "has no marker, then the Insurgent Reaction (calculators 'level-of-resistance', 'insurgent-reaction')"),
        _r(("13.5.5",), "When its mission is complete, the unit or formation is Ops Complete"),
        _r(("13.2", "13.5.6"), "No more units to activate: end the Operations Phase"),
    ]


def _end_of_turn(state: GameState) -> list[dict[str, Any]]:
    step, rule = EOT_STEPS[state.eot_step]
    pacified = sum(h.pacified for h in state.hexes)
    lines = {
        "vp": [_r(("14.1.1",), "Mayor's compound: -1 VP if Insurgent controlled, +1 CVP if contested", automatic=True),
               _r(("14.1.2", "24.1"), f"Blocks Pacified: {pacified} Pacified hexes; enter the track's modifier "
                  + (f"(entered: {state.pacified_modifier:+d})" if state.pacified_turn == state.turn
                     and state.pacified_modifier is not None else "(needed)"))],
        "ceasefire": [_r(("14.2", "14.2.1", "14.2.2"), f"Ceasefire roll: 1D6 + Political Pressure (+{state.pressure}); 7+ "
                          "is a ceasefire (calculator 'ceasefire')" if state.turn < LAST_TURN
                          else "No Ceasefire roll on turn 8"),
                      _r(("14.2.2.1", "14.2.3"), "A ceasefire: -1 VP and the game is over", automatic=True)],
        "reinforcements": [_r(("14.3.1", "14.3.2", "14.3.3"), "3/4 Battalion: 1D6 + turn + Blocks Pacified modifier, "
                               "7+ puts its two chits into the cup (calculator 'reinforcements')"
                               if not state.reinforced else "The 3/4 Battalion has arrived: no roll")],
        "end_check": [_r(("14.4.1", "14.4.2"), "The game ends after turn 8 (the victory level of the VP total)",
                          automatic=True)],
        "markers": [_r(("14.5.1",), "Remove every Wanted! and Isolated marker", automatic=True),
                    _r(("14.5.2",), "Every Coalition unit back to Good Order", automatic=True),
                    _r(("14.5.3",), "Turn marker forward; the Intelligence Phase of the next turn", automatic=True)],
    }
    return [_r((rule,), f"Step {state.eot_step + 1} of {len(EOT_STEPS)}"), *lines[step]]


PHASE_REMINDERS = {"intelligence": _intelligence, "activation": _activation, "operations": _operations,
                   "end_of_turn": _end_of_turn}


def reminders(state: GameState) -> list[dict[str, Any]]:
    if state.outcome != "in_progress":
        return [_r(("14.4.1", "14.4.2"), "The game is over")]
    return PHASE_REMINDERS[state.phase](state)
