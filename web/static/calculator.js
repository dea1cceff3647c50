/* The calculator page: live odds as the form changes, the roll (physical or by the app), recording
 * the adjudication and applying its consequences. Uses fallujah.api (app.js) for every call.
 *
 * Fields are [data-path] controls ("shooter.cf" nests, "attacking.0.white" makes a list) typed by
 * data-type (int, bool, tristate, ints, str, json: a list of objects as JSON text); empty fields are left out (an "ints" field too when it
 * is marked data-optional). Each change posts the situation to
 * /api/adjudicate/<situation> and draws the odds, modifiers, notes and result it answers.
 */
"use strict";

(() => {
  const form = document.getElementById("calc");
  if (!form) return;
  const d = form.dataset;
  const lang = d.lang || "en";
  const outcomes = JSON.parse(d.outcomes || "{}");
  /* The rule ids of each rulebook of the game: a rule links to the interface's language when
     that rulebook has it, else to the first that has it. */
  const ruleIds = Object.fromEntries(Object.entries(JSON.parse(d.ruleIds || "{}")).map(([k, v]) => [k, new Set(v)]));
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

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  // Words of an answer in the page's language; a game printed in English only gives no French,
  // so the English words are shown and marked lang="en" (screen readers, hyphenation).
  function words(text) {
    if (!text) return { text: "", lang: lang };
    if (text[lang]) return { text: text[lang], lang: lang };
    return { text: text.en || "", lang: "en" };
  }

  function wordsEl(tag, text, suffix, cls) {
    const w = words(text);
    const node = el(tag, undefined, cls);
    const span = el("span", w.text);
    if (w.lang !== lang) span.lang = w.lang;
    node.appendChild(span);
    if (suffix) node.appendChild(document.createTextNode(suffix));
    return node;
  }

  function ruleLink(rule) {
    const link = el("a", rule, "rule-link");
    const where = ruleIds[lang] && ruleIds[lang].has(rule) ? lang
      : (Object.keys(ruleIds).find((l) => ruleIds[l].has(rule)) || lang);
    link.href = "/rule/" + where + "/" + encodeURIComponent(rule) + "?lang=" + lang + (gameQuery ? "&" + gameQuery : "");
    return link;
  }

  function valueOf(input) {
    const raw = input.value.trim();
    switch (input.dataset.type) {
      case "bool": return input.checked;
      case "tristate": return raw === "" ? undefined : raw === "true";
      case "int": return raw === "" ? undefined : Number(raw);
      case "json": return raw === "" ? undefined : JSON.parse(raw);
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
    return listed(data);
  }

  /* A list of objects comes from numbered paths ("attacking.0.white"): an object whose keys are
     all numbers becomes an array in the order of its keys (rows left blank are skipped). */
  function listed(value) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const keys = Object.keys(value);
    for (const key of keys) value[key] = listed(value[key]);
    if (keys.length && keys.every((k) => /^\d+$/.test(k))) return keys.map(Number).sort((x, y) => x - y).map((k) => value[k]);
    return value;
  }

  function percent(p) {
    return (Math.round(p * 1000) / 10).toLocaleString(lang) + " %";
  }

  function label(key) {
    return outcomes[key] || key.replace(/_/g, " ");
  }

  /* The odds by question: each named distribution of the answer (``distributions``) is one
     question; outcomes of the flat list sharing a prefix ("side_event_") are another; the rest
     go together. One question only: a single list, as before. */
  function questions(odds, distributions) {
    const groups = [];
    const taken = new Set();
    for (const [name, dist] of Object.entries(distributions || {})) {
      const items = Object.entries(dist).filter(([, p]) => p > 0).map(([k, p]) => {
        const flat = name + "_" + k;
        if (flat in odds) taken.add(flat);
        return [flat in outcomes || flat in odds ? flat : k, p];
      });
      Object.keys(dist).forEach((k) => taken.add(name + "_" + k));
      if (items.length && !(items.length === 1 && items[0][1] === 1)) groups.push({ name, items });
    }
    const rest = Object.keys(odds || {}).filter((k) => !taken.has(k) && odds[k] > 0);
    /* the longest prefix (cut at "_") that another outcome shares: "side_event_long_name" goes
       with "side_event_other" under "side_event" */
    const prefix = (k) => {
      for (let cut = k.lastIndexOf("_"); cut > 0; cut = k.lastIndexOf("_", cut - 1)) {
        const p = k.slice(0, cut);
        if (rest.some((other) => other !== k && other.startsWith(p + "_"))) return p;
      }
      return "";
    };
    const byPrefix = {};
    const other = [];
    for (const k of rest) {
      const p = groups.length ? prefix(k) : "";
      if (p) (byPrefix[p] = byPrefix[p] || []).push([k, odds[k]]);
      else other.push([k, odds[k]]);
    }
    for (const [name, items] of Object.entries(byPrefix)) groups.push({ name, items });
    if (other.length) groups.push({ name: groups.length ? "other" : "", items: other });
    return groups;
  }

  function oddsList(items, exact) {
    const list = el("ul", undefined, "plain calc-odds-list");
    for (const [key, p] of items) {
      const item = el("li", undefined, "calc-odd");
      item.dataset.outcome = key;
      const name = el("span", label(key), "calc-odd-name");
      const value = el("strong", percent(p), "calc-odd-value");
      const bar = el("progress");
      bar.max = 1;
      bar.value = p;
      bar.setAttribute("aria-label", name.textContent);
      const figures = el("span", undefined, "calc-odd-figures");
      figures.appendChild(value);
      if (exact && typeof exact[key] === "string") figures.appendChild(el("small", " (" + exact[key] + ")"));
      item.append(name, figures);
      item.appendChild(bar);
      list.appendChild(item);
    }
    return list;
  }

  function drawOdds(odds, exact, distributions) {
    const box = $("calc-odds");
    box.textContent = "";
    const groups = questions(odds || {}, distributions);
    if (!groups.length) { box.appendChild(el("p", "—", "muted")); summary(null); return; }
    for (const group of groups) {
      if (group.name) {
        const section = el("section", undefined, "calc-question");
        section.dataset.question = group.name;
        section.appendChild(el("h3", outcomes["q." + group.name] || label(group.name)));
        section.appendChild(oddsList(group.items, exact));
        box.appendChild(section);
      } else {
        box.appendChild(oddsList(group.items, exact));
      }
    }
    summary(groups);
  }

  /* The sticky one-line summary: each question's likeliest outcomes. */
  function summary(groups, text) {
    const line = $("calc-summary");
    if (!line) return; // a game's own calculator page may have no summary bar
    if (text !== undefined) { line.textContent = text; return; }
    if (!groups) { line.textContent = d.msgSummaryNone; return; }
    const parts = groups.map((g) => {
      const top = g.items.slice().sort((a, b) => b[1] - a[1]).slice(0, groups.length > 1 ? 1 : 3);
      const words = top.map(([k, p]) => label(k) + " " + percent(p)).join(" · ");
      return g.name && groups.length > 1 ? (outcomes["q." + g.name] || label(g.name)) + ": " + words : words;
    });
    line.textContent = d.msgSummary + " — " + parts.join(" | ");
    line.title = line.textContent; // cut to one line on a narrow screen: the whole line on hover
  }

  /* A value the adjudicator adjusts before the roll comes as a {base, modifiers, final} object. */
  function cfParts(data) {
    return Object.entries(data).filter(([, v]) => v && typeof v === "object" && !Array.isArray(v)
      && Array.isArray(v.modifiers) && "base" in v && "final" in v);
  }

  function drawModifiers(data) {
    const mods = data.modifiers;
    const drm = data.drm;
    const body = $("calc-modifiers");
    body.textContent = "";
    const cf = cfParts(data);
    const rows = cf.flatMap(([, part]) => part.modifiers.map((m) => [d.msgCf, m])).concat(
      Array.isArray(mods) ? mods.map((m) => [null, m])
        : Object.entries(mods || {}).flatMap(([side, list]) => list.map((m) => [side, m])));
    if (!rows.length) {
      const row = el("tr");
      const cell = el("td", d.msgNone, "muted");
      cell.colSpan = 3;
      row.appendChild(cell);
      body.appendChild(row);
    }
    for (const [side, m] of rows) {
      const row = el("tr");
      row.appendChild(el("td", (m.value > 0 ? "+" : "") + m.value, "num"));
      const rule = el("td");
      rule.appendChild(ruleLink(m.rule));
      row.appendChild(rule);
      const reason = el("td");
      if (side) reason.appendChild(document.createTextNode(side + ": "));
      reason.appendChild(wordsEl("span", m.reason));
      if (m.condition) reason.appendChild(document.createTextNode(" (" + d.msgConditional + ")"));
      row.appendChild(reason);
      body.appendChild(row);
    }
    const total = typeof drm === "object" ? Object.entries(drm || {}).map(([k, v]) => k + " " + (v > 0 ? "+" : "") + v).join(", ")
      : (drm > 0 ? "+" : "") + drm;
    const cfText = cf.filter(([, p]) => p.modifiers.length).map(([, p]) => d.msgCf + " " + p.base + " → " + p.final);
    $("calc-drm").textContent = drm === undefined ? "" : cfText.concat([d.msgDrm + ": " + total]).join(" · ");
  }

  function drawNotes(notes) {
    const list = $("calc-notes");
    list.textContent = "";
    for (const note of notes || []) {
      const item = wordsEl("li", note, " ");
      if (note.rule) item.appendChild(ruleLink(note.rule));
      if (note.ruleset_entry) item.appendChild(el("small", " [" + note.ruleset_entry + "]", "muted"));
      list.appendChild(item);
    }
    $("calc-notes-box").hidden = !(notes && notes.length);
  }

  function drawResult(result) {
    const box = $("calc-result");
    box.textContent = "";
    if (!result) { box.appendChild(el("p", d.msgNeedsRoll, "muted")); return; }
    if (result.outcome !== undefined) {
      const outcome = String(result.outcome);
      box.appendChild(el("p", outcomes[outcome] || outcome.replace(/_/g, " "), "calc-outcome"));
    }
    if (result.pending && result.pending.length) {
      const names = result.pending.map((p) => {
        const input = form.querySelector('[data-path$="' + p + '"]');
        const label = input && form.querySelector('label[for="' + input.id + '"]');
        return label ? label.textContent.replace("*", "").trim() : p;
      });
      box.appendChild(el("p", d.msgPending.replace("{fields}", names.join(", ")), "badge warn"));
    }
    const steps = el("ol", undefined, "calc-steps");
    for (const step of result.steps || []) {
      const item = wordsEl("li", step, " ");
      item.appendChild(ruleLink(step.rule));
      steps.appendChild(item);
    }
    box.appendChild(steps);
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

  /* The adjudicator is asked without expected_version: it reads a situation, not the game. */
  async function adjudicate(situation) {
    let response;
    try {
      response = await fetch("/api/adjudicate/" + d.situation + (gameQuery ? "?" + gameQuery : ""), { method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(situation) });
    } catch (err) {
      throw new fallujah.ApiError(document.body.dataset.msgNetwork || "network error", 0);
    }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new fallujah.ApiError(data.error || String(response.status), response.status, data);
    return data;
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
      const input = form.querySelector('[data-path="' + p.field + '"]');
      if (input && !(p.field in byField)) byField[p.field] = p;
      else if (!input) loose.push(p);
    }
    for (const input of form.querySelectorAll("[data-path]")) {
      const p = byField[input.dataset.path];
      const box = errorBox(input.dataset.path);
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

  /* The form as sent: a warning the player overrides sends its fix (the rule set aside). */
  function situationData() {
    const data = collect();
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
    const button = $("calc-record");
    if (button) button.hidden = !(answer && answer.result);
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
      drawOdds({}, null);
      summary(null, d.msgSummaryAgainst);
      drawResult(null);
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
      $("odds-title").textContent = d.msgOdds;
      $("calc-odds").textContent = "";
      $("calc-odds").appendChild(el("p", d.msgFillIn, "muted"));
      summary(null);
      drawModifiers({});
      drawNotes([]);
      drawResult(null);
      showRecord();
      return;
    }
    try {
      const data = await adjudicate(situationData());
      if (mine !== sequence) return;
      answer = data;
      showError("");
      markInvalid([]);
      const partial = data.result && data.result.probabilities;
      $("odds-title").textContent = partial ? d.msgOddsAfter : d.msgOdds;
      drawOdds(partial || data.probabilities, partial ? null : data.exact, partial ? null : data.distributions);
      drawModifiers(data);
      drawNotes(data.notes);
      drawResult(data.result);
    } catch (err) {
      if (mine !== sequence) return;
      answer = null;
      const problems = (err.data && err.data.problems) || [];
      const loose = markInvalid(problems);
      drawOdds({}, null);
      summary(null, d.msgInvalid + " " + (problems.length ? problems.length + " ✗" : err.message));
      showError(loose.length || !problems.length ? d.msgInvalid + " " + (loose.length ? loose.map((p) => p.field + ": " + p.allowed).join("; ") : err.message) : "");
      drawResult(null);
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
    if (target.id === "calc-roll-for-me") rollForMe(target);
    else if (target.id === "calc-record") record(target);
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
    form.querySelectorAll("[data-path], [data-query], .calc-override, .calc-override-reason").forEach((i) => { i.disabled = true; });
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
  update();
  document.documentElement.classList.add("calc-scripted"); // its buttons take taps from now on (calculator.css)
})();
