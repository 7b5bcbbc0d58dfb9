// Kuhfstein cards as a person sees them: drawn (each cell in its landscape colour, tile backs
// hatched, points beside), never by an internal id alone. A card is added either by tapping
// one of this game's cards (thumbnails) or by tapping its printed shape on a 4 × 4 grid and
// typing its points: the same shape and points as a card of the game is that card; another
// is added to the game's card data (and the page says which it was).
import { el } from "../form.js";

export const FACES = { hay: "#f2d16b", meadow: "#9bd37a", forest: "#2f7d3b", lake: "#5aa9e6",
  house: "#c0504d", back: "#b9b2a6" };
const CYCLE = [null, "hay", "meadow", "forest", "lake", "house", "back"];
const GRID = 4;
const opened = new Set(); // which "add a card" boxes are open, kept across re-renders
const MAX_CARDS = 55; // KUH-CARDDEF-5

export function thumbnail(card, size = 14) {
  const w = 1 + Math.max(...card.cells.map((c) => c.x));
  const h = 1 + Math.max(...card.cells.map((c) => c.y));
  const grid = el("span", { class: "card-shape", style: `grid-template-columns:repeat(${w},`
    + `${size}px);grid-template-rows:repeat(${h},${size}px)` });
  for (const c of card.cells) {
    grid.append(el("span", { class: `card-cell ${c.face}`, style: `grid-column:${c.x + 1};`
      + `grid-row:${c.y + 1};background:${FACES[c.face] || "#ccc"}`, title: c.face }));
  }
  return el("span", { class: "card-thumb" }, grid, el("span", { class: "card-points" },
    `${card.points}`));
}

const shapeKey = (cells) => cells.map((c) => `${c.x},${c.y},${c.face}`).sort().join(";");

function normalised(cells) {
  const x0 = Math.min(...cells.map((c) => c.x));
  const y0 = Math.min(...cells.map((c) => c.y));
  return cells.map((c) => ({ x: c.x - x0, y: c.y - y0, face: c.face }));
}

const inUse = (doc) => new Set(Object.values(doc.boards || {}).flatMap((b) => [
  ...(b.played || []), ...(b.hand || [])]).concat((doc.table && doc.table.card_display) || []));

// The id of the card with these cells and points: one of the game's, or a new one (made room
// for, when the card data is full, by dropping a card nobody holds). [id, words].
export function cardFor(doc, cells, points) {
  const cards = doc.components.cards;
  const key = shapeKey(normalised(cells));
  const found = Object.entries(cards).find(([, c]) => c.points === points
    && shapeKey(c.cells) === key);
  if (found) return [found[0], `card ${found[0]} of this game`];
  let n = 1;
  while (cards[`S${n}`]) n += 1;
  let words = `a card not among this game's cards, added as S${n}`;
  if (Object.keys(cards).length >= MAX_CARDS) {
    const used = inUse(doc);
    const spare = Object.keys(cards).reverse().find((id) => !used.has(id));
    if (!spare) return [null, "the card data is full (55 cards) and every card is in play"];
    delete cards[spare];
    words += ` in place of ${spare}, which nobody holds`;
  }
  cards[`S${n}`] = { cells: normalised(cells), points };
  return [`S${n}`, words];
}

function shapeGrid(state, redraw) {
  const grid = el("span", { class: "shape-grid", role: "group", "aria-label": "card shape" });
  for (let y = 0; y < GRID; y += 1) {
    for (let x = 0; x < GRID; x += 1) {
      const face = state.cells.get(`${x},${y}`) || null;
      grid.append(el("button", { type: "button", class: "shape-cell", "data-shape": `${x},${y}`,
        "aria-label": `row ${y + 1} column ${x + 1}: ${face || "empty"}`,
        style: `background:${face ? FACES[face] : "#fff"}`, onclick: () => {
          const next = CYCLE[(CYCLE.indexOf(face) + 1) % CYCLE.length];
          if (next) state.cells.set(`${x},${y}`, next); else state.cells.delete(`${x},${y}`);
          redraw();
        } }, face ? face.slice(0, 2) : ""));
    }
  }
  return grid;
}

// The "cards played" field of one landscape: its cards drawn, and the two ways to add one.
export function playedField(doc, board, owner, tell) {
  return { label: "cards played", type: "custom", render: (commit) => {
    const cards = doc.components.cards;
    const played = board.played || [];
    const box = el("div", { class: "cards-field" });
    box.append(el("span", { class: "chips" }, ...played.map((id, k) => el("span",
      { class: "chip card-chip" }, cards[id] ? thumbnail(cards[id]) : id,
      el("button", { type: "button", "aria-label": `remove played card ${k + 1}`,
        onclick: () => commit(played.filter((_, i) => i !== k)) }, "×")))));
    const used = inUse(doc);
    const pick = el("details", { class: "card-pick" }, el("summary", {}, "add one of this "
      + "game's cards"), el("div", { class: "card-choices" }, ...Object.entries(cards)
      .filter(([id]) => !used.has(id)).map(([id, c]) => el("button", { type: "button",
        "data-card": id, "aria-label": `card of ${c.points} points: ${c.cells.map((e) => e.face)
          .join(", ")}`, onclick: () => commit([...played, id]) }, thumbnail(c, 10)))));
    const state = { cells: new Map() };
    const seen = el("details", { class: "card-seen" }, el("summary", {}, "add a card as "
      + "printed (tap its shape)"));
    for (const [node, key] of [[pick, `pick|${owner}`], [seen, `seen|${owner}`]]) {
      node.open = opened.has(key);
      node.addEventListener("toggle", () => {
        if (node.open) opened.add(key); else opened.delete(key);
      });
    }
    const points = el("input", { type: "number", inputmode: "numeric", min: "1", step: "1",
      "aria-label": "points printed on the card", class: "card-points-input" });
    const grid = el("span");
    const redraw = () => grid.replaceChildren(shapeGrid(state, redraw));
    redraw();
    const add = el("button", { type: "button", class: "primary", "data-add-card": "",
      onclick: () => {
        const cells = [...state.cells].map(([k, face]) => {
          const [x, y] = k.split(",").map(Number);
          return { x, y, face };
        });
        const n = Number.parseInt(points.value, 10);
        if (!cells.length || !Number.isFinite(n) || n < 1) {
          tell("Tap the card's cells (each tap: the next kind, then back, then empty) and type "
            + "its points.");
          return;
        }
        const [id, words] = cardFor(doc, cells, n);
        if (id) commit([...played, id]);
        tell(id ? `Added ${words}.` : `Not added: ${words}.`);
      } }, "add this card");
    seen.append(el("p", { class: "hint" }, "Each tap on a cell: hay, meadow, forest, lake, "
      + "house, tile back, empty."), grid, el("label", { class: "field" },
      el("span", { class: "label" }, "points"), points), add);
    box.append(pick, seen);
    return box;
  } };
}
