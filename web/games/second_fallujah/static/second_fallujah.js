/* Second Fallujah's game page: a "map & counters" file chosen on the device is sent as a
   key_map action (fallujah.api from app.js adds the page's version); errors go to the form's
   [data-error] box. */
"use strict";
document.addEventListener("change", async (event) => {
  const input = event.target.closest("input[data-map-file]");
  if (!input || !input.files[0]) return;
  const form = input.closest("form");
  const box = form.querySelector("[data-error]");
  try {
    const map = JSON.parse(await input.files[0].text());
    await window.fallujah.api("POST", form.dataset.api, { type: "key_map", map, rules: ["2.1"] });
    window.location.reload();
  } catch (err) {
    window.fallujah.show(box, input.files[0].name + ": " + err.message, err.status === 409);
  }
});
