// The "details" form: fields of the position that are not on a cell. A field is
// {label, type: int|bool|enum|list|ints, get(), set(value), choices?, optional?, min?, max?};
// `onChange` runs after every set.

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") node.className = v;
    else if (k === "style") node.style.cssText = v; // CSSOM: allowed by the page's CSP
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children);
  return node;
}

const choiceOf = (c) => (typeof c === "object" ? c : { value: c, label: String(c) });

function select(field, value, onPick, placeholder) {
  const node = el("select", { "aria-label": field.label });
  if (placeholder !== undefined) node.append(el("option", { value: "" }, placeholder));
  for (const c of field.choices.map(choiceOf)) {
    const opt = el("option", { value: String(c.value) }, c.label);
    if (value !== null && value !== undefined && String(c.value) === String(value)) {
      opt.selected = true;
    }
    node.append(opt);
  }
  node.addEventListener("change", () => onPick(node.value));
  return node;
}

function input(field, commit) {
  const value = field.get ? field.get() : null;
  switch (field.type) {
    case "int": {
      const node = el("input", { type: "number", inputmode: "numeric", step: "1",
        min: field.min, max: field.max, value: value ?? "", "aria-label": field.label });
      node.addEventListener("change", () => {
        const n = Number.parseInt(node.value, 10);
        if (Number.isFinite(n)) commit(n);
        else if (field.optional && node.value === "") commit(null);
      });
      return node;
    }
    case "bool": {
      if (field.optional) {
        return select({ ...field, choices: [{ value: "true", label: "yes" },
          { value: "false", label: "no" }] }, value === undefined || value === null ? null
          : String(value), (v) => commit(v === "" ? null : v === "true"),
        field.unset || "— default");
      }
      const node = el("input", { type: "checkbox", "aria-label": field.label });
      node.checked = Boolean(value);
      node.addEventListener("change", () => commit(node.checked));
      return node;
    }
    case "enum": {
      const typed = (v) => {
        const hit = field.choices.map(choiceOf).find((c) => String(c.value) === v);
        return hit ? hit.value : v;
      };
      return select(field, value, (v) => commit(v === "" ? null : typed(v)),
        field.optional ? field.unset || "— default" : undefined);
    }
    case "ints": {
      const node = el("input", { type: "text", inputmode: "numeric", value: (value || []).join(", "),
        placeholder: "e.g. 3, 2", "aria-label": field.label });
      node.addEventListener("change", () => commit(node.value.split(/[\s,]+/).filter(Boolean)
        .map((t) => Number.parseInt(t, 10)).filter(Number.isFinite)));
      return node;
    }
    case "list": return list(field, value || [], commit);
    case "custom": return field.render(commit);
    default: return el("span", {}, String(value));
  }
}

function list(field, values, commit) {
  const labels = new Map(field.choices.map(choiceOf).map((c) => [String(c.value), c.label]));
  const chips = el("span", { class: "chips" });
  values.forEach((v, i) => {
    chips.append(el("span", { class: "chip" }, labels.get(String(v)) || String(v),
      el("button", { type: "button", "aria-label": `remove ${labels.get(String(v)) || v}`,
        onclick: () => commit(values.filter((_, k) => k !== i)) }, "×")));
  });
  const left = field.repeat ? field.choices : field.choices.filter((c) => !values
    .map(String).includes(String(choiceOf(c).value)));
  if (left.length) {
    chips.append(select({ ...field, choices: left }, null, (v) => {
      if (v !== "") commit([...values, v]);
    }, "add…"));
  }
  return chips;
}

export function renderDetails(container, groups, onChange) {
  const nodes = groups.filter((g) => g.fields.length).map((group) => {
    const box = el("fieldset", {}, el("legend", {}, group.legend));
    for (const field of group.fields) {
      const commit = (v) => { field.set(v); onChange(); };
      const node = input(field, commit);
      const target = node.matches("input, select") ? node : node.querySelector("select");
      if (target) target.dataset.key = `${group.legend}|${field.label}`;
      box.append(el("label", { class: "field" }, el("span", { class: "label" }, field.label),
        node));
    }
    return box;
  });
  container.replaceChildren(...nodes);
}

export function variantGroup(doc, options) {
  doc.variant ||= {};
  return { legend: "Variant options", fields: options.map((o) => {
    const field = { label: o.name.replace(/_/g, " "), optional: true,
      get: () => doc.variant[o.name],
      set: (v) => { if (v === null || v === undefined) delete doc.variant[o.name];
        else doc.variant[o.name] = v; } };
    if (o.type === "enum") return { ...field, type: "enum", choices: o.choices };
    if (o.type === "boolean") return { ...field, type: "bool" };
    return { ...field, type: "int", min: o.minimum };
  }) };
}

export { el };
