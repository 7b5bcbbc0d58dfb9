// The Hacienda editor (see ../editors.js for what an editor provides).
import { has, intField, names, perPlayer, toggled, without } from "./common.js";

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

export const hacienda = {
  owners: (doc) => names(doc),
  tools() {
    const tile = (what) => `Tap a cell: {owner}'s ${what} on it (whatever was there goes). `
      + "Tap it again: the cell is cleared.";
    const again = "Tap it again: it comes off.";
    return [
      { label: "tile", items: [{ id: "land", label: "land", swatch: "#888", square: true,
        does: tile("land tile") },
      ...HAC_ANIMALS.map((a) => ({ id: `animal:${a}`, label: a, does: tile(`${a} tile`) })),
      { id: "hacienda", label: "hacienda", does: `Tap a cell: {owner}'s hacienda on it. ${again}` }] },
      { label: "shared", items: [{ id: "water", label: "water (new piece)", swatch: "#8ec5f4",
        square: true, does: "Tap a cell: a new water piece. Tap water again: it comes off." },
      { id: "water+", label: "water (join last piece)", swatch: "#8ec5f4", square: true,
        does: "Tap a cell: it joins the last water piece. Tap water again: it comes off." },
      { id: "chip", label: "harvest chip", swatch: "#ffbf00",
        does: `Tap a cell: a harvest chip on it. ${again}` },
      { id: "erase", label: "clear cell", does: "Tap a cell: everything on it comes off." }] },
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
