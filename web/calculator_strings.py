"""The calculator's interface strings, English and French side by side, registered with :mod:`web.i18n`.

Names are the rulebook's (Zone, Location, Step Loss, Pinned, Fired, 'Suspect' marker); the
French ones follow the French rulebook's vocabulary where it has one.
"""

from __future__ import annotations

from .i18n import STRINGS, register, t

_PAGE: dict[str, tuple[str, str]] = {
    "calc.title": ("Calculator", "Calculateur"),
    "calc.intro": ("Every d10 procedure of the game: the modifiers with their rules, the exact odds of each "
                   "outcome, then the roll resolved step by step.",
                   "Chaque jet de d10 du jeu : les modificateurs avec leur règle, les chances exactes de chaque "
                   "résultat, puis le jet résolu pas à pas."),
    "calc.free": ("Without a game: nothing is prefilled or recorded.", "Sans partie : rien n’est prérempli ni enregistré."),
    "calc.for_game": ("Prefilled from the game; every field stays editable.",
                      "Prérempli d’après la partie ; chaque champ reste modifiable."),
    "calc.pick": ("Unit and target", "Unité et cible"),
    "calc.pick.unit": ("Unit", "Unité"),
    "calc.pick.zone": ("Target Zone", "Zone cible"),
    "calc.pick.location": ("Target Location", "Emplacement cible"),
    "calc.pick.target": ("Target", "Cible"),
    "calc.pick.none": ("—", "—"),
    "calc.pick.go": ("Prefill", "Préremplir"),
    "calc.situation": ("Situation", "Situation"),
    "calc.ruleset": ("Ruleset", "Règles"),
    "calc.ruleset.en": ("English rulebook", "Livret anglais"),
    "calc.ruleset.fr": ("French rulebook", "Livret français"),
    "calc.odds": ("Odds", "Chances"),
    "calc.odds.after": ("Odds after the dice entered", "Chances après les dés saisis"),
    "calc.modifiers": ("Modifiers", "Modificateurs"),
    "calc.modifier.value": ("Value", "Valeur"),
    "calc.modifier.rule": ("Rule", "Règle"),
    "calc.modifier.reason": ("Reason", "Motif"),
    "calc.modifier.none": ("No modifier.", "Aucun modificateur."),
    "calc.modifier.conditional": ("only if it applies", "seulement le cas échéant"),
    "calc.drm": ("Total modifier", "Modificateur total"),
    "calc.notes": ("Notes", "Remarques"),
    "calc.rolls": ("The roll", "Le jet"),
    "calc.rolls.hint": ("Roll your d10 and enter the faces (0 is 0). Leave empty the dice not rolled yet.",
                        "Lancez votre d10 et saisissez les faces (0 vaut 0). Laissez vides les dés pas encore lancés."),
    "calc.roll_for_me": ("Roll for me (the app rolls, recorded as such)", "Lancer pour moi (l’app lance, enregistré comme tel)"),
    "calc.rolled_by_app": ("Rolled by the app: {faces}", "Lancé par l’app : {faces}"),
    "calc.recorded_by_app": ("d10 rolled by the app (roll event {version})", "d10 lancé par l’app (événement de jet {version})"),
    "calc.pending": ("Still to roll: {fields}", "Reste à lancer : {fields}"),
    "calc.result": ("Result", "Résultat"),
    "calc.record": ("Record in the game log", "Enregistrer dans le journal"),
    "calc.record.needs_roll": ("Enter the roll first.", "Saisissez d’abord le jet."),
    "calc.recorded": ("Recorded (event {version}).", "Enregistré (événement {version})."),
    "calc.consequences": ("What it changes", "Ce que cela change"),
    "calc.consequences.hint": ("Apply each that happened; each can be undone.",
                               "Appliquez chacun de ceux qui ont lieu ; chacun peut être annulé."),
    "calc.consequences.none": ("Nothing the companion tracks changes.", "Rien de ce que suit le compagnon ne change."),
    "calc.apply": ("Apply", "Appliquer"),
    "calc.applied": ("Applied", "Appliqué"),
    "calc.open": ("Open", "Ouvrir"),
    "calc.back": ("Back to the game", "Retour à la partie"),
    "calc.again": ("New roll", "Nouveau jet"),
    "calc.bad_query": ("This calculator cannot be prefilled", "Ce calculateur ne peut pas être prérempli"),
    "calc.unknown": ("Unknown situation {value!r}: one of {allowed}.", "Situation inconnue {value!r} : une parmi {allowed}."),
    "calc.recorded_missing": ("recorded: {value!r}: the version of an adjudication of this game",
                              "recorded : {value!r} : la version d’une adjudication de cette partie"),
    "calc.yes": ("yes", "oui"),
    "calc.no": ("no", "non"),
    "calc.unknown_value": ("not said", "non précisé"),
    "calc.invalid": ("Not allowed as it stands:", "Pas permis en l’état :"),
    "calc.hooks": ("Rolls", "Jets"),
    "calc.this_phase": ("This Phase: {phase}", "Cette Phase : {phase}"),
    "calc.all": ("Every roll", "Tous les jets"),
    "calc.undo": ("Undo the last action", "Annuler la dernière action"),
}

#: One label per situation (the adjudicator's names), then its governing rule.
_SITUATIONS: dict[str, tuple[str, str]] = {
    "calc.s.fire": ("Fire Combat", "Combat par le feu"),
    "calc.s.suspect-activation": ("'Suspect' marker Activation", "Activation d’un marqueur ‘Suspect’"),
    "calc.s.sniper-fire": ("Sniper Attack after Fire", "Attaque de Sniper après un tir"),
    "calc.s.sniper-street": ("Sniper Attack in a Street Section", "Attaque de Sniper dans une Section de rue"),
    "calc.s.defensive-fire": ("Defensive Fire", "Tir défensif"),
    "calc.s.ied": ("IED Attack", "Attaque d’IED"),
    "calc.s.assault": ("Assault", "Assaut"),
    "calc.s.pinned-recovery": ("Pinned recovery", "Récupération des unités Pinned"),
    "calc.s.abrams-mc": ("M1A1 Abrams Movement Capacity", "Capacité de mouvement de l’Abrams M1A1"),
    "calc.s.support-mission": ("Support Mission", "Mission de soutien"),
    "calc.s.insurgent-reaction": ("Insurgent Reaction", "Réaction insurgée"),
    "calc.s.victory": ("Victory Points and level", "Points de victoire et niveau"),
}

#: Field labels, by the last part of the field's path (``shooter.cf`` → ``cf``) or its whole path.
_FIELDS: dict[str, tuple[str, str]] = {
    "calc.g.shooter": ("Firing unit", "Unité qui tire"),
    "calc.g.target": ("Target", "Cible"),
    "calc.g.insurgent": ("Insurgent firing", "Insurgé qui tire"),
    "calc.g.squad": ("Squad entering the Location", "Escouade qui entre dans l’Emplacement"),
    "calc.g.attacker": ("Assaulting unit", "Unité qui attaque"),
    "calc.g.defender": ("Defender", "Défenseur"),
    "calc.g.situation": ("Situation", "Situation"),
    "calc.f.unit": ("Unit", "Unité"),
    "calc.f.cf": ("CF (visible side of the counter)", "FC (face visible du pion)"),
    "calc.f.target.cf": ("CF of the 'Insurgents' unit", "FC de l’unité ‘Insurgés’"),
    "calc.f.defender.cf": ("CF of the 'Insurgents' unit", "FC de l’unité ‘Insurgés’"),
    "calc.f.insurgent.cf": ("CF of the 'Insurgents' unit", "FC de l’unité ‘Insurgés’"),
    "calc.f.ied:cf": ("CF (Hero and Security Element counted)", "FC (Héros et Security Element compris)"),
    "calc.f.location": ("Location", "Emplacement"),
    "calc.f.caat_ammo": ("CAAT 'Ammo' used", "‘Ammo’ CAAT utilisé"),
    "calc.f.hero": ("'Hero' marker", "Marqueur ‘Hero’"),
    "calc.f.security_element_detached": ("Security Element detached", "Security Element détaché"),
    "calc.f.security_element": ("Security Element", "Security Element"),
    "calc.f.zone": ("Zone type", "Type de Zone"),
    "calc.f.zone_number": ("Zone number", "Numéro de Zone"),
    "calc.f.phantom_fury": ("'Phantom Fury' marker", "Marqueur ‘Phantom Fury’"),
    "calc.f.fanaticism": ("'Fanaticism' marker", "Marqueur ‘Fanatisme’"),
    "calc.f.no_insurgent_event": ("'No Insurgents Event' marker", "Marqueur ‘No Insurgents Event’"),
    "calc.f.ruins": ("Ruins Zone", "Zone en Ruines"),
    "calc.f.roll": ("d10", "d10"),
    "calc.f.activation": ("Activation d10", "d10 d’Activation"),
    "calc.f.drawn_cf": ("CF of the 'Insurgents' unit drawn", "FC de l’unité ‘Insurgés’ tirée"),
    "calc.f.reaction_roll": ("Reaction d10", "d10 de Réaction"),
    "calc.f.context": ("Activated by", "Activé par"),
    "calc.f.shooter": ("Unit that revealed it", "Unité qui l’a révélé"),
    "calc.f.count": ("'Insurgents' units and 'Suspect' markers nearby", "Unités ‘Insurgés’ et marqueurs ‘Suspect’ proches"),
    "calc.f.insurgent_units": ("'Insurgents' units", "Unités ‘Insurgés’"),
    "calc.f.suspects": ("'Suspect' markers", "Marqueurs ‘Suspect’"),
    "calc.f.abrams_in_street": ("Abrams in the Street Section", "Abrams dans la Section de rue"),
    "calc.f.rolls.insurgents": ("d10 for the 'Insurgents' units", "d10 pour les unités ‘Insurgés’"),
    "calc.f.rolls.suspects": ("d10 for the 'Suspect' markers", "d10 pour les marqueurs ‘Suspect’"),
    "calc.f.rolls.fire": ("Fire d10", "d10 de tir"),
    "calc.f.rolls.check": ("'Suspect' check d10", "d10 de vérification du ‘Suspect’"),
    "calc.f.rolls.ied": ("IED d10", "d10 d’IED"),
    "calc.f.rolls.usmc": ("USMC d10", "d10 USMC"),
    "calc.f.rolls.insurgent": ("Insurgents d10", "d10 Insurgés"),
    "calc.f.rolls.usmc_event": ("USMC Event d10", "d10 d’Événement USMC"),
    "calc.f.rolls.insurgent_event": ("Insurgents Event d10", "d10 d’Événement insurgé"),
    "calc.f.with_abrams": ("With an Abrams", "Avec un Abrams"),
    "calc.f.reduced": ("Reduced (one Step Loss)", "Réduite (un Pas de Perte)"),
    "calc.f.explosives": ("CAAT 'Explosives' used", "‘Explosives’ CAAT utilisés"),
    "calc.f.zone_cleared": ("Zone cleared", "Zone nettoyée"),
    "calc.f.adjacent_zone": ("Defender in an Adjacent Zone", "Défenseur dans une Zone Adjacente"),
    "calc.f.security_element_in_zone": ("Security Element in the Zone", "Security Element dans la Zone"),
    "calc.f.others_in_zone": ("Other insurgents in the Zone", "Autres insurgés dans la Zone"),
    "calc.f.flooding": ("Flooding", "Flooding"),
    "calc.f.counter_attack": ("Counter-attack", "Contre-attaque"),
    "calc.f.enemy_nearby": ("Enemy nearby", "Ennemi à proximité"),
    "calc.f.mission": ("Mission", "Mission"),
    "calc.f.successes_so_far": ("Successes so far", "Succès jusqu’ici"),
    "calc.f.variant": ("Variant", "Variante"),
    "calc.f.uncontrolled_zones": ("Zones not under USMC Control (numbers, commas)",
                                  "Zones non Contrôlées par l’USMC (numéros, virgules)"),
    "calc.f.zone26_empty": ("Zone 26 empty", "Zone 26 vide"),
    "calc.f.last_turn_played": ("Last turn played", "Dernier tour joué"),
    "calc.f.guerillas_eliminated": ("'Guerillas' units eliminated", "Unités ‘Guerillas’ éliminées"),
    "calc.f.battalion_reinforcements": ("Battalion squads used", "Escouades du bataillon utilisées"),
    "calc.f.caat_eliminated": ("CAAT supports eliminated", "Soutiens CAAT éliminés"),
    "calc.f.iif_eliminated": ("IIF squads eliminated", "Escouades IIF éliminées"),
    "calc.f.squads_reduced": ("USMC squads reduced", "Escouades USMC réduites"),
    "calc.f.squads_eliminated": ("USMC squads eliminated", "Escouades USMC éliminées"),
    "calc.f.squads_withdrawn": ("USMC squads withdrawn", "Escouades USMC retirées"),
}

#: Choices of the selects and outcomes of the odds (the adjudicator's keys).
_VALUES: dict[str, tuple[str, str]] = {
    "calc.v.squad": ("USMC squad", "Escouade USMC"),
    "calc.v.iif": ("IIF squad", "Escouade IIF"),
    "calc.v.abrams": ("M1A1 Abrams", "Abrams M1A1"),
    "calc.v.suspect": ("'Suspect' marker", "Marqueur ‘Suspect’"),
    "calc.v.guerillas": ("'Guerillas'", "‘Guerillas’"),
    "calc.v.martyrs": ("'Martyrs'", "‘Martyrs’"),
    "calc.v.silver_star": ("Silver Star", "Silver Star"),
    "calc.v.medal_of_honor": ("Medal of Honor", "Medal of Honor"),
    "calc.v.normal": ("Normal", "Normale"),
    "calc.v.fortified": ("Fortified (Strong Point)", "Fortifiée (Point fort)"),
    "calc.v.street": ("Street Section", "Section de rue"),
    "calc.v.fire": ("Fire Combat", "Combat par le feu"),
    "calc.v.assault": ("Assault", "Assaut"),
    "calc.v.defensive_fire": ("Defensive Fire", "Tir défensif"),
    "calc.v.setup": ("Setup", "Mise en place"),
    "calc.v.dragon_eye": ("Dragon Eye", "Dragon Eye"),
    "calc.v.super_cobra": ("Super Cobra", "Super Cobra"),
    "calc.v.hornet": ("Hornet", "Hornet"),
    "calc.v.standard": ("Standard", "Standard"),
    "calc.v.historical": ("Historical variant (15)", "Variante historique (15)"),
    "calc.o.success": ("Success", "Succès"),
    "calc.o.no_effect": ("No effect", "Sans effet"),
    "calc.o.dummy": ("Dummy (false alert)", "Leurre (fausse alerte)"),
    "calc.o.guerillas": ("'Guerillas' drawn", "‘Guerillas’ tirés"),
    "calc.o.martyrs": ("'Martyrs' drawn", "‘Martyrs’ tirés"),
    "calc.o.ied": ("IED Attack", "Attaque d’IED"),
    "calc.o.sniper": ("Sniper Attack", "Attaque de Sniper"),
    "calc.o.retained": ("Marker kept", "Marqueur conservé"),
    "calc.o.untouched": ("Untouched", "Indemne"),
    "calc.o.pinned": ("Pinned", "Pinned"),
    "calc.o.step_loss": ("Step Loss", "Pas de Perte"),
    "calc.o.pinned_and_step_loss": ("Pinned and a Step Loss", "Pinned et un Pas de Perte"),
    "calc.o.step_loss_and_pinned": ("Step Loss and Pinned", "Pas de Perte et Pinned"),
    "calc.o.recovered": ("Recovered", "Récupérée"),
    "calc.o.still_pinned": ("Still Pinned", "Toujours Pinned"),
    "calc.o.mc_1": ("Movement Capacity 1", "Capacité de mouvement 1"),
    "calc.o.mc_2": ("Movement Capacity 2", "Capacité de mouvement 2"),
    "calc.o.mc_3": ("Movement Capacity 3", "Capacité de mouvement 3"),
    "calc.o.mc_4": ("Movement Capacity 4", "Capacité de mouvement 4"),
    "calc.o.postponed": ("Postponed", "Reportée"),
    "calc.o.reinforcements": ("Reinforcements", "Renforts"),
    "calc.o.retreat": ("Retreat", "Repli"),
    "calc.o.eagle_of_fallujah": ("Eagle of Fallujah", "Aigle de Falloujah"),
    "calc.o.counter_attack": ("Counter-attack", "Contre-attaque"),
    "calc.o.hbied": ("HBIED", "HBIED"),
    "calc.o.insurgent_eliminated": ("Insurgents eliminated", "Insurgés éliminés"),
    "calc.o.insurgent_reduced": ("Insurgents weakened", "Insurgés affaiblis"),
    "calc.o.insurgent_survives": ("Insurgents survive", "Insurgés survivent"),
    "calc.o.no_insurgent": ("No insurgent there", "Aucun insurgé"),
    "calc.o.usmc_untouched": ("USMC untouched", "USMC indemne"),
    "calc.o.usmc_step_loss": ("USMC Step Loss", "Pas de Perte USMC"),
    "calc.o.usmc_eliminated": ("USMC eliminated", "USMC éliminé"),
    "calc.o.usmc_pinned": ("USMC Pinned", "USMC Pinned"),
    "calc.o.cancelled": ("Assault cancelled", "Assaut annulé"),
    "calc.o.security_element_blocks": ("Security Element blocks", "Le Security Element bloque"),
    "calc.o.flooding_must": ("Flooding required", "Flooding obligatoire"),
    "calc.o.flooding_may": ("Flooding allowed", "Flooding permis"),
    "calc.o.activation_guerillas": ("'Guerillas' drawn", "‘Guerillas’ tirés"),
    "calc.o.activation_martyrs": ("'Martyrs' drawn", "‘Martyrs’ tirés"),
    "calc.o.activation_dummy": ("Dummy", "Leurre"),
    "calc.o.activation_ied": ("IED Attack", "Attaque d’IED"),
    "calc.o.insurgent_event_confusion": ("Insurgents Event: Confusion", "Événement insurgé : Confusion"),
    "calc.o.insurgent_event_drugged_fighters": ("Insurgents Event: Drugged fighters", "Événement insurgé : Combattants drogués"),
    "calc.o.insurgent_event_fanaticism": ("Insurgents Event: Fanaticism", "Événement insurgé : Fanatisme"),
    "calc.o.insurgent_event_suicide_bomber": ("Insurgents Event: Suicide bomber", "Événement insurgé : Kamikaze"),
    "calc.o.usmc_event_flight": ("USMC Event: Flight", "Événement USMC : Fuite"),
    "calc.o.usmc_event_hero": ("USMC Event: Hero", "Événement USMC : Héros"),
    "calc.o.usmc_event_phantom_fury": ("USMC Event: Phantom Fury", "Événement USMC : Phantom Fury"),
    "calc.o.usmc_event_usmc_sniper": ("USMC Event: USMC sniper", "Événement USMC : Sniper USMC"),
}

register({**_PAGE, **_SITUATIONS, **_FIELDS, **_VALUES})


def maybe(key: str, fallback: str, lang: str | None = None) -> str:
    """``t(key)`` when declared, else ``fallback`` (a value the adjudicator names that has no label here)."""
    return t(key, lang) if key in STRINGS else fallback


def field_label(path: str, situation: str = "") -> str:
    """The label of a form field: for this situation, else by its whole path, else by its last part."""
    for key in (f"calc.f.{situation}:{path}", f"calc.f.{path}"):
        if key in STRINGS:
            return t(key)
    name = path.rsplit(".", 1)[-1]
    return maybe(f"calc.f.{name}", name.replace("_", " "))


def value_label(value: object) -> str:
    return maybe(f"calc.v.{value}", str(value))


def outcome_labels(lang: str) -> dict[str, str]:
    """Every outcome label in ``lang``, for the script that draws the odds."""
    return {key[len("calc.o."):]: t(key, lang) for key in STRINGS if key.startswith("calc.o.")}
