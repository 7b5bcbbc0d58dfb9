// The board picture: the server's SVG put into the page, cropped to one player's board when
// asked, cells found under a tap, findings and scoring items highlighted. Draws nothing itself.

export function showSvg(container, text, view, part = 0) {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = parsed.documentElement;
  if (root.nodeName !== "svg") {
    container.textContent = "The board picture could not be read.";
    return null;
  }
  const svg = document.importNode(root, true);
  svg.setAttribute("role", "img");
  container.replaceChildren(svg);
  crop(svg, view, part);
  return svg;
}

function boardGroups(svg, name) {
  return [...svg.querySelectorAll("g.board[data-player]")]
    .filter((g) => g.getAttribute("data-player") === name);
}

function cellsBox(scope) {
  // the cells and the coordinates printed beside them
  let box = null;
  for (const el of scope.querySelectorAll("[data-cell], .coordinates text, .coords text")) {
    const b = el.getBBox();
    box = box ? { x: Math.min(box.x, b.x), y: Math.min(box.y, b.y),
      r: Math.max(box.r, b.x + b.width), b: Math.max(box.b, b.y + b.height) }
      : { x: b.x, y: b.y, r: b.x + b.width, b: b.y + b.height };
  }
  return box && { x: box.x, y: box.y, width: box.r - box.x, height: box.b - box.y };
}

// The smallest cell a finger hits reliably (CSS px): a board that would draw its cells
// smaller in the width it has is shown in parts (vertical strips overlapping by one cell).
export const MIN_CELL = 40;

function cellSize(svg) {
  const sizes = [...svg.querySelectorAll("[data-cell]")].slice(0, 60).map((el) => {
    const b = el.getBBox();
    return Math.min(b.width, b.height);
  }).filter((n) => n > 0).sort((a, b) => a - b);
  return sizes.length ? sizes[Math.floor(sizes.length / 2)] : 0;
}

// How many strips `width` SVG units need so that a cell is MIN_CELL px wide at `px` px.
function partsOf(cell, width, px) {
  if (!cell || !px || (cell * px) / width >= MIN_CELL) return 1;
  const visible = (px * cell) / MIN_CELL;
  if (visible <= cell) return 1;
  return Math.ceil((width - cell) / (visible - cell));
}

// view: null = the whole picture; "*board" = the cells of a shared board; a player's name =
// that player's board. part: which strip of a board too wide for the screen (0 = the left
// one). Returns the number of strips (1: the board is shown whole).
export function crop(svg, view, part = 0) {
  if (!svg) return 1;
  if (!svg.dataset.width) {
    svg.dataset.width = svg.getAttribute("width");
    svg.dataset.height = svg.getAttribute("height");
  }
  const full = `0 0 ${svg.dataset.width} ${svg.dataset.height}`;
  const groups = view && view !== "*board" ? boardGroups(svg, view) : [];
  const box = view === "*board" ? cellsBox(svg) : groups.length ? cellsBox(groups[0]) : null;
  svg.classList.remove("part");
  if (!box) {
    svg.setAttribute("viewBox", full);
    svg.setAttribute("width", svg.dataset.width);
    svg.setAttribute("height", svg.dataset.height);
    return 1;
  }
  const pad = 6;
  let [x, w] = [box.x - pad, box.width + 2 * pad];
  const h = box.height + 2 * pad;
  const cell = cellSize(svg);
  const parts = partsOf(cell, w, svg.parentElement ? svg.parentElement.clientWidth : 0);
  if (parts > 1) {
    const step = (w - cell) / parts;
    x += Math.min(part, parts - 1) * step;
    w = step + cell;
    svg.classList.add("part");
  }
  svg.setAttribute("viewBox", `${x} ${box.y - pad} ${w} ${h}`);
  svg.setAttribute("width", String(w)); // the element takes the shape of what it shows
  svg.setAttribute("height", String(h));
  svg.dataset.parts = String(parts);
  svg.dataset.step = String(parts > 1 ? (box.width + 2 * pad - cell) / parts : 0);
  svg.dataset.left = String(box.x - pad);
  return parts;
}

// The strip of a board in parts that shows `node` (its centre), or null.
export function partShowing(svg, node) {
  const step = Number(svg.dataset.step || 0);
  if (!step || !node.getBBox) return null;
  const b = node.getBBox();
  const k = Math.floor((b.x + b.width / 2 - Number(svg.dataset.left)) / step);
  return Math.max(0, Math.min(Number(svg.dataset.parts) - 1, k));
}

// What lies under a tap: the cell element (data-cell), its board (data-player of the
// enclosing board group, for games with one board per player), a building site letter and
// where in the cell the tap fell (0..1 from the left / top).
export function hitAt(container, x, y) {
  for (const el of document.elementsFromPoint(x, y)) {
    if (!container.contains(el) || !el.hasAttribute("data-cell")) continue;
    const [cx, cy] = el.getAttribute("data-cell").split(",").map(Number);
    const group = el.closest("g.board[data-player]");
    const rect = el.getBoundingClientRect();
    return { cell: [cx, cy], board: group ? group.getAttribute("data-player") : null,
      site: el.getAttribute("data-site") || null,
      fx: rect.width ? (x - rect.left) / rect.width : 0.5,
      fy: rect.height ? (y - rect.top) / rect.height : 0.5 };
  }
  return null;
}

function cellElements(svg, board, cell) {
  const key = `${cell[0]},${cell[1]}`;
  const scope = board ? boardGroups(svg, board) : [svg];
  return scope.flatMap((g) => [...g.querySelectorAll("[data-cell]")]
    .filter((el) => el.getAttribute("data-cell") === key));
}

export function markFindings(svg, marks, current) {
  if (!svg) return;
  for (const el of svg.querySelectorAll(".finding-cell")) el.classList.remove("finding-cell", "current");
  for (const mark of marks) {
    for (const cell of mark.cells) {
      for (const el of cellElements(svg, mark.board, cell)) {
        el.classList.add("finding-cell");
        if (mark.finding === current) el.classList.add("current");
      }
    }
  }
}

export function highlight(container, svg, focus) {
  container.classList.toggle("focus", Boolean(focus));
  if (!svg) return;
  for (const g of svg.querySelectorAll(".score-item")) {
    const on = focus && g.getAttribute("data-player") === focus.player
      && (!focus.category || g.getAttribute("data-category") === focus.category);
    g.classList.toggle("hl", Boolean(on));
  }
}
