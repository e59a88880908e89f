// The bar under every panel (tutor/widgets/desk.py): the deal's code with a link that opens the
// same chapter live (JupyterLite) on the position on show (the deal and the moves made in it; the
// format: tutor/links.py), the reader's progress kept in this browser (localStorage: nothing is
// sent anywhere) with a download of it, and a projector view. A static page opened with a link
// forwards the reader to the live chapter on the position asked.
const FROZEN = 'script[type="application/vnd.jupyter.widget-state+json"]';
const STORE = "tutor-progress";

// the query the page was opened with: tutor-autorun keeps it before JupyterLite tidies the URL
function query() {
  return new URLSearchParams(window.__tutorQuery !== undefined ? window.__tutorQuery : window.location.search);
}

function isLite() {
  return document.querySelector(FROZEN) === null && /\/lab\/(index\.html)?$/.test(window.location.pathname);
}

// the address of this chapter live, on deal `code` of panel `kind` with `moves` made in it (a list)
// and, in a match, `dealer` (who dealt it) and `standing` (the totals it started from, as
// "first:5,second:3"), or "" where there is none
export function dealLink(code, kind, moves = [], dealer = "", standing = "") {
  let base = "";
  if (isLite()) {
    const path = query().get("path");
    if (path) base = window.location.origin + window.location.pathname + "?path=" + encodeURIComponent(path).replace(/%2F/g, "/");
  } else {
    const live = document.querySelector("a.tutor-live-lite");
    if (live) base = live.href.split("&")[0];
  }
  if (!base || !code) return "";
  let link = base + "&panel=" + encodeURIComponent(kind) + "&deal=" + encodeURIComponent(code);
  if (moves.length) link += "&moves=" + moves.map(encodeURIComponent).join(",");
  if (dealer) link += "&dealer=" + encodeURIComponent(dealer);
  if (standing) link += "&standing=" + encodeURIComponent(standing).replace(/%2C/g, ",").replace(/%3A/g, ":");
  return link;
}

// the moves a link asks for, as a list ("" or none: no moves)
function askedMoves() {
  const text = query().get("moves");
  return text ? text.split(",") : [];
}

export function loadProgress() {
  try {
    const data = JSON.parse(window.localStorage.getItem(STORE) || "[]");
    return Array.isArray(data) ? data : [];
  } catch (e) {
    return [];
  }
}

// the first moment of this week, Monday 00:00 in the reader's own time
export function weekStart(now) {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return d;
}

// "declarations: 17 of 20 right this week, 40 of 52 in all; ...": each kind of question of
// `game`, this week's answers first (a week runs from Monday), then all that are kept
export function summary(records, game, now = new Date()) {
  const since = weekStart(now).getTime();
  const kinds = new Map();
  for (const r of records) {
    if (!r || r.game !== game) continue;
    const t = kinds.get(r.kind) || [0, 0, 0, 0];
    const at = Date.parse(r.at);
    if (at >= since) {
      t[0] += r.right ? 1 : 0;
      t[1] += 1;
    }
    t[2] += r.right ? 1 : 0;
    t[3] += 1;
    kinds.set(r.kind, t);
  }
  return [...kinds].map(([k, [rw, aw, r, a]]) => {
    if (aw === 0) return `${k}: none this week, ${r} of ${a} right in all`;
    return `${k}: ${rw} of ${aw} right this week` + (a > aw ? `, ${r} of ${a} in all` : "");
  }).join("; ");
}

// keep `records` (false: the browser refused)
function keep(records) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify(records));
    window.dispatchEvent(new Event(STORE));  // every bar on the page shows the new summary
    return true;
  } catch (e) {
    return false;
  }
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
// hold a fixed box inside itself (JupyterLab skips drawing cells out of view: content-visibility) lets it go.
// False when the bar is not yet inside its panel (JupyterLab draws a widget before placing it on the page)
function setProjector(el, on) {
  const panel = el.parentElement && el.parentElement.closest(".widget-vbox");
  if (!panel) return false;
  panel.classList.toggle("tutor-projector", on);
  document.body.classList.toggle("tutor-projecting", on);
  for (let a = panel.parentElement; a && a !== document.body; a = a.parentElement) {
    a.classList.toggle("tutor-projector-host", on);
  }
  return true;
}

// the projector view on or off once the bar is on the page: tried again at each frame until it is
// (for up to a minute), so the button and the view never disagree
function whenPlaced(el, on, big) {
  let tries = 0;
  const step = () => {
    if (big.getAttribute("aria-pressed") !== (on ? "true" : "false")) return;  // pressed again meanwhile
    if (!setProjector(el, on) && tries++ < 3600) window.requestAnimationFrame(step);
  };
  step();
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
  // clearing asks first, in the bar itself, and clears this game's answers only
  const clear = document.createElement("button");
  clear.type = "button";
  clear.className = "tutor-clear";
  clear.textContent = "Clear my progress";
  const ask = document.createElement("span");
  ask.className = "tutor-clear-ask";
  ask.setAttribute("role", "group");
  ask.hidden = true;
  const yes = document.createElement("button");
  yes.type = "button";
  yes.className = "tutor-clear-yes";
  const no = document.createElement("button");
  no.type = "button";
  no.className = "tutor-clear-no";
  no.textContent = "Keep them";
  yes.textContent = "Clear them";
  const question = document.createElement("span");
  ask.append(question, " ", yes, " ", no);
  ask.setAttribute("aria-label", "clear this game's progress?");
  const big = document.createElement("button");
  big.type = "button";
  big.className = "tutor-big";
  big.setAttribute("aria-pressed", "false");
  big.textContent = "Projector view";
  big.addEventListener("click", () => {
    const on = big.getAttribute("aria-pressed") !== "true";
    big.setAttribute("aria-pressed", on ? "true" : "false");
    big.textContent = on ? "Leave projector view" : "Projector view";
    whenPlaced(el, on, big);
  });
  el.replaceChildren(deal, progress, save, clear, ask, big);

  const asked = query().get("deal");
  const panelAsked = query().get("panel");
  const mine = asked !== null && (!panelAsked || panelAsked === model.get("kind"));

  const drawDeal = () => {
    const code = model.get("code");
    const moves = model.get("moves") || [];
    deal.replaceChildren();
    if (!code) return;
    const c = document.createElement("code");
    c.textContent = code;
    deal.append("Deal ", c);
    if (moves.length) {
      const m = document.createElement("span");
      m.className = "tutor-deal-moves";
      m.textContent = `, ${moves.length} move${moves.length === 1 ? "" : "s"} made`;
      m.title = moves.join(", ");
      deal.append(m);
    }
    const href = dealLink(code, model.get("kind"), moves, model.get("dealer") || "", model.get("standing") || "");
    if (href) {
      const a = document.createElement("a");
      a.className = "tutor-deal-link";
      a.href = href;
      a.textContent = isLite() ? (moves.length ? "link to this position" : "link to this deal")
        : (moves.length ? "open this position live" : "open this deal live");
      deal.append(" ", a);
    }
    if (mine && !isLite() && document.querySelector(FROZEN) !== null) {
      // a static page cannot deal: it forwards the reader to the live chapter on the position
      // asked for (once, by the first bar asked), and says so in case the browser stays
      const live = dealLink(asked, model.get("kind"), askedMoves(), query().get("dealer") || "", query().get("standing") || "");
      const note = document.createElement("div");
      note.className = "tutor-deal-asked";
      note.setAttribute("role", "note");
      if (live) {
        const a = document.createElement("a");
        a.href = live;
        a.textContent = `open deal ${asked} live (JupyterLite)`;
        note.append("This page is a picture of the chapter and cannot deal: going to the live chapter, ", a);
        if (!window.__tutorForwarded) {
          window.__tutorForwarded = true;
          window.location.replace(live);
        }
      } else {
        note.append(`This page is a picture of the chapter and cannot deal ${asked}.`);
      }
      deal.append(note);
    }
  };
  const mineOnly = (records) => records.filter((r) => r && r.game === model.get("game"));
  const drawProgress = () => {
    const game = model.get("game");
    const text = game ? summary(loadProgress(), game) : "";
    progress.textContent = text ? `${model.get("title") || game}: ${text} (kept in this browser)` : "";
    save.style.display = text ? "" : "none";
    clear.style.display = text && ask.hidden ? "" : "none";
  };
  clear.addEventListener("click", () => {
    const n = mineOnly(loadProgress()).length;
    question.textContent = `Clear the ${n} answer${n === 1 ? "" : "s"} to ${model.get("title") || model.get("game")} kept in this browser?`;
    ask.hidden = false;
    clear.style.display = "none";
    no.focus();
  });
  no.addEventListener("click", () => {
    ask.hidden = true;
    drawProgress();
    clear.focus();
  });
  yes.addEventListener("click", () => {
    const game = model.get("game");
    ask.hidden = true;
    if (!keep(loadProgress().filter((r) => !r || r.game !== game))) {
      progress.textContent = "progress not cleared: this browser refuses local storage";
      return;
    }
    drawProgress();
    progress.textContent = `Cleared: no answer to ${model.get("title") || game} is kept in this browser now`;
  });
  const onMessage = (msg) => {
    if (msg && msg.event === "answer") {
      const records = loadProgress();
      records.push({ game: msg.game, kind: msg.kind, question: msg.question, right: !!msg.right,
                     at: new Date().toISOString() });
      if (!keep(records)) {
        progress.textContent = "progress not kept: this browser refuses local storage";
        return;
      }
      drawProgress();
    }
  };
  model.on("change:code", drawDeal);
  model.on("change:moves", drawDeal);
  model.on("change:dealer", drawDeal);
  model.on("change:standing", drawDeal);
  model.on("change:game", drawProgress);
  model.on("msg:custom", onMessage);
  window.addEventListener(STORE, drawProgress);
  drawDeal();
  drawProgress();
  if (query().get("projector") === "1") big.click();
  if (mine && isLite()) {
    model.send({ event: "deal", code: asked, moves: askedMoves().join(","), dealer: query().get("dealer") || "",
                 standing: query().get("standing") || "" });
  }
  return () => {
    model.off("change:code", drawDeal);
    model.off("change:moves", drawDeal);
    model.off("change:dealer", drawDeal);
    model.off("change:standing", drawDeal);
    model.off("change:game", drawProgress);
    model.off("msg:custom", onMessage);
    window.removeEventListener(STORE, drawProgress);
    setProjector(el, false);
  };
}

export default { render };
