/**
 * Reading and parsing request bodies: a size limit, then form (qs, nameless fields kept
 * aside) or JSON by Content-Type, then Laravel's ConvertEmptyStringsToNull.
 */
import type { IncomingMessage } from "node:http";
import qs from "qs";
import { NAMELESS_FIELD, splitNamelessFields } from "./nameless-fields";

/** Default largest body: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Past this many bytes an oversized body is no longer drained; the connection is closed. */
const DRAIN_FACTOR = 16;

/** A body read from the socket. */
interface RawBody {
  /** The bytes, or undefined when the body was larger than the limit. */
  bytes?: Buffer;
  /** True when the body was larger than the limit. */
  tooLarge: boolean;
  /** True when so much was sent that the connection must be closed after answering. */
  abandon: boolean;
}

/**
 * Reads the whole body. An oversized body is drained and discarded (up to a cap) rather
 * than left unread, so the client sees the 413 instead of a reset connection.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<RawBody> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > maxBytes;
    let settled = false;
    const finish = (body: RawBody) => {
      if (settled) return;
      settled = true;
      resolve(body);
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      if (tooLarge) {
        chunks.length = 0;
        if (size > maxBytes * DRAIN_FACTOR) {
          req.pause();
          finish({ tooLarge: true, abandon: true });
        }
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () =>
      finish(
        tooLarge
          ? { tooLarge: true, abandon: false }
          : { bytes: Buffer.concat(chunks), tooLarge: false, abandon: false },
      ),
    );
    const fail = (err: Error) => {
      if (!settled) {
        settled = true;
        reject(err);
      }
    };
    req.on("error", fail);
    // A client that goes away mid-body must not leave the request pending forever.
    req.on("close", () => fail(new Error("request closed before its body ended")));
  });
}

/** Outcome of parsing: the input object, or the status and message of a 4xx. */
type ParsedBody = { ok: true; input: Record<string, unknown> } | { ok: false; status: 400 | 415; message: string };

/** qs settings: lists as arrays (indices kept as sent), shallow nesting, PHP's last-duplicate-wins. */
const QS_OPTIONS: qs.IParseOptions & { duplicates: "last"; throwOnLimitExceeded: boolean } = {
  arrayLimit: 1000,
  depth: 3,
  allowSparse: true,
  duplicates: "last",
  plainObjects: true,
  parameterLimit: 10_000,
  throwOnLimitExceeded: true,
};

/**
 * Parses a body by its Content-Type. An empty body is an empty input whatever the type;
 * a body with any type other than form or JSON is 415.
 */
export function parseBody(bytes: Buffer, contentType: string | undefined): ParsedBody {
  if (bytes.length === 0) return { ok: true, input: {} };
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 400, message: "The request body is not valid UTF-8." };
  }
  if (type === "application/x-www-form-urlencoded") {
    try {
      const { named, nameless } = splitNamelessFields(text);
      const input = convertEmptyStringsToNull(qs.parse(named, QS_OPTIONS)) as Record<string, unknown>;
      // Kept as a field, so the validators refuse it as they refuse any unknown one.
      if (nameless) input[NAMELESS_FIELD] = null;
      return { ok: true, input };
    } catch {
      return { ok: false, status: 400, message: "The request body has too many parameters or list entries." };
    }
  }
  if (type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, status: 400, message: "The request body is not valid JSON." };
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      return { ok: false, status: 400, message: "The request body must be a JSON object." };
    }
    return { ok: true, input: convertEmptyStringsToNull(value) as Record<string, unknown> };
  }
  return {
    ok: false,
    status: 415,
    message: "Unsupported content type. Send application/x-www-form-urlencoded or application/json.",
  };
}

/**
 * Laravel's ConvertEmptyStringsToNull middleware: "" becomes null at any depth, which is
 * how `alert_text_lookup=` clears a field. Holes of sparse arrays stay holes.
 */
function convertEmptyStringsToNull(value: unknown): unknown {
  if (value === "") return null;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (const key of Object.keys(value)) out[Number(key)] = convertEmptyStringsToNull(value[Number(key)]);
    return out;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(value)) out[k] = convertEmptyStringsToNull(v);
    return out;
  }
  return value;
}
