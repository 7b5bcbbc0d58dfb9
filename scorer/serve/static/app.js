// scorer serve: the page's controller. Holds the document in memory and shows the server's
// one verdict of it (POST /api/verdict: status, findings, marked cells, scores, claims and the
// picture, from one verification). A position of a known game is edited by tapping through the
// game's editor; any other document (a record, a malformed file) is shown as opened, its
// verdict exactly the CLI's, until a tap turns a record into the position it reached.
import { crop, highlight, hitAt, markFindings, partShowing, showSvg } from "./board.js";
import { EDITORS } from "./editors.js";
import { keepFocus } from "./focus.js";
import { showLan } from "./lan.js";
import { el, renderDetails, variantGroup } from "./form.js";
import { ShareTooLarge, decodeFragment, encodeFragment } from "./share.js";
import { renderExplanation, renderFindings, renderScores, renderStatus, renderTotals,
  renderWinner, setClaim } from "./view.js";

// "1 move", "2 moves" (the CLI's plural())
function movesText(n) {
  return `${n} move${n === 1 ? "" : "s"}`;
}

const STORE = "scorer-serve-position";
const $ = (id) => document.getElementById(id);
const app = { cat: null, doc: null, text: null, mode: "edit", tool: null, owner: null, view: null,
  history: [], focus: null, finding: null, result: null, svg: null, seq: 0, follow: false };
window.scorerApp = app; // for the end-to-end test and the curious

async function api(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body) });
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  return { status: response.status, data, leftOut: Number(response.headers.get("X-Scorer-Left-Out") || 0) };
}

// action: {label, run} adds a button after the text.
function notice(text, error = false, action = null) {
  const node = $("notice");
  node.hidden = !text;
  node.textContent = text || "";
  if (text && action) {
    node.append(" ", el("button", { type: "button", onclick: action.run }, action.label));
  }
  node.classList.toggle("error", error);
}

const editor = () => (app.doc ? EDITORS[app.doc.game] : undefined);
const gameCat = () => (app.doc && app.cat.games[app.doc.game]) || null;
const names = () => (app.doc && Array.isArray(app.doc.players) ? app.doc.players : [])
  .map((p) => (p && typeof p.name === "string" ? p.name : "?"));
const isRecord = () => Boolean(app.doc && app.doc.format === "scorer-record/1");
// A position of a game the page has an editor for is edited by tapping; anything else is shown.
const editable = (doc) => Boolean(doc && typeof doc === "object" && !Array.isArray(doc)
  && doc.format === "scorer-position/1" && EDITORS[doc.game]);
const narrow = () => window.matchMedia("(max-width: 700px)").matches;

// ------------------------------------------------------------------ editing
// text: the document's bytes as opened (sent as they are until the first edit, so the verdict
// is the one of the file, line numbers included).
function setDoc(doc, text = null) {
  app.doc = doc;
  app.text = text;
  app.mode = editable(doc) ? "edit" : "view";
  app.history = [];
  app.focus = null; app.finding = null; app.part = 0;
  app.follow = true; // show the board of the first marked finding once the verdict is in
  const ed = editor();
  if (app.mode === "edit") {
    if (!app.tool || !toolIds().includes(app.tool)) app.tool = toolIds()[0];
    const owners = ed.owners ? ed.owners(doc) : null;
    if (owners && !owners.includes(app.owner)) app.owner = owners[0];
  }
  app.view = narrow() && ed ? (ed.perPlayerBoards ? names()[0] : "*board") : null;
  changed(false);
}

function toolIds() {
  return editor().tools(app.doc, gameCat()).flatMap((g) => g.items.map((i) => i.id));
}

function edit(mutate) {
  app.text = null;
  const before = JSON.stringify(app.doc);
  const message = mutate(app.doc);
  if (message) { notice(message); return; }
  if (JSON.stringify(app.doc) === before) return;
  app.history.push(before);
  if (app.history.length > 200) app.history.shift();
  notice("");
  changed(true);
}

function undo() {
  const last = app.history.pop();
  if (last === undefined) return;
  app.text = null;
  app.doc = JSON.parse(last);
  changed(true);
}

function changed(edited) {
  if (app.doc !== null) {
    try { localStorage.setItem(STORE, JSON.stringify(app.doc)); } catch { /* private mode */ }
  }
  if (edited && location.hash) history.replaceState(null, "", location.pathname);
  $("undo-btn").disabled = !app.history.length;
  renderChrome();
  refresh();
}

// ------------------------------------------------------------------ server round trip
async function refresh() {
  const seq = ++app.seq;
  const body = app.text !== null ? app.text : JSON.stringify(app.doc);
  let answer;
  try {
    answer = await api("/api/verdict", body);
  } catch (err) {
    if (seq === app.seq) notice(`The scorer is not answering (${err}); is scorer serve running?`, true);
    return;
  }
  if (seq !== app.seq) return; // a later edit is on its way
  app.result = answer.data;
  if (app.follow) followFirstMark();
  const picture = answer.data.picture;
  const leftOut = answer.data.left_out || 0;
  if (picture) {
    app.svg = showSvg($("board"), picture, null);
    cropNow();
    applyZoom();
    $("left-out").hidden = !leftOut;
    $("left-out").textContent = leftOut ? `The picture leaves out ${leftOut} `
      + `piece${leftOut === 1 ? "" : "s"} that make${leftOut === 1 ? "s" : ""} `
      + "the position impossible; the findings mark where." : "";
  } else {
    $("left-out").hidden = true;
    app.svg = null;
    $("board").replaceChildren(el("p", { class: "none" }, "No picture: the document cannot be "
      + "read as a game (see the findings)."));
  }
  renderVerdict();
  document.body.dataset.ready = String(seq); // the end-to-end test waits for this
}

// On a phone one board is shown at a time: show the one the first marked finding is on (or
// the board of the first player whose claim differs).
function followFirstMark() {
  app.follow = false;
  const ed = editor();
  const mark = (app.result.marks || [])[0];
  const claim = (app.result.claims || [])[0];
  const board = mark ? mark.board : claim ? claim.player : null;
  if (!board || !app.view || !ed || !ed.perPlayerBoards || !names().includes(board)) return;
  if (app.view !== board) { app.view = board; renderTabs(); }
}

function renderVerdict() {
  const result = app.result;
  if (app.mode !== "edit") renderPalette();
  renderStatus($("status"), result);
  renderTotals($("totals"), result);
  keepFocus($("scores"), () => renderScores($("scores"), app.doc, result, app.focus,
    { focus: focusOn, claim: claimed }));
  renderWinner($("winner"), result);
  renderExplanation($("explain"), result, app.focus);
  renderFindings($("findings"), result, app.finding, pickFinding);
  markFindings(app.svg, result.marks || [], app.finding);
  highlight($("board"), app.svg, app.focus);
}

function focusOn(player, category) {
  const same = app.focus && app.focus.player === player && app.focus.category === category;
  app.focus = same ? null : { player, category };
  if (app.focus && app.view && editor().perPlayerBoards && app.view !== player) {
    app.view = player;
    app.part = 0;
    renderTabs();
  }
  renderVerdict();
  if (app.focus) showOnScreen($("board").querySelector(".score-item.hl") || $("board"));
}

// The board as chosen (view and strip), and the strip buttons of a board shown in parts.
function cropNow() {
  app.parts = crop(app.svg, app.view, app.part || 0);
  const node = $("board-parts");
  if (app.parts < 1 || app.parts === 1) { node.replaceChildren(); node.hidden = true; return; }
  const words = app.parts === 2 ? ["left", "right"] : app.parts === 3 ? ["left", "middle", "right"]
    : [...Array(app.parts).keys()].map((k) => `part ${k + 1}`);
  node.hidden = false;
  node.replaceChildren(el("span", { class: "group-label" }, "board part"), ...words.map((w, k) =>
    el("button", { type: "button", "aria-pressed": String((app.part || 0) === k),
      "data-part": String(k), onclick: () => { app.part = k; cropNow(); } }, w)));
}

// Scroll a lit item (or the board) into view when it is not on screen.
function showOnScreen(node) {
  const part = app.svg && node !== $("board") ? partShowing(app.svg, node) : null;
  if (part !== null && part !== (app.part || 0)) { app.part = part; cropNow(); }
  const box = node.getBoundingClientRect();
  const top = $("totals").getBoundingClientRect().height;
  if (box.bottom > top + 60 && box.top < innerHeight - 40 && box.right > 0 && box.left < innerWidth) return;
  node.scrollIntoView({ block: "center", inline: "center" });
}

function claimed(player, category, value) {
  edit((doc) => { setClaim(doc, player, category, value); });
}

function pickFinding(index, mark) {
  app.finding = app.finding === index ? null : index;
  if (mark.board && app.view && editor().perPlayerBoards && app.view !== mark.board) {
    app.view = mark.board;
    app.part = 0;
    renderTabs();
  }
  renderVerdict();
}

const ZOOMS = [1, 1.5, 2, 3];

function zoom(step) {
  app.zoom = Math.max(0, Math.min(ZOOMS.length - 1, (app.zoom || 0) + step));
  applyZoom();
}

function applyZoom() {
  const factor = ZOOMS[app.zoom || 0];
  $("board").classList.toggle("zoomed", factor > 1);
  if (app.svg) app.svg.style.width = `${factor * 100}%`;
  $("zoom-out").disabled = !app.zoom;
  $("zoom-in").disabled = app.zoom === ZOOMS.length - 1;
}

// ------------------------------------------------------------------ palette, tabs, details
function renderChrome() {
  const cat = gameCat();
  const who = names().join(", ");
  const what = isRecord() ? `record of ${movesText(Array.isArray(app.doc.moves) ? app.doc.moves.length : 0)}`
    : who;
  $("game-title").textContent = cat ? `${cat.title} — ${what}` : "A document the page cannot edit";
  renderTabs();
  renderPalette();
  $("details-box").hidden = app.mode !== "edit";
  $("tap-hint").textContent = app.mode === "edit" ? tapHint() : isRecord() ? "The verdict is "
    + "the record's, as scorer verify gives it. Tap the board to edit the position it reached."
    : "";
  if (app.mode !== "edit") { $("details").replaceChildren(); return; }
  keepFocus($("details"), () => renderDetails($("details"), [...editor().details(app.doc, cat, notice),
    variantGroup(app.doc, cat.variant)], () => changedDetails()));
}

function changedDetails() {
  // form fields write into the document directly; record the step for Undo
  const before = app.lastDetails;
  if (before) app.history.push(before);
  changed(true);
}

function renderTabs() {
  const node = $("board-tabs");
  if (!editor()) { node.replaceChildren(); return; }
  const tab = (value, text) => el("button", { type: "button", role: "tab",
    "aria-selected": String(app.view === value), onclick: () => {
      app.view = value; app.part = 0; renderTabs();
    } }, text);
  if (!editor().perPlayerBoards) {
    node.replaceChildren(tab("*board", "board"), tab(null, "whole picture"));
    cropNow();
    return;
  }
  node.replaceChildren(...names().map((n) => tab(n, n)), tab(null, "all boards"));
  cropNow();
}

// What a tap does with the chosen piece, exactly (the editor's words for it).
function tapHint() {
  const item = editor().tools(app.doc, gameCat()).flatMap((g) => g.items)
    .find((t) => t.id === app.tool);
  const who = app.owner === null || app.owner === undefined ? "nobody" : app.owner;
  return item && item.does ? `${item.does.replaceAll("{owner}", who)} Undo steps back.`
    : "Choose a piece above, then tap cells.";
}

function renderPalette() {
  const node = $("palette");
  if (app.mode === "edit") $("tap-hint").textContent = tapHint();
  if (app.mode !== "edit") {
    node.replaceChildren(el("p", { class: "hint", id: "shown" }, shownText()));
    return;
  }
  const groups = editor().tools(app.doc, gameCat());
  const rows = [];
  const owners = editor().owners ? editor().owners(app.doc) : null;
  if (owners) {
    rows.push(el("div", { class: "group" }, el("span", { class: "group-label" }, "player"),
      ...owners.map((o) => el("button", { type: "button", "aria-pressed": String(app.owner === o),
        "data-owner": o === null ? "" : o, onclick: () => { app.owner = o; renderPalette(); } },
      o === null ? "neutral" : o))));
  }
  for (const group of groups) {
    if (!group.items.length) {
      rows.push(el("div", { class: "group" }, el("span", { class: "group-label" }, group.label),
        el("span", { class: "empty" }, group.empty || "nothing to place yet")));
      continue;
    }
    rows.push(el("div", { class: "group" }, el("span", { class: "group-label" }, group.label),
      ...group.items.map((t) => el("button", { type: "button", "data-tool": t.id,
        title: t.label,
        "aria-pressed": String(app.tool === t.id), onclick: () => { app.tool = t.id; renderPalette(); } },
      ...(t.swatches || (t.swatch ? [t.swatch] : [])).map((colour) => el("span",
        { class: `swatch${t.square ? " square" : ""}`, style: `background:${colour}` })),
      t.compact ? el("span", { class: "sr" }, t.label) : t.label))));
  }
  node.replaceChildren(...rows);
}

// What the picture of a document that is not edited shows.
function shownText() {
  const r = app.result;
  if (!isRecord()) return "Not a position of a game this page edits: its verdict is shown.";
  if (!r || r.kind !== "record" || !r.picture) return "A record.";
  if (r.status === "illegal") {
    return `The boards before move ${r.moves_verified + 1}, the move rejected (its cell is `
      + "marked where the finding names one).";
  }
  return `The boards after ${r.moves_verified} of ${r.moves_total} moves.`;
}

// ------------------------------------------------------------------ files and sharing
function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function saveSvg() {
  const picture = await api("/api/svg", app.text !== null ? app.text : JSON.stringify(app.doc));
  if (picture.status !== 200) { notice("The position cannot be drawn (see the findings).", true); return; }
  download(`${app.doc.game || "document"}-board.svg`, picture.data, "image/svg+xml");
}

const saveJson = () => download(`${app.doc.game}-position.json`,
  `${JSON.stringify(app.doc, null, 2)}\n`, "application/json");

// The link holds the board, but it opens only where a scorer serve answers at its address:
// say so, and offer the position file, which any scorer opens.
async function share() {
  const url = `${location.origin}${location.pathname}#${await encodeFragment(app.doc)}`;
  history.replaceState(null, "", url);
  let copied = true;
  try { await navigator.clipboard.writeText(url); } catch { copied = false; }
  notice(`${copied ? "Share link copied" : "Share link in the address bar"} (${url.length} `
    + `characters). It opens this board only where scorer serve runs at ${location.host}: on `
    + "another device, open it while this server runs and is reachable (Phone), or run scorer "
    + "serve there. Or send the position file, which any scorer opens:", false,
  { label: "Download the position", run: saveJson });
}

async function openFile(file) {
  await openText(await file.text(), file.name);
}

// A document opened from a file or pasted on the page.
async function openText(text, name) {
  let doc;
  try { doc = JSON.parse(text); } catch { doc = null; }
  if (doc && doc.format === "scorer-record/1" && Array.isArray(doc.moves)) {
    openRecord(doc, text, name);
    return;
  }
  if (doc && typeof doc === "object" && !Array.isArray(doc) && !("format" in doc)
      && await openImport(doc, text, name)) return;
  setDoc(doc, text);
  notice(editable(doc) ? `Opened ${name}.` : `Opened ${name}: its verdict is shown below.`);
}

// Another program's saved game (a game site's capture): the server's importer makes the
// position, opened for editing. When it cannot, the file is shown as it is: its verdict lists
// the import's findings with their lines. False when it is no such file.
async function openImport(doc, text, name) {
  const answer = await api("/api/import", text);
  const first = (answer.data.findings || [])[0];
  if (answer.status !== 200) {
    if (!first || !first.rule.startsWith("IMP-")) return false;
    setDoc(doc, text);
    notice(`${name} cannot be imported: ${first.rule} ${first.message}`, true);
    return true;
  }
  setDoc(answer.data.position);
  notice(`Opened ${name}: ${answer.data.title}, imported as a position.`
    + (first ? ` ${first.rule} ${first.message}` : ""));
  return true;
}

function openRecord(record, text, name) {
  const moves = record.moves.length;
  $("open-info").textContent = `${name}: a record of ${movesText(moves)}. Open the board after move:`;
  $("open-at").value = String(moves);
  $("open-at").max = String(moves);
  const dialog = $("open-dialog");
  dialog.onclose = async () => {
    if (dialog.returnValue !== "ok") return;
    const at = Number.parseInt($("open-at").value, 10);
    if (!Number.isFinite(at) || at >= moves) {
      setDoc(record, text); // the record as it is: its verdict, the board where it stands
      notice(`Opened ${name}, a record of ${movesText(moves)}.`);
      return;
    }
    await openPosition(record, at, name);
  };
  dialog.showModal();
}

// The position a record reached after move `at` (null: where it stands), to edit. Returns
// what to tell, or null when it cannot be opened (and says why).
async function openPosition(record, at, name) {
  const answer = await api("/api/position", { record, at });
  if (answer.status !== 200) {
    const first = (answer.data.findings || [])[0];
    notice(`${name} cannot be opened: ${first ? `${first.rule} ${first.message}` : "error"}`, true);
    return null;
  }
  setDoc(answer.data.position);
  const told = `Editing the position of ${name} after move ${answer.data.moves_applied} of `
    + `${answer.data.moves_total}.`;
  notice(told);
  return told;
}

// ------------------------------------------------------------------ new board
function fillNewDialog() {
  const game = $("new-game").value;
  const cat = app.cat.games[game];
  $("new-map-row").hidden = !cat.maps;
  $("new-board-row").hidden = !cat.boards;
  if (cat.maps) $("new-map").replaceChildren(...cat.maps.map((m) => el("option", { value: m.id },
    m.author ? `${m.name} (${m.author})` : m.name)));
  if (cat.boards) $("new-board").replaceChildren(...cat.boards.map((b) => el("option",
    { value: b }, b)));
  const box = $("new-variant");
  box.replaceChildren(el("legend", {}, "Variant (blank = the rules' default)"),
    ...cat.variant.filter((o) => o.type !== "integer").map((o) => el("label", {},
      o.name.replace(/_/g, " "), o.type === "boolean"
        ? el("input", { type: "checkbox", "data-option": o.name })
        : el("select", { "data-option": o.name }, el("option", { value: "" }, "default"),
          ...o.choices.map((c) => el("option", { value: String(c) }, String(c)))))));
}

// New starts from the game on screen and its players' names.
function openNewDialog() {
  if (app.doc && app.cat.games[app.doc.game]) $("new-game").value = app.doc.game;
  if (names().length) $("new-players").value = names().join(", ");
  fillNewDialog();
  $("new-error").textContent = "";
  $("new-dialog").showModal();
}

async function startNew(event) {
  event.preventDefault();
  const game = $("new-game").value;
  const cat = app.cat.games[game];
  const players = $("new-players").value.split(",").map((s) => s.trim()).filter(Boolean);
  const variant = {};
  for (const node of $("new-variant").querySelectorAll("[data-option]")) {
    if (node.type === "checkbox") { if (node.checked) variant[node.dataset.option] = true; }
    else if (node.value) variant[node.dataset.option] = node.value;
  }
  const body = { game, players, variant };
  if (cat.maps) body.map = $("new-map").value;
  if (cat.boards) body.board = $("new-board").value;
  const answer = await api("/api/blank", body);
  if (answer.status !== 200) {
    const first = (answer.data.findings || [])[0];
    $("new-error").textContent = first ? first.message : "cannot start that board";
    return;
  }
  $("new-error").textContent = "";
  $("new-dialog").close();
  setDoc(answer.data.position);
}

// ------------------------------------------------------------------ start
function wire() {
  $("new-btn").onclick = openNewDialog;
  $("new-game").onchange = fillNewDialog;
  $("new-ok").onclick = startNew;
  $("undo-btn").onclick = undo;
  $("zoom-in").onclick = () => zoom(1);
  $("zoom-out").onclick = () => zoom(-1);
  $("share-btn").onclick = share;
  $("save-json").onclick = saveJson;
  $("lan-btn").onclick = () => showLan($("lan-dialog"), $("lan-body"));
  $("save-svg").onclick = saveSvg;
  $("open-file").onchange = (e) => { if (e.target.files[0]) openFile(e.target.files[0]); e.target.value = ""; };
  document.addEventListener("paste", (e) => { // a document pasted outside the fields opens
    const text = e.clipboardData ? e.clipboardData.getData("text") : "";
    if (e.target.closest("input, textarea, select, [contenteditable]") || !text.trim().startsWith("{")) return;
    e.preventDefault();
    openText(text, "the pasted document");
  });
  $("details").addEventListener("focusin", () => { app.lastDetails = JSON.stringify(app.doc); });
  $("board").addEventListener("click", async (event) => {
    const hit = hitAt($("board"), event.clientX, event.clientY);
    if (!hit) return;
    let told = "";
    if (app.mode !== "edit") {
      if (!isRecord() || !app.svg) return;
      told = await openPosition(app.doc, null, "the record");
      if (!told) return;
    }
    edit((doc) => editor().tap(doc, hit, app.tool, app.owner, gameCat()));
    if (told) notice(told);
  });
  window.addEventListener("hashchange", async () => {
    const doc = await fromFragment();
    if (doc) setDoc(doc);
  });
  $("new-game").replaceChildren(...Object.entries(app.cat.games).map(([id, g]) => el("option",
    { value: id }, g.title)));
}

async function fromFragment() {
  try { return await decodeFragment(location.hash); } catch (err) {
    notice(err instanceof ShareTooLarge ? err.message
      : "The share link is damaged: it does not hold a position.", true);
    return null;
  }
}

async function boot() {
  const response = await fetch("/api/catalog");
  app.cat = await response.json();
  wire();
  let doc = await fromFragment();
  if (!doc) { try { doc = JSON.parse(localStorage.getItem(STORE) || "null"); } catch { doc = null; } }
  if (!doc || typeof doc !== "object") {
    const answer = await api("/api/blank", { game: "harmonies", players: ["Ann", "Ben"] });
    doc = answer.data.position;
  }
  setDoc(doc);
}

boot().catch((err) => notice(`The page could not start: ${err}`, true));
