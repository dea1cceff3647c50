/* The rules site offline (rulebook_site/offline.py): registers the service worker that keeps every
 * page, script and search index of the site, over http(s) only (a worker cannot run from file://,
 * where the pages and their search work offline anyway). */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) { return; }
  var root = new URL("../", script.src);
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.href }).catch(function () {});
  });
})();
