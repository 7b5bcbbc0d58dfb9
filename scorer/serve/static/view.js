// The verdict: status, the score table (players × categories, claimed scores typed in beside
// the computed ones, differences marked), the explanation of a tapped number, the findings.
import { el } from "./form.js";

// The colour of a status; its words are the CLI's (status_text of the verdict).
const TONE = { ok: "ok", mismatch: "bad", illegal: "bad", incomplete: "warn", malformed: "bad",
  impossible: "bad", error: "bad", ineligible: "bad" };

function statusWords(result) {
  return result.status_text || result.status;
}

export function renderStatus(node, result) {
  const extra = result.status === "impossible" && result.scores
    ? " — the scores below are what it would score"
    : result.status === "incomplete" && result.scores ? " — the scores below are provisional" : "";
  const first = (result.findings || []).find((f) => f.severity === "error");
  const why = first && result.status !== "ok" ? `: ${first.rule}` : "";
  node.textContent = statusWords(result) + why + extra;
  node.className = `status ${TONE[result.status] || ""}`;
}

// The claims that differ (the verdict's `claims`) by "player\u0000category" ("total" for the
// total): {claimed, computed, finding}.
export function claimDiffs(result) {
  return new Map((result.claims || []).map((c) => [`${c.player}\u0000${c.category}`, c]));
}

function claimValue(doc, player, category) {
  const claimed = doc.claimed || {};
  if (category === "total") return (claimed.scores || {})[player];
  return ((claimed.breakdown || {})[player] || {})[category];
}

export function setClaim(doc, player, category, value) {
  doc.claimed ||= {};
  const part = category === "total" ? "scores" : "breakdown";
  doc.claimed[part] ||= {};
  if (category === "total") {
    if (value === null) delete doc.claimed.scores[player]; else doc.claimed.scores[player] = value;
  } else {
    const mine = doc.claimed.breakdown[player] || {};
    if (value === null) delete mine[category]; else mine[category] = value;
    if (Object.keys(mine).length) doc.claimed.breakdown[player] = mine;
    else delete doc.claimed.breakdown[player];
  }
  for (const key of ["scores", "breakdown"]) {
    if (doc.claimed[key] && !Object.keys(doc.claimed[key]).length) delete doc.claimed[key];
  }
  if (!Object.keys(doc.claimed).length) delete doc.claimed;
}

function numberCell(doc, sheet, line, category, diffs, focus, handlers) {
  const value = category === "total" ? line.total : line.categories[category];
  const shown = value === null || value === undefined ? "—" : String(value);
  const pressed = focus && focus.player === line.name
    && (focus.category || "total") === category;
  const num = el("button", { type: "button", class: "num", "aria-pressed": String(Boolean(pressed)),
    "aria-label": `${line.name} ${category}: ${shown}; show on the board`,
    onclick: () => handlers.focus(line.name, category === "total" ? null : category) }, shown);
  const claimed = claimValue(doc, line.name, category);
  const claim = el("input", { class: "claim", type: "number", inputmode: "numeric", step: "1",
    value: claimed ?? "", "data-key": `claim|${line.name}|${category}`,
    "aria-label": `claimed ${category} of ${line.name}` });
  claim.addEventListener("change", () => {
    const n = Number.parseInt(claim.value, 10);
    handlers.claim(line.name, category, Number.isFinite(n) ? n : null);
  });
  const diff = diffs.get(`${line.name}\u0000${category}`);
  const td = el("td", { class: "pts" }, num, claim);
  if (diff) {
    td.classList.add("differs");
    const by = doc.meta && typeof doc.meta.claims_by === "string" ? doc.meta.claims_by : null;
    td.append(el("span", { class: "diff" }, by ? `${by} says ${diff.claimed}, scorer says `
      + `${diff.computed}` : `claimed ${diff.claimed}, computed ${diff.computed}`));
  } else if (claimed !== undefined && claimed !== null) {
    td.classList.add("agrees");
  }
  return td;
}

export function renderScores(table, doc, result, focus, handlers) {
  const sheet = result.scores;
  if (!sheet) {
    table.replaceChildren(el("caption", { class: "none" }, result.kind === "record"
      ? "No scores: the record is rejected (see the findings)."
      : "No scores: the position cannot be scored until the findings below are fixed."));
    return;
  }
  const diffs = claimDiffs(result);
  const head = el("tr", {}, el("th", {}, ""), ...sheet.players.map((p) => el("th", {}, p.name,
    el("span", { class: "sub" }, "score · claimed"))));
  const rows = [...sheet.categories, "total"].map((category) => el("tr",
    { class: category === "total" ? "total" : "" }, el("th", { scope: "row" },
      category.replace(/_/g, " ")),
    ...sheet.players.map((line) => numberCell(doc, sheet, line, category, diffs, focus,
      handlers))));
  const extras = (sheet.players[0] && Object.keys(sheet.players[0].extras || {})) || [];
  const extraRows = extras.map((name) => el("tr", { class: "extra" }, el("th", {},
    name.replace(/_/g, " ")),
    ...sheet.players.map((p) => el("td", {}, formatExtra(p.extras[name])))));
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows, ...extraRows));
  table.classList.toggle("many", sheet.players.length >= 3); // numbers above claims: it fits
}

function formatExtra(value) {
  if (Array.isArray(value)) return value.join(", ");
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function renderWinner(node, result) {
  const sheet = result.scores;
  if (!sheet || sheet.players.length < 2 || !sheet.winners.length) { node.textContent = ""; return; }
  const head = (result.status === "incomplete" ? "Provisional: " : "")
    + (sheet.winners.length === 1 ? "Winner" : "Shared victory");
  node.textContent = `${head}: ${sheet.winners.join(", ")}`
    + (sheet.tiebreak ? ` (tie-break: ${sheet.tiebreak})` : "")
    + (sheet.end_reason ? ` · game ended: ${sheet.end_text || sheet.end_reason}` : "");
}

export function renderExplanation(node, result, focus) {
  if (!focus || !result.scores) {
    node.replaceChildren(el("p", { class: "hint" }, "Tap a number in the table: its scoring "
      + "items are listed here and outlined on the board."));
    return;
  }
  const items = (result.explanation || []).filter((i) => i.player === focus.player
    && (!focus.category || i.category === focus.category));
  const what = focus.category ? `${focus.player}, ${focus.category}` : `${focus.player}, all`;
  const list = items.length ? el("ul", {}, ...items.map((i) => el("li", {},
    `${i.text}: ${i.points} point${Math.abs(i.points) === 1 ? "" : "s"} `,
    el("span", { class: "rule" }, `[${i.rule}]`))))
    : el("p", { class: "none" }, "Nothing scored here.");
  node.replaceChildren(el("h3", {}, what), list);
}

export function renderFindings(node, result, current, onPick) {
  const marked = new Map((result.marks || []).map((m) => [m.finding, m]));
  const findings = result.findings || [];
  if (!findings.length) {
    node.replaceChildren(el("li", { class: "none", style: undefined }, "No findings."));
    node.firstChild.className = "none";
    return;
  }
  node.replaceChildren(...findings.map((f, k) => {
    const cls = [f.severity === "warning" ? "warning" : "", f.rule === "REC-CLAIM-1" ? "claim" : "",
      k === current ? "current" : ""].filter(Boolean).join(" ");
    const mark = marked.get(k);
    const where = mark ? ` — on ${mark.board ? `${mark.board}'s board, ` : ""}cell `
      + mark.cells.map((c) => `[${c}]`).join(" ") : "";
    const at = f.line ? `line ${f.line}${f.col ? `:${f.col}` : ""} ` : "";
    const legal = f.details && typeof f.details.legal_text === "string"
      ? el("span", { class: "where legal" }, `legal here: ${f.details.legal_text}`) : "";
    return el("li", { class: cls, "data-mark": mark ? String(k) : undefined,
      onclick: mark ? () => onPick(k, mark) : undefined },
    el("code", {}, f.rule), " ", f.message,
    el("span", { class: "where" }, at + (f.pointer || "(whole document)") + where), legal);
  }));
}

export function renderTotals(node, result) {
  const sheet = result.scores;
  const diffs = claimDiffs(result);
  const parts = sheet ? sheet.players.map((p) => {
    const off = diffs.get(`${p.name}\u0000total`);
    return el("span", {}, el("span", { class: "who" }, p.name), ` ${p.total}`,
      off ? el("span", { class: "claim-off" }, ` (claimed ${off.claimed})`) : "");
  }) : [el("span", {}, "not scored")];
  node.replaceChildren(...parts, el("span", { class: `verdict-word ${TONE[result.status] || ""}` },
    statusWords(result)));
}
