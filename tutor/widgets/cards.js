// The card component of every panel (tutor/widgets/cards.py): each card is a real button holding
// its SVG drawing, so the card is clicked where it is drawn. The row is redrawn whole from the
// `cards` trait on every change, so a hand that shrinks and fills again never keeps a stale button.
// A static page of the book holds the saved state of its widgets in this script: no Python runs
// there, so the cards are a picture (not clickable, not greyed unless the rules forbade them).
const FROZEN = 'script[type="application/vnd.jupyter.widget-state+json"]';

function draw(model, el) {
  const cards = model.get("cards") || [];
  const toggles = model.get("selectable");
  const frozen = document.querySelector(FROZEN) !== null;
  el.className = "tutor-cards" + (frozen ? " tutor-frozen" : "");
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", model.get("label") || "cards");
  el.dataset.cards = cards.map((c) => c.code).join(" ");
  const buttons = cards.map((c) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tutor-card-button" + (c.selected ? " tutor-selected" : "") + (c.new ? " tutor-new" : "");
    b.dataset.card = c.code;
    b.setAttribute("aria-label", c.label);
    b.title = c.label;
    if (toggles) b.setAttribute("aria-pressed", c.selected ? "true" : "false");
    b.disabled = !c.enabled || frozen;
    if (frozen && c.enabled) b.classList.add("tutor-was-enabled");
    b.innerHTML = c.svg; // drawn by tutor.render.card_svg, every text escaped there
    b.addEventListener("click", () => {
      if (!b.disabled) model.send({ event: "click", code: c.code });
    });
    return b;
  });
  // Keep the focus in the row across a redraw, for keyboard readers: on the same card (by its
  // code); else, the card played being gone, on the card that may be played nearest its place;
  // else (none may be played while the others play) on the row itself, until one may.
  const active = document.activeElement;
  const held = active === el || (active !== null && el.contains(active));
  const focused = held && active !== el ? active.dataset.card : null;
  const place = held && active !== el ? [...el.children].indexOf(active) : Number(el.dataset.place || 0);
  el.replaceChildren(...buttons);
  if (!held) return;
  let again = focused ? el.querySelector(`button[data-card="${CSS.escape(focused)}"]:not([disabled])`) : null;
  if (!again) {
    const open = buttons.filter((b) => !b.disabled);
    again = open.length ? open.reduce((a, b) => (Math.abs(buttons.indexOf(b) - place) < Math.abs(buttons.indexOf(a) - place) ? b : a)) : null;
  }
  if (again) {
    el.removeAttribute("tabindex");
    again.focus();
  } else {
    el.dataset.place = String(Math.max(place, 0));
    el.tabIndex = -1;
    el.focus({ preventScroll: true });
  }
}

function render({ model, el }) {
  const redraw = () => draw(model, el);
  model.on("change:cards", redraw);
  model.on("change:label", redraw);
  model.on("change:selectable", redraw);
  redraw();
  return () => {
    model.off("change:cards", redraw);
    model.off("change:label", redraw);
    model.off("change:selectable", redraw);
  };
}

export default { render };
