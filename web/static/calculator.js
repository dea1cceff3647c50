/* The calculator page: live odds as the form changes, the roll (physical or by the app), recording
 * the adjudication and applying its consequences. Uses fallujah.api (app.js) for every call.
 *
 * Fields are [data-path] controls ("shooter.cf" nests, "attacking.0.white" makes a list) typed by
 * data-type (int, bool, tristate, ints, str, auto: a number or a word); empty fields are left out
 * (an "ints" field too when it is marked data-optional). A list of objects is rows (fieldset
 * [data-rows]) the player adds and removes; rows marked data-mapping are sent as {key: value}.
 * Each change posts the situation to /calculator/<situation>/answer, which answers the odds,
 * modifiers, notes, result and summary rendered on the server (calculator/_answer.html, the same
 * renderer as a recorded roll's): each <template data-swap="id"> goes into the element #id.
 */
"use strict";

(() => {
  const form = document.getElementById("calc");
  if (!form) return;
  const d = form.dataset;
  const lang = d.lang || "en";
  const game = d.game || "";
  const gameQuery = game ? "game=" + encodeURIComponent(game) : "";
  /* Which dice "Roll for me" rolls first, per situation (from the game's companion). */
  const diceStages = JSON.parse(d.diceStages || "{}");
  const rollRules = JSON.parse(d.rollRules || "[]");
  const $ = (id) => document.getElementById(id);
  let answer = null;
  let appRoll = null; // the last roll the app made for this form: {version, faces}
  const appFaces = [];
  let timer = null;
  let sequence = 0;

  const el = fallujah.element;

  function valueOf(input) {
    const raw = input.value.trim();
    switch (input.dataset.type) {
      case "bool": return input.checked;
      case "tristate": return raw === "" ? undefined : raw === "true";
      case "int": return raw === "" ? undefined : Number(raw);
      case "strs": return raw === "" ? (input.hasAttribute("data-optional") ? undefined : [])
        : raw.split(/\s*,\s*/).filter(Boolean);
      case "auto": return raw === "" ? undefined : /^-?\d+$/.test(raw) ? Number(raw) : raw;
      case "ints": return raw === "" ? (input.hasAttribute("data-optional") ? undefined : [])
        : raw.split(/[\s,;]+/).filter(Boolean).map(Number);
      default: return raw === "" ? undefined : raw;
    }
  }

  function collect() {
    const data = {};
    for (const input of form.querySelectorAll("[data-path]")) {
      const value = valueOf(input);
      if (value === undefined) continue;
      const keys = input.dataset.path.split(".");
      let node = data;
      keys.slice(0, -1).forEach((key) => { node = node[key] = node[key] || {}; });
      node[keys[keys.length - 1]] = value;
    }
    const ruleset = form.querySelector("[data-ruleset]:checked");
    if (ruleset) data.ruleset = ruleset.value;
    const out = listed(data);
    for (const box of form.querySelectorAll("[data-rows]")) { // a list the player emptied is sent empty
      const keys = box.dataset.rows.split(".");
      let node = out;
      keys.slice(0, -1).forEach((key) => { node = node[key] = node[key] || {}; });
      const last = keys[keys.length - 1];
      const rows = Array.isArray(node[last]) ? node[last].filter((r) => r) : [];
      node[last] = box.hasAttribute("data-mapping")
        ? Object.fromEntries(rows.filter((r) => r.key !== undefined).map((r) => [r.key, r.value])) : rows;
    }
    return out;
  }

  /* -- rows of a list: added from the list's <template>, removed by their button, numbered again
     after each (data-path "defenders.0.cf", ids "f-defenders-0-cf") so that a problem the
     adjudicator names by index lands beside its row. */
  function renumber(box) {
    box.querySelectorAll("tbody > tr").forEach((row, i) => {
      row.querySelector(".calc-row-number").textContent = i + 1;
      const prefix = box.dataset.rows + ".";
      for (const node of row.querySelectorAll("[data-path], [data-error-for], [id], label[for], [aria-describedby]")) {
        for (const attr of ["data-path", "data-error-for", "id", "for", "aria-describedby"]) {
          const value = node.getAttribute(attr);
          if (!value) continue;
          const dotted = attr === "data-path" || attr === "data-error-for";
          const head = dotted ? prefix : "f-" + prefix.replace(/\./g, "-");
          if (!value.startsWith(head)) continue;
          const rest = value.slice(head.length).replace(/^(\d+|__i__)/, String(i));
          node.setAttribute(attr, head + rest);
        }
      }
    });
  }

  function addRow(button) {
    const box = button.closest("[data-rows]");
    const body = box.querySelector("tbody");
    body.appendChild(box.querySelector("template").content.cloneNode(true));
    renumber(box);
    touched = true;
    const first = body.lastElementChild.querySelector("input, select");
    if (first) first.focus();
    schedule();
  }

  function removeRow(button) {
    const box = button.closest("[data-rows]");
    button.closest("tr").remove();
    renumber(box);
    touched = true;
    box.querySelector("[data-add-row]").focus();
    schedule();
  }

  /* A list's rows replaced by ``items`` (the what-if's alternative, what_if.js's "calc:rows"):
     one row per item from the list's <template>, each control set from its item's key. */
  function setRows(box, items) {
    const body = box.querySelector("tbody");
    body.replaceChildren();
    const mapped = box.hasAttribute("data-mapping") && items && !Array.isArray(items)
      ? Object.entries(items).map(([key, value]) => ({ key, value })) : items || [];
    for (const item of mapped) {
      body.appendChild(box.querySelector("template").content.cloneNode(true));
      renumber(box);
      const prefix = box.dataset.rows + "." + (body.children.length - 1) + ".";
      for (const input of body.lastElementChild.querySelectorAll("[data-path]")) {
        const value = item[input.dataset.path.slice(prefix.length)];
        if (input.dataset.type === "bool") input.checked = Boolean(value);
        else if (input.dataset.type === "ints") input.value = Array.isArray(value) ? value.join(" ") : "";
        else input.value = value === null || value === undefined ? "" : String(value);
      }
    }
  }

  form.addEventListener("calc:rows", (event) => {
    const box = form.querySelector('[data-rows="' + event.detail.field + '"]');
    if (box) setRows(box, event.detail.value);
  });

  /* A list of objects comes from numbered paths ("attacking.0.white"): an object whose keys are
     all numbers becomes an array in the order of its keys (rows left blank are skipped). */
  function listed(value) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const keys = Object.keys(value);
    for (const key of keys) value[key] = listed(value[key]);
    if (keys.length && keys.every((k) => /^\d+$/.test(k))) return keys.map(Number).sort((x, y) => x - y).map((k) => value[k]);
    return value;
  }

  /* The server's answer put in place: each <template data-swap="id"> of ``root`` fills #id. */
  function place(root) {
    for (const part of root.querySelectorAll("template[data-swap]")) {
      const target = $(part.dataset.swap);
      if (target) target.replaceChildren(part.content.cloneNode(true));
    }
    const line = $("calc-summary");
    if (line) line.title = line.textContent; // cut to one line on a narrow screen: the whole line on hover
    const box = $("calc-notes-box");
    if (box) box.hidden = !$("calc-notes").children.length;
    const facts = root.querySelector("template[data-answer]");
    return facts && facts.dataset.hasResult === "true" ? { result: { pending: JSON.parse(facts.dataset.pending || "[]") } } : { result: null };
  }

  /* What the answer says of the choices left to the player (what_if, best, options, summary, goal),
     for what_if.js ("calc:answer"), carried by the rendered answer's data-decisions. */
  function decisions(root) {
    const facts = root.querySelector("template[data-answer]");
    return facts && facts.dataset.decisions ? JSON.parse(facts.dataset.decisions) : null;
  }

  /* No answer (the form incomplete or against a rule): the regions say so. */
  function clearAnswer(summaryText, oddsText) {
    $("odds-title").textContent = d.msgOdds;
    $("calc-odds").replaceChildren(el("p", oddsText || "—", "muted"));
    $("calc-modifiers").replaceChildren();
    $("calc-drm").textContent = "";
    $("calc-notes").replaceChildren();
    $("calc-notes-box").hidden = true;
    $("calc-result").replaceChildren(el("p", d.msgNeedsRoll, "muted"));
    const line = $("calc-summary");
    if (line) line.textContent = summaryText;
  }

  /* Once a write is refused because the game moved on (409), the message stays until the page is
     reloaded: a refresh still pending (the roll field's input or change, 150 ms later) must not
     clear it, or the player never sees it. */
  let stale = false;

  function showStale(err) {
    if (err.status === 409) { stale = true; clearTimeout(timer); sequence++; }
    fallujah.show($("calc-error"), err.message, err.status === 409);
  }

  function showError(message) {
    if (stale) return;
    const box = $("calc-error");
    box.textContent = message;
    box.hidden = !message;
  }

  /* The answer is asked without expected_version: it reads a situation, not the game. */
  async function adjudicate(situation) {
    let response;
    try {
      response = await fetch("/calculator/" + encodeURIComponent(d.situation) + "/answer" + (gameQuery ? "?" + gameQuery : "") + (gameQuery ? "&" : "?") + "lang=" + lang,
        { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json", Accept: "text/html" },
          body: JSON.stringify(situation) });
    } catch (err) {
      throw new fallujah.ApiError(document.body.dataset.msgNetwork || "network error", 0);
    }
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      throw new fallujah.ApiError(data.error || String(response.status), response.status, data);
    }
    return new DOMParser().parseFromString(await response.text(), "text/html");
  }

  function errorBox(path) {
    return form.querySelector('[data-error-for="' + path + '"]');
  }

  /* Each problem in plain words beside its field (the first problem of a field wins); a problem
     naming no field of the form goes to the form's own error line. Returns those. */
  function markInvalid(problems) {
    const byField = {};
    const loose = [];
    for (const p of problems || []) {
      const input = form.querySelector('[data-path="' + p.field + '"], [data-rows="' + p.field + '"]');
      if (input && !(p.field in byField)) byField[p.field] = p;
      else if (!input) loose.push(p);
    }
    for (const input of form.querySelectorAll("[data-path], [data-rows]")) {
      const path = input.dataset.path || input.dataset.rows;
      const p = byField[path];
      const box = errorBox(path);
      if (p) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
      if (box) {
        const words = !p ? "" : String(p.allowed).startsWith("required") ? d.msgRequired
          : String(p.allowed).replace(/^./, (c) => c.toUpperCase()) + (p.rule ? " (" + p.rule + ")" : "") + ".";
        box.textContent = words;
        box.hidden = !words;
      }
    }
    return loose;
  }

  /* A field required once others hold given values (data-required-when: {path: [values]}). */
  function requiredNow(input) {
    if (input.hasAttribute("data-required")) return true;
    const when = JSON.parse(input.dataset.requiredWhen || "{}");
    return Object.entries(when).every(([path, values]) => {
      const other = form.querySelector('[data-path="' + path + '"]');
      return other !== null && values.includes(valueOf(other));
    });
  }

  /* The required fields left empty (the dice are not needed for the odds). */
  function missing() {
    return [...form.querySelectorAll("[data-required], [data-required-when]")].filter((input) => {
      if (!requiredNow(input)) return false;
      const value = valueOf(input);
      return value === undefined || (Array.isArray(value) && !value.length);
    });
  }

  /* The objects of dice the player is still typing: one of their dice is in and a die they
     require is still empty ("rolls" with its offense typed, its defense not yet). Paths naming a
     row of a list are left out (dropping a row would renumber the rows after it). */
  function rollsBeingTyped() {
    const faces = [...form.querySelectorAll("[data-face]")];
    const groups = new Set();
    for (const input of faces) {
      const path = input.dataset.path;
      const group = path.slice(0, Math.max(path.lastIndexOf("."), 0));
      if (!group || /(^|\.)\d+(\.|$)/.test(group) || !input.required || input.value.trim() !== "") continue;
      if (faces.some((other) => other.dataset.path.startsWith(group + ".") && other.value.trim() !== "")) groups.add(group);
    }
    return groups;
  }

  /* The form as sent: a warning the player overrides sends its fix (the rule set aside); a roll
     still being typed is not sent, so the answer is the odds until its last die is in, not a
     refusal naming the die not typed yet. */
  function situationData() {
    const data = collect();
    for (const group of rollsBeingTyped()) {
      const keys = group.split(".");
      let node = data;
      keys.slice(0, -1).forEach((key) => { node = node && node[key]; });
      if (node) delete node[keys[keys.length - 1]];
    }
    for (const box of form.querySelectorAll(".calc-warning")) {
      if (!box.querySelector(".calc-override").checked) continue;
      for (const [path, value] of Object.entries(JSON.parse(box.dataset.fix || "{}"))) {
        const keys = path.split(".");
        let node = data;
        keys.slice(0, -1).forEach((key) => { node = node[key] = node[key] || {}; });
        node[keys[keys.length - 1]] = value;
      }
    }
    return data;
  }

  function showRecord() {
    for (const id of ["calc-record", "calc-apply"]) {
      const button = $(id);
      if (button) button.hidden = !(answer && answer.result);
    }
  }

  /* A warning not overridden whose rule the form breaks (a field differs from the warning's fix):
     the adjudicator would refuse it, so it is not asked; the warning's words go beside the field. */
  function breaking() {
    const out = [];
    for (const box of form.querySelectorAll(".calc-warning")) {
      if (box.querySelector(".calc-override").checked) continue;
      for (const [path, value] of Object.entries(JSON.parse(box.dataset.fix || "{}"))) {
        const input = form.querySelector('[data-path="' + path + '"]');
        if (input && valueOf(input) !== value) out.push({ field: path, words: box.querySelector("p").textContent.trim() });
      }
    }
    return out;
  }

  async function update() {
    const mine = ++sequence;
    saveDraft();
    const broken = breaking();
    if (broken.length) {
      answer = null;
      markInvalid([]);
      for (const b of broken) {
        const box = errorBox(b.field);
        form.querySelector('[data-path="' + b.field + '"]').setAttribute("aria-invalid", "true");
        if (box) { box.textContent = b.words; box.hidden = false; }
      }
      clearAnswer(d.msgSummaryAgainst);
      document.dispatchEvent(new CustomEvent("calc:answer", { detail: null }));
      showRecord();
      return;
    }
    form.querySelectorAll("[data-star-for]").forEach((star) => { // a field required by what the others hold
      star.hidden = !requiredNow(document.getElementById(star.dataset.starFor));
    });
    const empty = missing();
    if (empty.length) { // no request while the form is incomplete: say what is missing instead
      answer = null;
      markInvalid([]);
      showError("");
      clearAnswer(d.msgSummaryNone, d.msgFillIn);
      document.dispatchEvent(new CustomEvent("calc:answer", { detail: null }));
      showRecord();
      return;
    }
    try {
      const doc = await adjudicate(situationData());
      if (mine !== sequence) return;
      showError("");
      markInvalid([]);
      answer = place(doc);
      document.dispatchEvent(new CustomEvent("calc:answer", { detail: decisions(doc) }));
    } catch (err) {
      if (mine !== sequence) return;
      answer = null;
      const problems = (err.data && err.data.problems) || [];
      const loose = markInvalid(problems);
      clearAnswer(d.msgInvalid + " " + err.message); // every problem in words (calculator_answer.refusal)
      if (problems.length) $("calc-result").replaceChildren(el("p", d.msgInvalid + " " + err.message, "error"));
      document.dispatchEvent(new CustomEvent("calc:answer", { detail: null }));
      showError(loose.length || !problems.length ? d.msgInvalid + " " + (loose.length ? loose.map((p) => p.words || p.allowed).join("; ") : err.message) : "");
    }
    showRecord();
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(update, 150);
  }

  function faceInputs(paths) {
    return paths.map((p) => form.querySelector('[data-path="' + p + '"]')).filter((i) => i && i.hasAttribute("data-face") && i.value === "");
  }

  function toRoll() {
    const pending = answer && answer.result && answer.result.pending;
    if (pending && pending.length) {
      return faceInputs([...form.querySelectorAll("[data-face]")].map((i) => i.dataset.path)
        .filter((p) => pending.includes(p.split(".").pop())));
    }
    const stages = diceStages[d.situation] || diceStages["*"];
    if (!stages) {
      const first = form.querySelector("[data-face]");
      return first ? faceInputs([first.dataset.path]) : [];
    }
    const holds = (cond) => Object.entries(cond || {}).every(([path, value]) => {
      const input = form.querySelector('[data-path="' + path + '"]');
      return input && input.value === value;
    });
    const stage = stages.find((s) => holds(s.if));
    return stage ? faceInputs(stage.rolls) : [];
  }

  async function rollForMe(button) {
    const inputs = toRoll();
    if (!inputs.length) { showError(d.msgNeedsRoll); return; }
    button.disabled = true;
    try {
      if (appRoll) {
        /* An app roll is used by one adjudication only: the part resolved so far is recorded with
           it before the next dice are rolled (the final record then cites the new roll). */
        await fallujah.api("POST", "/api/games/" + d.gameId + "/actions", { type: "adjudication",
          situation: d.situation, input: collect(), rules: [], rolls_by: "app", app_roll: appRoll.version });
      }
      const state = await fallujah.api("POST", "/api/games/" + d.gameId + "/actions",
        { type: "roll", dice: inputs.length, purpose: d.situation, rules: rollRules });
      const rolled = state.app_rolls[state.app_rolls.length - 1];
      clearDraft(); // the app's faces are the roll of record: never restored over
      appRoll = rolled;
      inputs.forEach((input, i) => { input.value = rolled.faces[i]; input.readOnly = true; input.classList.add("app-rolled"); });
      const badge = $("calc-app-roll");
      appFaces.push(...rolled.faces);
      badge.textContent = d.msgRolled.replace("{faces}", appFaces.join(", "));
      badge.hidden = false;
      await update();
    } catch (err) {
      showStale(err);
    } finally {
      button.disabled = false;
    }
  }

  /* The overrides ticked: each needs a reason (refused in plain words beside it otherwise). */
  function overrides() {
    const out = [];
    let refused = false;
    for (const box of form.querySelectorAll(".calc-warning")) {
      const reason = box.querySelector(".calc-override-reason");
      const error = box.querySelector(".field-error");
      const ticked = box.querySelector(".calc-override").checked;
      error.hidden = true;
      reason.removeAttribute("aria-invalid");
      if (!ticked) continue;
      if (!reason.value.trim()) {
        error.textContent = d.msgNeedsReason;
        error.hidden = false;
        reason.setAttribute("aria-invalid", "true");
        refused = true;
        continue;
      }
      out.push({ rules: JSON.parse(box.dataset.rules || "[]"), reason: reason.value.trim() });
    }
    if (refused) {
      const first = form.querySelector('.calc-override-reason[aria-invalid="true"]');
      if (first) first.focus(); // the reason asked for, in view, its message beside it
      return null;
    }
    return out;
  }

  async function record(button) {
    clearTimeout(timer); // the input's change on blur would redraw after the answer below and hide its error
    const overridden = overrides();
    if (overridden === null) { showError(d.msgOverrideRefused); return; }
    /* disabled before the odds are asked again: a second tap meanwhile would record the roll a
       second time (or be refused as from another tab) */
    button.disabled = true;
    await update();
    if (!answer || !answer.result) { button.disabled = false; showError(d.msgNeedsRoll); return; }
    const action = { type: "adjudication", situation: d.situation, input: situationData(), rules: [],
      rolls_by: appRoll ? "app" : "player" };
    if (appRoll) action.app_roll = appRoll.version;
    try {
      for (const o of overridden) { // the override goes in the log just before the roll it allows
        await fallujah.api("POST", "/api/games/" + d.gameId + "/actions", { type: "note", rules: o.rules,
          text: d.msgOverrideNote.replace("{rules}", o.rules.join(", ")).replace("{reason}", o.reason) });
      }
      const state = await fallujah.api("POST", "/api/games/" + d.gameId + "/actions", action);
      clearDraft();
      const url = new URL(d.pageUrl, window.location.href);
      url.searchParams.set("recorded", state.version);
      url.searchParams.set("lang", lang);
      /* "Apply": the recorded page applies every change it lists at once (see applyOnLoad) */
      if (button.id === "calc-apply") url.searchParams.set("apply", "all");
      window.location.assign(url.toString() + "#consequences");
    } catch (err) {
      showStale(err);
      button.disabled = false;
    }
  }

  /* -- the draft: kept in sessionStorage per game, situation and query, with the game's version;
     a draft of a game that moved on is not restored (said beside the form, nothing changed). */
  const draftKey = "fallujah.calc.draft:" + (d.gameId || "free:" + game) + ":" + d.situation + ":" + (() => {
    const q = new URLSearchParams(window.location.search);
    q.delete("lang"); q.delete("recorded");
    return q.toString();
  })();
  let restoring = false;
  let touched = false; // only what the player typed is a draft, never the prefilled form

  function storage() {
    try { return window.sessionStorage; } catch (err) { return null; }
  }

  function saveDraft() {
    const store = storage();
    if (!store || d.recorded || restoring || draftRefused || !touched || !$("calc-draft")) return;
    const values = {};
    for (const input of form.querySelectorAll("[data-path], .calc-override, .calc-override-reason, [data-ruleset]")) {
      if (!input.id && !input.value) continue;
      const key = input.id || "ruleset:" + input.value;
      values[key] = input.type === "checkbox" || input.type === "radio" ? input.checked : input.value;
    }
    try { store.setItem(draftKey, JSON.stringify({ version: d.gameVersion || null, values })); } catch (err) { /* full */ }
  }

  function clearDraft() {
    const store = storage();
    if (store) store.removeItem(draftKey);
  }

  let draftRefused = false;

  function restoreDraft() {
    const store = storage();
    const raw = store && store.getItem(draftKey);
    if (!raw || d.recorded) return;
    let draft;
    try { draft = JSON.parse(raw); } catch (err) { clearDraft(); return; }
    const box = $("calc-draft");
    if (!box) return; // a page without the draft's message keeps no draft
    if ((draft.version || null) !== (d.gameVersion || null)) {
      draftRefused = true;
      box.querySelector("p").textContent = d.msgDraftStale.replace("{then}", draft.version).replace("{now}", d.gameVersion);
      box.hidden = false;
      box.classList.add("warn");
      return;
    }
    restoring = true;
    let changed = false;
    for (const [key, value] of Object.entries(draft.values || {})) {
      const input = key.startsWith("ruleset:") ? form.querySelector('[data-ruleset][value="' + key.slice(8) + '"]') : document.getElementById(key);
      if (!input || input.readOnly) continue;
      if (input.type === "checkbox" || input.type === "radio") {
        if (input.checked !== value) { input.checked = value; changed = true; }
      } else if (input.value !== value) { input.value = value; changed = true; }
    }
    restoring = false;
    if (changed) {
      box.querySelector("p").textContent = d.msgDraftRestored;
      box.hidden = false;
    }
  }

  /* -- applying a recorded roll's changes: the ticked ones, in order, each with the game's version
     (a stale tab is refused at the first); then a confirmation with Undo. */
  let appliedCount = 0;

  function changeBoxes() {
    return [...document.querySelectorAll(".calc-change")];
  }

  function applyLabel() {
    const button = $("calc-apply-all");
    if (!button) return;
    const n = changeBoxes().filter((b) => b.checked && !b.disabled).length;
    button.textContent = n === 0 ? d.msgApplyNone : n === 1 ? d.msgApplyOne : d.msgApplyN.replace("{n}", n);
    button.disabled = n === 0;
  }

  async function applyAll(button) {
    const scope = button.closest("[data-error-scope]");
    const errorBox = scope && scope.querySelector("[data-error]");
    const ticked = changeBoxes().filter((b) => b.checked && !b.disabled);
    button.disabled = true;
    let done = 0;
    for (const box of ticked) {
      try {
        await fallujah.api("POST", "/api/games/" + d.gameId + "/actions", JSON.parse(box.dataset.action));
      } catch (err) {
        const what = box.closest("label").textContent.trim();
        fallujah.show(errorBox, d.msgAppliedPartly.replace("{done}", done).replace("{n}", ticked.length)
          .replace("{what}", what) + " — " + err.message, err.status === 409);
        break;
      }
      done += 1;
      box.disabled = true;
      const badge = el("span", d.msgApplied, "badge good");
      box.closest("label").prepend(badge);
    }
    if (done === ticked.length) {
      // the page again (the header's VP and every mark as the game now reads), saying what was applied
      const url = new URL(window.location.href);
      url.searchParams.delete("apply");
      url.searchParams.set("applied", appliedCount + done);
      url.searchParams.set("at", document.body.dataset.version || ""); // the confirmation holds for this version only
      url.hash = "consequences";
      loadAgain(url);
      return;
    }
    appliedCount += done;
    button.hidden = !changeBoxes().some((b) => !b.disabled);
    applyLabel();
    if (done) confirmApplied();
  }

  /* The roll just recorded by "Apply" (``?apply=all``): its changes applied at once, as "Apply N
     changes" would, only while the game is still at the recorded version (a reload, or a page
     kept open after another action, applies nothing: the checklist is shown as it is). */
  function applyOnLoad() {
    const url = new URL(window.location.href);
    if (url.searchParams.get("apply") !== "all") return;
    url.searchParams.delete("apply");
    window.history.replaceState(null, "", url.toString());
    const button = $("calc-apply-all");
    if (button && !button.disabled && d.recorded === document.body.dataset.version) applyAll(button);
  }

  /* The page again at url, in place of this one. A url that differs from this page's only by its
     fragment would not load the page (a same-document navigation: the page scrolls, its state
     stays as it was): this page is reloaded then. */
  function loadAgain(url) {
    const bare = (u) => { const copy = new URL(u, window.location.href); copy.hash = ""; return copy.toString(); };
    if (bare(url) === bare(window.location.href)) window.location.reload();
    else window.location.replace(url.toString());
  }

  /* "Applied: N changes." with Undo (taking the N back), then the next roll in focus. */
  function confirmApplied() {
    const confirm = $("calc-applied");
    if (!confirm || !appliedCount) return;
    confirm.querySelector("p").textContent = appliedCount === 1 ? d.msgAppliedOne : d.msgAppliedN.replace("{n}", appliedCount);
    confirm.hidden = false;
    const undoLast = $("calc-undo"); // its "Undo" takes the applied changes back: one button, not two
    if (undoLast) undoLast.hidden = true;
    const next = document.querySelector(".calc-next a.button");
    (next || confirm.querySelector("button")).focus();
  }

  async function undoApplied(button) {
    button.disabled = true;
    const scope = button.closest("[data-error-scope]");
    try {
      for (let i = 0; i < appliedCount; i += 1) await fallujah.api("POST", "/api/games/" + d.gameId + "/undo", {});
      const url = new URL(window.location.href);
      url.searchParams.delete("applied");
      url.searchParams.delete("at");
      loadAgain(url);
    } catch (err) {
      fallujah.show(scope && scope.querySelector("[data-error]"), err.message, err.status === 409);
      button.disabled = false;
    }
  }

  /* A choice that fills the form from the game (unit, Zone): the page again with it in the query.
     A field of the form itself (the target's Zone number) is typed after the fields above it:
     what the player typed is carried to the page loaded, where it wins over the prefill. */
  const carryKey = "fallujah.calc.carry:" + (d.gameId || "free:" + game) + ":" + d.situation;
  const typed = new Set();

  function pick(input) {
    const url = new URL(window.location.href);
    url.searchParams.delete("recorded");
    url.hash = "";
    if (input.value === "") url.searchParams.delete(input.dataset.query);
    else url.searchParams.set(input.dataset.query, input.value);
    const store = storage();
    if (store && input.dataset.path && typed.size) {
      const values = {};
      for (const id of typed) {
        const field = document.getElementById(id);
        if (field && field !== input) values[id] = field.type === "checkbox" ? field.checked : field.value;
      }
      try { store.setItem(carryKey, JSON.stringify(values)); } catch (err) { /* full */ }
    }
    window.location.assign(url.toString());
  }

  function restoreCarried() {
    const store = storage();
    const raw = store && store.getItem(carryKey);
    if (!raw) return;
    store.removeItem(carryKey);
    let values;
    try { values = JSON.parse(raw); } catch (err) { return; }
    for (const [id, value] of Object.entries(values || {})) {
      const input = document.getElementById(id);
      if (!input || !input.dataset.path || input.readOnly) continue;
      if (input.type === "checkbox") input.checked = value;
      else input.value = value;
      typed.add(id);
      touched = true;
    }
  }

  async function post(button, url, payload) {
    const scope = button.closest("[data-error-scope]");
    const box = scope && scope.querySelector("[data-error]");
    button.disabled = true;
    try {
      await fallujah.api("POST", url, payload);
      window.location.reload();
    } catch (err) {
      fallujah.show(box, err.message, err.status === 409);
      button.disabled = false;
    }
  }

  form.addEventListener("input", (event) => {
    if (event.target.classList && event.target.classList.contains("calc-change")) { applyLabel(); return; }
    if (event.target.dataset && event.target.dataset.query) return;
    if (event.target.dataset && event.target.dataset.path && event.target.id) typed.add(event.target.id);
    touched = true;
    const draftBox = $("calc-draft");
    if (draftBox && !draftBox.classList.contains("warn")) draftBox.hidden = true; // "entries are back": said once
    schedule();
  });
  form.addEventListener("change", (event) => {
    if (event.target.classList && event.target.classList.contains("calc-change")) { applyLabel(); return; }
    if (event.target.dataset && event.target.dataset.query && !d.recorded) { pick(event.target); return; }
    if (event.target.dataset && event.target.dataset.path && event.target.id) typed.add(event.target.id);
    touched = true;
    schedule();
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  document.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target) return;
    if (target.hasAttribute("data-add-row")) addRow(target);
    else if (target.hasAttribute("data-remove-row")) removeRow(target);
    else if (target.id === "calc-roll-for-me") rollForMe(target);
    else if (target.id === "calc-record" || target.id === "calc-apply") record(target);
    else if (target.id === "calc-undo") post(target, "/api/games/" + d.gameId + "/undo", {});
    else if (target.id === "calc-apply-all") applyAll(target);
    else if (target.id === "calc-undo-applied") undoApplied(target);
    else if (target.id === "calc-draft-discard") {
      clearDraft();
      draftRefused = false;
      $("calc-draft").hidden = true;
    }
  });
  if (d.recorded) {
    form.querySelectorAll("[data-path], [data-query], .calc-override, .calc-override-reason, [data-add-row], [data-remove-row]").forEach((i) => { i.disabled = true; });
    const query = new URLSearchParams(window.location.search);
    const applied = Number(query.get("applied"));
    if (Number.isInteger(applied) && applied > 0 && applied <= 50 && query.get("at") === document.body.dataset.version) {
      appliedCount = applied;
      changeBoxes().forEach((b) => { b.checked = false; }); // left unticked when the others were applied
      confirmApplied();
    }
  } else {
    restoreDraft();
    restoreCarried();
  }
  applyLabel();
  if (d.recorded) { answer = place(document); showRecord(); applyOnLoad(); } else update(); // a recorded roll's answer came with the page
  document.documentElement.classList.add("calc-scripted"); // its buttons take taps from now on (calculator.css)
})();
