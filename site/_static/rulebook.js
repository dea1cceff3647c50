/* Hover and keyboard-focus previews of cited rules (issue 6).
 * Each page carries its own store of previews (div.rule-previews, hidden), one per cited
 * target, keyed by the link's href; no network request, so it works offline and from file://. */
(function () {
  "use strict";
  var popup = null;
  var current = null;

  function store() {
    var found = {};
    document.querySelectorAll(".rule-previews .rule-preview").forEach(function (item) {
      found[new URL(item.getAttribute("data-href"), document.baseURI).href] = item;
    });
    return found;
  }

  function hide() {
    if (popup) { popup.hidden = true; }
    if (current) { current.removeAttribute("aria-describedby"); current = null; }
  }

  function show(link, previews) {
    var source = previews[link.href];
    if (!source) { return; }
    if (!popup) {
      popup = document.createElement("div");
      popup.id = "rule-preview-popup";
      popup.className = "rule-preview-popup";
      popup.setAttribute("role", "tooltip");
      document.body.appendChild(popup);
    }
    popup.innerHTML = source.innerHTML;
    popup.setAttribute("lang", source.getAttribute("lang") || "");
    popup.hidden = false;
    current = link;
    link.setAttribute("aria-describedby", popup.id);
    var box = link.getBoundingClientRect();
    var width = Math.min(480, window.innerWidth - 16);
    popup.style.width = width + "px";
    var left = Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + window.innerWidth - width - 8));
    popup.style.left = left + "px";
    var below = box.bottom + window.scrollY + 6;
    popup.style.top = below + "px";
    var height = popup.getBoundingClientRect().height;
    if (box.bottom + height + 6 > window.innerHeight && box.top > height + 6) {
      popup.style.top = (box.top + window.scrollY - height - 6) + "px";
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var previews = store();
    var selector = "a.rule-ref, a.backlink";
    document.addEventListener("mouseover", function (event) {
      var link = event.target.closest && event.target.closest(selector);
      if (link) { show(link, previews); }
    });
    document.addEventListener("mouseout", function (event) {
      var link = event.target.closest && event.target.closest(selector);
      if (link && !(event.relatedTarget && link.contains(event.relatedTarget))) { hide(); }
    });
    document.addEventListener("focusin", function (event) {
      var link = event.target.closest && event.target.closest(selector);
      if (link) { show(link, previews); } else { hide(); }
    });
    document.addEventListener("focusout", hide);
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { hide(); }
    });
  });
})();
