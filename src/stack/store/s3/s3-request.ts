/**
 * One signed GET to an S3 endpoint, sent as the CLI's AWS SDK sends it: through the proxy and
 * with the CAs its Go client would use (HTTPS_PROXY/HTTP_PROXY unless NO_PROXY lists the
 * host or it is loopback, which Go never proxies; AWS_CA_BUNDLE and SSL_CERT_FILE besides
 * Node's roots), and tried again, up to 3 attempts in all as the SDK's standard retryer
 * does, when the service is busy (500, 502, 503, 504, SlowDown) or the connection failed
 * in a way that another attempt may not.
 */
import type { Dispatcher } from "undici";
import { leaseSharedAgent, requestThrough } from "../../../client/agent";
import { caFor, diagnose, type Route } from "../../../client/network";
import { BackendStoreError } from "../backend-store";
import { goProxyFor } from "../go-proxy";
import type { BucketEndpoint } from "./s3-endpoint";
import type { KeySource } from "./aws-keys";
import { canonicalQuery, EMPTY_SHA256, signV4, type AwsKeys } from "./sigv4";

/** How long one request may wait to connect or for an answer. */
const TIMEOUT_MS = 30_000;
const ATTEMPTS = 3;
const BUSY = new Set([500, 502, 503, 504]);

/** Where requests go and who signs them. */
export interface S3Target {
  endpoint: BucketEndpoint;
  /** Undefined: unsigned (anonymous) requests. */
  keys?: KeySource;
  route: Route;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The service's answer to GET `path?query` (any status); BackendStoreError when no answer came. */
export async function signedGet(
  where: string,
  target: S3Target,
  path: string,
  query: [string, string][],
  what: string,
): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    // Outside the try: a source that gives no keys has said why, and trying again would not help.
    const keys = await target.keys?.();
    try {
      const answer = await getOnce(target, keys, path, canonicalQuery(query));
      if (attempt < ATTEMPTS && BUSY.has(answer.status)) {
        await pause(attempt);
        continue;
      }
      return answer;
    } catch (err) {
      const way = diagnose(err, target.endpoint.origin, target.route);
      if (attempt < ATTEMPTS && !way?.final) {
        await pause(attempt);
        continue;
      }
      const e = err as { code?: string; message?: string };
      throw new BackendStoreError(
        where,
        way
          ? `cannot ${what}: ${way.what}`
          : `cannot reach ${target.endpoint.origin} to ${what}: ${e.code ?? e.message ?? String(err)}; ` +
              "check the endpoint (endpoint= or AWS_ENDPOINT_URL_S3), the region and the network",
      );
    }
  }
}

async function getOnce(target: S3Target, keys: AwsKeys | undefined, path: string, q: string): Promise<Answer> {
  const { endpoint } = target;
  // Signed per attempt: the signature carries the time it was made.
  const headers = keys
    ? signV4({
        method: "GET",
        host: endpoint.host,
        path,
        query: q,
        headers: {},
        payloadHash: EMPTY_SHA256,
        region: endpoint.region,
        service: "s3",
        keys,
        now: new Date(),
      })
    : {};
  const lease = leaseSharedAgent(TIMEOUT_MS, target.route);
  try {
    const res: Dispatcher.ResponseData = await requestThrough(lease.dispatcher, {
      origin: endpoint.origin,
      path: `${path}${q ? `?${q}` : ""}`,
      method: "GET",
      headers,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
    return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
  } finally {
    await lease.release();
  }
}

/** A short, growing, jittered wait before attempt `attempt + 1`. */
function pause(attempt: number): Promise<void> {
  const ms = 100 * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The proxy and CAs of requests to `origin`, as the CLI's Go HTTP client takes them from `env`. */
export function routeTo(where: string, origin: string, env: NodeJS.ProcessEnv): Route {
  const proxy = goProxyFor(origin, env);
  const bundle = env.AWS_CA_BUNDLE?.trim() ? { value: env.AWS_CA_BUNDLE, from: "AWS_CA_BUNDLE" } : undefined;
  try {
    const ca = caFor(env, bundle, origin.startsWith("https:") || !!proxy?.uri.startsWith("https:"));
    return { proxy, ca, proxySetting: "HTTPS_PROXY", caSetting: "AWS_CA_BUNDLE", baseUrlSetting: "endpoint=" };
  } catch (err) {
    throw new BackendStoreError(where, (err as Error).message);
  }
}
