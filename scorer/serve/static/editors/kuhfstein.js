// The Kuhfstein editor (see ../editors.js for what an editor provides).
import { intField, perPlayer, same, toggled } from "./common.js";
import { playedField } from "./kuhcards.js";

const KUH_KINDS = { hay: "#f2d16b", meadow: "#9bd37a", forest: "#2f7d3b", lake: "#5aa9e6",
  house: "#c0504d" };

function kuhBoard(doc, name) {
  doc.boards[name] ||= { tiles: [], score: 0, dealt: [] };
  const b = doc.boards[name];
  b.tiles ||= []; b.trees ||= [];
  return b;
}

function kuhCow(board, tile, on) {
  if (Boolean(tile.cow) === on) return;
  if (on) tile.cow = true; else delete tile.cow;
  if (typeof board.cows_in_supply === "number") board.cows_in_supply += on ? -1 : 1;
}

export const kuhfstein = {
  perPlayerBoards: true,
  tools() {
    return [
      { label: "tile", items: Object.entries(KUH_KINDS).map(([k, hex]) => ({ id: `kind:${k}`,
        label: k, swatch: hex, square: true, does: `Tap a cell of a landscape: a ${k} tile `
          + `(another kind there is replaced). Tap it again: the tile comes off.` })) },
      { label: "on it", items: [{ id: "cow", label: "cow", swatch: "#ffffff",
        does: "Tap a tile: a cow on it. Tap it again: the cow goes back to the supply." },
      { id: "tree", label: "tree (tap the corner)", swatch: "#145a1e",
        does: "Tap a tile near the corner four tiles share: a tree there. Tap it again: it "
          + "comes off." },
      { id: "erase", label: "clear cell", does: "Tap a cell: its tile, cow and trees come off." }] },
    ];
  },
  tap(doc, hit, tool) {
    if (!hit.board) return "tap a cell of a player's landscape";
    const board = kuhBoard(doc, hit.board);
    const tile = board.tiles.find((t) => same(t.at, hit.cell));
    if (tool.startsWith("kind:")) {
      const kind = tool.slice(5);
      if (tile && tile.kind === kind) {
        kuhCow(board, tile, false);
        board.tiles = board.tiles.filter((t) => t !== tile);
      } else if (tile) tile.kind = kind;
      else board.tiles.push({ at: [...hit.cell], kind });
    } else if (tool === "cow") {
      if (!tile) return "a cow stands on a tile: place the tile first";
      kuhCow(board, tile, !tile.cow);
    } else if (tool === "tree") {
      const sq = [hit.cell[0] - (hit.fx < 0.5 ? 1 : 0), hit.cell[1] - (hit.fy < 0.5 ? 1 : 0)];
      board.trees = toggled(board.trees, sq);
    } else if (tool === "erase") {
      if (tile) { kuhCow(board, tile, false); board.tiles = board.tiles.filter((t) => t !== tile); }
      const [x, y] = hit.cell;
      board.trees = board.trees.filter(([sx, sy]) => !(sx <= x && x <= sx + 1 && sy <= y
        && y <= sy + 1));
    } else {
      return "choose a piece first";
    }
    return "";
  },
  details(doc, cat, tell) {
    const tiles = Object.entries((doc.components && doc.components.scoring_tiles) || {});
    const tileChoices = tiles.map(([id, t]) => ({ value: id,
      label: `${id}: ${t.text || t.condition.type} (${t.points})` }));
    return perPlayer(doc, "Landscape", (name) => {
      const b = kuhBoard(doc, name);
      return [
        intField("score track", () => b.score ?? 0, (v) => { b.score = v; }, { min: 0 }),
        intField("cows in supply", () => b.cows_in_supply ?? 0, (v) => { b.cows_in_supply = v; }),
        { ...playedField(doc, b, name, tell), set: (v) => { b.played = v; } },
        { label: "scoring tiles dealt", type: "list", choices: tileChoices, get: () => b.dealt || [],
          set: (v) => { b.dealt = v; } },
        { label: "revealed", type: "enum", optional: true, choices: tileChoices,
          get: () => b.revealed ?? null,
          set: (v) => { if (v === null) delete b.revealed; else b.revealed = v; } },
      ];
    });
  },
};
