/**
 * AWS Signature Version 4 for S3 requests sent with the Authorization header: the canonical
 * request, the string to sign and the key derived from the secret by date, region and
 * service. S3 encodes the path once (not twice as other services), so callers pass paths
 * already encoded with `awsEncode`.
 */
import { createHash, createHmac } from "node:crypto";

/** The keys that sign: static, or temporary with their session token. */
export interface AwsKeys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The SHA-256 of an empty payload, which every GET sends. */
export const EMPTY_SHA256 = createHash("sha256").update("").digest("hex");

/** RFC 3986 encoding AWS signs: everything but letters, digits and `-_.~` (and `/` when `keepSlash`). */
export function awsEncode(text: string, keepSlash = false): string {
  const encoded = encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, "/") : encoded;
}

/** A query string as AWS canonicalizes it (and as it is then sent): encoded, sorted by name then value. */
export function canonicalQuery(query: readonly (readonly [string, string])[]): string {
  return query
    .map(([k, v]) => [awsEncode(k), awsEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

interface SigningRequest {
  method: string;
  /** `host[:port]` as the Host header carries it. */
  host: string;
  /** The path, already encoded (`awsEncode(..., true)`). */
  path: string;
  /** The canonical query (`canonicalQuery`), empty for none. */
  query: string;
  /** Headers besides host and the x-amz ones this adds, signed too. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (`EMPTY_SHA256` for none), sent as x-amz-content-sha256. */
  payloadHash: string;
  region: string;
  service: string;
  keys: AwsKeys;
  now: Date;
}

/** The headers to send with the request: the caller's, x-amz-date, x-amz-content-sha256, the session token and Authorization. */
export function signV4(req: SigningRequest): Record<string, string> {
  const amzDate = req.now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v])),
    host: req.host,
    "x-amz-date": amzDate,
    "x-amz-content-sha256": req.payloadHash,
  };
  if (req.keys.sessionToken) headers["x-amz-security-token"] = req.keys.sessionToken;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(";");
  const canonical = [
    req.method,
    req.path,
    req.query,
    names.map((n) => `${n}:${headers[n].trim().replace(/\s+/g, " ")}\n`).join(""),
    signedHeaders,
    req.payloadHash,
  ].join("\n");
  const scope = `${day}/${req.region}/${req.service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  let key: Buffer = hmac(`AWS4${req.keys.secretAccessKey}`, day);
  for (const part of [req.region, req.service, "aws4_request"]) key = hmac(key, part);
  const signature = createHmac("sha256", key).update(toSign).digest("hex");
  delete headers.host; // the HTTP client sends it from the URL
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${req.keys.accessKeyId}/${scope},` +
    `SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}
