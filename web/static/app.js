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
 * after the reload in #effects. data-confirm asks first. A form with
 * data-import sends the JSON file chosen in its file input as the body.
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
    if (response.status === 409) throw new ApiError(body().msgStale, 409, data);
    if (!response.ok) throw new ApiError(data.error || response.statusText || String(response.status), response.status, data);
    if (data && typeof data.version === "number" && data.id === body().game) body().version = String(data.version);
    return data;
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

  function errorBox(el) {
    const scope = el.closest("[data-error-scope]") || el.closest("form") || el.parentElement;
    return (scope && scope.querySelector("[data-error]")) || document.getElementById("page-error");
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
      const answer = await api(el.dataset.method || "POST", el.dataset.api, data);
      if (Array.isArray(answer.effects) && answer.effects.length) {
        sessionStorage.setItem("fallujah.effects", JSON.stringify(answer.effects));
      }
      const next = el.dataset.next;
      if (next) window.location.assign(next.replace("{id}", encodeURIComponent(answer.id || "")));
      else window.location.reload();
    } catch (err) {
      show(box, err.message, err.status === 409);
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
      item.textContent = String(effect.text || "") + " ";
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

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showEffects);
  else showEffects();

  return { api, ApiError, collect, show };
})();
window.fallujah = fallujah;
