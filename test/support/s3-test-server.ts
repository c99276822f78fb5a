/**
 * The S3-compatible server of tools/s3-test-server (gofakes3 in memory, behind a check of the
 * one key pair it accepts), started on loopback with a bucket of its own; objects are put
 * into it with signed requests, as the CLI or another writer would.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { crc32 } from "node:zlib";
import { createInterface } from "node:readline";
import { request } from "undici";
import { awsEncode, signV4, type AwsKeys } from "../../src/stack/store/s3/sigv4";
import { REPO } from "./repo-root";

/** Empty (so unset, for the AWS SDK and the store alike) every AWS setting a developer's environment could bring in. */
export const NO_AWS_SETTINGS: Record<string, string> = {
  AWS_ACCESS_KEY_ID: "",
  AWS_SECRET_ACCESS_KEY: "",
  AWS_SESSION_TOKEN: "",
  AWS_PROFILE: "",
  AWS_REGION: "",
  AWS_DEFAULT_REGION: "",
  AWS_ENDPOINT_URL: "",
  AWS_ENDPOINT_URL_S3: "",
  AWS_ENDPOINT_URL_STS: "",
  AWS_ENDPOINT_URL_SSO: "",
  AWS_WEB_IDENTITY_TOKEN_FILE: "",
  AWS_ROLE_ARN: "",
  AWS_ROLE_SESSION_NAME: "",
  AWS_CONTAINER_CREDENTIALS_FULL_URI: "",
  AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: "",
  AWS_CONTAINER_AUTHORIZATION_TOKEN: "",
  AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE: "",
  AWS_EC2_METADATA_SERVICE_ENDPOINT: "",
  // No request to 169.254.169.254 from a test: it would wait for a time-out off EC2.
  AWS_EC2_METADATA_DISABLED: "true",
  AWS_CONFIG_FILE: "/dev/null",
  AWS_SHARED_CREDENTIALS_FILE: "/dev/null",
};

export const S3_TEST_SERVER = join(REPO, ".tools", "s3-test-server", "bin", "s3-test-server");

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** The one session token accepted (`sessionToken: true`), undefined when requests need none. */
  sessionToken?: string;
  /** `s3://<bucket>[/<path>]?endpoint=...&s3ForcePathStyle=true&region=us-east-1` and `more` (`&a=b`). */
  backendUrl(path?: string, more?: string): string;
  /** `s3://<bucket>[/<path>]?s3ForcePathStyle=true&region=us-east-1`: the endpoint left to AWS_ENDPOINT_URL_S3. */
  backendUrlWithoutEndpoint(path?: string): string;
  /** The environment that gives the server's keys as the CLI and the store read them, and no other AWS setting. */
  awsEnv(): Record<string, string>;
  /** Writes an object (a signed PUT, path style). */
  put(key: string, body: string | Buffer): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the server (`busyEvery`: every Nth GET answers 503 SlowDown; `sessionToken`: its keys
 * are temporary, only requests with their token pass); throws (never skips) when it is not built.
 */
export async function startS3TestServer(
  bucket = "state",
  options: { busyEvery?: number; sessionToken?: boolean } = {},
): Promise<S3TestServer> {
  if (!existsSync(S3_TEST_SERVER)) {
    throw new Error(
      `${relative(REPO, S3_TEST_SERVER)} is missing: run \`bash scripts/build-s3-test-server.sh\` ` +
        "(npm run test:server and npm run test:e2e run it first).",
    );
  }
  const accessKey = `AKIATEST${randomBytes(6).toString("hex").toUpperCase()}`;
  const secretKey = randomBytes(20).toString("base64");
  // Its standard input stays open while the test runs: the server exits when it closes.
  const args = ["-bucket", bucket, "-access-key", accessKey, "-secret-key", secretKey];
  if (options.busyEvery) args.push("-busy-every", String(options.busyEvery));
  const sessionToken = options.sessionToken ? `IQoJ${randomBytes(24).toString("base64")}` : undefined;
  if (sessionToken) args.push("-session-token", sessionToken);
  const child = spawn(S3_TEST_SERVER, args, {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`s3-test-server exited (${code}): ${stderr}`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      const m = /^listening (http:\/\/\S+)$/.exec(line);
      if (m) resolve(m[1]);
    });
  });
  const host = endpoint.slice("http://".length);
  return {
    endpoint,
    bucket,
    accessKey,
    secretKey,
    sessionToken,
    backendUrl: (path = "", more = "") =>
      `s3://${bucket}${path ? `/${path}` : ""}?endpoint=${endpoint}&s3ForcePathStyle=true&region=us-east-1${more}`,
    backendUrlWithoutEndpoint: (path = "") =>
      `s3://${bucket}${path ? `/${path}` : ""}?s3ForcePathStyle=true&region=us-east-1`,
    awsEnv: () => ({
      ...NO_AWS_SETTINGS,
      AWS_ACCESS_KEY_ID: accessKey,
      AWS_SECRET_ACCESS_KEY: secretKey,
      ...(sessionToken ? { AWS_SESSION_TOKEN: sessionToken } : {}),
    }),
    async put(key, body) {
      const bytes = Buffer.from(body);
      const path = `/${bucket}/${awsEncode(key, true)}`;
      const headers = signV4({
        method: "PUT",
        host,
        path,
        query: "",
        // gofakes3 keeps an overwritten object's earlier x-amz-* headers (the CLI's checksum among
        // them, which its SDK checks on read): the new bytes carry their own, as AWS's tools send.
        headers: { "content-length": String(bytes.length), "x-amz-checksum-crc32": crc32Base64(bytes) },
        payloadHash: createHash("sha256").update(bytes).digest("hex"),
        region: "us-east-1",
        service: "s3",
        keys: { accessKeyId: accessKey, secretAccessKey: secretKey, sessionToken },
        now: new Date(),
      });
      const res = await request(`${endpoint}${path}`, { method: "PUT", headers, body: bytes });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`PUT ${key}: HTTP ${res.statusCode} ${text}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.stdin.end();
      }),
  };
}

/** The one stack object of `startS3WithTemporaryKeys`, and its content. */
export const ONE_STACK = { key: ".pulumi/stacks/web/prod.json", body: '{"version":3}' };

/**
 * A server whose keys are temporary (only requests with its session token pass), holding
 * ONE_STACK: the bucket the tests of each credential source read.
 */
export async function startS3WithTemporaryKeys(): Promise<S3TestServer> {
  const s3 = await startS3TestServer("state", { sessionToken: true });
  await s3.put(ONE_STACK.key, ONE_STACK.body);
  return s3;
}

/** The server's keys, with their session token, as a token service hands them out. */
export function issuedKeys(s3: S3TestServer): Required<AwsKeys> {
  return { accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey, sessionToken: s3.sessionToken ?? "" };
}

/** S3's CRC32 checksum header value: the big-endian CRC32, base64. */
function crc32Base64(bytes: Buffer): string {
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(bytes));
  return sum.toString("base64");
}
