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

  function drawOdds(odds, exact) {
    const box = $("calc-odds");
    box.textContent = "";
    const keys = Object.keys(odds || {}).filter((key) => odds[key] > 0); // impossible outcomes left out
    if (!keys.length) { box.appendChild(el("p", "—", "muted")); return; }
    const list = el("ul", undefined, "plain calc-odds-list");
    for (const key of keys) {
      const item = el("li", undefined, "calc-odd");
      item.dataset.outcome = key;
      const name = el("span", outcomes[key] || key.replace(/_/g, " "), "calc-odd-name");
      const value = el("strong", percent(odds[key]), "calc-odd-value");
      const bar = el("progress");
      bar.max = 1;
      bar.value = odds[key];
      bar.setAttribute("aria-label", name.textContent);
      const figures = el("span", undefined, "calc-odd-figures");
      figures.appendChild(value);
      if (exact && exact[key]) figures.appendChild(el("small", " (" + exact[key] + ")"));
      item.append(name, figures);
      item.appendChild(bar);
      list.appendChild(item);
    }
    box.appendChild(list);
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
    $("calc-drm").textContent = cfText.concat([d.msgDrm + ": " + total]).join(" · ");
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

  function markInvalid(problems) {
    const bad = new Set((problems || []).map((p) => p.field));
    for (const input of form.querySelectorAll("[data-path]")) {
      if (bad.has(input.dataset.path)) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
  }

  async function update() {
    const mine = ++sequence;
    try {
      const data = await adjudicate(collect());
      if (mine !== sequence) return;
      answer = data;
      showError("");
      markInvalid([]);
      const partial = data.result && data.result.probabilities;
      $("odds-title").textContent = partial ? d.msgOddsAfter : d.msgOdds;
      drawOdds(partial || data.probabilities, partial ? null : data.exact);
      drawModifiers(data);
      drawNotes(data.notes);
      drawResult(data.result);
    } catch (err) {
      if (mine !== sequence) return;
      answer = null;
      const problems = (err.data && err.data.problems) || [];
      markInvalid(problems);
      if (problems.length && problems.every((p) => String(p.allowed).startsWith("required"))) {
        showError("");
        drawOdds({}, null);
        $("calc-odds").firstChild.textContent = d.msgFillIn;
      } else {
        showError(d.msgInvalid + " " + err.message);
      }
      drawResult(null);
    }
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

  async function record(button) {
    clearTimeout(timer); // the input's change on blur would redraw after the answer below and hide its error
    await update();
    if (!answer || !answer.result) { showError(d.msgNeedsRoll); return; }
    button.disabled = true;
    const action = { type: "adjudication", situation: d.situation, input: collect(), rules: [],
      rolls_by: appRoll ? "app" : "player" };
    if (appRoll) action.app_roll = appRoll.version;
    try {
      const state = await fallujah.api("POST", "/api/games/" + d.gameId + "/actions", action);
      const url = new URL(d.pageUrl, window.location.href);
      url.searchParams.set("recorded", state.version);
      url.searchParams.set("lang", lang);
      window.location.assign(url.toString() + "#consequences");
    } catch (err) {
      showStale(err);
      button.disabled = false;
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

  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
  form.addEventListener("submit", (event) => event.preventDefault());
  document.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target) return;
    if (target.id === "calc-roll-for-me") rollForMe(target);
    else if (target.id === "calc-record") record(target);
    else if (target.id === "calc-undo") post(target, "/api/games/" + d.gameId + "/undo", {});
    else if (target.classList.contains("calc-apply")) post(target, "/api/games/" + d.gameId + "/actions", JSON.parse(target.dataset.action));
  });
  if (d.recorded) form.querySelectorAll("input, select").forEach((i) => { i.disabled = true; });
  update();
})();
