"""What each Phase asks of the player, drawn from the rules and the state, each citing its rules.

``reminders(state)`` lists, for the current Phase, the steps of the rulebook's procedure and
what the state says about them (which reinforcements may enter, which squads are Pinned,
which 'Phantom Fury' markers expire). ``automatic`` marks the steps the companion applies
itself when the Phase ends (:func:`web.game.apply.end_of_reorganisation`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import Rules
from .state import GameState, UnitState


@dataclass(frozen=True)
class Reminder:
    key: str
    rules: tuple[str, ...]
    en: str
    fr: str
    automatic: bool = False
    units: tuple[str, ...] = ()
    zones: tuple[int, ...] = field(default=())

    def as_json(self) -> dict:
        return {
            "key": self.key, "rules": list(self.rules), "text": {"en": self.en, "fr": self.fr},
            "automatic": self.automatic, "units": list(self.units), "zones": list(self.zones),
        }


def _names(units: list[UnitState]) -> str:
    return ", ".join(u.id for u in units)


def _on_map(state: GameState) -> list[UnitState]:
    return [u for u in state.units if u.where == "map"]


def _listing(key: str, rules: tuple[str, ...], en: str, fr: str, units: list[UnitState],
             automatic: bool = False) -> list[Reminder]:
    """A reminder naming the units it concerns after its text ("Pinned, may not Fire: 1/A, 2/B"),
    or none when no unit is concerned."""
    if not units:
        return []
    names = _names(units)
    return [Reminder(key, rules, f"{en}: {names}", f"{fr} : {names}", automatic, tuple(u.id for u in units))]


def _support(state: GameState, rules: Rules) -> list[Reminder]:
    left: dict[str, list[str]] = {"en": [], "fr": []}
    for row in rules.missions.rows:  # each Mission by its printed name (9.1), never its key
        used = state.missions_used.get(row.result, 0)
        for lang, names in left.items():
            name = (getattr(row.name, lang, None) or getattr(row.name, "en", None) or row.result) if row.name else row.result
            names.append(f"{name} {max((row.max or 0) - used, 0)}/{row.max}")
    out = [
        Reminder("missions", ("9.1", "9.2", "9.3"),
                 "Call Missions one at a time, d10 within the success range; successes left: " + ", ".join(left["en"]),
                 "Demander les Missions une à une, d10 dans la plage de succès ; succès restants : " + ", ".join(left["fr"])),
        Reminder("reaction", ("9.4.1", "9.4.2"),
                 "A postponed Mission brings an insurgent Reaction (d10) and ends the Support Phase; "
                 "Reactions marked † do not apply in Zones with a Security Element.",
                 "Une Mission reportée entraîne une Réaction insurgée (d10) et termine la Phase de soutien ; "
                 "les Réactions marquées † ne s'appliquent pas dans les Zones avec un Security Element."),
    ]
    if state.support_closed_turn == state.turn:
        out.append(Reminder("support-over", ("9.1",), "An insurgent Reaction ended this Support Phase.",
                            "Une Réaction insurgée a terminé cette Phase de soutien."))
    return out


def _setup(state: GameState) -> list[Reminder]:
    """6.2: at the start of the game, the 'Suspect' markers of the start Zones are Activated (5.3.3;
    a '0' is a Dummy); listed while a start Zone still holds one, during the first Support Phase."""
    if state.turn != 1 or state.phase != "support":
        return []
    zones = tuple(z.number for z in state.zones if z.activation == "start" and z.suspects)
    if not zones:
        return []
    listed = ", ".join(str(n) for n in zones)
    return [Reminder("setup-suspects", ("6.2", "5.3.3"),
                     f"Setup: Activate every 'Suspect' marker of the start Zones (a '0' is a Dummy): Zones {listed}",
                     f"Mise en place : Activer chaque marqueur ‘Suspect’ des Zones de départ (un ‘0’ est un Leurre) : "
                     f"Zones {listed}", zones=zones)]


def _reinforcements(state: GameState, rules: Rules) -> list[Reminder]:
    boxed = [u for u in state.units if u.where == "reinforcements"]
    out: list[Reminder] = []
    groups = (
        ("company", [u for u in boxed if u.origin == "company"], rules.company_turn, "10.1",
         "Company Reinforcements", "Renforts de Compagnie"),
        ("abrams", [u for u in boxed if u.kind == "abrams"], rules.abrams_turn, "10.2",
         "M1A1 Abrams support (a Street Section on the north edge)", "Support M1A1 Abrams (Section de Rue au nord)"),
        ("battalion", [u for u in boxed if u.origin == "battalion"], rules.battalion_turn[state.variant], "10.3",
         "Battalion Reinforcements", "Renforts de Bataillon"),
        ("iif", [u for u in boxed if u.kind == "iif"], state.iif_from_turn, "10.4",
         "IIF squads (all on the same turn)", "Squads IIF (tous le même tour)"),
    )
    for key, waiting, first, rule, en, fr in groups:
        if not waiting:
            continue
        cost_en = cost_fr = ""
        if key == "battalion":
            if state.variant == "historical":
                cost_en, cost_fr, rule_ids = " (no VP penalty in the variant)", " (sans pénalité dans la variante)", (rule, "15")
            else:
                vp = rules.vp_value("battalion_reinforcement")
                cost_en, cost_fr, rule_ids = f" ({vp} VP each)", f" ({vp} PV chacun)", (rule, "7.2.1")
        else:
            rule_ids = (rule,)  # type: ignore[assignment]
        if first is not None and state.turn >= first:
            out.append(Reminder(f"{key}-may-enter", rule_ids,
                                f"{en} may enter now: {_names(waiting)}{cost_en}",
                                f"{fr} peuvent entrer : {_names(waiting)}{cost_fr}", units=tuple(u.id for u in waiting)))
        elif first is not None:
            out.append(Reminder(f"{key}-from-turn", rule_ids, f"{en}: from turn {first}", f"{fr} : à partir du tour {first}"))
        else:
            out.append(Reminder(f"{key}-after-zone-26", rule_ids,
                                f"{en}: from the turn after a Zone Neighbouring Zone 26 comes under USMC Control",
                                f"{fr} : à partir du tour suivant la prise de Contrôle d'une Zone Voisine de la Zone 26"))
    if any(u.kind != "abrams" for u in boxed):
        out.append(Reminder("entry", ("10.1", "10.3", "10.4"),
                            "Squads enter in a start Zone (black circle) under USMC Control, at the entry symbol.",
                            "Les squads entrent dans une Zone de départ (cercle noir) sous Contrôle USMC."))
    return out


def _phantom_fury(state: GameState) -> list[Reminder]:
    zones = tuple(z.number for z in state.zones if z.phantom_fury)
    if not zones:
        return []
    return [Reminder("phantom-fury", ("13.4.3.2",),
                     f"'Phantom Fury' markers in Zones {', '.join(map(str, zones))}: −1 DRM for USMC squads (not IIF) "
                     "there and in Adjacent and Neighbouring Zones, Fire Combat and Assaults.",
                     f"Marqueurs 'Phantom Fury' en Zones {', '.join(map(str, zones))} : −1 aux d10 des squads USMC "
                     "(pas IIF) dans ces Zones et les Zones Adjacentes et Voisines.", zones=zones)]


def _fire(state: GameState, rules: Rules) -> list[Reminder]:
    units = _on_map(state)
    pinned = [u for u in units if u.status == "pinned"]
    ammo = [u for u in units if u.caat is not None and u.caat.ammo]
    out = [
        Reminder("fire", ("11.1", "11.2"),
                 "A USMC squad in a Zone under USMC Control, or an Abrams in a Street Section, may Fire at an "
                 "Adjacent or Neighbouring Zone clear of USMC units; each unit that fires is Fired.",
                 "Un squad USMC dans une Zone sous Contrôle USMC, ou un Abrams en Section de Rue, peut Tirer sur une "
                 "Zone Adjacente ou Voisine sans unité USMC ; l'unité qui tire est 'Fired'."),
        Reminder("sniper", ("11.4.1", "5.3.3"),
                 "A squad whose Fire Activates a 'Suspect' marker showing '0': Sniper Attack on that squad.",
                 "Un squad dont le Tir Active un marqueur ‘Suspect’ donnant ‘0’ : Attaque de Sniper contre ce squad."),
    ]
    out += _listing("pinned-no-fire", ("11.5",), "Pinned, may not Fire", "Cloués, ne peuvent pas Tirer", pinned)
    if ammo:
        out.append(Reminder("caat-ammo", ("11.1.2", "11.1.2.1"),
                            f"CAAT 'Ammo' bonus (+{rules.caat_bonus} CF) available: " + ", ".join(f"{u.id} ({u.caat.ammo})" for u in ammo if u.caat),
                            f"Bonus 'Ammo' des CAAT (+{rules.caat_bonus} FC) : " + ", ".join(f"{u.id} ({u.caat.ammo})" for u in ammo if u.caat),
                            units=tuple(u.id for u in ammo)))
    return out + _phantom_fury(state)


def _movement(state: GameState, rules: Rules) -> list[Reminder]:
    units = _on_map(state)
    stuck = [u for u in units if u.status != "ready"]
    out = [
        Reminder("movement", ("12.1", "12.4", "12.5"),
                 "Move squads; crossing a Street Section brings a Sniper Attack (11.4.2).",
                 "Déplacer les squads ; traverser une Section de Rue entraîne une Attaque de Sniper (11.4.2)."),
        Reminder("defensive-fire", ("12.7",), "Entering a Location next to insurgents: Defensive Fire.",
                 "Entrer dans une Location près des insurgés : Tir Défensif."),
    ]
    out += _listing("no-move", ("11.3", "11.5"), "Fired or Pinned, may not move", "'Fired' ou cloués, ne bougent pas",
                    stuck)
    out += _listing("abrams-mc", ("12.6.1",), "Roll each moving Abrams' MC", "Tirer la CM de chaque Abrams qui bouge",
                    [u for u in units if u.kind == "abrams"])
    away = [u for u in units if u.security_element is not None
            and state.zone(u.security_element.zone).control == "insurgents"]
    out += _listing("security-element-pickup", ("12.3.2.3",),
                    "Security Element in an insurgent Zone: the squad spends all its MPs to pick it up",
                    "Security Element en Zone insurgée : le squad dépense tous ses PM pour le récupérer", away)
    return out


def _assault(state: GameState, rules: Rules) -> list[Reminder]:
    units = _on_map(state)
    stuck = [u for u in units if u.status != "ready"]
    explosives = [u for u in units if u.caat is not None and u.caat.explosives]
    out = [Reminder("assault", ("13.4", "13.4.2", "13.4.3"),
                    "Each Assault: both sides roll; an unmodified 0 calls an Event; a surviving 'Guerillas' unit retreats.",
                    "Chaque Assaut : les deux camps lancent ; un 0 non modifié déclenche un Événement ; une unité "
                    "'Guerillas' survivante fait retraite.")]
    out += _listing("no-assault", ("11.3", "11.5"), "Fired or Pinned, may not Assault", "'Fired' ou cloués, n'attaquent pas",
                    stuck)
    out += _listing("explosives", ("13.7.1", "13.7.2"),
                    f"Explosives available (CF {rules.explosives_cf}, once; not in a Flooding)",
                    f"Explosifs disponibles (FC {rules.explosives_cf}, une fois ; pas en Flooding)", explosives)
    fanatic = tuple(z.number for z in state.zones if z.fanaticism)
    if fanatic:
        out.append(Reminder("fanaticism", ("13.4.3.3",), f"'Fanaticism' in Zones {', '.join(map(str, fanatic))}: −1 DRM "
                            "for the Insurgents, no Retreat.", f"'Fanaticism' en Zones {', '.join(map(str, fanatic))} : "
                            "−1 pour les Insurgés, pas de Retraite.", zones=fanatic))
    quiet = tuple(z.number for z in state.zones if z.no_insurgents_event)
    if quiet:
        out.append(Reminder("no-insurgents-event", ("13.4.3.1", "13.6.4"),
                            f"No 'Insurgents' Events in Zones {', '.join(map(str, quiet))}.",
                            f"Pas d'Événement 'Insurgés' en Zones {', '.join(map(str, quiet))}.", zones=quiet))
    return out + _phantom_fury(state)


def _reorganisation(state: GameState, rules: Rules) -> list[Reminder]:
    units = _on_map(state)
    out = [
        Reminder("control", ("14.1", "14.1.1", "14.1.2"),
                 "Take Control of each insurgent Zone holding only USMC squads (not a Security Element alone).",
                 "Prendre le Contrôle de chaque Zone insurgée ne contenant que des squads USMC."),
        Reminder("contact", ("14.2",), "Activate every Adjacent and Neighbouring Zone of a Zone just taken.",
                 "Activer toutes les Zones Adjacentes et Voisines d'une Zone prise."),
    ]
    regroup = [u for u in state.units if u.security_element is not None
               and (u.where != "map" or state.zone(u.security_element.zone).control == "usmc")]
    out += _listing("security-elements", ("14.3.1", "14.3.2"), "Security Elements regrouped or removed at the end of the Phase",
                    "Security Elements regroupés ou retirés en fin de Phase", regroup, automatic=True)
    out += _listing("fired-reset", ("14.3.3",), "Fired units back to normal facing", "Unités 'Fired' remises de face",
                    [u for u in units if u.status == "fired"], automatic=True)
    c, open_ = rules.pinned_drm["C"], rules.pinned_drm["open"]
    out += _listing("pinned-recovery", ("14.3.4",),
                    f"Pinned squads roll d10 ≤ CF to recover (+{c} in C, +{open_} in OG or a Street Section "
                    "without an Abrams; automatic if no insurgents or 'Suspect' markers around)",
                    f"Les squads cloués lancent d10 ≤ FC (+{c} en C, +{open_} en OG ou Section de Rue sans Abrams)",
                    [u for u in units if u.status == "pinned"])
    out += _listing("caat-removal", ("14.3.5",), "CAATs with no munitions removed (no VP)", "CAAT sans munitions retirés (sans PV)",
                    [u for u in state.units if u.caat is not None and not u.caat.ammo and not u.caat.explosives],
                    automatic=True)
    out.append(Reminder("infiltration", ("14.4.1", "14.4.2", "14.4.3"),
                        "Infiltration: a 'Suspect' marker in each empty USMC Zone next to an occupied insurgent Zone; "
                        "it goes back to insurgent Control.",
                        "Infiltration : un marqueur 'Suspect' dans chaque Zone USMC vide voisine d'une Zone insurgée "
                        "occupée ; elle repasse sous Contrôle insurgé."))
    flips = tuple(z.number for z in state.zones if z.phantom_fury)
    if flips:
        out.append(Reminder("phantom-fury-markers", ("14.5",),
                            "'Phantom Fury' markers: 0030 removed, 0015 turned to 0030, in Zones " + ", ".join(map(str, flips)),
                            "Marqueurs 'Phantom Fury' : 0030 retirés, 0015 retournés en 0030, Zones " + ", ".join(map(str, flips)),
                            automatic=True, zones=flips))
    if state.turn == state.last_turn:
        out.append(Reminder("end-of-game", ("7.1", "7.2"),
                            f"Last turn ({state.last_turn}): every Zone must be under USMC Control (Zone 26 may stay "
                            "insurgent if empty, with a VP penalty).",
                            f"Dernier tour ({state.last_turn}) : toutes les Zones doivent être sous Contrôle USMC.",
                            automatic=True))
    else:
        bonus = rules.vp_value("turn_not_played")
        out.append(Reminder("end-of-game", ("7.2", "7.2.1"), f"If every Zone is under USMC Control now, the game ends "
                            f"with {bonus:+d} VP per turn not played.", f"Si toutes les Zones sont sous Contrôle USMC, "
                            f"la partie s'arrête avec {bonus:+d} PV par tour non joué.", automatic=True))
    return out


PHASE_REMINDERS = {
    "support": _support,
    "reinforcements": _reinforcements,
    "fire": _fire,
    "movement": _movement,
    "assault": _assault,
    "reorganisation": _reorganisation,
}


def reminders(state: GameState, rules: Rules) -> list[Reminder]:
    """The current Phase's checklist, from the rules and the state."""
    if state.outcome != "in_progress":
        return []
    return _setup(state) + PHASE_REMINDERS[state.phase](state, rules)
