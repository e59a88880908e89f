// Small fixes to what the theme and the widget manager leave out, on the static pages only.
(function () {
  "use strict";
  // A box that scrolls sideways must be reachable by keyboard and named (WCAG 2.1.1).
  function scrollBoxes() {
    document.querySelectorAll(".tutor-scroll, .cell_output table, .output table").forEach(function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.hasAttribute("tabindex")) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        if (!box.hasAttribute("aria-label")) box.setAttribute("aria-label", "table (scrolls sideways)");
      } else if (!scrolls && box.getAttribute("tabindex") === "0" && box.getAttribute("role") === "region") {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
  }
  // The widget manager draws a slider's handle without a name: give it the slider's label.
  function sliderNames() {
    document.querySelectorAll(".widget-slider").forEach(function (slider) {
      var label = slider.querySelector(".widget-label");
      var name = label ? label.textContent.trim() : "";
      slider.querySelectorAll(".noUi-handle").forEach(function (handle) {
        if (!handle.hasAttribute("aria-label")) handle.setAttribute("aria-label", name || "value");
      });
    });
  }
  // A panel on a static page runs no Python: its own buttons, boxes and lists (ipywidgets') would
  // do nothing, so they are made inert (neither focused nor clicked; the note before each panel
  // says so). The bar under a panel (its links, the projector view) and the cards are not touched:
  // the bar works without Python, and the cards are already disabled there.
  var DEAD = [".widget-button", ".widget-toggle-button", ".widget-text input", ".widget-textarea textarea",
              ".widget-dropdown select", ".widget-select select", ".widget-checkbox input", ".noUi-handle",
              ".widget-play button", ".widget-radio-box input"].map(function (s) { return ".widget-subarea " + s; }).join(", ");
  var STATIC = 'script[type="application/vnd.jupyter.widget-state+json"]';
  function deadControls() {
    if (document.querySelector(STATIC) === null) return;
    document.querySelectorAll(DEAD).forEach(function (el) {
      if (el.closest(".tutor-bar") || el.inert) return;
      el.inert = true;
      el.classList.add("tutor-inert");
    });
  }
  // The theme's icons are drawn by its web font (its script that redrew them as SVG, hidden from
  // screen readers, is not loaded: book/conf.py): an icon is decoration beside its control's name.
  function quietIcons() {
    document.querySelectorAll("i.fa-solid, i.fas, i.fa-regular, i.far, i.fa-brands, i.fab").forEach(function (icon) {
      if (!icon.hasAttribute("aria-hidden")) icon.setAttribute("aria-hidden", "true");
    });
  }
  function fix() { scrollBoxes(); sliderNames(); deadControls(); quietIcons(); }
  var pending = null, lastChange = 0;
  function later() {
    lastChange = performance.now();
    if (pending === null) pending = setTimeout(function () { pending = null; fix(); }, 50);
  }
  // Whether the page has been still for `ms` with these fixes made: what a check of the page
  // (a reader's tool, or the site's own tests) waits for instead of a fixed delay.
  window.tutorSiteQuiet = function (ms) { return pending === null && performance.now() - lastChange >= ms; };
  document.addEventListener("DOMContentLoaded", function () {
    fix();
    new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", later);
  });
})();
