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
    "error.title": ("Error", "Erreur"),
    "error.404": ("Not found", "Introuvable"),
    "error.back": ("Back to the games", "Retour aux parties"),
    # games
    "games.title": ("Your games", "Vos parties"),
    "games.new": ("New game", "Nouvelle partie"),
    "games.none": ("No game yet: start one.", "Aucune partie : commencez-en une."),
    "games.unnamed": ("Game {id}", "Partie {id}"),
    "games.version": ("{n} events", "{n} événements"),
    "game.missing": ("game {id!r} does not exist", "la partie {id!r} n'existe pas"),
    # rules at hand
    "search.title": ("Rules at hand", "Règles sous la main"),
    "search.in": ("Rulebook", "Livret"),
    "search.in.en": ("English", "Anglais"),
    "search.in.fr": ("French", "Français"),
    "search.in.all": ("Both", "Les deux"),
    "search.kind": ("Kind", "Type"),
    "search.kind.any": ("Any", "Tous"),
    "search.bad_kind": ("kind: {value!r}: one of {allowed}", "kind : {value!r} : parmi {allowed}"),
    "search.suggestion": ("Did you mean", "Vouliez-vous dire"),
    "search.count": ("{n} results for “{q}”", "{n} résultats pour « {q} »"),
    "rule.breadcrumb": ("Where this rule stands", "Place de la règle"),
    "rule.gaps": ("Text missing in the source:", "Texte absent de la source :"),
    "rule.other.fr": ("Same rule in French", "La même règle en français"),
    "rule.other.en": ("Same rule in English", "La même règle en anglais"),
    "rule.not_in.fr": ("Not in the French source", "Absente de la source française"),
    "rule.not_in.en": ("Not in the English source", "Absente de la source anglaise"),
    "rule.site": ("The whole rulebook", "Tout le livret"),
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
    "phase.reinforcements": ("Reinforcements", "Renforts"),
    "phase.fire": ("Fire Combat", "Combat par le feu"),
    "phase.movement": ("Movement", "Mouvement"),
    "phase.assault": ("Assault", "Assaut"),
    "phase.reorganisation": ("Reorganisation", "Réorganisation"),
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


def switch_url(lang: str) -> str:
    """This page in ``lang``: the same path and query with ``lang`` replaced."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"] + [("lang", lang)]
    return request.path + "?" + urlencode(args)


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(t=t, current_lang=current_lang, other_lang=other_lang, switch_url=switch_url,
                                 LANGS=LANGS)

    @app.after_request
    def _remember(response: Response) -> Response:
        asked = request.args.get("lang")
        if asked in LANGS and request.cookies.get(COOKIE) != asked:
            response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
        return response
