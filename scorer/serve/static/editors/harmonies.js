// The Harmonies editor (see ../editors.js for what an editor provides).
import { has, label, perPlayer, same, without } from "./common.js";

const TOKEN_COLOURS = { blue: "#3b83d1", gray: "#9e9e9e", brown: "#8b5a2b", green: "#3f9b3a",
  yellow: "#f4cf2a", red: "#d9432f" };

function harmoniesBoard(doc, name) {
  doc.boards ||= {};
  doc.boards[name] ||= { cells: [], cards: [] };
  const board = doc.boards[name];
  board.cells ||= [];
  return board;
}

// An imported board may say only whether the spirit cube is placed ("placed": 0|1, the cube
// itself in the board-level list). A tap with the spirit cube says where it is: the count
// gives way to the cell (whose cube, if any, leaves the board-level list: removeCube).
function countedSpirit(board) {
  if (!("placed" in board.spirit)) return;
  delete board.spirit.placed;
  board.spirit.cube ??= null;
}

function spiritOn(doc) {
  return Boolean(doc.variant && doc.variant.nature_spirits);
}

function harmoniesCubeTools(doc, cat) {
  if (cat.board_cubes) {
    return [{ id: "cube", label: "Animal cube", swatch: "#ffffff", square: true }];
  }
  const held = new Set();
  for (const board of Object.values(doc.boards || {})) {
    for (const entry of board.cards || []) held.add(entry.card);
  }
  return [...held].map((card) => ({ id: `cube:${card}`, label: `cube: ${label(card)}`,
    swatch: "#ffffff", square: true }));
}

function removeCube(doc, board, cell) {
  if (board.cubes) board.cubes = without(board.cubes, cell);
  for (const entry of board.cards || []) {
    if (entry.cubes) entry.cubes = without(entry.cubes, cell);
  }
  if (board.spirit && board.spirit.cube && same(board.spirit.cube, cell)) board.spirit.cube = null;
}

function cubeAt(board, cell) {
  return has(board.cubes, cell) || (board.cards || []).some((e) => has(e.cubes, cell))
    || Boolean(board.spirit && board.spirit.cube && same(board.spirit.cube, cell));
}

export const harmonies = {
  perPlayerBoards: true,
  tools(doc, cat) {
    const sets = (what) => `Tap a cell: it holds ${what} (whatever was there goes). Tap it `
      + "again with the same choice: the cell is emptied.";
    const groups = [{ label: "token", items: Object.entries(TOKEN_COLOURS).map(([c, hex]) => ({
      id: `token:${c}`, label: c, swatch: hex, does: sets(`one ${c} token`) })) }];
    groups.push({ label: "stack", items: (cat.stacks || []).filter((st) => st.includes("-"))
      .map((st) => ({ id: `stack:${st}`, label: st.replace(/-/g, " + "), compact: true,
        swatches: st.split("-").map((c) => TOKEN_COLOURS[c]),
        does: sets(`the stack ${st.replace(/-/g, " + ")} (bottom first)`) })) });
    const cubes = harmoniesCubeTools(doc, cat);
    if (spiritOn(doc)) cubes.push({ id: "spirit-cube", label: "spirit cube", swatch: "#d7b8f3",
      square: true });
    for (const cube of cubes) {
      cube.does = `Tap a cell: a ${cube.label} on it. Tap it again: the cube comes off.`;
    }
    groups.push({ label: "cube", items: cubes,
      empty: "give the player an Animal card (details below) to place its cubes" });
    groups.push({ label: "fix", items: [{ id: "pop", label: "remove top token",
      does: "Tap a cell: its top token comes off." }, { id: "erase", label: "clear cell",
      does: "Tap a cell: its tokens and its cube come off." }] });
    return groups;
  },
  tap(doc, hit, tool) {
    if (!hit.board) return "tap a cell of a player's board";
    const board = harmoniesBoard(doc, hit.board);
    const entry = board.cells.find((e) => same(e.cell, hit.cell));
    if (tool.startsWith("token:") || tool.startsWith("stack:")) {
      // the cell holds exactly this token or stack; the same again: the cell is empty
      const tokens = tool.slice(6).split("-");
      if (entry && entry.tokens.join("-") === tokens.join("-")) {
        board.cells = board.cells.filter((e) => e !== entry);
      } else if (entry) entry.tokens = tokens;
      else board.cells.push({ cell: [...hit.cell], tokens });
      return "";
    }
    if (tool === "pop" || tool === "erase") {
      if (entry && tool === "pop") entry.tokens.pop();
      if (entry && (tool === "erase" || entry.tokens.length === 0)) {
        board.cells = board.cells.filter((e) => e !== entry);
      }
      if (tool === "erase") removeCube(doc, board, hit.cell);
      return "";
    }
    if (tool === "spirit-cube") {
      board.spirit ||= { card: null, cube: null };
      countedSpirit(board);
      const here = board.spirit.cube && same(board.spirit.cube, hit.cell);
      if (!here) removeCube(doc, board, hit.cell);
      board.spirit.cube = here ? null : [...hit.cell];
      return "";
    }
    if (tool === "cube") {
      // cubes as seen on the table: every Animal cube in the board-level list; the scorer
      // finds which card each came from (cards keep no cubes of their own)
      for (const card of board.cards || []) {
        board.cubes = [...(board.cubes || []), ...(card.cubes || [])];
        delete card.cubes;
      }
      const here = has(board.cubes, hit.cell);
      removeCube(doc, board, hit.cell);
      if (!here) board.cubes = [...(board.cubes || []), [...hit.cell]];
      return "";
    }
    if (tool.startsWith("cube:")) {
      const card = (board.cards || []).find((e) => e.card === tool.slice(5));
      if (!card) return `${hit.board} does not hold ${label(tool.slice(5))}`;
      const here = has(card.cubes, hit.cell);
      removeCube(doc, board, hit.cell);
      if (!here) card.cubes = [...(card.cubes || []), [...hit.cell]];
      return "";
    }
    return cubeAt(board, hit.cell) ? "" : "choose a piece first";
  },
  details(doc, cat) {
    return perPlayer(doc, "Cards", (name) => {
      const board = harmoniesBoard(doc, name);
      const fields = [{
        label: "Animal cards", type: "list",
        choices: cat.animal_cards.map((c) => ({ value: c.id,
          label: `${c.name} (${c.track.join("/")})` })),
        get: () => (board.cards || []).map((e) => e.card),
        set: (ids) => {
          const old = new Map((board.cards || []).map((e) => [e.card, e]));
          board.cards = ids.map((id) => old.get(id)
            || (cat.board_cubes ? { card: id } : { card: id, cubes: [] }));
          if (cat.board_cubes) board.cubes ||= [];
        },
      }];
      if (spiritOn(doc)) {
        fields.push({ label: "Spirit card", type: "enum", optional: true,
          choices: cat.spirit_cards.map((c) => ({ value: c.id, label: c.name })),
          get: () => (board.spirit ? board.spirit.card : null),
          set: (v) => {
            board.spirit ||= { card: null, cube: null };
            delete board.spirit.choices; // a chosen card ends a pending choice (imported boards)
            board.spirit.card = v;
          } });
      }
      return fields;
    });
  },
};
