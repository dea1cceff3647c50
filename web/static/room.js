/* Room to play (issue 17, item 8): the bars give the page back while it is read, and the
 * keyboard reaches the game's main actions in one key.
 *
 * - The header and the bottom navigation slide away while the page scrolls down and come back
 *   when it scrolls up, at the top of the page, and whenever the focus enters them
 *   (body.bars-tucked). A game's thumb bar (undo, redo, Next Phase: .thumb-bar) stays; its height
 *   is kept in --thumb-h so that the page can always scroll its last line above it.
 * - The header's search is behind an icon button (aria-expanded): it opens the field and focuses
 *   it; Escape closes it and gives the focus back to the button.
 * - Keyboard shortcuts: a control carrying data-shortcut and aria-keyshortcuts (the keys are
 *   declared once, in web/shortcuts.py) is clicked when its key is pressed without Ctrl, Alt or
 *   Meta while the focus is not in a field and no dialog is open, so a shortcut takes the very
 *   path of a click (app.js: the stale-tab refusal, data-confirm, the reload). The header's
 *   "Keyboard shortcuts" dialog lists the keys of the controls this page has and can turn the
 *   single-key shortcuts off (WCAG 2.1.4; remembered in localStorage).
 */
"use strict";

(() => {
  const STORE = "fallujah.shortcuts";
  const TYPING = "input, textarea, select, [contenteditable]:not([contenteditable='false'])";

  /* -- bars that tuck away on scroll down ------------------------------------------------------ */
  function bars() {
    const header = document.querySelector("header.top");
    const nav = document.querySelector("nav.bottom");
    if (!header) return;
    let lastY = window.scrollY;
    const tuck = (on) => document.body.classList.toggle("bars-tucked", on);
    const held = () => [header, nav].some((el) => el && el.contains(document.activeElement))
      || !document.getElementById("header-search").hidden;
    window.addEventListener("scroll", () => {
      const y = window.scrollY;
      const moved = y - lastY;
      if (y <= header.offsetHeight) tuck(false);
      else if (Math.abs(moved) < 12) return;  // a jitter of the finger or a tiny scroll is no direction
      else tuck(moved > 0 && !held());
      lastY = y;
    }, { passive: true });
    for (const el of [header, nav]) if (el) el.addEventListener("focusin", () => tuck(false));

    const thumb = document.querySelector(".thumb-bar");
    if (thumb && window.ResizeObserver) {
      const keep = () => document.documentElement.style.setProperty("--thumb-h", thumb.offsetHeight + "px");
      new ResizeObserver(keep).observe(thumb);
      keep();
    }
  }

  /* -- the search behind an icon ------------------------------------------------------------------ */
  function search() {
    const toggle = document.querySelector(".search-toggle");
    const form = document.getElementById("header-search");
    if (!toggle || !form) return;
    const field = form.querySelector("input[type=search]");
    const open = (on) => {
      form.hidden = !on;
      toggle.setAttribute("aria-expanded", String(on));
      if (on) { document.body.classList.remove("bars-tucked"); field.focus(); field.select(); }
    };
    toggle.addEventListener("click", () => {
      if (form.hidden) open(true);
      else { open(false); toggle.focus(); }
    });
    form.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      open(false);
      toggle.focus();
    });
  }

  /* -- keyboard shortcuts and their help -------------------------------------------------------- */
  let enabled = true;
  try { enabled = localStorage.getItem(STORE) !== "off"; } catch (err) { /* storage refused: on */ }

  function controlFor(key) {
    return [...document.querySelectorAll("[data-shortcut][aria-keyshortcuts]")]
      .find((el) => el.getAttribute("aria-keyshortcuts") === key && !el.closest("[hidden], dialog"));
  }

  /* the help's dialog, put in the page from its <template> the first time it is asked for */
  function dialogOf(template, toggle) {
    let dialog = document.getElementById("shortcuts");
    if (dialog) return dialog;
    document.body.appendChild(template.content.cloneNode(true));
    dialog = document.getElementById("shortcuts");
    const switcher = dialog.querySelector("#shortcuts-on");
    switcher.addEventListener("change", () => {
      enabled = switcher.checked;
      try { localStorage.setItem(STORE, enabled ? "on" : "off"); } catch (err) { /* kept for this page only */ }
    });
    dialog.querySelector(".shortcuts-close").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => toggle.focus());
    return dialog;
  }

  function help() {
    const template = document.getElementById("shortcuts-help");
    const toggle = document.querySelector(".help-toggle");
    if (!template || !toggle || typeof HTMLDialogElement !== "function") return;
    toggle.addEventListener("click", () => {
      const dialog = dialogOf(template, toggle);
      const switcher = dialog.querySelector("#shortcuts-on");
      for (const line of dialog.querySelectorAll("[data-shortcut-help]")) {
        line.hidden = !document.querySelector('[data-shortcut="' + line.dataset.shortcutHelp + '"]:not(dialog *)');
      }
      switcher.checked = enabled;
      dialog.showModal();
    });
  }

  function keys() {
    document.addEventListener("keydown", (event) => {
      if (event.defaultPrevented || event.repeat || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.target.closest && event.target.closest(TYPING)) return;  // a letter typed in a field stays a letter
      if (document.querySelector("dialog[open], [role=dialog]:not([hidden])")) return;
      if (!enabled) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : "";
      const control = key && controlFor(key);
      if (!control) return;
      event.preventDefault();
      if (!control.disabled) control.click();  // the same path as a click: app.js sends it, or the header opens
    });
  }

  function ready() { bars(); search(); help(); keys(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
