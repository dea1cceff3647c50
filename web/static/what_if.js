/* What each choice left to the player changes (issue 22): drawn beside the odds from the live
 * answer's what_if (calculator.js sends each answer as the "calc:answer" event). Each alternative
 * shows its odds of the player's goal (or its odds), the one entered and the best marked; its
 * button sets the form's field to that alternative (a [data-path] control, the rows of a list the
 * player adds and removes, rebuilt by calculator.js, or the numbered controls of a list,
 * "attacking.0.white") and the odds follow as after any change. A decision without dice
 * (spending a margin) gives its legal choices best first (the answer's options), applied alike.
 */
"use strict";

(() => {
  const box = document.getElementById("calc-what-if");
  const form = document.getElementById("calc");
  if (!box || !form) return;
  const lang = form.dataset.lang || "en";
  const ruleIds = Object.fromEntries(Object.entries(JSON.parse(form.dataset.ruleIds || "{}")).map(([k, v]) => [k, new Set(v)]));
  const game = form.dataset.game || "";
  const msg = box.dataset;
  /* The alternatives of the choice last applied: a choice the new situation no longer offers
     (a Support unit left out) is still shown, so that one tap switches back; forgotten as soon as
     the player changes the form by hand (the odds kept would no longer be this situation's). */
  let kept = null;
  let last = null;

  const el = fallujah.element;

  function ruleLink(rule) {
    const where = ruleIds[lang] && ruleIds[lang].has(rule) ? lang : (Object.keys(ruleIds).find((l) => ruleIds[l].has(rule)) || lang);
    const link = el("a", rule, "rule-link");
    link.href = "/rule/" + where + "/" + encodeURIComponent(rule) + "?lang=" + lang + (game ? "&game=" + encodeURIComponent(game) : "");
    return link;
  }

  const words = (w) => (lang === "fr" && w && w.fr) || (w && w.en) || "";
  const percent = (p) => (Math.round(p * 1000) / 10).toLocaleString(lang) + " %";

  function setControl(input, value) {
    if (input.dataset.type === "bool") input.checked = Boolean(value);
    else if (input.dataset.type === "json") input.value = value === null || value === undefined ? "" : JSON.stringify(value);
    else if (input.dataset.type === "ints") input.value = Array.isArray(value) ? value.join(" ") : "";
    else input.value = value === null || value === undefined ? "" : String(value);
  }

  /* The field's own control, else the numbered rows of a list: row i takes the alternative's
     item i, and the rows beyond it are emptied (an empty row is left out of the situation). */
  function apply(field, value) {
    const own = form.querySelector('[data-path="' + field + '"]');
    if (own) setControl(own, value);
    else if (form.querySelector('[data-rows="' + field + '"]')) { // rows the player adds and removes: one per item
      form.dispatchEvent(new CustomEvent("calc:rows", { detail: { field, value } }));
    }
    else if (Array.isArray(value)) {
      for (const input of form.querySelectorAll('[data-path^="' + field + '."]')) {
        const [index, key] = input.dataset.path.slice(field.length + 1).split(".");
        const item = value[Number(index)];
        setControl(input, item && key in item ? item[key] : "");
      }
    } else if (value && typeof value === "object") { // an object's fields: those it leaves out emptied
      for (const input of form.querySelectorAll('[data-path^="' + field + '."]')) {
        const key = input.dataset.path.slice(field.length + 1);
        setControl(input, key in value ? value[key] : "");
      }
    } else return;
    kept = { field, value, entries: ((last && last.what_if) || []).filter((e) => e.field === field), best: (last && last.best) || [] };
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  /* The answer's alternatives, with those of the choice last applied when it no longer offers them. */
  function entriesOf(answer) {
    const own = (answer && answer.what_if) || [];
    if (!answer || !kept || own.some((e) => e.field === kept.field)) return { entries: own, best: (answer && answer.best) || [] };
    const back = kept.entries.map((e) => ({ ...e, current: same(e.value, kept.value) }));
    return { entries: [...back, ...own], best: (answer.best && answer.best.length ? answer.best : kept.best) };
  }

  function applyButton(entry) {
    const button = el("button", msg.msgApply, "what-if-apply");
    button.type = "button";
    button.setAttribute("aria-label", msg.msgApply + ": " + words(entry.words));
    button.addEventListener("click", () => apply(entry.field, entry.value));
    return button;
  }

  function drawOptions(answer) {
    const list = document.getElementById("calc-options-list");
    list.textContent = "";
    const options = (answer && answer.options) || [];
    document.getElementById("calc-options").hidden = !options.length;
    options.forEach((option, i) => {
      const item = el("li", undefined, "what-if" + (option.current ? " current" : "") + (i === 0 ? " best" : ""));
      item.appendChild(el("span", words(option.words), "what-if-choice"));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(ruleLink(option.rule));
      if (i === 0) item.appendChild(el("span", msg.msgBestChoice, "badge good"));
      if (option.current) item.appendChild(el("span", msg.msgAsEntered, "badge"));
      else item.appendChild(applyButton(option));
      list.appendChild(item);
    });
  }

  function draw(answer) {
    drawOptions(answer);
    const list = document.getElementById("calc-what-if-list");
    list.textContent = "";
    const shown = entriesOf(answer);
    const entries = shown.entries;
    if (answer && answer.what_if && answer.what_if.length) last = answer;
    document.getElementById("calc-what-if-alternatives").hidden = !entries.length;
    box.hidden = !entries.length && !(answer && answer.options && answer.options.length);
    if (!entries.length) return;
    const goal = answer.goal || (last && last.goal);
    document.getElementById("calc-what-if-goal").textContent = goal ? msg.msgGoal.replace("{goal}", words(goal)) : "";
    const best = new Set(shown.best);
    for (const entry of entries) {
      const item = el("li", undefined, "what-if" + (entry.current ? " current" : "") + (best.has(entry.choice) ? " best" : ""));
      item.appendChild(el("span", words(entry.words), "what-if-choice"));
      item.appendChild(document.createTextNode(" "));
      const odds = entry.success !== null && entry.success !== undefined ? percent(entry.success)
        : entry.expected !== null && entry.expected !== undefined ? msg.msgMean.replace("{mean}", entry.expected.toLocaleString(lang, { maximumFractionDigits: 2 }))
        : Object.entries(entry.probabilities).map(([k, p]) => k.replace(/_/g, " ") + " " + percent(p)).join(" · ");
      item.appendChild(el("strong", odds, "what-if-odds"));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(ruleLink(entry.rule));
      if (best.has(entry.choice)) item.appendChild(el("span", msg.msgBest, "badge good"));
      if (entry.current) item.appendChild(el("span", msg.msgAsEntered, "badge"));
      else item.appendChild(applyButton(entry));
      for (const note of entry.notes || []) item.appendChild(el("small", words(note), "what-if-note"));
      list.appendChild(item);
    }
  }

  form.addEventListener("input", (event) => { if (event.isTrusted) kept = null; });
  form.addEventListener("change", (event) => { if (event.isTrusted) kept = null; });
  document.addEventListener("calc:answer", (event) => draw(event.detail));
})();
