// Share links: the position in the URL fragment (never sent to a server), deflated with the
// browser's CompressionStream and written as base64url. `#p=` is deflate-raw, `#j=` plain
// JSON (browsers without CompressionStream).

function toBase64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export async function encodeFragment(doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(doc));
  if (typeof CompressionStream === "function") {
    return `p=${toBase64url(await pipe(bytes, new CompressionStream("deflate-raw")))}`;
  }
  return `j=${toBase64url(bytes)}`;
}

export async function decodeFragment(fragment) {
  const text = fragment.replace(/^#/, "");
  if (!text) return null;
  const kind = text.slice(0, 2);
  const bytes = fromBase64url(text.slice(2));
  if (kind === "p=") {
    return JSON.parse(new TextDecoder().decode(await pipe(bytes,
      new DecompressionStream("deflate-raw"))));
  }
  if (kind === "j=") return JSON.parse(new TextDecoder().decode(bytes));
  return null;
}
