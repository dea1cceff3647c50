/* "Back to your game" (issue 17): when this site is served by the companion under /rules/ and
 * the tab came from a game (the companion's app.js keeps {id, name} in sessionStorage, same
 * origin), a small link back to that game is put at the top of the page. Opened from a file or
 * another host, nothing is added. No inline script or style: the Content-Security-Policy holds. */
(function () {
  "use strict";
  if (!window.location.pathname.startsWith("/rules/")) { return; }
  var game = null;
  try {
    var asked = new URLSearchParams(window.location.search).get("from");
    game = JSON.parse(window.sessionStorage.getItem("fallujah.game") || "null");
    if (asked && /^[A-Za-z0-9_-]{1,64}$/.test(asked) && (!game || game.id !== asked)) { game = { id: asked, name: "" }; }
  } catch (err) { return; }
  if (!game || !/^[A-Za-z0-9_-]{1,64}$/.test(String(game.id))) { return; }
  function add() {
    var french = (game.lang || document.documentElement.lang || "en").slice(0, 2) === "fr";
    var link = document.createElement("a");
    link.className = "companion-back";
    link.href = "/games/" + encodeURIComponent(game.id);
    link.textContent = (french ? "← Retour à votre partie" : "← Back to your game") + (game.name ? " : " + game.name : "");
    if (!french && game.name) { link.textContent = "← Back to your game: " + game.name; }
    var bar = document.createElement("nav");
    bar.className = "companion-back-bar";
    bar.setAttribute("aria-label", french ? "Compagnon" : "Companion");
    bar.appendChild(link);
    document.body.insertBefore(bar, document.body.firstChild);
    if (game.ruleset === "en" || game.ruleset === "fr") {
      var follows = french ? (game.ruleset === "fr" ? "Votre partie suit le livret français." : "Votre partie suit le livret anglais.")
        : (game.ruleset === "fr" ? "Your game follows the French rulebook." : "Your game follows the English rulebook.");
      document.querySelectorAll("[data-follows]").forEach(function (span) { span.textContent = follows; });
    }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", add); } else { add(); }
})();
