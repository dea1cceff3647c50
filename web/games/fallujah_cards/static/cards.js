/* The card game's only script: a form that sends several cards at once. At Regroup the hand's
 * cards are checkboxes (data-discard: {"type": "discard", "cards": [the ticked cards' names]});
 * in a physical game, after a Recon card, the cards it showed are typed top to bottom
 * (data-shown: {"type": "shown", "cards": [the names typed]}). The form goes to the JSON API
 * through app.js (fallujah.api), then the page reloads; an error goes into the form's box. */
"use strict";

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!form.hasAttribute) return;
  let body;
  if (form.hasAttribute("data-discard")) {
    body = { type: "discard", cards: Array.from(form.querySelectorAll("input[type=checkbox]:checked")).map((el) => el.value) };
  } else if (form.hasAttribute("data-shown")) {
    body = { type: "shown", cards: Array.from(form.querySelectorAll("input[name=shown]")).map((el) => el.value.trim()) };
  } else {
    return;
  }
  event.preventDefault();
  const box = form.querySelector("[data-error]") || form.parentElement.querySelector("[data-error]");
  try {
    const answer = await window.fallujah.api("POST", form.dataset.url, body);
    if (Array.isArray(answer.effects) && answer.effects.length) {
      sessionStorage.setItem("fallujah.effects", JSON.stringify(answer.effects));
    }
    window.location.reload();
  } catch (err) {
    window.fallujah.show(box, err.message, err.status === 409);
  }
});
