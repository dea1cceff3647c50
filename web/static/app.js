/* The companion's only script: JSON calls to the API and forms wired to them (no build step).
 *
 * fallujah.api(method, url, body) sends JSON; when the page shows a game (body[data-version])
 * and the body has no expected_version, it adds the page's version. A 409 becomes "this game
 * moved on in another tab — reload" and nothing is overwritten; any other 4xx/5xx throws an
 * ApiError carrying the API's `error` message.
 *
 * A <form data-api="/api/..."> (or a <button data-api=...>) is
 * sent as JSON by fetch instead of the browser: inputs become fields ("position.zone" nests,
 * "items.0.value" makes arrays; type=number and data-int become integers, checkboxes booleans,
 * data-json is parsed, data-list splits "2, 3 4" into [2, 3, 4]; blank fields and blank rows
 * are left out so that the API takes its defaults). data-fields='{"type": ...}' (JSON) adds
 * fixed fields: a button's whole body, or a form's type, unit or Zone. On success the page reloads (or goes
 * to data-next, where "{id}" is the answer's id); on error the message goes into the form's
 * [data-error] element (aria-live) or a shared one. The effects the API answers are shown once
 * after the reload in #effects (in the game's words when it gives them); data-focus-after="<selector>" brings that element into view and
 * focuses it on the reloaded page. data-then='{"type": ...}' (JSON) is a second action sent once
 * the first is recorded, in the same tap (a decision confirmed, then applied). data-confirm asks first. A form with
 * data-import sends the JSON file chosen in its file input as the body. fallujah.element(tag, text, class)
 * makes an element for the pages' own scripts.
 */
"use strict";

const fallujah = (() => {
  const body = () => document.body.dataset;

  class ApiError extends Error {
    constructor(message, status, data) {
      super(message);
      this.status = status;
      this.data = data || {};
    }
  }

  async function api(method, url, payload) {
    const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
    if (payload !== undefined) {
      const data = Object.assign({}, payload);
      if (method !== "GET" && body().version !== undefined && data.expected_version === undefined) {
        data.expected_version = Number(body().version);
      }
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(data);
    }
    let response;
    try {
      response = await fetch(url, options);
    } catch (err) {
      throw new ApiError(body().msgNetwork || "network error", 0);
    }
    const data = await response.json().catch(() => ({}));
    if (response.status === 409) {
      const already = payload && method === "POST" ? await alreadyRecorded(url, payload) : null;
      if (already) throw new ApiError((body().msgAlready || "Already recorded (event {n}).").replace("{n}", already), 409,
        Object.assign({ already }, data));
      throw new ApiError(body().msgStale, 409, data);
    }
    if (!response.ok) throw new ApiError(data.error || response.statusText || String(response.status), response.status, data);
    if (data && typeof data.version === "number" && data.id === body().game) body().version = String(data.version);
    return data;
  }

  /* A Record sent again (Back, then Record) is refused as stale; when the game's latest events
     hold the same action (same type, situation and input), it was recorded: say which event. */
  async function alreadyRecorded(url, payload) {
    const match = /^\/api\/games\/([^/]+)\/actions$/.exec(new URL(url, window.location.href).pathname);
    if (!match || !payload.type || (payload.input === undefined && payload.type !== "amend")) return null;
    try {
      const state = await (await fetch("/api/games/" + match[1], { headers: { Accept: "application/json" } })).json();
      const after = Math.max(0, Number(state.version) - 20);
      const log = await (await fetch("/api/games/" + match[1] + "/log?after=" + after, { headers: { Accept: "application/json" } })).json();
      const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
      const found = (log.events || []).reverse().find((e) => e.kind === "action" && !e.undone && e.type === payload.type
        && same(e.payload.input, payload.input)
        && (payload.situation === undefined || e.payload.situation === payload.situation)
        && e.payload.amends === payload.amends);
      return found ? found.version : null;
    } catch (err) {
      return null;
    }
  }

  function setPath(target, path, value) {
    const keys = path.split(".");
    let node = target;
    keys.slice(0, -1).forEach((key, i) => {
      node = node[key] = node[key] || (/^\d+$/.test(keys[i + 1]) ? [] : {});
    });
    node[keys[keys.length - 1]] = value;
  }

  /* Rows of a table left blank are not sent: an object with only false/empty values is dropped,
     and so is an array left empty (the API then takes its default). */
  function prune(value) {
    if (Array.isArray(value)) {
      const kept = value.filter((v) => v !== undefined).map(prune).filter((v) => v !== undefined);
      return kept.length ? kept : undefined;
    }
    if (value && typeof value === "object") {
      const out = {};
      let meaningful = false;
      for (const [key, v] of Object.entries(value)) {
        const kept = prune(v);
        if (kept === undefined) continue;
        out[key] = kept;
        if (kept !== false) meaningful = true;
      }
      return meaningful ? out : undefined;
    }
    return value;
  }

  function valueOf(el) {
    if (el.type === "checkbox") return el.checked;
    const raw = el.value;
    if (raw === "" && !el.hasAttribute("data-keep-empty")) return undefined;
    if (el.hasAttribute("data-json")) return JSON.parse(raw);
    if (el.hasAttribute("data-list")) {
      const items = raw.split(/[\s,;]+/).filter(Boolean);
      return items.map((item) => (/^-?\d+$/.test(item) ? Number(item) : item));
    }
    if (el.type === "number" || el.hasAttribute("data-int")) return Number(raw);
    return raw;
  }

  function collect(form) {
    const data = {};
    for (const el of form.elements) {
      if (!el.name || el.disabled) continue;
      if (el.type === "radio" && !el.checked) continue;
      const value = valueOf(el);
      if (value !== undefined) setPath(data, el.name, value);
    }
    return prune(data) || {};
  }

  function fieldsOf(el) {
    return el.dataset.fields ? JSON.parse(el.dataset.fields) : {};
  }

  /* The scope's own error box: not one of a scope nested in it (the thumb bar inside a tracker). */
  function errorBox(el) {
    const scope = el.closest("[data-error-scope]") || el.closest("form") || el.parentElement;
    const own = (box) => { const nearest = box.closest("[data-error-scope]"); return !nearest || nearest.contains(scope); };
    return (scope && [...scope.querySelectorAll("[data-error]")].find(own)) || document.getElementById("page-error");
  }

  /* Each problem the API names by field is also said beside that field (aria-describedby),
     in the form that sent it: the field's name is the problem's path ("input.roll"). */
  function markFields(scope, problems) {
    if (!scope) return;
    scope.querySelectorAll(".field-error").forEach((el) => el.remove());
    scope.querySelectorAll("[aria-invalid]").forEach((el) => { el.removeAttribute("aria-invalid"); });
    for (const problem of problems || []) {
      let field = null;
      for (let path = String(problem.field || ""); path && !field; path = path.split(".").slice(0, -1).join(".")) {
        field = scope.querySelector('[name="' + CSS.escape(path) + '"]');
      }
      if (!field) continue;
      const note = document.createElement("p");
      note.className = "field-error";
      note.id = (field.id || field.name.replace(/\W/g, "-")) + "-error";
      note.textContent = String(problem.allowed || problem.message || "");
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", note.id);
      (field.closest("label") || field).insertAdjacentElement("afterend", note);
    }
  }

  /* A new element, with its text and its class when they are given (the pages' scripts build with it). */
  function element(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function show(box, message, stale) {
    if (!box) { window.alert(message); return; }
    box.textContent = message;
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
    if (stale) {
      const link = document.createElement("a");
      link.href = window.location.href;
      link.textContent = " " + (body().msgReload || "Reload");
      box.appendChild(link);
    }
  }

  async function send(el, data) {
    if (el.dataset.confirm && !window.confirm(el.dataset.confirm)) return;
    const box = errorBox(el);
    if (box) { box.hidden = true; box.textContent = ""; }
    const controls = el.tagName === "FORM" ? el.querySelectorAll("button") : [el];
    controls.forEach((c) => { c.disabled = true; c.setAttribute("aria-busy", "true"); });
    try {
      let answer = await api(el.dataset.method || "POST", el.dataset.api, data);
      const effects = Array.isArray(answer.effects) ? answer.effects : [];
      if (el.dataset.then) {
        try {
          answer = await api(el.dataset.method || "POST", el.dataset.api, JSON.parse(el.dataset.then));
        } catch (err) {
          /* the first action is recorded: the page is stale, its second step stays offered on reload */
          show(box, err.message, true);
          return;
        }
        if (Array.isArray(answer.effects)) effects.push(...answer.effects);
      }
      if (effects.length) sessionStorage.setItem("fallujah.effects", JSON.stringify(effects));
      /* the reloaded page keeps the scroll position, unless it opens at an element (and then the
         browser's restoring, which comes after the load, is turned off for that page) */
      if (el.dataset.focusAfter) sessionStorage.setItem("fallujah.focus", el.dataset.focusAfter);
      history.scrollRestoration = el.dataset.focusAfter ? "manual" : "auto";
      const next = el.dataset.next;
      if (next) window.location.assign(next.replace("{id}", encodeURIComponent(answer.id || "")));
      else window.location.reload();
    } catch (err) {
      if (el.tagName === "FORM") markFields(el, err.data && err.data.problems);
      show(box, err.message, err.status === 409 && !(err.data && err.data.already));
      controls.forEach((c) => { c.disabled = false; c.removeAttribute("aria-busy"); });
    }
  }

  async function importFile(form) {
    const file = form.querySelector("input[type=file]").files[0];
    const box = errorBox(form);
    if (!file) { show(box, form.dataset.importEmpty || "no file", false); return; }
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch (err) {
      show(box, file.name + ": " + err.message, false);
      return;
    }
    send(form, data);
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.dataset || !form.dataset.api) return;
    event.preventDefault();
    if (form.hasAttribute("data-import")) { importFile(form); return; }
    let data;
    try {
      data = Object.assign(collect(form), fieldsOf(form));
    } catch (err) {
      show(errorBox(form), err.message, false);
      return;
    }
    send(form, data);
  });

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-api]");
    if (!button || button.form && button.type === "submit" && !button.hasAttribute("data-standalone")) return;
    event.preventDefault();
    send(button, fieldsOf(button));
  });

  /* What the last action did (its effects, each with its rule), shown once after the reload
     in the page's status region (aria-live), built with textContent only. */
  function showEffects() {
    const box = document.getElementById("effects");
    const stored = sessionStorage.getItem("fallujah.effects");
    if (!box || !stored) return;
    sessionStorage.removeItem("fallujah.effects");
    let effects;
    try { effects = JSON.parse(stored); } catch (err) { return; }
    const list = document.createElement("ul");
    for (const effect of effects) {
      const item = document.createElement("li");
      item.textContent = String(effect.words || effect.text || "") + " ";
      if (effect.rule) {
        const link = document.createElement("a");
        link.className = "rule-link";
        link.href = "/rule/" + encodeURIComponent(body().lang || "en") + "/" + encodeURIComponent(effect.rule);
        link.textContent = effect.rule;
        item.appendChild(link);
      }
      list.appendChild(item);
    }
    box.appendChild(list);
    box.hidden = false;
  }

  /* The game this tab plays, for the static rules site served under /rules/ to link back to it. */
  function rememberGame() {
    const data = body();
    if (!data.game) return;
    try {
      sessionStorage.setItem("fallujah.game", JSON.stringify({ id: data.game, name: data.gameName || "",
        lang: data.lang || "en", ruleset: data.ruleset || "" }));
    } catch (err) { /* storage refused: the site shows no link back */ }
  }

  /* After an action whose control names data-focus-after (Next Phase: the new Phase's checklist),
     the reloaded page shows that element at the top and moves the focus to it; body[data-settled]
     says the page is placed (after the load, when the browser would have restored a position). */
  function focusAfter() {
    const selector = sessionStorage.getItem("fallujah.focus");
    sessionStorage.removeItem("fallujah.focus");
    const target = selector ? document.querySelector(selector) : null;
    const place = () => {
      if (target) {
        if (!target.matches("a[href], button, input, select, textarea, summary, [tabindex]")) target.tabIndex = -1;
        target.scrollIntoView({ block: "start" });
        target.focus({ preventScroll: true });
      }
      document.body.dataset.settled = "true";
    };
    if (document.readyState === "complete") place();
    else window.addEventListener("load", place, { once: true });
  }

  function ready() { showEffects(); rememberGame(); focusAfter(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
  // the handlers are attached: scripted controls take taps from now on (app.css holds them till then,
  // so that a tap on a slow first load is not lost, nor a form sent as a plain GET)
  document.documentElement.classList.add("scripted");

  return { api, ApiError, collect, show, markFields, element };
})();
window.fallujah = fallujah;
