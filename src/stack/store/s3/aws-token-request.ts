/**
 * One request to a service that hands out AWS keys (STS, a container's or the instance's
 * metadata endpoint), through the proxy and with the CAs the CLI's Go client would use. A
 * failure to get an answer is a BackendStoreError naming the service, never what was sent.
 */
import type { Dispatcher } from "undici";
import { leaseSharedAgent, requestThrough } from "../../../client/agent";
import { diagnose } from "../../../client/network";
import { BackendStoreError } from "../backend-store";
import { routeTo, type Answer } from "./s3-request";

interface TokenRequest {
  where: string;
  /** What the request is for, in messages ("ask STS for the web identity role's keys"). */
  what: string;
  url: string;
  method: "GET" | "PUT" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
}

/** The service's answer (any status). */
export async function tokenRequest(req: TokenRequest): Promise<Answer> {
  const target = new URL(req.url);
  const route = routeTo(req.where, target.origin, req.env);
  const lease = leaseSharedAgent(req.timeoutMs, route);
  try {
    const res: Dispatcher.ResponseData = await requestThrough(lease.dispatcher, {
      origin: target.origin,
      path: `${target.pathname}${target.search}`,
      method: req.method,
      headers: req.headers,
      body: req.body,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
    return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
  } catch (err) {
    const way = diagnose(err, target.origin, route);
    const e = err as { code?: string; message?: string };
    throw new BackendStoreError(
      req.where,
      `cannot ${req.what}: ${way ? way.what : `no answer from ${target.origin} (${e.code ?? e.message ?? String(err)})`}`,
    );
  } finally {
    await lease.release();
  }
}

/** The keys of a JSON answer whose fields are named as the container and instance endpoints name them. */
export function keysFromJson(
  where: string,
  from: string,
  text: string,
): { accessKeyId: string; secretAccessKey: string; sessionToken?: string; expires?: Date } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new BackendStoreError(where, `${from} did not answer JSON`);
  }
  const o = (doc ?? {}) as Record<string, unknown>;
  const field = (name: string) => (typeof o[name] === "string" && o[name] ? (o[name] as string) : undefined);
  const accessKeyId = field("AccessKeyId");
  const secretAccessKey = field("SecretAccessKey");
  if (!accessKeyId || !secretAccessKey) {
    throw new BackendStoreError(where, `${from} answered without AccessKeyId and SecretAccessKey`);
  }
  return {
    accessKeyId,
    secretAccessKey,
    sessionToken: field("Token"),
    expires: expiry(where, from, field("Expiration")),
  };
}

/** An `Expiration` timestamp (RFC 3339), or undefined when none is given. */
export function expiry(where: string, from: string, value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new BackendStoreError(where, `${from} gave an Expiration that is no time: "${value}"`);
  return new Date(ms);
}
