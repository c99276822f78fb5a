/**
 * An S3 (or S3-compatible) backend's objects, read with ListObjectsV2 and GetObject signed
 * with Signature Version 4, the bucket, endpoint, region and credentials taken from the
 * backend URL and the environment as the CLI takes them. Every key is under the URL's path.
 * Requests go as the CLI's would: through HTTPS_PROXY/HTTP_PROXY unless NO_PROXY lists the
 * host or it is loopback (Go never proxies those), trusting AWS_CA_BUNDLE and SSL_CERT_FILE
 * besides Node's roots.
 */
import type { Dispatcher } from "undici";
import { leaseSharedAgent, requestThrough } from "../../client/agent";
import { caFor, diagnose, proxyFor, type Route } from "../../client/network";
import { awsAccess, type AwsAccess } from "./aws-credentials";
import { BackendStoreError, type BackendStore } from "./backend-store";
import { bucketEndpoint, type BucketEndpoint } from "./s3-endpoint";
import { parseS3Url, s3Where, type S3Location } from "./s3-url";
import { listPage, s3Error } from "./s3-xml";
import { awsEncode, canonicalQuery, EMPTY_SHA256, signV4 } from "./sigv4";

/** How long one request may wait for an answer before the store gives up on the service. */
const TIMEOUT_MS = 30_000;

interface Bucket {
  loc: S3Location;
  access: AwsAccess;
  endpoint: BucketEndpoint;
  route: Route;
}

/** The store of an `s3://` backend URL, or undefined for another backend. Settings are checked on first use. */
export function s3Store(url: string, env: NodeJS.ProcessEnv): BackendStore | undefined {
  if (!/^s3:\/\//i.test(url)) return undefined;
  const where = s3Where(url);
  let bucket: Bucket | undefined;
  const open = (): Bucket => {
    if (bucket) return bucket;
    const loc = parseS3Url(url);
    const access = awsAccess(env, { where, profile: loc.profile, region: loc.region, anonymous: loc.anonymous });
    const endpoint = bucketEndpoint(where, loc, access.region, access.endpoint);
    bucket = { loc, access, endpoint, route: routeTo(where, endpoint.origin, env) };
    return bucket;
  };
  return {
    where,
    async list(prefix) {
      const b = open();
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const query: [string, string][] = [
          ["list-type", "2"],
          ["prefix", b.loc.root + prefix],
        ];
        if (token !== undefined) query.push(["continuation-token", token]);
        const answer = await get(where, b, b.endpoint.bucketPath || "/", query, `list ${prefix}`);
        if (answer.status !== 200) throw refused(where, b, answer, `listing ${b.loc.root + prefix}`);
        const page = listPage(answer.body.toString("utf8"));
        keys.push(...page.keys.filter((k) => k.startsWith(b.loc.root)).map((k) => k.slice(b.loc.root.length)));
        if (page.truncated && !page.next) {
          throw new BackendStoreError(where, "the service cut the object list short without a continuation token");
        }
        token = page.truncated ? page.next : undefined;
      } while (token !== undefined);
      return keys;
    },
    async read(key) {
      const b = open();
      const path = `${b.endpoint.bucketPath}/${awsEncode(b.loc.root + key, true)}`;
      const answer = await get(where, b, path, [], `read ${key}`);
      if (answer.status === 200) return answer.body;
      if (answer.status === 404 && s3Error(answer.body.toString("utf8")).code !== "NoSuchBucket") return undefined;
      throw refused(where, b, answer, `reading ${b.loc.root + key}`);
    },
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One signed GET; a service out of reach is a BackendStoreError. */
async function get(where: string, b: Bucket, path: string, query: [string, string][], what: string): Promise<Answer> {
  const q = canonicalQuery(query);
  const headers = b.access.keys
    ? signV4({
        method: "GET",
        host: b.endpoint.host,
        path,
        query: q,
        headers: {},
        payloadHash: EMPTY_SHA256,
        region: b.endpoint.region,
        service: "s3",
        keys: b.access.keys,
        now: new Date(),
      })
    : {};
  const lease = leaseSharedAgent(TIMEOUT_MS, b.route);
  try {
    const res: Dispatcher.ResponseData = await requestThrough(lease.dispatcher, {
      origin: b.endpoint.origin,
      path: `${path}${q ? `?${q}` : ""}`,
      method: "GET",
      headers,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
    return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
  } catch (err) {
    const way = diagnose(err, b.endpoint.origin, b.route);
    const e = err as { code?: string; message?: string };
    throw new BackendStoreError(
      where,
      way
        ? `cannot ${what}: ${way.what}`
        : `cannot reach ${b.endpoint.origin} to ${what}: ${e.code ?? e.message ?? String(err)}; ` +
            "check the endpoint (endpoint= or AWS_ENDPOINT_URL_S3), the region and the network",
    );
  } finally {
    await lease.release();
  }
}

/** The proxy and CAs of requests to `origin`, as the CLI's Go HTTP client takes them from `env`. */
function routeTo(where: string, origin: string, env: NodeJS.ProcessEnv): Route {
  const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i.test(new URL(origin).hostname);
  const proxy = loopback ? undefined : proxyFor(origin, env);
  const bundle = env.AWS_CA_BUNDLE?.trim() ? { value: env.AWS_CA_BUNDLE, from: "AWS_CA_BUNDLE" } : undefined;
  try {
    const ca = caFor(env, bundle, origin.startsWith("https:") || !!proxy?.uri.startsWith("https:"));
    return { proxy, ca, proxySetting: "HTTPS_PROXY", caSetting: "AWS_CA_BUNDLE", baseUrlSetting: "endpoint=" };
  } catch (err) {
    throw new BackendStoreError(where, (err as Error).message);
  }
}

/** The service said no: its status and error code, and what to do about it. No credential is named. */
function refused(where: string, b: Bucket, answer: Answer, doing: string): BackendStoreError {
  const err = s3Error(answer.body.toString("utf8"));
  const said = [`HTTP ${answer.status}`, err.code, err.message && `(${redact(err.message, b)})`]
    .filter(Boolean)
    .join(" ");
  const bucketRegion = err.region ?? headerText(answer.headers["x-amz-bucket-region"]);
  let act: string;
  if (bucketRegion && bucketRegion !== b.endpoint.region) {
    act = `the bucket is in region ${bucketRegion}: set region=${bucketRegion} in the backend URL or AWS_REGION`;
  } else if (answer.status === 403 || answer.status === 401) {
    act =
      "check the AWS credentials the CLI runs with (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN, " +
      `AWS_PROFILE or profile=) and that they may list and read bucket ${b.loc.bucket}`;
  } else if (err.code === "NoSuchBucket") {
    act = `check the bucket name and the endpoint (${b.endpoint.origin})`;
  } else {
    act = `the service at ${b.endpoint.origin} could not answer; try again, or check the endpoint`;
  }
  return new BackendStoreError(where, `${doing} in bucket ${b.loc.bucket} was refused: ${said}; ${act}`);
}

/** A message with the key ID and token taken out, should a service echo them. */
function redact(message: string, b: Bucket): string {
  let text = message;
  for (const secret of [b.access.keys?.accessKeyId, b.access.keys?.secretAccessKey, b.access.keys?.sessionToken]) {
    if (secret) text = text.split(secret).join("***");
  }
  return text;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
