/* Rules over the game (issue 17, item 1): a rule reference anywhere in the companion (a chip
 * a.rule-link, or any link to /rule/<lang>/<id>) opens the rule over the current page instead of
 * leaving it: a sheet from the bottom on a phone, a popover beside the link on a desktop.
 *
 * The sheet shows the server's fragment /rule/<lang>/<id>/sheet (the rule's text, its registered
 * English/French difference, "Open the full rule"), fetched and inserted as parsed nodes. The page
 * underneath never moves: the sheet is fixed, the page's scroll position is kept, and Escape or
 * Close gives the focus back to the link that opened it. On a device that hovers, resting the
 * pointer on a reference shows the same popover without taking the focus; a click pins it.
 * A click with a modifier key (new tab) or on "Open the full rule" navigates as usual, and so does
 * a click on a rules page itself (body[data-sheet=hover]: the search and rule pages, where the
 * reader is already reading rules; there the popover shows on hover only).
 */
"use strict";

(() => {
  const RULE = /^\/rule\/([a-z]{2})\/([^/?#]+)$/;
  const desktop = window.matchMedia("(min-width: 900px)");
  const hovers = window.matchMedia("(hover: hover) and (pointer: fine)");
  const text = (name, fallback) => document.body.dataset[name] || fallback;
  let sheet, content, backdrop, opener = null, modal = false, scrollY = 0, hoverTimer = 0, leaveTimer = 0;

  function ruleOf(link) {
    if (!link || !link.getAttribute) return null;
    let url;
    try { url = new URL(link.getAttribute("href") || "", window.location.href); } catch (err) { return null; }
    if (url.origin !== window.location.origin || !RULE.test(url.pathname)) return null;
    return url;
  }

  function build() {
    if (sheet) return;
    backdrop = document.createElement("div");
    backdrop.className = "sheet-backdrop";
    backdrop.hidden = true;
    backdrop.addEventListener("click", () => close());
    sheet = document.createElement("div");
    sheet.className = "rule-sheet";
    sheet.id = "rule-sheet";
    sheet.setAttribute("role", "dialog");
    sheet.setAttribute("aria-label", text("msgSheet", "Rule"));
    sheet.hidden = true;
    const bar = document.createElement("div");
    bar.className = "sheet-bar";
    const closeButton = document.createElement("button");
    closeButton.type = "button";
    closeButton.className = "sheet-close";
    closeButton.textContent = text("msgClose", "Close");
    closeButton.addEventListener("click", () => close());
    bar.appendChild(closeButton);
    content = document.createElement("div");
    content.className = "sheet-content";
    sheet.append(bar, content);
    sheet.addEventListener("mouseenter", () => window.clearTimeout(leaveTimer));
    sheet.addEventListener("mouseleave", () => { if (!modal) leaveTimer = window.setTimeout(close, 300); });
    document.body.append(backdrop, sheet);
  }

  function place(link) {
    sheet.classList.toggle("popover", desktop.matches);
    sheet.style.left = sheet.style.top = sheet.style.maxHeight = "";
    if (!desktop.matches || !link) return;
    const box = link.getBoundingClientRect();
    const width = Math.min(520, window.innerWidth - 32);
    const left = Math.max(16, Math.min(box.left, window.innerWidth - width - 16));
    const below = box.bottom + 8;
    const roomBelow = window.innerHeight - below;
    sheet.style.left = left + "px";
    const top = roomBelow > 260 ? below : Math.max(16, box.top - Math.min(420, box.top - 24) - 8);
    sheet.style.top = top + "px";
    sheet.style.maxHeight = Math.min(420, window.innerHeight - top - 16) + "px";  // never past the window's bottom edge
  }

  let requests = 0;

  async function open(link, url, asModal, within) {
    build();
    window.clearTimeout(leaveTimer);
    if (!within && !sheet.hidden && opener === link && modal === asModal) return;
    if (!within) opener = link;
    modal = asModal;
    if (sheet.hidden) scrollY = window.scrollY;
    const source = new URL(url.pathname + "/sheet" + url.search, window.location.href);
    const kind = document.body.dataset.gameKind;
    if (!source.searchParams.has("game") && !source.searchParams.has("from") && kind) source.searchParams.set("game", kind);
    if (document.body.dataset.game && !source.searchParams.has("from")) source.searchParams.set("from", document.body.dataset.game);
    content.replaceChildren(Object.assign(document.createElement("p"), { className: "hint", textContent: text("msgLoading", "…") }));
    sheet.setAttribute("aria-modal", asModal ? "true" : "false");
    sheet.hidden = false;
    backdrop.hidden = !(asModal && !desktop.matches);
    if (!within) place(link);
    const asked = ++requests; // a later open (a quick second tap) wins: an older answer is dropped
    try {
      const response = await fetch(source.toString(), { headers: { Accept: "text/html" }, credentials: "same-origin" });
      const html = await response.text();
      if (asked !== requests) return;
      const parsed = new DOMParser().parseFromString(html, "text/html");
      const body = parsed.querySelector(".sheet-body") || parsed.querySelector("main") || parsed.body;
      content.replaceChildren(document.importNode(body, true));
      if (content.querySelector("#rule-sheet-title")) {
        sheet.removeAttribute("aria-label");
        sheet.setAttribute("aria-labelledby", "rule-sheet-title");
      }
    } catch (err) {
      if (asked !== requests) return;
      content.replaceChildren(Object.assign(document.createElement("p"), { className: "error", textContent: String(err.message || err) }));
    }
    if (!within) place(link);
    if (asModal) sheet.querySelector(".sheet-close").focus({ preventScroll: true });
  }

  function close() {
    if (!sheet || sheet.hidden) return;
    const back = opener;
    sheet.hidden = true;
    backdrop.hidden = true;
    const wasModal = modal;
    opener = null;
    modal = false;
    if (wasModal && back && document.contains(back)) back.focus({ preventScroll: true });
    if (wasModal && Math.abs(window.scrollY - scrollY) > 1) window.scrollTo(0, scrollY);
  }

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.closest(".sheet-actions") || link.hasAttribute("data-no-sheet")) return;
    const url = ruleOf(link);
    if (!url) return;
    const within = Boolean(sheet && !sheet.hidden && sheet.contains(link));
    if (!within && document.body.dataset.sheet === "hover") { close(); return; } // a rules page: links navigate
    event.preventDefault();
    window.clearTimeout(hoverTimer);
    open(link, url, true, within);
  });

  document.addEventListener("keydown", (event) => {
    if (!sheet || sheet.hidden) return;
    if (event.key === "Escape") { event.preventDefault(); close(); return; }
    if (event.key === "Tab" && modal) {
      const focusable = [...sheet.querySelectorAll("a[href], button:not([disabled]), summary, [tabindex='0']")];
      if (!focusable.length) return;
      const first = focusable[0], last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
      else if (!sheet.contains(document.activeElement)) { event.preventDefault(); first.focus(); }
    }
  });

  document.addEventListener("mouseover", (event) => {
    if (!hovers.matches || !desktop.matches || (sheet && !sheet.hidden && modal)) return;
    const link = event.target.closest && event.target.closest("a.rule-link[href]");
    if (!link || (sheet && sheet.contains(link))) return;
    const url = ruleOf(link);
    if (!url) return;
    window.clearTimeout(hoverTimer);
    window.clearTimeout(leaveTimer);
    hoverTimer = window.setTimeout(() => { if (!modal) open(link, url, false); }, 450);
    link.addEventListener("mouseleave", () => {
      window.clearTimeout(hoverTimer);
      if (!modal) leaveTimer = window.setTimeout(close, 300);
    }, { once: true });
  });
})();
