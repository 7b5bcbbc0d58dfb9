// Focus and typed input kept across re-renders. The forms are rebuilt from the document after
// every answer of the server; a field that has a `data-key` (a plain string, compared as it is:
// no selector is built from it) gets its focus, the text typed and not yet committed, and the
// caret back in its new element.

function keyed(root) {
  return [...root.querySelectorAll("[data-key]")];
}

// Run `render` (which rebuilds what is inside `root`) without losing the field being typed in.
export function keepFocus(root, render) {
  const active = document.activeElement;
  const key = active && root.contains(active) && active.dataset ? active.dataset.key : undefined;
  if (key === undefined) { render(); return; }
  const typed = "value" in active ? active.value : null;
  let caret = null;
  try { caret = [active.selectionStart, active.selectionEnd]; } catch { caret = null; }
  render();
  const again = keyed(root).find((node) => node.dataset.key === key);
  if (!again) return;
  if (typed !== null && again.value !== typed && again.tagName === "INPUT") again.value = typed;
  again.focus({ preventScroll: true });
  if (caret && caret[0] !== null) {
    try { again.setSelectionRange(caret[0], caret[1]); } catch { /* not a text field */ }
  } else if (again.tagName === "INPUT" && again.value) {
    const text = again.value; // a number field has no caret API: put the caret after the text
    again.value = "";
    again.value = text;
  }
}
