// The page's one way to the store: the control plane's routes and its update stream, under
// the namespace the page was opened in (/ns/NAME/ → /ns/NAME/iap/v1). Nothing else is fetched.

const match = location.pathname.match(/^\/ns\/([A-Za-z0-9_-]{1,64})\//);

/** The namespace the page shows, or null for the state's own store. */
export const namespace = match ? match[1] : null;

/** Where the control plane is, for this namespace. */
export const base = (namespace ? `/ns/${namespace}` : "") + "/iap/v1";

/** A failure the store answered: its message is the store's one-line error. */
export class StoreError extends Error {
  constructor(status, body) {
    super(body?.error?.message ?? `HTTP ${status}`);
    this.status = status;
    this.name = body?.error?.name ?? "http";
  }
}

/** Calls one control route; resolves with its JSON answer, rejects with a StoreError. */
export async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(base + path, init);
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  if (!response.ok) throw new StoreError(response.status, json);
  return json;
}

export const get = (path) => call("GET", path);
export const post = (path, body) => call("POST", path, body ?? {});

/**
 * Listens to the update stream (StoreKit's Transaction.updates as Server-Sent Events) and
 * calls `onChange` for each transaction event, `onState` with "open" or "closed". The
 * browser reconnects by itself, sending Last-Event-ID, so no change is missed.
 */
export function listen(onChange, onState) {
  const source = new EventSource(base + "/transactions/updates");
  source.addEventListener("open", () => onState("open"));
  source.addEventListener("error", () => onState(source.readyState === EventSource.CLOSED ? "closed" : "connecting"));
  source.addEventListener("transaction", (event) => onChange(JSON.parse(event.data)));
  return source;
}

/** The payload of a JWS (base64url JSON between the dots), nested signed values decoded too. */
export function decodeJWS(jws) {
  const part = jws.split(".")[1] ?? "";
  const b64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const payload = JSON.parse(new TextDecoder().decode(bytes));
  const expand = (value) => {
    if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (typeof inner === "string" && key.startsWith("signed") && inner.split(".").length === 3) value[key] = decodeJWS(inner);
        else expand(inner);
      }
    }
    return value;
  };
  return expand(payload);
}
