// The panel's spoken line (tutor/widgets/live.py): one polite live region, made once when the panel
// is drawn and kept, so that each new text is read out by a screen reader (a region made afresh
// with its text already in it is not). Hidden from the eye: the panel shows the same words.
function render({ model, el }) {
  el.className = "tutor-live";
  const region = document.createElement("div");
  region.className = "tutor-sr-only";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  el.replaceChildren(region);
  const put = () => {
    region.textContent = model.get("text") || "";
  };
  put();
  model.on("change:text", put);
  return () => model.off("change:text", put);
}

export default { render };
