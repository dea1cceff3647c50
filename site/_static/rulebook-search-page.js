/* The search page (search.html?q=...&game=...&lang=...): a rule number opens the rule (a list
 * when several games have it); words list the rule sections with a snippet, ranked as the
 * companion ranks them (rulebook-search.js). Works from file:// and under the companion's
 * Content-Security-Policy: no inline script or style, the page built with DOM methods. */
(function () {
  "use strict";
  var LIMIT = 30;

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  function gameTitle(id) {
    var option = document.querySelector('#rulebook-search-game option[value="' + id + '"]');
    return option ? option.textContent : id;
  }

  /* a snippet's **matched** words as <mark>, the rest as text */
  function snippet(text) {
    var paragraph = element("p", "rulebook-search-snippet");
    text.split("**").forEach(function (part, index) {
      paragraph.appendChild(index % 2 ? element("mark", null, part) : document.createTextNode(part));
    });
    return paragraph;
  }

  function hitItem(hit, showGame) {
    var item = element("li", "rulebook-search-hit kind-" + hit.kind);
    var head = element("p", "rulebook-search-head");
    var link = element("a", "rulebook-search-link", hit.label);
    link.setAttribute("href", hit.href);
    head.appendChild(link);
    var facts = [];
    if (showGame) { facts.push(gameTitle(hit.game)); }
    if (hit.lang !== "en") { facts.push(hit.lang === "fr" ? "Français" : hit.lang); }
    if (hit.kind !== "rule") { facts.push(hit.kind); }
    if (facts.length) { head.appendChild(element("span", "rulebook-search-facts", " · " + facts.join(" · "))); }
    item.appendChild(head);
    if (hit.breadcrumb && hit.breadcrumb.length) {
      item.appendChild(element("p", "rulebook-search-crumbs", hit.breadcrumb.join(" › ")));
    }
    if (hit.snippet) { item.appendChild(snippet(hit.snippet)); }
    return item;
  }

  function show(status, list) {
    var results = document.getElementById("rulebook-search-results");
    document.getElementById("rulebook-search-status").textContent = status;
    results.textContent = "";
    if (list) { results.appendChild(list); }
  }

  function run(query, game, lang) {
    var search = window.RulebookSearch;
    var found = search.lookup(query, { game: game, lang: lang });
    if (found.length === 1) {
      show("Opening " + found[0].label + "…");
      window.location.replace(found[0].href);
      return;
    }
    if (found.length > 1) {
      var several = element("ul", "rulebook-search-list");
      found.forEach(function (one) {
        several.appendChild(hitItem({ game: one.game, lang: one.lang, kind: "rule", label: one.label,
          href: one.href, breadcrumb: [], snippet: "" }, true));
      });
      show(found.length + " games have a rule " + query.trim() + ":", several);
      return;
    }
    var result;
    try {
      result = search.search(query, { game: game, lang: lang, limit: LIMIT });
    } catch (problem) {
      show(problem.message || String(problem));
      return;
    }
    var list = element("ul", "rulebook-search-list");
    var many = search.games(game).length > 1;
    result.hits.forEach(function (hit) { list.appendChild(hitItem(hit, many)); });
    var suggestion = result.suggestion ? " Searched for: " + result.suggestion + "." : "";
    var number = search.ruleNumber(query) ? "No rule " + query.trim() + " here. " : "";
    var count = result.hits.length;
    show(number + (count ? count + (count === 1 ? " rule section" : " rule sections") + " found." : "Nothing found.") + suggestion,
      count ? list : null);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var params = new URLSearchParams(window.location.search);
    var query = params.get("q") || "";
    var game = params.get("game") || "all";
    var lang = params.get("lang") || "all";
    var input = document.getElementById("rulebook-search-q");
    var games = document.getElementById("rulebook-search-game");
    var langs = document.getElementById("rulebook-search-lang");
    if (!window.RulebookSearch.games(game).length) { game = "all"; }
    input.value = query;
    games.value = game;
    if (langs) {
      langs.value = ["all", "en", "fr"].indexOf(lang) >= 0 ? lang : "all";
      lang = langs.value;
    } else {
      lang = "all";
    }
    if (query.trim()) {
      run(query, game, lang);
    } else {
      show("Type a rule number (11.4.1, [13.6.4], 22.0) or words (pinned squad move).");
      input.focus();
    }
  });
})();
