// meeple: tap to read. Every card, tile, weapon, god, contract or chip the game
// scripts draw carries its text in `title`, a hover tooltip on a desktop; a
// phone has no hover. Here a tap (or click) on such an element shows that text
// in a panel at the foot of the screen until the next tap; on a button, whose
// tap acts, a long press (or right click) reads it instead.
"use strict";
(() => {

const ACTIVE = "button, a, input, select, textarea, label, summary";

function panel() {
  let p = document.getElementById("cardinfo");
  if (!p) {
    p = document.createElement("div");
    p.id = "cardinfo";
    p.setAttribute("role", "status");
    p.setAttribute("aria-live", "polite");
    document.body.appendChild(p);
  }
  return p;
}

function show(text) {
  const p = panel();
  p.textContent = text;
  p.classList.toggle("show", !!text);
}

function titled(target) {
  const t = target instanceof Element ? target.closest("[title]") : null;
  return t && t.closest("#app") ? t : null;
}

document.addEventListener("click", (e) => {
  const t = titled(e.target);
  if (e.target instanceof Element && e.target.closest("#cardinfo")) return show("");
  show(t && !t.closest(ACTIVE) ? t.getAttribute("title") : "");
});

document.addEventListener("contextmenu", (e) => {
  const t = titled(e.target);
  if (!t) return;
  e.preventDefault();
  show(t.getAttribute("title"));
});

})();
