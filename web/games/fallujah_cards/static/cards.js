/* The card game's only script: a discard of several cards at Regroup. The hand's cards are
 * checkboxes; the form sends {"type": "discard", "cards": [the ticked cards' names]} to the
 * JSON API through app.js (fallujah.api), then reloads; an error goes into the form's box. */
"use strict";

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!form.hasAttribute || !form.hasAttribute("data-discard")) return;
  event.preventDefault();
  const cards = Array.from(form.querySelectorAll("input[type=checkbox]:checked")).map((el) => el.value);
  const box = form.parentElement.querySelector("[data-error]");
  try {
    const answer = await window.fallujah.api("POST", form.dataset.url, { type: "discard", cards });
    if (Array.isArray(answer.effects) && answer.effects.length) {
      sessionStorage.setItem("fallujah.effects", JSON.stringify(answer.effects));
    }
    window.location.reload();
  } catch (err) {
    window.fallujah.show(box, err.message, err.status === 409);
  }
});
