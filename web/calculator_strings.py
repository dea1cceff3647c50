"""The calculator's interface strings, English and French side by side, registered with :mod:`web.i18n`.

A game's own labels (its situations, fields, values and outcomes) come with its companion
(``web/games/<package>/strings.py``); a game without them shows the adjudicator's names.
"""

from __future__ import annotations

from .i18n import STRINGS, register, t

_PAGE: dict[str, tuple[str, str]] = {
    "calc.title": ("Calculator", "Calculateur"),
    "calc.intro": (("Every die roll of the game: the modifiers with their rules, the exact odds of each "
                    "outcome, then the roll resolved step by step."),
                   ("Chaque jet de dé du jeu : les modificateurs avec leur règle, les chances exactes de chaque "
                    "résultat, puis le jet résolu pas à pas.")),
    "calc.free": ("Without a game: nothing is prefilled or recorded.", "Sans partie : rien n’est prérempli ni enregistré."),
    "calc.for_game": ("Prefilled from the game; every field stays editable.",
                      "Prérempli d’après la partie ; chaque champ reste modifiable."),
    "calc.pick.none": ("—", "—"),
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
    "calc.drm": ("Die roll modifier (DRM)", "Modificateur au dé"),
    "calc.notes": ("Notes", "Remarques"),
    "calc.rolls": ("The roll", "Le jet"),
    "calc.rolls.hint": ("Roll your dice and enter what they show. Leave empty the dice not rolled yet.",
                        "Lancez vos dés et saisissez ce qu’ils montrent. Laissez vides les dés pas encore lancés."),
    "calc.roll_for_me": ("Roll for me (the app rolls, recorded as such)", "Lancer pour moi (l’app lance, enregistré comme tel)"),
    "calc.rolled_by_app": ("Rolled by the app: {faces}", "Lancé par l’app : {faces}"),
    "calc.recorded_by_app": ("Dice rolled by the app (roll event {version})", "Dés lancés par l’app (événement de jet {version})"),
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
    "calc.fill_in": ("Fill in the fields marked * to see the odds.", "Remplissez les champs marqués * pour voir les chances."),
    "calc.invalid": ("Not allowed as it stands:", "Pas permis en l’état :"),
    "calc.hooks": ("Rolls", "Jets"),
    "calc.this_phase": ("This Phase: {phase}", "Cette Phase : {phase}"),
    "calc.all": ("Every roll", "Tous les jets"),
    "calc.suggested": ("Now", "Maintenant"),
    "calc.undo": ("Undo the last action", "Annuler la dernière action"),
    "calc.who": ("Who and where", "Qui et où"),
    "calc.who.hint": ("Changing one of these fills the form from the game.",
                      "Changer l’un de ces choix remplit le formulaire d’après la partie."),
    "calc.summary.none": ("Odds: fill in the fields marked *.", "Chances : remplissez les champs marqués *."),
    "calc.summary": ("Odds", "Chances"),
    "calc.summary.against": ("Odds: against the rules as it stands; change the form or override the warning.",
                             "Chances : contraire aux règles en l’état ; changez le formulaire ou passez outre l’avertissement."),
    "calc.required": ("Required to compute the odds.", "Nécessaire pour calculer les chances."),
    "calc.draft.restored": ("Your entries from before the reload are back.",
                            "Vos saisies d’avant le rechargement sont revenues."),
    "calc.draft.stale": (("A draft of this roll was kept for the game at event {then}; the game has moved on "
                          "(event {now}), so it was not restored. Nothing was changed."),
                         ("Un brouillon de ce jet avait été gardé pour la partie à l’événement {then} ; la partie "
                          "a avancé (événement {now}), il n’a donc pas été repris. Rien n’a été changé.")),
    "calc.draft.discard": ("Forget the draft", "Oublier le brouillon"),
    "calc.changes": ("Changes to apply", "Changements à appliquer"),
    "calc.changes.hint": ("Untick what did not happen at the table.", "Décochez ce qui n’a pas eu lieu sur la table."),
    "calc.apply_n": ("Apply {n} changes", "Appliquer {n} changements"),
    "calc.apply_1": ("Apply 1 change", "Appliquer 1 changement"),
    "calc.apply_0": ("Nothing ticked", "Rien de coché"),
    "calc.applied_n": ("Applied: {n} changes.", "Appliqués : {n} changements."),
    "calc.applied_1": ("Applied: 1 change.", "Appliqué : 1 changement."),
    "calc.applied_partly": ("Applied {done} of {n}; stopped at: {what}", "Appliqués {done} sur {n} ; arrêt sur : {what}"),
    "calc.undo_applied": ("Undo", "Annuler"),
    "calc.next": ("Next roll", "Jet suivant"),
    "calc.warning": ("Against the rules?", "Contraire aux règles ?"),
    "calc.override": ("Override: the rule does not apply here", "Passer outre : la règle ne s’applique pas ici"),
    "calc.override.reason": ("Why (written in the log)", "Pourquoi (écrit dans le journal)"),
    "calc.override.needs_reason": ("Say why you override the rule: the reason goes in the log.",
                                   "Dites pourquoi vous passez outre la règle : le motif va dans le journal."),
    "calc.override.refused": ("Not recorded: tick the override and give a reason, or change the form.",
                              "Non enregistré : cochez le passage outre et donnez un motif, ou changez le formulaire."),
    "calc.override.note": ("Override of {rules}: {reason}", "Passé outre {rules} : {reason}"),
}


register(_PAGE)


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
