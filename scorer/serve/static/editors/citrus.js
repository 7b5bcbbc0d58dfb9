// The Citrus editor (see ../editors.js for what an editor provides).
import { has, intField, names, perPlayer, same, toggled, without } from "./common.js";

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

export const citrus = {
  owners: (doc) => [...names(doc), null],
  tools() {
    const again = "Tap it again: it comes off.";
    return [
      { label: "tile", items: Object.entries(CIT_KINDS).map(([k, hex]) => ({ id: `kind:${k}`,
        label: k, swatch: hex, square: true, does: `Tap a cell: a ${k} plantation, joined to `
          + `the ${k} plantations beside it into one region of {owner}. ${again}` })) },
      { label: "on it", items: [{ id: "worker", label: "worker (owner)",
        does: `Tap a plantation: {owner}'s worker on its region. ${again}` },
      { id: "well", label: "well", swatch: "#2f6fd6",
        does: `Tap a plantation: a well printed on it. ${again}` }] },
      { label: "site", items: [{ id: "finca", label: "finca",
        does: `Tap a lettered building site: a finca on it (values under details). ${again}` },
      { id: "marked", label: "site tile", does: `Tap a lettered building site: a site tile on `
        + `it. ${again}` },
      { id: "bull", label: "bull", does: `Tap a cell: a bull on it. ${again}` },
      { id: "erase", label: "clear cell", does: "Tap a cell: everything on it comes off." }] },
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
