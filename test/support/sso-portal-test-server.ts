/**
 * AWS IAM Identity Center (SSO) for the CLI's AWS SDK, on loopback: the portal's
 * GetRoleCredentials (`GET /federation/credentials?account_id=&role_name=`), which answers as
 * AWS's does, with the role's temporary keys, only to the bearer token (x-amz-sso_bearer_token)
 * of the cached sign-in written beside it. The audit's store does not read SSO: tests use it
 * as the credential kind the CLI follows and the store cannot.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listenOnLoopback } from "./loopback-http";
import { NO_AWS_SETTINGS, type S3TestServer } from "./s3-test-server";

const ACCOUNT = "123456789012";
const ROLE = "StateReader";
const SESSION = "corp";

export interface SsoPortal {
  url: string;
  /** How many keys it handed out. */
  granted: number;
  close(): Promise<void>;
}

/** The portal, handing out the S3 test server's keys (and its session token, if any). */
export async function startSsoPortal(s3: S3TestServer, accessToken: string): Promise<SsoPortal> {
  const portal: SsoPortal = { url: "", granted: 0, close: () => Promise.resolve() };
  const http = await listenOnLoopback((req, res) => {
    const url = new URL(req.url!, "http://x");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "GET" || url.pathname !== "/federation/credentials") {
      return send(404, { message: "Not Found" });
    }
    if (req.headers["x-amz-sso_bearer_token"] !== accessToken) {
      return send(401, { message: "Session token not found or invalid" });
    }
    if (url.searchParams.get("account_id") !== ACCOUNT || url.searchParams.get("role_name") !== ROLE) {
      return send(403, { message: "No access" });
    }
    portal.granted++;
    send(200, {
      roleCredentials: {
        accessKeyId: s3.accessKey,
        secretAccessKey: s3.secretKey,
        sessionToken: s3.sessionToken ?? "no-token-needed",
        expiration: Date.now() + 3_600_000,
      },
    });
  });
  portal.url = http.url;
  portal.close = http.close;
  return portal;
}

/**
 * The environment in which the S3 test server's keys come only from SSO: a default profile
 * with an sso-session, the session's cached sign-in under `home`/.aws/sso/cache (HOME is
 * `home`, where the SDK looks), the portal at AWS_ENDPOINT_URL_SSO, the S3 server at
 * AWS_ENDPOINT_URL_S3; no other AWS setting. The backend URL must name no endpoint
 * (`backendUrlWithoutEndpoint`): gocloud.dev would send the SSO call there too.
 */
export function ssoEnv(s3: S3TestServer, portal: SsoPortal, accessToken: string, home: string): Record<string, string> {
  const startUrl = "https://corp.awsapps.com/start";
  const cache = join(home, ".aws", "sso", "cache");
  mkdirSync(cache, { recursive: true });
  // The SDK finds a session's sign-in by the SHA-1 of the session's name.
  const file = join(cache, `${createHash("sha1").update(SESSION).digest("hex")}.json`);
  const expiresAt = new Date(Date.now() + 8 * 3_600_000).toISOString().replace(/\.\d{3}/, "");
  writeFileSync(file, JSON.stringify({ accessToken, expiresAt, region: "us-east-1", startUrl }));
  const config = join(home, ".aws", "config");
  writeFileSync(
    config,
    [
      "[default]",
      "region = us-east-1",
      `sso_session = ${SESSION}`,
      `sso_account_id = ${ACCOUNT}`,
      `sso_role_name = ${ROLE}`,
      `[sso-session ${SESSION}]`,
      "sso_region = us-east-1",
      `sso_start_url = ${startUrl}`,
    ].join("\n") + "\n",
  );
  return {
    ...NO_AWS_SETTINGS,
    HOME: home,
    AWS_CONFIG_FILE: config,
    AWS_ENDPOINT_URL_SSO: portal.url,
    AWS_ENDPOINT_URL_S3: s3.endpoint,
  };
}

/** A bearer token as a cached sign-in holds one. */
export function ssoAccessToken(): string {
  return `aoa${randomBytes(24).toString("base64url")}`;
}
