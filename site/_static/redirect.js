/* An old address of the rules site: go to where the page moved, keeping the #anchor
 * (a rule's permanent link). Loaded by the small pages written by rulebook_site/redirects.py. */
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="rulebook-moved-to"]');
  if (meta) {
    window.location.replace(meta.getAttribute("content") + window.location.hash);
  }
})();
