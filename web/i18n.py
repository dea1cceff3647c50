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

#: key -> (English, French): the interface of every game; a game's own words come with its companion.
STRINGS: dict[str, tuple[str, str]] = {
    # shell
    "app.name": ("Fallujah companion", "Compagnon Fallujah"),
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
    "search.placeholder": ("Search the rules: a number or words…", "Chercher : un numéro ou des mots…"),
    "search.button": ("Search", "Chercher"),
    "shortcuts.title": ("Keyboard shortcuts", "Raccourcis clavier"),
    "shortcuts.hint": ("One key, when the focus is not in a field:", "Une touche, quand le focus n'est pas dans un champ :"),
    "shortcuts.help": ("Show these shortcuts", "Afficher ces raccourcis"),
    "shortcuts.escape": ("Close the search or this help", "Fermer la recherche ou cette aide"),
    "shortcuts.on": ("Single-key shortcuts (turn them off for speech input)",
                     "Raccourcis d'une touche (à désactiver pour la saisie vocale)"),
    "game.actions": ("Game actions", "Actions de la partie"),
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
    "games.version.one": ("1 event", "1 événement"),
    "setup.title": ("New game", "Nouvelle partie"),
    "setup.name": ("Name", "Nom"),
    "setup.name.placeholder": ("Jolan, 9 November", "Jolan, 9 novembre"),
    "setup.create": ("Start the game", "Commencer la partie"),
    "setup.game": ("Game", "Jeu"),
    "setup.game.only": ("Game: {title}", "Jeu : {title}"),
    "setup.no_companion": ("No game has a companion yet: rules, search and calculator only.",
                           "Aucun jeu n'a encore de compagnon : règles, recherche et calculateur seulement."),
    "game.no_page": ("{game} has no game page yet.", "{game} n'a pas encore de page de partie."),
    "setup.import": ("Import a game", "Importer une partie"),
    "setup.import.file": ("A game exported as JSON", "Une partie exportée en JSON"),
    "setup.import.button": ("Import", "Importer"),
    "setup.import.empty": ("Choose a file first.", "Choisissez d'abord un fichier."),
    "game.missing": ("game {id!r} does not exist", "la partie {id!r} n'existe pas"),
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
    "log.hint.one": ("1 event; undone ones are struck through and stay in the log.",
                     "1 événement ; ceux annulés sont barrés et restent dans le journal."),
    "log.group.turn": ("Turn {n}", "Tour {n}"),
    "log.group.setup": ("Setup", "Mise en place"),
    "log.line.roll": ("Rolled by the app: {faces}", "Lancé par l'appli : {faces}"),
    "log.line.undo": ("Undid: {what}", "Annulé : {what}"),
    "log.line.redo": ("Redid: {what}", "Rétabli : {what}"),
    "log.line.amend": ("Roll #{n} amended: {what}", "Jet n° {n} corrigé : {what}"),
    "log.amended_by": ("amended by #{n}", "corrigé par le n° {n}"),
    "log.details": ("Details", "Détails"),
    "log.amend": ("Amend this roll", "Corriger ce jet"),
    "log.amend.hint": (("Correct a mistyped face or input: the result is recomputed, nothing is re-rolled, "
                        "and the original stays in the log, struck through."),
                       ("Corrigez un dé ou une donnée mal saisis : le résultat est recalculé, rien n'est relancé, "
                        "et l'original reste barré dans le journal.")),
    "log.amend.hint_app": ("The app rolled this die: its faces stay; only what you typed can be corrected.",
                           "L'appli a lancé ce dé : ses faces restent ; seul ce que vous avez saisi se corrige."),
    "log.amend.button": ("Save the amendment", "Enregistrer la correction"),
    "msg.already": ("Already recorded (event {n}).", "Déjà enregistré (événement {n})."),
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
    "sheet.open": ("Open the full rule", "Ouvrir la règle entière"),
    "sheet.close": ("Close", "Fermer"),
    "sheet.label": ("Rule", "Règle"),
    "sheet.loading": ("Loading the rule…", "Chargement de la règle…"),
    "diff.label": ("English and French differ here", "L'anglais et le français diffèrent ici"),
    "diff.title": ("The English and French rulebooks give {n} different results here:",
                   "Les livrets anglais et français donnent ici {n} résultats différents :"),
    "diff.title.one": ("The English and French rulebooks give a different result here:",
                       "Les livrets anglais et français donnent ici un résultat différent :"),
    "diff.follows.en": ("This game follows the English rulebook.", "Cette partie suit le livret anglais."),
    "diff.follows.fr": ("This game follows the French rulebook.", "Cette partie suit le livret français."),
    "diff.follows.unknown": ("A game chooses which rulebook it follows at setup.",
                             "Une partie choisit à sa mise en place le livret qu'elle suit."),
    "diff.compare": ("Compare both texts", "Comparer les deux textes"),
    "site.missing": ("The static rules site is not built yet (make site).",
                     "Le site statique des règles n'est pas encore construit (make site)."),
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


def game_key(key: str) -> str:
    """``<key>.<game>`` when the page's game says it its own way (declared with its strings), else ``key``."""
    from .pages.helpers import current_game

    specific = f"{key}.{current_game(strict=False)}"
    return specific if specific in STRINGS else key


def t_or(key: str, fallback: str) -> str:
    """``t(key)``, or ``fallback`` for a key not declared (a value the state may hold that the UI does not name)."""
    return t(key) if key in STRINGS else fallback


def switch_url(lang: str) -> str:
    """This page in ``lang``: the same path and query with ``lang`` replaced."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"] + [("lang", lang)]
    return request.path + "?" + urlencode(args)


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(t=t, t_or=t_or, game_key=game_key, current_lang=current_lang, other_lang=other_lang, switch_url=switch_url,
                                 LANGS=LANGS)

    @app.after_request
    def _remember(response: Response) -> Response:
        asked = request.args.get("lang")
        if asked in LANGS and request.cookies.get(COOKIE) != asked:
            response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
        return response
