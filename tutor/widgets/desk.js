// The bar under every panel (tutor/widgets/desk.py): the deal's code with a link that opens the
// same chapter live (JupyterLite) on that deal, the reader's progress kept in this browser
// (localStorage: nothing is sent anywhere) with a download of it, and a projector view.
const FROZEN = 'script[type="application/vnd.jupyter.widget-state+json"]';
const STORE = "tutor-progress";

// the query the page was opened with: tutor-autorun keeps it before JupyterLite tidies the URL
function query() {
  return new URLSearchParams(window.__tutorQuery !== undefined ? window.__tutorQuery : window.location.search);
}

function isLite() {
  return document.querySelector(FROZEN) === null && /\/lab\/(index\.html)?$/.test(window.location.pathname);
}

// the address of this chapter live, on deal `code` of panel `kind`, or "" where there is none
export function dealLink(code, kind) {
  let base = "";
  if (isLite()) {
    const path = query().get("path");
    if (path) base = window.location.origin + window.location.pathname + "?path=" + encodeURIComponent(path).replace(/%2F/g, "/");
  } else {
    const live = document.querySelector("a.tutor-live-lite");
    if (live) base = live.href.split("&")[0];
  }
  if (!base || !code) return "";
  return base + "&panel=" + encodeURIComponent(kind) + "&deal=" + encodeURIComponent(code);
}

export function loadProgress() {
  try {
    const data = JSON.parse(window.localStorage.getItem(STORE) || "[]");
    return Array.isArray(data) ? data : [];
  } catch (e) {
    return [];
  }
}

function summary(records, game) {
  const kinds = new Map();
  for (const r of records) {
    if (r.game !== game) continue;
    const t = kinds.get(r.kind) || [0, 0];
    t[0] += r.right ? 1 : 0;
    t[1] += 1;
    kinds.set(r.kind, t);
  }
  return [...kinds].map(([k, [right, asked]]) => `${k}: ${right} of ${asked} right`).join("; ");
}

function download(records) {
  const blob = new Blob([JSON.stringify(records, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "tutor-progress.json";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// the panel alone on the screen: it is fixed over the whole window, so every ancestor that would
// hold a fixed box inside itself (JupyterLab skips drawing cells out of view: content-visibility) lets it go
function setProjector(el, on) {
  const panel = el.parentElement && el.parentElement.closest(".widget-vbox");
  if (!panel) return;
  panel.classList.toggle("tutor-projector", on);
  document.body.classList.toggle("tutor-projecting", on);
  for (let a = panel.parentElement; a && a !== document.body; a = a.parentElement) {
    a.classList.toggle("tutor-projector-host", on);
  }
}

function render({ model, el }) {
  el.className = "tutor-bar";
  const deal = document.createElement("span");
  deal.className = "tutor-deal";
  const progress = document.createElement("span");
  progress.className = "tutor-progress";
  progress.setAttribute("aria-live", "polite");
  const save = document.createElement("button");
  save.type = "button";
  save.className = "tutor-save";
  save.textContent = "Download my progress";
  save.addEventListener("click", () => download(loadProgress()));
  const big = document.createElement("button");
  big.type = "button";
  big.className = "tutor-big";
  big.setAttribute("aria-pressed", "false");
  big.textContent = "Projector view";
  big.addEventListener("click", () => {
    const on = big.getAttribute("aria-pressed") !== "true";
    big.setAttribute("aria-pressed", on ? "true" : "false");
    big.textContent = on ? "Leave projector view" : "Projector view";
    setProjector(el, on);
  });
  el.replaceChildren(deal, progress, save, big);

  const asked = query().get("deal");
  const panelAsked = query().get("panel");
  const mine = asked !== null && (!panelAsked || panelAsked === model.get("kind"));

  const drawDeal = () => {
    const code = model.get("code");
    deal.replaceChildren();
    if (!code) return;
    const c = document.createElement("code");
    c.textContent = code;
    deal.append("Deal ", c);
    const href = dealLink(code, model.get("kind"));
    if (href) {
      const a = document.createElement("a");
      a.className = "tutor-deal-link";
      a.href = href;
      a.textContent = isLite() ? "link to this deal" : "open this deal live";
      deal.append(" ", a);
    }
    if (mine && !isLite() && document.querySelector(FROZEN) !== null) {
      // a static page cannot deal: it sends the reader to the live chapter on the deal asked for
      const note = document.createElement("div");
      note.className = "tutor-deal-asked";
      note.setAttribute("role", "note");
      const a = document.createElement("a");
      a.href = dealLink(asked, model.get("kind"));
      a.textContent = `open deal ${asked} live (JupyterLite)`;
      note.append("This page is a picture of the chapter and cannot deal: ", a);
      deal.append(note);
    }
  };
  const drawProgress = () => {
    const game = model.get("game");
    const text = game ? summary(loadProgress(), game) : "";
    progress.textContent = text ? `${model.get("title") || game}: ${text} (kept in this browser)` : "";
    save.style.display = text ? "" : "none";
  };
  const onMessage = (msg) => {
    if (msg && msg.event === "answer") {
      const records = loadProgress();
      records.push({ game: msg.game, kind: msg.kind, question: msg.question, right: !!msg.right,
                     at: new Date().toISOString() });
      try {
        window.localStorage.setItem(STORE, JSON.stringify(records));
      } catch (e) {
        progress.textContent = "progress not kept: this browser refuses local storage";
        return;
      }
      drawProgress();
    }
  };
  model.on("change:code", drawDeal);
  model.on("change:game", drawProgress);
  model.on("msg:custom", onMessage);
  drawDeal();
  drawProgress();
  if (query().get("projector") === "1") big.click();
  if (mine && isLite()) model.send({ event: "deal", code: asked });
  return () => {
    model.off("change:code", drawDeal);
    model.off("change:game", drawProgress);
    model.off("msg:custom", onMessage);
    setProjector(el, false);
  };
}

export default { render };
