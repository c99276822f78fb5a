/**
 * Raw HTTP helpers for server tests: requests on loopback with undici, without the
 * project's client, so the server is tested on its own terms.
 */
import qs from "qs";
import { Agent, request } from "undici";
import { expect } from "vitest";
import { DEFAULT_API_KEY, type UptimeServer } from "../../src/server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the server's JSON answers, read freely
type Json = any;

/** A response with its body parsed as JSON when possible. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Json;
  text: string;
}

/** Request options: a form or JSON body, or raw bytes with any content type. */
export interface ApiOptions {
  /** API key; null sends no Authorization header. Default DEFAULT_API_KEY. */
  key?: string | null;
  /** Form fields, encoded with qs (`alerts[0][key]=...`). */
  form?: Record<string, unknown>;
  /** JSON body. */
  json?: unknown;
  /** Raw body. */
  body?: string | Buffer;
  /** Content-Type of a raw body. */
  contentType?: string;
  /** Extra headers. */
  headers?: Record<string, string>;
  /** Aborts the request (the client goes away). */
  signal?: AbortSignal;
}

// One agent without keep-alive reuse surprises: fault tests destroy sockets.
const agent = new Agent({ keepAliveTimeout: 1000, connect: { timeout: 5000 } });

/** Encodes form fields the way the contract shows (`alerts[0][key]=email`). */
export function formBody(fields: Record<string, unknown>): string {
  return qs.stringify(fields, { arrayFormat: "indices", encodeValuesOnly: true, strictNullHandling: false });
}

/** Sends one request and reads the whole answer. */
export async function api(
  server: UptimeServer | string,
  method: string,
  path: string,
  o: ApiOptions = {},
): Promise<ApiResponse> {
  const base = typeof server === "string" ? server : server.url;
  const headers: Record<string, string> = { Accept: "application/json", ...o.headers };
  const key = o.key === undefined ? DEFAULT_API_KEY : o.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: string | Buffer | undefined;
  if (o.form !== undefined) {
    body = formBody(o.form);
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  } else if (o.json !== undefined) {
    body = JSON.stringify(o.json);
    headers["Content-Type"] = "application/json";
  } else if (o.body !== undefined) {
    body = o.body;
    if (o.contentType) headers["Content-Type"] = o.contentType;
  }
  const res = await request(base + path, {
    method: method as "GET",
    headers,
    body,
    dispatcher: agent,
    signal: o.signal,
  });
  const text = await res.body.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: tests look at `text`.
  }
  return { status: res.statusCode, headers: res.headers, body: parsed, text };
}

/** A valid monitor store body; `overrides` replace or add fields. */
export function monitorInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Monitor ${Math.random().toString(36).slice(2, 10)}`,
    url: "https://example.com/health",
    interval: 300,
    ...overrides,
  };
}

/** The request was refused as invalid: 422 with exactly these messages under their fields' keys. */
export function expectRejected(res: ApiResponse, messages: Record<string, string[]>): void {
  expect(res.status, res.text).toBe(422);
  expect(res.body.message).toEqual(messages);
}

/** Creates a monitor and returns its `data`; fails the test on anything but 201. */
export async function createMonitor(
  server: UptimeServer,
  overrides: Record<string, unknown> = {},
  key?: string,
): Promise<Json> {
  const res = await api(server, "POST", "/api/v1/monitors", { form: monitorInput(overrides), key });
  if (res.status !== 201) throw new Error(`monitor store failed: ${res.status} ${res.text}`);
  return res.body.data;
}

/** Creates an incident and returns its `data`; fails the test on anything but 201. */
export async function createIncident(
  server: UptimeServer,
  fields: Record<string, unknown>,
  key?: string,
): Promise<Json> {
  const res = await api(server, "POST", "/api/v1/incidents", { form: fields, key });
  if (res.status !== 201) throw new Error(`incident store failed: ${res.status} ${res.text}`);
  return res.body.data;
}

/** Every monitor and incident of the account, for "nothing changed" assertions. */
export async function snapshot(server: UptimeServer, key?: string): Promise<unknown> {
  const monitors = await api(server, "GET", "/api/v1/monitors?per_page=100&sort=asc", { key });
  const incidents = await api(server, "GET", "/api/v1/incidents?per_page=100&sort=asc&sort_by=started_at", { key });
  return { monitors: monitors.body.data, incidents: incidents.body.data };
}
