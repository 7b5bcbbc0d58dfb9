// Share links: the position in the URL fragment (never sent to a server), deflated with the
// browser's CompressionStream and written as base64url. `#p=` is deflate-raw, `#j=` plain
// JSON (browsers without CompressionStream). A link whose position is over MAX_SHARE_BYTES
// once inflated (the server's request limit, 16 MiB) is refused with ShareTooLarge: the
// inflation stops there, so a small link cannot fill the memory (a deflate bomb).

export const MAX_SHARE_BYTES = 16 * 1024 * 1024;

export class ShareTooLarge extends Error {
  constructor() {
    super(`The share link is too large: its position is over ${MAX_SHARE_BYTES / 1048576} MiB.`);
    this.name = "ShareTooLarge";
  }
}

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

// The inflated bytes, read chunk by chunk and stopped past `limit` bytes.
async function inflate(bytes, limit) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ShareTooLarge();
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
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
  // base64 holds 3 bytes in 4 characters: a longer link cannot be within the limit.
  if (text.length > 2 + Math.ceil(MAX_SHARE_BYTES / 3) * 4) throw new ShareTooLarge();
  const bytes = fromBase64url(text.slice(2));
  if (kind === "p=") {
    return JSON.parse(new TextDecoder().decode(await inflate(bytes, MAX_SHARE_BYTES)));
  }
  if (kind === "j=") {
    if (bytes.length > MAX_SHARE_BYTES) throw new ShareTooLarge();
    return JSON.parse(new TextDecoder().decode(bytes));
  }
  return null;
}
