/* Cited rules over the page (issues 6 and 17). Each page carries its own store of the rules it
 * cites (div.rule-previews, hidden): one item per target keyed by the link's href, with the
 * sheet's words in the page's language. No network request: it works offline and from file://.
 *
 * - Hovering or focusing a reference (a.rule-ref, a.backlink) previews the rule beside it.
 * - A tap (touch or pen), or any click on a small screen, opens the rule over the page instead of
 *   leaving it: a sheet from the bottom on a small screen, a popover beside the link on a wide one.
 *   It holds the rule's text, its registered English/French difference, "Open the full rule" (the
 *   permalink) and Close; Escape, Close or a tap outside close it, the focus goes back to the link
 *   and the page stays at its scroll position.
 * - A mouse click on a wide screen still goes to the rule: the preview showed on hover already,
 *   and a reader who clicks a reference on a rules site means to read on there.
 */
(function () {
  "use strict";
  var SELECTOR = "a.rule-ref, a.backlink";
  var wide = window.matchMedia("(min-width: 900px)");
  var previews = {};
  var words = { lang: "en", sheet: "Rule", close: "Close", open: "Open the full rule" };
  var popup = null;
  var current = null;
  var sheet = null;
  var backdrop = null;
  var opener = null;
  var scroll = [0, 0];
  var returning = false;
  var lastPointer = "";

  function read() {
    document.querySelectorAll(".rule-previews .rule-preview").forEach(function (item) {
      previews[new URL(item.getAttribute("data-href"), document.baseURI).href] = item;
    });
    var holder = document.querySelector(".rule-previews");
    if (holder) {
      words.lang = holder.getAttribute("lang") || words.lang;
      ["sheet", "close", "open"].forEach(function (name) { words[name] = holder.getAttribute("data-" + name) || words[name]; });
    }
  }

  function sheetOpen() { return Boolean(sheet && !sheet.hidden); }

  /* The hover and focus preview */

  function hide() {
    if (popup) { popup.hidden = true; }
    if (current) { current.removeAttribute("aria-describedby"); current = null; }
  }

  function touched() { return lastPointer === "touch" || lastPointer === "pen"; }

  function show(link) {
    var source = previews[link.href];
    if (!source || sheetOpen() || returning || touched()) { return; } // a tap opens the sheet instead
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

  /* The sheet (a small screen) or popover (a wide one) a tap opens */

  function build() {
    if (sheet) { return; }
    backdrop = document.createElement("div");
    backdrop.className = "rule-sheet-backdrop";
    backdrop.hidden = true;
    sheet = document.createElement("div");
    sheet.id = "rule-sheet";
    sheet.className = "rule-sheet";
    sheet.setAttribute("role", "dialog");
    sheet.setAttribute("aria-modal", "true");
    sheet.setAttribute("aria-label", words.sheet);
    sheet.setAttribute("lang", words.lang);
    sheet.hidden = true;
    var bar = document.createElement("div");
    bar.className = "sheet-bar";
    var close = document.createElement("button");
    close.type = "button";
    close.className = "sheet-close";
    close.textContent = words.close;
    close.addEventListener("click", function () { closeSheet(true); });
    bar.appendChild(close);
    sheet.appendChild(bar);
    sheet.appendChild(document.createElement("div"));
    document.body.appendChild(backdrop);
    document.body.appendChild(sheet);
  }

  function fill(link, source) {
    var body = document.createElement("div");
    body.className = "sheet-body";
    body.setAttribute("lang", source.getAttribute("lang") || words.lang);
    var text = document.createElement("div");
    text.className = "sheet-text";
    Array.prototype.forEach.call(source.childNodes, function (node) {
      if (node.nodeType === 1 && node.classList.contains("rule-preview-label")) {
        var title = document.createElement("h2");
        title.className = "sheet-title";
        title.id = "rule-sheet-title";
        title.textContent = node.textContent;
        body.appendChild(title);
      } else {
        text.appendChild(node.cloneNode(true));
      }
    });
    var actions = document.createElement("p");
    actions.className = "sheet-actions";
    actions.setAttribute("lang", words.lang);
    var full = document.createElement("a");
    full.className = "sheet-open";
    full.href = link.getAttribute("href");
    full.textContent = words.open;
    actions.appendChild(full);
    body.appendChild(text);
    body.appendChild(actions);
    sheet.replaceChild(body, sheet.lastChild);
    if (body.querySelector("#rule-sheet-title")) {
      sheet.removeAttribute("aria-label");
      sheet.setAttribute("aria-labelledby", "rule-sheet-title");
    }
  }

  function place(link) {
    sheet.classList.toggle("popover", wide.matches);
    backdrop.hidden = wide.matches;
    sheet.style.left = sheet.style.top = "";
    if (!wide.matches) { return; }
    var box = link.getBoundingClientRect();
    var width = Math.min(520, window.innerWidth - 32);
    sheet.style.left = Math.max(16, Math.min(box.left, window.innerWidth - width - 16)) + "px";
    var height = sheet.getBoundingClientRect().height;
    var below = box.bottom + 8;
    sheet.style.top = (below + height + 16 <= window.innerHeight ? below : Math.max(16, box.top - height - 8)) + "px";
  }

  function openSheet(link, source) {
    build();
    hide();
    if (!sheetOpen()) { scroll = [window.scrollX, window.scrollY]; }
    opener = link;
    fill(link, source);
    sheet.hidden = false;
    sheet.scrollTop = 0;
    place(link);
    sheet.querySelector(".sheet-close").focus({ preventScroll: true });
  }

  function closeSheet(giveBack) {
    if (!sheetOpen()) { return; }
    sheet.hidden = true;
    backdrop.hidden = true;
    var back = opener;
    opener = null;
    if (!giveBack) { return; }
    if (back && document.contains(back)) {
      returning = true;
      back.focus({ preventScroll: true });
      returning = false;
    }
    if (Math.abs(window.scrollY - scroll[1]) > 1 || Math.abs(window.scrollX - scroll[0]) > 1) {
      window.scrollTo({ left: scroll[0], top: scroll[1], behavior: "instant" });
    }
  }

  function tapped(event) {
    if (event.detail === 0) { return false; } // Enter on a focused link
    return event.pointerType ? event.pointerType === "touch" || event.pointerType === "pen" : touched();
  }

  function onClick(event) {
    var target = event.target;
    if (sheetOpen()) {
      if (!sheet.contains(target)) {
        closeSheet(true); // a tap outside (or on the backdrop)
      } else {
        if (target.closest("a[href]") && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) {
          closeSheet(false); // "Open the full rule" or "Compare both texts": the browser goes there
        }
        return;
      }
    }
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
    var link = target.closest && target.closest(SELECTOR);
    var source = link && previews[link.href];
    if (!source || !(tapped(event) || !wide.matches)) { return; }
    event.preventDefault();
    openSheet(link, source);
  }

  function onKey(event) {
    lastPointer = "";
    if (event.key === "Escape") {
      if (sheetOpen()) { event.preventDefault(); closeSheet(true); } else { hide(); }
      return;
    }
    if (event.key !== "Tab" || !sheetOpen()) { return; }
    var focusable = sheet.querySelectorAll("a[href], button:not([disabled])");
    var first = focusable[0];
    var last = focusable[focusable.length - 1];
    if (!sheet.contains(document.activeElement)) { event.preventDefault(); first.focus(); }
    else if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
  }

  document.addEventListener("DOMContentLoaded", function () {
    read();
    document.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType || ""; }, true);
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mouseover", function (event) {
      var link = event.target.closest && event.target.closest(SELECTOR);
      if (link) { show(link); }
    });
    document.addEventListener("mouseout", function (event) {
      var link = event.target.closest && event.target.closest(SELECTOR);
      if (link && !(event.relatedTarget && link.contains(event.relatedTarget))) { hide(); }
    });
    document.addEventListener("focusin", function (event) {
      var link = event.target.closest && event.target.closest(SELECTOR);
      if (link) { show(link); } else { hide(); }
    });
    document.addEventListener("focusout", hide);
    wide.addEventListener("change", function () { if (sheetOpen()) { place(opener); } });
  });
})();
