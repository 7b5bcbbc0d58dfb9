// "Phone": the address other devices on the network open this page at, as text and as a QR
// code (GET /api/lan; both from the server, which knows the addresses it listens on).
import { el } from "./form.js";

export async function showLan(dialog, body) {
  let data = { urls: [], qr: null };
  try { data = await (await fetch("/api/lan")).json(); } catch { /* the server is gone */ }
  if (!data.urls.length) {
    body.replaceChildren(el("p", {}, "This scorer serve listens on this machine only. To open "
      + "the page on a phone on the same network, start it with "),
    el("pre", {}, "scorer serve --host 0.0.0.0"), el("p", { class: "hint" }, "It then prints "
      + "the address and a QR code, and this button shows them."));
  } else {
    body.replaceChildren(el("p", {}, "On a phone or tablet on the same network, scan the code "
      + "or open:"), ...data.urls.map((u) => el("p", { class: "lan-url" }, el("a", { href: u }, u))),
    data.qr ? el("img", { class: "qr", src: data.qr, alt: `QR code of ${data.urls[0]}`,
      width: "220", height: "220" }) : "");
  }
  dialog.showModal();
}
