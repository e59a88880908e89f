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
  // keep the focus on the same card (by its code) across a redraw, for keyboard readers
  const focused = el.contains(document.activeElement) ? document.activeElement.dataset.card : null;
  el.replaceChildren(...buttons);
  if (focused) {
    const again = el.querySelector(`button[data-card="${CSS.escape(focused)}"]:not([disabled])`);
    if (again) again.focus();
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
