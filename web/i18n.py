"""The interface in English and French: every UI string declared once, both languages side by side.

Templates call ``t("key")`` (with ``str.format`` fields: ``t("turn.of", turn=3, last=16)``).
The language is ``?lang=`` when given (and then remembered in the ``lang`` cookie), else the
cookie, else English. Rule text never comes from here: it is the corpus' own text.
A module with more strings (the calculator's, say) calls :func:`register` once at import.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal
from urllib.parse import urlencode

from flask import Flask, Response, g, request

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600

#: key -> (English, French). The rulebook's vocabulary: Zone, Location, Step Loss, Pinned, Fired.
STRINGS: dict[str, tuple[str, str]] = {
    # shell
    "app.name": ("Phantom Fury companion", "Compagnon Phantom Fury"),
    "nav.games": ("Games", "Parties"),
    "nav.game": ("Game", "Partie"),
    "nav.calculator": ("Calculator", "Calculateur"),
    "nav.rules": ("Rules", "Règles"),
    "nav.log": ("Log", "Journal"),
    "nav.main": ("Main navigation", "Navigation principale"),
    "nav.skip": ("Skip to the content", "Aller au contenu"),
    "lang.switch": ("Français", "English"),
    "lang.switch.label": ("Interface language", "Langue de l'interface"),
    "search.label": ("Search the rules", "Chercher dans les règles"),
    "search.placeholder": ("Search rules: 11.4, sniper, Pinned…", "Chercher : 11.4, sniper, Neutralisé…"),
    "search.button": ("Search", "Chercher"),
    "header.turn": ("Turn", "Tour"),
    "header.phase": ("Phase", "Phase"),
    "header.vp": ("VP", "PV"),
    "msg.stale": ("This game moved on in another tab — reload.", "Cette partie a avancé dans un autre onglet — rechargez."),
    "msg.network": ("The server could not be reached.", "Le serveur est injoignable."),
    "msg.working": ("Saving…", "Enregistrement…"),
    "msg.reload": ("Reload", "Recharger"),
    "msg.effects": ("What the last action did", "Ce qu'a fait la dernière action"),
    "error.title": ("Error", "Erreur"),
    "error.404": ("Not found", "Introuvable"),
    "error.back": ("Back to the games", "Retour aux parties"),
    # games
    "games.title": ("Your games", "Vos parties"),
    "games.new": ("New game", "Nouvelle partie"),
    "games.none": ("No game yet: start one.", "Aucune partie : commencez-en une."),
    "games.unnamed": ("Game {id}", "Partie {id}"),
    "games.version": ("{n} events", "{n} événements"),
    "setup.title": ("New game", "Nouvelle partie"),
    "setup.name": ("Name", "Nom"),
    "setup.name.placeholder": ("Jolan, 9 November", "Jolan, 9 novembre"),
    "setup.variant": ("Variant", "Variante"),
    "setup.ruleset": ("Rulebook followed where English and French disagree", "Livret suivi là où l’anglais et le français divergent"),
    "setup.ruleset.hint": (
        "The two rulebooks differ on a few points that change play (the register of differences); the game and its calculator follow the one chosen here.",
        "Les deux livrets diffèrent sur quelques points qui changent le jeu (le registre des différences) ; la partie et son calculateur suivent celui choisi ici.",
    ),
    "ruleset.en": ("English rulebook", "Livret anglais"),
    "ruleset.fr": ("French rulebook", "Livret français"),
    "setup.strong_points": ("Strong Points", "Points forts"),
    "setup.start_zones": ("Start Zones (optional)", "Zones de départ (facultatif)"),
    "setup.start_zones.hint": (
        ("Left empty, the start Zones are the Zones of the start squads below, or none yet: "
         "you then Activate them on the game page. Otherwise {n} different Zones, none with a black circle."),
        ("Laissées vides, les Zones de départ sont celles des squads ci-dessous, ou aucune pour l'instant : "
         "vous les Activez alors sur la page de la partie. Sinon {n} Zones différentes, sans cercle noir.")),
    "setup.start_zones.field": ("{n} Zone numbers", "{n} numéros de Zone"),
    "setup.squads": ("The start squads (optional)", "Les squads de départ (facultatif)"),
    "setup.squads.hint": (
        ("Left empty, no squad is placed: you add them on the game page. Otherwise all {n}: counter number, "
         "CF ({low} to {high}), start Zone, and a CAAT support for {caats} of them."),
        ("Laissés vides, aucun squad n'est placé : vous les ajoutez sur la page de la partie. Sinon les {n} : "
         "numéro du pion, CF ({low} à {high}), Zone de départ, et un support CAAT pour {caats} d'entre eux.")),
    "setup.company": ("Company reinforcements (optional)", "Renforts de compagnie (facultatif)"),
    "setup.battalion": ("Battalion reinforcements (optional)", "Renforts de bataillon (facultatif)"),
    "setup.group.hint": (
        "Left empty, the box stays empty until you add squads. Otherwise all {n}: counter number and CF.",
        "Laissée vide, la case reste vide jusqu'à ce que vous ajoutiez des squads. Sinon les {n} : numéro et CF."),
    "setup.counter": ("Counter", "Pion"),
    "setup.cf": ("CF", "CF"),
    "setup.zone": ("Zone", "Zone"),
    "setup.create": ("Start the game", "Commencer la partie"),
    "setup.import": ("Import a game", "Importer une partie"),
    "setup.import.file": ("A game exported as JSON", "Une partie exportée en JSON"),
    "setup.import.button": ("Import", "Importer"),
    "setup.import.empty": ("Choose a file first.", "Choisissez d'abord un fichier."),
    "game.missing": ("game {id!r} does not exist", "la partie {id!r} n'existe pas"),
    # game page: tracker (8)
    "tracker.turn_of": ("Turn {turn} of {last}", "Tour {turn} sur {last}"),
    "tracker.strong_points": ("{n} Strong Points", "{n} Points forts"),
    "tracker.phases": ("Phases of the turn", "Phases du tour"),
    "tracker.checklist": ("{phase}: what to do", "{phase} : à faire"),
    "tracker.automatic": ("by the app", "par l'appli"),
    "tracker.automatic.title": ("The companion applies this itself at the end of the Phase",
                                "Le compagnon l'applique lui-même à la fin de la Phase"),
    "tracker.nothing": ("Nothing to remind in this Phase.", "Rien à rappeler dans cette Phase."),
    "game.next_phase": ("Next Phase", "Phase suivante"),
    "game.undo": ("Undo", "Annuler"),
    "game.redo": ("Redo", "Rétablir"),
    "game.undo.none": ("Nothing to undo since the setup.", "Rien à annuler depuis la mise en place."),
    "game.undo.roll": ("Undo stops at die rolls: the last action standing is a roll, and a roll once made stays.",
                       "L'annulation s'arrête aux jets de dés : la dernière action est un jet, et un jet fait reste."),
    "game.undo.what": ("Undo takes back #{n}: {what}", "Annuler reprend le n° {n} : {what}"),
    "game.redo.what": ("Redo replays #{n}: {what}", "Rétablir rejoue le n° {n} : {what}"),
    "game.redo.none": ("Nothing to redo.", "Rien à rétablir."),
    "game.export": ("Export (JSON)", "Exporter (JSON)"),
    # VP (7.2)
    "vp.heading": ("Victory Points:", "Points de victoire :"),
    "vp.chart": ("VP at the end of each turn", "PV à la fin de chaque tour"),
    "vp.chart.caption": ("VP total by turn over the victory levels (7.2.2).",
                         "Total de PV par tour sur les niveaux de victoire (7.2.2)."),
    "vp.ledger": ("VP ledger ({n})", "Registre des PV ({n})"),
    "vp.ledger.empty": ("No VP yet.", "Aucun PV pour l'instant."),
    "vp.reason": ("Reason", "Motif"),
    "vp.count": ("How many", "Combien"),
    "vp.record": ("Record VP", "Noter des PV"),
    "vp.record.button": ("Record", "Noter"),
    "vp.correction": ("Manual correction", "Correction manuelle"),
    "vp.value": ("VP (+ or −)", "PV (+ ou −)"),
    "vp.note": ("Reason (required)", "Raison (obligatoire)"),
    "vp.correction.button": ("Correct the VP", "Corriger les PV"),
    "vp.reason.guerillas_eliminated": ("'Guerillas' unit eliminated", "Unité 'Guerillas' éliminée"),
    "vp.reason.squad_reduced": ("Squad reduced", "Squad réduit"),
    "vp.reason.squad_eliminated": ("Squad eliminated", "Squad éliminé"),
    "vp.reason.battalion_reinforcement": ("Battalion squad committed", "Squad de bataillon engagé"),
    "vp.reason.caat_eliminated": ("CAAT eliminated", "CAAT éliminé"),
    "vp.reason.iif_eliminated": ("IIF squad eliminated", "Squad IIF éliminé"),
    "vp.reason.squad_withdrawn": ("Squad withdrawn (Taking Cover)", "Squad retiré (Mise à Couvert)"),
    "vp.reason.zone26_uncontrolled": ("Zone 26 not under USMC Control", "Zone 26 hors Contrôle USMC"),
    "vp.reason.turn_not_played": ("Turns not played", "Tours non joués"),
    "vp.reason.manual": ("Manual correction", "Correction manuelle"),
    # Support Missions (9)
    "missions.title": ("Support Missions", "Missions de soutien"),
    "missions.mission": ("Mission", "Mission"),
    "missions.used": ("Successes / limit", "Succès / limite"),
    "missions.success": ("Success", "Succès"),
    "missions.postponed": ("Postponed", "Reportée"),
    "missions.only_support": ("Missions are called in the Support Phase.", "Les Missions se demandent en Phase de soutien."),
    "mission.dragon_eye": ("Dragon Eye", "Dragon Eye"),
    "mission.super_cobra": ("AH-1W Super Cobra", "AH-1W Super Cobra"),
    "mission.hornet": ("F/A-18 Hornet", "F/A-18 Hornet"),
    # units (5.1)
    "units.title": ("Units", "Unités"),
    "units.where.map": ("On the map", "Sur la carte"),
    "units.where.reinforcements": ("Reinforcement boxes", "Cases de renforts"),
    "units.where.eliminated": ("Eliminated", "Éliminées"),
    "units.where.withdrawn": ("Withdrawn", "Retirées"),
    "units.add": ("Add a unit", "Ajouter une unité"),
    "units.add.hint": ("For a squad not entered at setup.", "Pour un squad non saisi à la mise en place."),
    "units.add.button": ("Add", "Ajouter"),
    "units.kind": ("Kind", "Type"),
    "units.origin": ("Origin", "Origine"),
    "units.origin.start": ("Start", "Départ"),
    "units.origin.company": ("Company", "Compagnie"),
    "units.origin.battalion": ("Battalion", "Bataillon"),
    "units.origin.iraqi": ("Iraqi", "Irakien"),
    "units.origin.armour": ("Armour", "Blindé"),
    "units.location": ("Location", "Location"),
    "units.caat": ("With a CAAT support", "Avec un support CAAT"),
    "unit.kind.squad": ("Squad", "Squad"),
    "unit.kind.iif": ("IIF", "IIF"),
    "unit.kind.abrams": ("M1A1 Abrams", "M1A1 Abrams"),
    "unit.cf.title": ("Combat Factor now (at full strength)", "Combat Factor actuel (à pleine force)"),
    "unit.status": ("Status", "État"),
    "unit.status.ready": ("Ready", "Prêt"),
    "unit.status.fired": ("Fired", "Fired"),
    "unit.status.pinned": ("Pinned", "Pinned"),
    "unit.reduced": ("Reduced", "Réduit"),
    "unit.hero": ("Hero", "Hero"),
    "unit.hero.silver_star": ("Silver Star", "Silver Star"),
    "unit.hero.medal_of_honor": ("Medal of Honor", "Medal of Honor"),
    "unit.ammo": ("Ammo {n}", "Ammo {n}"),
    "unit.explosives": ("Explosives", "Explosives"),
    "unit.security_element": ("Security Element", "Security Element"),
    "unit.actions": ("Actions", "Actions"),
    "unit.step_loss": ("Step Loss", "Pas de Pertes"),
    "unit.caat_step_loss": ("CAAT Step Loss", "Pas de Pertes du CAAT"),
    "unit.caat_ammo": ("Spend Ammo", "Dépenser une ‘Ammo’"),
    "unit.caat_explosives": ("Use Explosives", "Utiliser les ‘Explosives’"),
    "unit.caat_remove": ("Remove CAAT", "Retirer le CAAT"),
    "unit.se_detach": ("Detach Security Element", "Détacher le Security Element"),
    "unit.se_regroup": ("Regroup Security Element", "Regrouper le Security Element"),
    "unit.move": ("Move", "Déplacer"),
    "unit.enter": ("Enter", "Entrer"),
    "unit.eliminate": ("Eliminate", "Éliminer"),
    "unit.eliminate.confirm": ("Eliminate {name}?", "Éliminer {name} ?"),
    "unit.withdraw": ("Withdraw", "Retirer"),
    "unit.withdraw.confirm": ("Withdraw {name}?", "Retirer {name} ?"),
    "location.street": ("Street Section", "Section de Rue"),
    "location.none": ("— (the Zone)", "— (la Zone)"),
    # Zones (4.1)
    "zones.title": ("The {n} Zones", "Les {n} Zones"),
    "zones.legend": (("A Activated · F Fortified · ★ USMC Control · R Ruins · P Phantom Fury · ! Fanaticism · "
                      "Ø No Insurgents Event · S Suspect · I Insurgents"),
                     ("A Activée · F Retranchée · ★ Contrôle USMC · R Ruines · P Phantom Fury · ! Fanatism · "
                      "Ø Pas d'événement insurgé · S Suspect · I Insurgés")),
    "zones.pick": ("Tap a Zone to see and change it.", "Touchez une Zone pour la voir et la modifier."),
    "zone.name": ("Zone {n}", "Zone {n}"),
    "zone.bad": ("zone {value!r}: a Zone number from 1 to {high}", "zone {value!r} : un numéro de Zone de 1 à {high}"),
    "zone.close": ("Close the Zone", "Fermer la Zone"),
    "zone.activation": ("Activation", "Activation"),
    "zone.activation.start": ("Start Zone", "Zone de départ"),
    "zone.activation.normal": ("Activated", "Activée"),
    "zone.activation.fortified": ("Activated, Fortified", "Activée, Retranchée"),
    "zone.not_activated": ("Not Activated", "Non Activée"),
    "zone.nature.normal": ("normal", "normale"),
    "zone.nature.fortified": ("Fortified", "Retranchée"),
    "zone.fortified": ("Fortified", "Retranchée"),
    "zone.control": ("Control", "Contrôle"),
    "zone.summary.usmc": ("USMC Control", "Contrôle USMC"),
    "zone.summary.insurgents": ("insurgent Control", "Contrôle insurgé"),
    "zone.summary.none": ("no Control possible", "aucun Contrôle possible"),
    "zone.markers": ("Markers", "Marqueurs"),
    "zone.ruins": ("Ruins", "Ruines"),
    "zone.ruins.place": ("Ruins", "Ruines"),
    "zone.marker.phantom_fury": ("Phantom Fury", "Phantom Fury"),
    "zone.marker.fanaticism": ("Fanaticism", "Fanatism"),
    "zone.marker.no_insurgents_event": ("No Insurgents Event", "Pas d'événement insurgé"),
    "zone.suspects": ("'Suspect' markers", "Marqueurs ‘Suspect’"),
    "zone.insurgents": ("'Insurgents' units", "Unités ‘Insurgés’"),
    "zone.counts.save": ("Save counts", "Enregistrer"),
    "zone.units": ("Units here", "Unités ici"),
    "zone.activate": ("Activate", "Activer"),
    "zone.activate.normal": ("Activate", "Activer"),
    "zone.activate.fortified": ("Activate, Fortified", "Activer, Retranchée"),
    "zone.activate.start": ("Start Zone", "Zone de départ"),
    "zone.neighbours_26": ("Neighbours Zone 26", "Voisine de la Zone 26"),
    "zone.control.to_usmc": ("Take USMC Control", "Prendre le Contrôle USMC"),
    "zone.control.to_insurgents": ("Back to insurgent Control", "Rendre au Contrôle insurgé"),
    # log
    "log.title": ("What happened, newest first", "Ce qui s'est passé, du plus récent au plus ancien"),
    "log.hint": ("{n} events; undone ones are struck through and stay in the log.",
                 "{n} événements ; ceux annulés sont barrés et restent dans le journal."),
    "log.note": ("Add a note to the log", "Ajouter une note au journal"),
    "log.note.button": ("Add the note", "Ajouter la note"),
    "log.undone": ("undone", "annulé"),
    "log.older": ("Older events", "Événements plus anciens"),
    "log.bad_before": ("before {value!r}: a version from 1 to {high}", "before {value!r} : une version de 1 à {high}"),
    "log.cited": ("Rules cited:", "Règles citées :"),
    "log.kind.setup": ("Setup", "Mise en place"),
    "log.kind.undo": ("Undo", "Annulation"),
    "log.kind.redo": ("Redo", "Rétablissement"),
    "log.kind.next_phase": ("Next Phase", "Phase suivante"),
    "log.kind.vp": ("VP", "PV"),
    "log.kind.note": ("Note", "Note"),
    "log.kind.roll": ("Die roll by the app", "Jet de dé par l'appli"),
    "log.kind.adjudication": ("Resolution", "Résolution"),
    "log.kind.support_mission": ("Support Mission", "Mission de soutien"),
    "log.kind.zone_activate": ("Zone Activated", "Zone Activée"),
    "log.kind.zone_control": ("Zone Control", "Contrôle de Zone"),
    "log.kind.zone_ruins": ("Ruins", "Ruines"),
    "log.kind.zone_marker": ("Zone marker", "Marqueur de Zone"),
    "log.kind.zone_counts": ("Suspect / Insurgents counts", "Nombre de Suspects / Insurgés"),
    "log.kind.unit_add": ("Unit added", "Unité ajoutée"),
    "log.kind.unit_enter": ("Unit entered", "Unité entrée"),
    "log.kind.unit_move": ("Move", "Mouvement"),
    "log.kind.unit_step_loss": ("Step Loss", "Pas de Pertes"),
    "log.kind.unit_eliminate": ("Unit eliminated", "Unité éliminée"),
    "log.kind.unit_withdraw": ("Unit withdrawn", "Unité retirée"),
    "log.kind.unit_status": ("Status", "État"),
    "log.kind.unit_hero": ("Hero", "Hero"),
    "log.kind.security_element_detach": ("Security Element detached", "Security Element détaché"),
    "log.kind.security_element_regroup": ("Security Element regrouped", "Security Element regroupé"),
    "log.kind.caat_ammo": ("CAAT Ammo spent", "‘Ammo’ du CAAT dépensée"),
    "log.kind.caat_explosives": ("CAAT Explosives used", "‘Explosives’ du CAAT utilisés"),
    "log.kind.caat_remove": ("CAAT removed", "CAAT retiré"),
    # rules at hand
    "search.title": ("Rules at hand", "Règles sous la main"),
    "search.in": ("Rulebook", "Livret"),
    "search.in.en": ("English", "Anglais"),
    "search.in.fr": ("French", "Français"),
    "search.in.all": ("Both", "Les deux"),
    "search.kind": ("Kind", "Type"),
    "search.kind.any": ("Any", "Tous"),
    "kind.rule": ("Rule", "Règle"),
    "kind.example": ("Example", "Exemple"),
    "kind.note": ("Note", "Note"),
    "kind.table": ("Table", "Table"),
    "kind.foreword": ("Foreword", "Avant-propos"),
    "kind.bibliography": ("Bibliography", "Bibliographie"),
    "kind.glossary": ("Glossary", "Glossaire"),
    "kind.gazette": ("Marine Corps Gazette", "Marine Corps Gazette"),
    "kind.designer": ("Designer's note", "Note du concepteur"),
    "search.bad_kind": ("kind: {value!r}: one of {allowed}", "kind : {value!r} : parmi {allowed}"),
    "search.suggestion": ("Did you mean", "Vouliez-vous dire"),
    "search.count": ("{n} results for “{q}”", "{n} résultats pour « {q} »"),
    "rule.breadcrumb": ("Where this rule stands", "Place de la règle"),
    "rule.gaps": ("Text missing in the source:", "Texte absent de la source :"),
    "rule.other.fr": ("Same rule in French", "La même règle en français"),
    "rule.other.en": ("Same rule in English", "La même règle en anglais"),
    "rule.not_in.fr": ("Not in the French source", "Absente de la source française"),
    "rule.not_in.en": ("Not in the English source", "Absente de la source anglaise"),
    "rule.redirected.fr": ("Not in the French source: the English text is shown.",
                           "Absente de la source française : le texte anglais est affiché."),
    "rule.redirected.en": ("Not in the English source: the French text is shown.",
                           "Absente de la source anglaise : le texte français est affiché."),
    "rule.site": ("In the whole rulebook", "Dans tout le livret"),
    "rule.children": ("In this section", "Dans cette section"),
    "rule.referenced_by": ("Referenced by", "Citée par"),
    "rule.referenced_by.none": ("No rule refers to this one.", "Aucune règle ne cite celle-ci."),
    "rule.bad_lang": ("language {value!r}: one of {allowed}", "langue {value!r} : parmi {allowed}"),
    "rule.missing": ("rule {id!r} is not in the {lang} rulebook (close: {suggestions})",
                     "la règle {id!r} n'est pas dans le livret {lang} (proches : {suggestions})"),
    "site.missing": ("The static rules site is not built yet (make site).",
                     "Le site statique des règles n'est pas encore construit (make site)."),
    # phases (8)
    "phase.support": ("Support", "Soutien"),
    "phase.reinforcements": ("Reinforcements", "Renfort"),
    "phase.fire": ("Fire Combat", "Tir"),
    "phase.movement": ("Movement", "Mouvement"),
    "phase.assault": ("Assault", "Assaut"),
    "phase.reorganisation": ("Reorganisation", "Situation report"),
    "phase.support.full": ("Support Phase", "Phase de soutien"),
    "phase.reinforcements.full": ("USMC Reinforcements Phase", "Phase de renfort"),
    "phase.fire.full": ("Fire Combat Phase", "Phase de Tir"),
    "phase.movement.full": ("Movement Phase", "Phase de Mouvement"),
    "phase.assault.full": ("Assault Phase", "Phase d'assaut"),
    "phase.reorganisation.full": ("Reorganisation Phase", "Phase de situation report"),
    # victory (7.2)
    "victory.major": ("Major victory", "Victoire majeure"),
    "victory.minor": ("Minor victory", "Victoire mineure"),
    "victory.bitter": ("Bitter victory", "Victoire amère"),
    "outcome.in_progress": ("In progress", "En cours"),
    "outcome.usmc_victory": ("USMC victory", "Victoire USMC"),
    "outcome.insurgent_victory": ("Insurgent victory", "Victoire insurgée"),
    "variant.standard": ("Standard", "Standard"),
    "variant.historical": ("Historical variant (15)", "Variante historique (15)"),
}


def register(more: Mapping[str, tuple[str, str]]) -> None:
    """Add a module's strings; a key declared twice is a programming error."""
    clash = sorted(set(more) & set(STRINGS))
    if clash:
        raise ValueError(f"UI strings declared twice: {', '.join(clash)}")
    STRINGS.update(more)


def current_lang() -> Lang:
    """``?lang=`` first, then the ``lang`` cookie, then English."""
    if "lang" not in g:
        asked = request.args.get("lang") or request.cookies.get(COOKIE) or "en"
        g.lang = asked if asked in LANGS else "en"
    return g.lang


def other_lang(lang: str | None = None) -> Lang:
    return "fr" if (lang or current_lang()) == "en" else "en"


def t(key: str, _lang: str | None = None, **fields: object) -> str:
    """The UI string ``key`` in the page's language (or ``_lang``); an unknown key raises (tests render every page)."""
    en, fr = STRINGS[key]
    text = fr if (_lang or current_lang()) == "fr" else en
    return text.format(**fields) if fields else text


def t_or(key: str, fallback: str) -> str:
    """``t(key)``, or ``fallback`` for a key not declared (a value the state may hold that the UI does not name)."""
    return t(key) if key in STRINGS else fallback


def switch_url(lang: str) -> str:
    """This page in ``lang``: the same path and query with ``lang`` replaced."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"] + [("lang", lang)]
    return request.path + "?" + urlencode(args)


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(t=t, t_or=t_or, current_lang=current_lang, other_lang=other_lang, switch_url=switch_url,
                                 LANGS=LANGS)

    @app.after_request
    def _remember(response: Response) -> Response:
        asked = request.args.get("lang")
        if asked in LANGS and request.cookies.get(COOKIE) != asked:
            response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
        return response
