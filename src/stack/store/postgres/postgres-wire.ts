/**
 * The messages of PostgreSQL's frontend/backend protocol (version 3.0) that reading a table
 * needs: the frames the client sends, and a reader that cuts the server's byte stream into
 * typed messages. Every frame but the first ones is a type byte, then an int32 length that
 * counts itself and the body.
 */

/** Protocol 3.0, as the startup message announces it. */
const PROTOCOL_3_0 = 196608;
/** The code the SSLRequest carries in place of a protocol version. */
const SSL_REQUEST_CODE = 80877103;

/** Writes one value as the protocol's null-terminated string. */
function cstring(text: string): Buffer {
  return Buffer.concat([Buffer.from(text, "utf8"), Buffer.from([0])]);
}

function int16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
}

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}

/** A typed frame: its type byte, its length, its body. */
function frame(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from(type, "ascii"), int32(body.length + 4), body]);
}

/** Asks the server whether it takes TLS on this connection (it answers one byte, `S` or `N`). */
export function sslRequest(): Buffer {
  return Buffer.concat([int32(8), int32(SSL_REQUEST_CODE)]);
}

/** Opens the session: the user, the database and the run-time parameters, by name. */
export function startupMessage(params: Record<string, string>): Buffer {
  const pairs = Object.entries(params).flatMap(([k, v]) => [cstring(k), cstring(v)]);
  const body = Buffer.concat([int32(PROTOCOL_3_0), ...pairs, Buffer.from([0])]);
  return Buffer.concat([int32(body.length + 4), body]);
}

/** A password, in clear or MD5-hashed, as the authentication request asked. */
export function passwordMessage(password: string): Buffer {
  return frame("p", cstring(password));
}

/** The first SASL message: the mechanism chosen and its first data. */
export function saslInitialResponse(mechanism: string, data: string): Buffer {
  const bytes = Buffer.from(data, "utf8");
  return frame("p", cstring(mechanism), int32(bytes.length), bytes);
}

/** A later SASL message. */
export function saslResponse(data: string): Buffer {
  return frame("p", Buffer.from(data, "utf8"));
}

/**
 * One statement with its parameters bound as text, run to completion, then Sync: the server
 * answers with its rows and ReadyForQuery, or an error and ReadyForQuery. Values travel apart
 * from the SQL text, so no value is ever parsed as SQL.
 */
export function extendedQuery(sql: string, params: readonly string[]): Buffer {
  const values = params.flatMap((p) => {
    const bytes = Buffer.from(p, "utf8");
    return [int32(bytes.length), bytes];
  });
  return Buffer.concat([
    frame("P", cstring(""), cstring(sql), int16(0)),
    frame("B", cstring(""), cstring(""), int16(0), int16(params.length), ...values, int16(0)),
    frame("E", cstring(""), int32(0)),
    frame("S"),
  ]);
}

/** Ends the session politely. */
export function terminate(): Buffer {
  return frame("X");
}

/** One message from the server: its type byte and its body. */
export interface BackendMessage {
  type: string;
  body: Buffer;
}

/** Cuts the server's stream into messages as bytes arrive. */
export class MessageReader {
  private pending: Buffer = Buffer.alloc(0);

  /** The whole messages `chunk` completes, in order. */
  push(chunk: Buffer): BackendMessage[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const out: BackendMessage[] = [];
    while (this.pending.length >= 5) {
      const length = this.pending.readInt32BE(1);
      if (this.pending.length < 1 + length) break;
      out.push({ type: String.fromCharCode(this.pending[0]), body: this.pending.subarray(5, 1 + length) });
      this.pending = this.pending.subarray(1 + length);
    }
    return out;
  }
}

/** The fields of an ErrorResponse the messages use: severity, SQLSTATE code, message, detail and hint. */
export interface ServerError {
  severity?: string;
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/** The fields of an ErrorResponse (each a type byte and a string). */
export function parseError(body: Buffer): ServerError {
  const fields: Record<string, string> = {};
  let at = 0;
  while (at < body.length && body[at] !== 0) {
    const end = body.indexOf(0, at + 1);
    fields[String.fromCharCode(body[at])] = body.toString("utf8", at + 1, end);
    at = end + 1;
  }
  return { severity: fields.V ?? fields.S, code: fields.C, message: fields.M, detail: fields.D, hint: fields.H };
}

/** The columns of a DataRow as text (null for SQL NULL). */
export function parseDataRow(body: Buffer): (string | null)[] {
  const count = body.readInt16BE(0);
  const values: (string | null)[] = [];
  let at = 2;
  for (let i = 0; i < count; i++) {
    const length = body.readInt32BE(at);
    at += 4;
    if (length < 0) {
      values.push(null);
    } else {
      values.push(body.toString("utf8", at, at + length));
      at += length;
    }
  }
  return values;
}

/** The null-terminated strings of a body, from `at` (the SASL mechanisms list). */
export function cstrings(body: Buffer, at: number): string[] {
  const out: string[] = [];
  while (at < body.length && body[at] !== 0) {
    const end = body.indexOf(0, at);
    out.push(body.toString("utf8", at, end));
    at = end + 1;
  }
  return out;
}
