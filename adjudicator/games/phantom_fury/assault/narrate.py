"""An Assault with its rolls known, told step by step with the rule of each step.

It settles the dice with the same functions as the odds (:func:`~.combat.fight`,
:func:`~.conclusion.after_fight`), so the story and the odds cannot disagree.
"""

from __future__ import annotations

from ....models import Step
from .. import activation
from ..ied import ied_outcome
from ..rulebook import Rulebook
from . import drm
from .combat import Dice, apply_events, events_of, fight, insurgent_drm, usmc_hits
from .conclusion import Final, after_fight, usmc_state, without_fight
from .engine import combat_for
from .situation import AssaultRolls, Setup

TYPE_NAMES = {
    "top_down": ("'Top-Down'", "‘Top-Down’"),
    "bottom_up": ("'Bottom-Up'", "‘Bottom-Up’"),
    "normal": ("Normal", "Normal"),
}
EVENT_RULES = {"phantom_fury": "13.4.3.2", "fanaticism": "13.4.3.3", "hero": "5.1.5"}


def _s(rule: str, en: str, fr: str) -> Step:
    return Step(rule=rule, en=en, fr=fr)


def resolve(setup: Setup, book: Rulebook, rolls: AssaultRolls) -> dict:
    """The result of the Assault as far as the rolls go; ``pending`` lists the rolls still needed."""
    v = book.values
    dice = Dice.of(book)
    en, fr = TYPE_NAMES[setup.kind]
    steps = [_s(setup.kind_rule, f"{en} Assault.", f"Assault de type {fr}.")]
    result: dict = {"assault_type": setup.kind, "events": []}
    kind, cf, activated, revealed = setup.defender, setup.defender_cf, False, None
    if setup.defender == "suspect":
        if rolls.activation is None:
            return _pending(result, steps, "activation")
        steps.append(
            _s(
                "13.4.1",
                "The 'Suspect' marker is Activated at once.",
                "Le marqueur ‘Suspect’ est immédiatement Activé.",
            )
        )
        steps.append(activation.step(book, setup.zone_type, rolls.activation, "assault"))
        revealed = activation.outcome_of(book, setup.zone_type, rolls.activation, "assault")
        result["activation"] = revealed
        if revealed == "dummy":
            return _conclude(result, steps, setup, book, without_fight(setup, v, "dummy"), None, dummy=True)
        if revealed == "ied":
            if rolls.ied is None:
                return _pending(result, steps, "ied")
            squad_cf = drm.ied_cf(setup, book)
            hurt = ied_outcome(rolls.ied, squad_cf)
            squad = "pinned" if hurt == "pinned" else usmc_state(setup, True, False)
            steps.append(
                _s(
                    "13.5",
                    f"IED Attack: d10 = {rolls.ied} against the squad's CF {squad_cf}: "
                    + ("Pinned in its current Location." if hurt == "pinned" else "Step Loss."),
                    f"Attaque d’IED : d10 = {rolls.ied} pour un FC de {squad_cf} : "
                    + (
                        "Pinned dans sa Location actuelle."
                        if hurt == "pinned"
                        else "Pas de Pertes."
                    ),
                )
            )
            return _conclude(
                result, steps, setup, book, without_fight(setup, v, "ied", squad), None
            )
        if rolls.drawn_cf is None:
            return _pending(result, steps, "drawn_cf")
        kind, cf, activated = revealed, rolls.drawn_cf, True
        steps.append(
            _s(
                "5.3.3" if setup.zone_type == "normal" else "5.3.4",
                f"The counter drawn has CF {cf}.",
                f"Le pion pioché a un FC de {cf}.",
            )
        )
    assert cf is not None
    combat = combat_for(setup, book, kind, cf, activated)
    if rolls.usmc is None or rolls.insurgent is None:
        return _pending(
            result, steps, *[n for n in ("usmc", "insurgent") if getattr(rolls, n) is None]
        )
    u, i, ef = rolls.usmc, rolls.insurgent, v.event_face
    usmc_key = insurgent_key = None
    if u == ef and i == ef:
        steps.append(
            _s(
                "13.4.3.1",
                f"Both sides rolled an unmodified {ef}: no Event.",
                f"Les deux camps ont obtenu {ef} : aucun Évènement.",
            )
        )
        result["events_cancelled"] = "both_rolled_0"
    elif i == ef and combat.insurgent_table is None:
        steps.append(
            _s(
                "13.4.3.1",
                "'No Insurgents Event' marker: the Insurgents Event is nullified.",
                "Marqueur ‘No Insurgents Event’ : l’Évènement ‘Insurgés’ est annulé.",
            )
        )
        result["events_cancelled"] = "no_insurgent_event_marker"
    for side, face, event_roll, table in (
        ("usmc", u, rolls.usmc_event, combat.usmc_table),
        ("insurgent", i, rolls.insurgent_event, combat.insurgent_table),
    ):
        other = i if side == "usmc" else u
        if face != ef or other == ef or table is None:
            continue
        if event_roll is None:
            return _pending(result, steps, f"{side}_event")
        row = book.table(table).result_for(event_roll)
        if side == "usmc":
            usmc_key = row.result
        else:
            insurgent_key = row.result
        name = row.name.en if row.name else row.result
        name_fr = (row.name.fr if row.name else None) or name
        rule = EVENT_RULES.get(row.result, book.table(table).rule)
        who_en, who_fr = ("USMC", "USMC") if side == "usmc" else ("'Insurgents'", "‘Insurgés’")
        steps.append(
            _s(
                rule,
                f"{who_en} unmodified {ef}: Event d10 = {event_roll}: {name}. {row.text.en}",
                f"{who_fr} : {ef} non modifié : Évènement d10 = {event_roll} : {name_fr}. {row.text.fr or row.text.en}",
            )
        )
        result["events"].append(
            {
                "side": side,
                "roll": event_roll,
                "event": row.result,
                "name": {"en": name, "fr": name_fr},
                "rule": rule,
            }
        )
    ue, ie = events_of(combat, dice, u, i, usmc_key, insurgent_key)
    state = apply_events(combat, dice, ue, ie)
    outcome = fight(combat, dice, u, i, usmc_key, insurgent_key)
    if ue == "phantom_fury" or ie == "fanaticism":
        now = combat.phantom_fury_now if ue == "phantom_fury" else combat.fanaticism_now
        steps.append(
            _s(
                EVENT_RULES[ue or ie or ""],
                "The marker's –1 applies to this Assault too (French rules)."
                if now
                else "The marker's –1 counts from the next roll on.",
                "Le –1 du marqueur s’applique à cet Assaut (l’Assaut en cours inclus)."
                if now
                else "Le –1 du marqueur compte à partir du prochain jet.",
            )
        )
    if state.cancelled:
        steps.append(
            _s(
                "13.4.3",
                "Confusion: the Assault is cancelled before resolution.",
                "Confusion : l’Assaut est annulé avant sa résolution.",
            )
        )
    elif state.eliminated_before:
        steps.append(
            _s(
                "13.4.3",
                f"The CF {cf} 'Insurgents' unit is eliminated before the Assault is resolved.",
                f"L’unité ‘Insurgés’ de FC {cf} est éliminée avant la résolution de l’Assaut.",
            )
        )
    elif state.bomber:
        steps.append(
            _s(
                "13.4.3",
                "Suicide Bomber: the 'Martyrs' unit and the USMC squad are both eliminated.",
                "Suicide Bomber : l’unité ‘Martyrs’ et le squad USMC sont tous deux éliminés.",
            )
        )
    else:
        hit = usmc_hits(u, state, dice)
        final_u = u + state.drm_u
        if u == dice.no_effect_face:
            steps.append(
                _s(
                    "13.4.2",
                    f"USMC: unmodified {u}: the enemy unit suffers no Step Loss.",
                    f"USMC : {u} non modifié : aucun Pas de Pertes pour l’unité adverse.",
                )
            )
        else:
            steps.append(
                _s(
                    "13.4.2",
                    f"USMC: d10 = {u}, DRM {state.drm_u:+d}: {final_u} against CF {state.cf_u}: "
                    + ("Step Loss on the 'Insurgents' unit." if hit else "no Step Loss."),
                    f"USMC : d10 = {u}, modificateur {state.drm_u:+d} : {final_u} pour un FC de {state.cf_u} : "
                    + (
                        "Pas de Pertes pour l’unité ‘Insurgés’." if hit else "pas de Pas de Pertes."
                    ),
                )
            )
        result["usmc_final"] = final_u
        eliminated = outcome.insurgent == "eliminated"
        drm_i = insurgent_drm(combat, state, eliminated)
        final_i = i + drm_i
        if i == dice.no_effect_face:
            steps.append(
                _s(
                    "13.4.2",
                    f"'Insurgents': unmodified {i}: the squad suffers no Step Loss.",
                    f"‘Insurgés’ : {i} non modifié : aucun Pas de Pertes pour le squad.",
                )
            )
        else:
            why = (
                ""
                if eliminated or not combat.surv_i
                else " (the unit is not eliminated: 13.4.5/13.4.6 DRM)"
            )
            why_fr = (
                ""
                if eliminated or not combat.surv_i
                else " (l’unité n’est pas éliminée : modificateur 13.4.5/13.4.6)"
            )
            steps.append(
                _s(
                    "13.4.2",
                    f"'Insurgents': d10 = {i}, DRM {drm_i:+d}{why}: {final_i} against CF {state.cf_i}: "
                    + ("Step Loss on the squad." if outcome.usmc_hit else "no Step Loss."),
                    f"‘Insurgés’ : d10 = {i}, modificateur {drm_i:+d}{why_fr} : {final_i} pour un FC de {state.cf_i} : "
                    + (
                        "Pas de Pertes pour le squad."
                        if outcome.usmc_hit
                        else "pas de Pas de Pertes."
                    ),
                )
            )
        result["insurgent_final"] = final_i
        if hit and state.drugged is not None:
            table_rule = book.table(
                combat.insurgent_table or combat.usmc_table or "events-insurgents"
            ).rule
            steps.append(
                _s(
                    table_rule,
                    f"Drugged Fighters: the unit is replaced by one of CF {outcome.insurgent_cf} instead of being eliminated.",
                    f"Combattants drogués : l’unité est remplacée par une unité de FC {outcome.insurgent_cf} au lieu d’être éliminée.",
                )
            )
    final = after_fight(setup, book.values, kind, cf, outcome, revealed)
    return _conclude(result, steps, setup, book, final, outcome.usmc_nine, outcome.hero)


def _pending(result: dict, steps: list[Step], *names: str) -> dict:
    return {**result, "pending": list(names), "steps": [s.model_dump() for s in steps]}


def _conclude(
    result: dict,
    steps: list[Step],
    setup: Setup,
    book: Rulebook,
    final: Final,
    nine: bool | None,
    hero: int | None = None,
    dummy: bool = False,
) -> dict:
    v = book.values
    if final.usmc == "eliminated":
        steps.append(_s("5.1.1.1", "The USMC squad is eliminated.", "Le squad USMC est éliminé."))
    elif final.usmc == "step_loss":
        steps.append(
            _s(
                "5.1.1.1",
                "The USMC squad suffers a Step Loss: its counter is flipped (CF –1).",
                "Le squad USMC subit un Pas de Pertes : son pion est retourné (FC –1).",
            )
        )
    if final.insurgent in ("survives", "reduced") and not final.cancelled:
        if final.blocked:
            spared = nine and setup.blocked_spared_on_nine
            steps.append(
                _s(
                    "13.6.4",
                    "A Security Element in the Zone: the 'Guerillas' unit may not retreat and stays"
                    + (
                        " with its CF (unmodified USMC 9, French rules)."
                        if spared
                        else f", CF now {final.insurgent_cf}."
                    ),
                    "Un Security Element dans la Zone : l’unité ‘Guerillas’ ne peut pas se replier et reste"
                    + (
                        " avec son FC (9 non modifié du squad USMC)."
                        if spared
                        else f", FC désormais {final.insurgent_cf}."
                    ),
                )
            )
        elif final.retreat:
            steps.append(
                _s(
                    "13.4.7.1",
                    "The 'Guerillas' unit survives and must carry out a Retreat Movement.",
                    "L’unité ‘Guerillas’ survit et doit effectuer un Mouvement de Repli.",
                )
            )
        elif setup.defender == "martyrs" or final.activation == "martyrs":
            steps.append(
                _s(
                    "13.4.7.1",
                    "The 'Martyrs' unit survives and remains in its Location.",
                    "L’unité ‘Martyrs’ survit et reste dans sa Location.",
                )
            )
        elif setup.mosque:
            steps.append(
                _s(
                    "13.4.7.1",
                    "The 'Guerillas' unit in Zone 26 (mosque) does not retreat: it stays in its Location.",
                    "L’unité ‘Guerillas’ en Zone 26 (mosquée) ne se replie pas : elle reste dans sa Location.",
                )
            )
        else:
            steps.append(
                _s(
                    "13.4.3.3",
                    "The 'Guerillas' unit benefits from 'Fanaticism': exempt from Retreat, it stays in its Location.",
                    "L’unité ‘Guerillas’ bénéficie de ‘Fanatism’ : exemptée de Repli, elle reste dans sa Location.",
                )
            )
    elif final.insurgent == "eliminated" and final.blocked:
        steps.append(
            _s(
                "13.6.4",
                "A Security Element in the Zone: the CF 1 'Guerillas' unit cannot retreat and is eliminated (French rules).",
                "Un Security Element dans la Zone : l’unité ‘Guerillas’ de FC 1 ne peut se replier et est éliminée.",
            )
        )
    if final.marker != "no":
        steps.append(
            _s(
                "13.6.4",
                "Place a 'No Insurgents Event' marker in the Zone"
                + (" when the Flooding ends." if final.marker == "after_flooding" else "."),
                "Placer un marqueur ‘No Insurgents Event’ dans la Zone"
                + (" à la fin du ‘Flooding’." if final.marker == "after_flooding" else "."),
            )
        )
    if final.enter == "must":
        steps.append(
            _s(
                "13.4.7.2",
                "The Location is empty: the squad must enter it.",
                "La Location est vide : le squad doit y entrer.",
            )
        )
    elif final.enter == "if_zone_clear":
        steps.append(
            _s(
                "13.4.8.1",
                "The Location is empty: the squad enters it only if the Zone is now clear; otherwise it goes on Flooding.",
                "La Location est vide : le squad n’y entre que si la Zone est vide ; sinon le ‘Flooding’ continue.",
            )
        )
    if setup.flooding:
        steps.append(
            _s(
                "13.4.8.1",
                "The Flooding goes on with the next occupied Location (2', 1, 1')."
                if final.flooding == "must"
                else "The Flooding ends.",
                "Le ‘Flooding’ continue avec la Location occupée suivante (2’, 1, 1’)."
                if final.flooding == "must"
                else "Le ‘Flooding’ prend fin.",
            )
        )
    elif final.flooding != "no":
        steps.append(
            _s(
                "13.4.7.2",
                "'Top-Down' from R: the squad "
                + ("must" if final.flooding == "must" else "may")
                + " carry out a Flooding.",
                "‘Top-Down’ depuis R : le squad "
                + ("doit" if final.flooding == "must" else "peut")
                + " effectuer un ‘Flooding’.",
            )
        )
    elif setup.kind == "top_down" and setup.attacker_location == "R" and final.enter == "must":
        rule = "4.1.5" if setup.zone_type == "fortified" else "13.4.8.2"
        steps.append(
            _s(
                rule,
                "No Flooding: "
                + (
                    "Fortified Zone."
                    if rule == "4.1.5"
                    else f"the squad's CF is {v.flooding_max_cf} or less."
                ),
                "Pas de ‘Flooding’ : "
                + (
                    "Zone Retranchée."
                    if rule == "4.1.5"
                    else f"le FC du squad est de {v.flooding_max_cf} ou moins."
                ),
            )
        )
    if setup.explosives and dummy:  # a Dummy: no Assault is resolved, so the explosives are not used
        steps.append(
            _s(
                "13.7.1",
                "The 'Suspect' marker was a Dummy: no Assault was resolved, so the CAAT support keeps its "
                "'Explosives' marker.",
                "Le marqueur ‘Suspect’ était un leurre : aucun Assaut n’a été résolu, le support CAAT garde son "
                "marqueur ‘Explosives’.",
            )
        )
    elif setup.explosives:
        steps.append(
            _s(
                "13.7.1",
                "The CAAT support's 'Explosives' marker is withdrawn from the game.",
                "Le marqueur ‘Explosives’ du support CAAT est retiré du jeu.",
            )
        )
    result.update(
        insurgent=final.insurgent,
        insurgent_cf_after=final.insurgent_cf
        if final.insurgent not in ("eliminated", "none")
        else None,
        retreat=final.retreat,
        usmc=final.usmc,
        cancelled=final.cancelled,
        flooding=final.flooding,
        enter_location=final.enter,
        security_element_blocked=final.blocked,
        no_insurgent_event_marker=final.marker,
        hero=(None, "silver_star", "medal_of_honor")[setup.hero if hero is None else hero],
        steps=[s.model_dump() for s in steps],
    )
    return result
