// The four board editors. Each edits the position document (scorer-position/1) in place:
// `tools` lists what a tap can put on a cell, `tap` applies the chosen tool to the tapped cell,
// `details` lists the fields that are not on a cell (cards, money, tracks). The pictures come
// from the server; nothing here draws a board.

const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const has = (list, c) => (list || []).some((x) => same(x, c));
const without = (list, c) => (list || []).filter((x) => !same(x, c));
const toggled = (list, c) => (has(list, c) ? without(list, c) : [...(list || []), [c[0], c[1]]]);
const label = (id) => id.replace(/_/g, " ").replace(/\b\w/g, (m) => m.toUpperCase());
const names = (doc) => doc.players.map((p) => p.name);

function perPlayer(doc, legend, make) {
  return names(doc).map((name) => ({ legend: `${legend} — ${name}`, fields: make(name) }));
}

function intField(text, get, set, extra = {}) {
  return { label: text, type: "int", get, set, ...extra };
}

// ---------------------------------------------------------------- Harmonies
const TOKEN_COLOURS = { blue: "#3b83d1", gray: "#9e9e9e", brown: "#8b5a2b", green: "#3f9b3a",
  yellow: "#f4cf2a", red: "#d9432f" };

function harmoniesBoard(doc, name) {
  doc.boards ||= {};
  doc.boards[name] ||= { cells: [], cards: [] };
  const board = doc.boards[name];
  board.cells ||= [];
  return board;
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

const harmonies = {
  perPlayerBoards: true,
  tools(doc, cat) {
    const groups = [{ label: "token", items: Object.entries(TOKEN_COLOURS).map(([c, hex]) => ({
      id: `token:${c}`, label: c, swatch: hex })) }];
    const cubes = harmoniesCubeTools(doc, cat);
    if (spiritOn(doc)) cubes.push({ id: "spirit-cube", label: "spirit cube", swatch: "#d7b8f3",
      square: true });
    groups.push({ label: "cube", items: cubes,
      empty: "give the player an Animal card (details below) to place its cubes" });
    groups.push({ label: "fix", items: [{ id: "pop", label: "remove top token" },
      { id: "erase", label: "clear cell" }] });
    return groups;
  },
  tap(doc, hit, tool) {
    if (!hit.board) return "tap a cell of a player's board";
    const board = harmoniesBoard(doc, hit.board);
    const entry = board.cells.find((e) => same(e.cell, hit.cell));
    if (tool.startsWith("token:")) {
      const colour = tool.slice(6);
      if (!entry) board.cells.push({ cell: [...hit.cell], tokens: [colour] });
      else if (entry.tokens.length >= 3) return "a stack holds at most 3 tokens: remove one first";
      else entry.tokens.push(colour);
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
      const here = board.spirit.cube && same(board.spirit.cube, hit.cell);
      if (!here) removeCube(doc, board, hit.cell);
      board.spirit.cube = here ? null : [...hit.cell];
      return "";
    }
    if (tool === "cube") {
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
          set: (v) => { board.spirit ||= { card: null, cube: null }; board.spirit.card = v; } });
      }
      return fields;
    });
  },
};

// ---------------------------------------------------------------- Hacienda
const HAC_ANIMALS = ["cattle", "horse", "pig", "sheep"];

function hacClear(doc, cell) {
  for (const name of Object.keys(doc.land || {})) doc.land[name] = without(doc.land[name], cell);
  for (const herd of Object.values(doc.animals || {})) {
    for (const a of Object.keys(herd)) {
      herd[a] = without(herd[a], cell);
      if (!herd[a].length) delete herd[a];
    }
  }
}

function hacWater(doc, cell, extend) {
  doc.water ||= [];
  const piece = doc.water.find((p) => has(p, cell));
  if (piece) {
    doc.water = doc.water.map((p) => without(p, cell)).filter((p) => p.length);
  } else if (extend && doc.water.length) {
    doc.water[doc.water.length - 1].push([...cell]);
  } else {
    doc.water.push([[...cell]]);
  }
}

const hacienda = {
  owners: (doc) => names(doc),
  tools() {
    return [
      { label: "tile", items: [{ id: "land", label: "land", swatch: "#888", square: true },
        ...HAC_ANIMALS.map((a) => ({ id: `animal:${a}`, label: a })),
        { id: "hacienda", label: "hacienda" }] },
      { label: "shared", items: [{ id: "water", label: "water (new piece)", swatch: "#8ec5f4",
        square: true }, { id: "water+", label: "water (join last piece)", swatch: "#8ec5f4",
        square: true }, { id: "chip", label: "harvest chip", swatch: "#ffbf00" },
      { id: "erase", label: "clear cell" }] },
    ];
  },
  tap(doc, hit, tool, owner) {
    const c = hit.cell;
    doc.land ||= {}; doc.animals ||= {}; doc.haciendas ||= {};
    if (tool === "land") {
      const mine = has(doc.land[owner], c);
      hacClear(doc, c);
      if (!mine) doc.land[owner] = [...(doc.land[owner] || []), [...c]];
    } else if (tool.startsWith("animal:")) {
      const animal = tool.slice(7);
      const mine = has((doc.animals[owner] || {})[animal], c);
      hacClear(doc, c);
      if (!mine) {
        doc.animals[owner] ||= {};
        doc.animals[owner][animal] = [...(doc.animals[owner][animal] || []), [...c]];
      }
    } else if (tool === "hacienda") {
      for (const name of Object.keys(doc.haciendas)) {
        if (name !== owner) doc.haciendas[name] = without(doc.haciendas[name], c);
      }
      doc.haciendas[owner] = toggled(doc.haciendas[owner], c);
    } else if (tool === "water" || tool === "water+") {
      hacWater(doc, c, tool === "water+");
    } else if (tool === "chip") {
      doc.chips = toggled(doc.chips, c);
    } else if (tool === "erase") {
      hacClear(doc, c);
      for (const name of Object.keys(doc.haciendas)) {
        doc.haciendas[name] = without(doc.haciendas[name], c);
      }
      doc.water = (doc.water || []).map((p) => without(p, c)).filter((p) => p.length);
      doc.chips = without(doc.chips, c);
    } else {
      return "choose a piece first";
    }
    return "";
  },
  details(doc, cat) {
    const groups = [{ legend: "Map", fields: [{
      label: "Map", type: "enum", choices: cat.maps.map((m) => ({ value: m.id,
        label: m.author ? `${m.name} (${m.author})` : m.name })),
      get: () => (doc.map && doc.map.id) || "",
      set: (id) => {
        doc.map = { id };
        for (const key of ["land", "animals", "haciendas"]) {
          for (const name of names(doc)) doc[key][name] = key === "animals" ? {} : [];
        }
        doc.water = []; doc.chips = [];
      } }] }];
    doc.money ||= {}; doc.track ||= {};
    return groups.concat(perPlayer(doc, "Purse and track", (name) => [
      intField("pesos", () => doc.money[name] ?? 0, (v) => { doc.money[name] = v; }, { min: 0 }),
      intField("score track", () => doc.track[name] ?? 0, (v) => { doc.track[name] = v; },
        { min: 0 }),
    ]));
  },
};

// ---------------------------------------------------------------- Citrus
const CIT_KINDS = { lemon: "#f7e15b", orange: "#f5a623", bloodorange: "#c0392b",
  lime: "#8bc34a", grapefruit: "#f4a7a0" };
const n4 = (c) => [[c[0] + 1, c[1]], [c[0] - 1, c[1]], [c[0], c[1] + 1], [c[0], c[1] - 1]];

function components(cells) {
  const left = cells.map((c) => [...c]);
  const out = [];
  while (left.length) {
    const group = [left.pop()];
    for (let k = 0; k < group.length; k += 1) {
      for (const n of n4(group[k])) {
        const i = left.findIndex((c) => same(c, n));
        if (i >= 0) group.push(left.splice(i, 1)[0]);
      }
    }
    out.push(group);
  }
  return out;
}

function citNormalise(doc) {
  const out = [];
  for (const region of doc.regions) {
    for (const cells of components(region.cells)) {
      out.push({ owner: region.owner, kind: region.kind, cells,
        wells: (region.wells || []).filter((w) => has(cells, w)) });
    }
  }
  doc.regions = out.filter((r) => r.cells.length);
}

function citPlant(doc, cell, kind, owner) {
  const at = doc.regions.find((r) => has(r.cells, cell));
  const same_ = at && at.kind === kind && at.owner === owner;
  for (const r of doc.regions) { r.cells = without(r.cells, cell); r.wells = without(r.wells, cell); }
  if (same_) { citNormalise(doc); return; }
  const joined = doc.regions.filter((r) => r.kind === kind && r.cells.some((c) => n4(cell)
    .some((n) => same(n, c))));
  const merged = { owner, kind, cells: [[...cell]], wells: [] };
  for (const r of joined) { merged.cells.push(...r.cells); merged.wells.push(...(r.wells || [])); }
  doc.regions = doc.regions.filter((r) => !joined.includes(r));
  doc.regions.push(merged);
  if (Array.isArray(doc.landscape)) doc.landscape = doc.landscape.filter((t) => !same(t.at, cell));
  citNormalise(doc);
}

const citrus = {
  owners: (doc) => [...names(doc), null],
  tools() {
    return [
      { label: "tile", items: Object.entries(CIT_KINDS).map(([k, hex]) => ({ id: `kind:${k}`,
        label: k, swatch: hex, square: true })) },
      { label: "on it", items: [{ id: "worker", label: "worker (owner)" },
        { id: "well", label: "well", swatch: "#2f6fd6" }] },
      { label: "site", items: [{ id: "finca", label: "finca" }, { id: "marked", label: "site tile" },
        { id: "bull", label: "bull" }, { id: "erase", label: "clear cell" }] },
    ];
  },
  tap(doc, hit, tool, owner) {
    const c = hit.cell;
    doc.regions ||= []; doc.fincas ||= [];
    const region = doc.regions.find((r) => has(r.cells, c));
    if (tool.startsWith("kind:")) {
      citPlant(doc, c, tool.slice(5), owner);
    } else if (tool === "worker") {
      if (!region) return "tap a plantation to put the worker on its region";
      region.owner = region.owner === owner ? null : owner;
    } else if (tool === "well") {
      if (!region) return "a well is printed on a plantation tile: tap a plantation";
      region.wells = toggled(region.wells, c);
    } else if (tool === "finca" || tool === "marked") {
      if (!hit.site) return "tap a building site (a lettered cell)";
      const finca = doc.fincas.find((f) => f.site === hit.site);
      const marked = (doc.marked_sites || []).includes(hit.site);
      doc.fincas = doc.fincas.filter((f) => f.site !== hit.site);
      doc.marked_sites = (doc.marked_sites || []).filter((s) => s !== hit.site);
      if (tool === "finca" && !finca) doc.fincas.push({ site: hit.site, first: 6, second: 3 });
      if (tool === "marked" && !marked) doc.marked_sites.push(hit.site);
    } else if (tool === "bull") {
      doc.bulls = toggled(doc.bulls, c);
    } else if (tool === "erase") {
      for (const r of doc.regions) { r.cells = without(r.cells, c); r.wells = without(r.wells, c); }
      citNormalise(doc);
      doc.bulls = without(doc.bulls, c);
    } else {
      return "choose a piece first";
    }
    return "";
  },
  details(doc) {
    doc.player_state ||= {};
    const groups = [];
    if ((doc.fincas || []).length) {
      groups.push({ legend: "Fincas (first / second majority values)", fields: doc.fincas
        .flatMap((f) => [
          intField(`${f.site} first`, () => f.first, (v) => { f.first = v; }, { min: 0 }),
          intField(`${f.site} second`, () => f.second, (v) => { f.second = v; }, { min: 0 }),
          { label: `${f.site} scored`, type: "bool", optional: true, unset: "— from the ring",
            get: () => f.scored,
            set: (v) => { if (v === null) delete f.scored; else f.scored = v; } }]) });
    }
    return groups.concat(perPlayer(doc, "Player", (name) => {
      doc.player_state[name] ||= { score: 0 };
      const ps = doc.player_state[name];
      return [
        intField("score track", () => ps.score ?? 0, (v) => { ps.score = v; }),
        intField("money", () => ps.money ?? 0, (v) => { ps.money = v; }, { min: 0, max: 12 }),
        { label: "wild horses held (points)", type: "ints", get: () => ps.horses || [],
          set: (v) => { ps.horses = v; } },
        { label: "action tiles held", type: "list", choices: ["cart", "milestone", "bull"]
          .map((a) => ({ value: a, label: a })), repeat: true, get: () => ps.actions || [],
          set: (v) => { ps.actions = v; } },
      ];
    }));
  },
};

// ---------------------------------------------------------------- Kuhfstein
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

const kuhfstein = {
  perPlayerBoards: true,
  tools() {
    return [
      { label: "tile", items: Object.entries(KUH_KINDS).map(([k, hex]) => ({ id: `kind:${k}`,
        label: k, swatch: hex, square: true })) },
      { label: "on it", items: [{ id: "cow", label: "cow", swatch: "#ffffff" },
        { id: "tree", label: "tree (tap the corner)", swatch: "#145a1e" },
        { id: "erase", label: "clear cell" }] },
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
  details(doc) {
    const cards = Object.keys((doc.components && doc.components.cards) || {});
    const tiles = Object.entries((doc.components && doc.components.scoring_tiles) || {});
    const tileChoices = tiles.map(([id, t]) => ({ value: id,
      label: `${id}: ${t.text || t.condition.type} (${t.points})` }));
    return perPlayer(doc, "Landscape", (name) => {
      const b = kuhBoard(doc, name);
      return [
        intField("score track", () => b.score ?? 0, (v) => { b.score = v; }, { min: 0 }),
        intField("cows in supply", () => b.cows_in_supply ?? 0, (v) => { b.cows_in_supply = v; }),
        { label: "cards played", type: "list", choices: cards.map((id) => ({ value: id,
          label: `${id} (${doc.components.cards[id].points})` })), get: () => b.played || [],
          set: (v) => { b.played = v; } },
        { label: "scoring tiles dealt", type: "list", choices: tileChoices, get: () => b.dealt || [],
          set: (v) => { b.dealt = v; } },
        { label: "revealed", type: "enum", optional: true, choices: tileChoices,
          get: () => b.revealed ?? null,
          set: (v) => { if (v === null) delete b.revealed; else b.revealed = v; } },
      ];
    });
  },
};

export const EDITORS = { harmonies, hacienda, citrus, kuhfstein };
