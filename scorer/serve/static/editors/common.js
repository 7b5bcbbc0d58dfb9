// Helpers shared by the board editors: cell lists, labels, per-player detail groups.

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

export { same, has, without, toggled, label, names, perPlayer, intField };
