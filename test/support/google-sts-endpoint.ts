/**
 * Google's Security Token Service and IAM Credentials on loopback, for workload identity
 * federation tests: the STS (`POST /v1/token`) grants a token only for an RFC 8693 exchange
 * with the form fields Google's library sends (grant_type, requested_token_type,
 * subject_token_type, audience, scope) carrying SUBJECT_TOKEN, and with the OAuth client's
 * Basic authorization when the test set one; IAM Credentials (`POST
 * /v1/projects/-/serviceAccounts/<email>:generateAccessToken`) gives the account's token only
 * to a caller token it trusts, for a JSON body naming a scope and a lifetime. A subject token
 * is also served (`GET /subject/text`, `GET /subject/json`) to a request with SUBJECT_HEADER.
 * Refusals answer as Google does (`invalid_grant`, `PERMISSION_DENIED`).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const SUBJECT_TOKEN = "eyJ.oidc-subject-token.sig";
export const SUBJECT_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:jwt";
export const AUDIENCE = "//iam.googleapis.com/projects/123/locations/global/workloadIdentityPools/ci/providers/gh";
export const IMPERSONATED = "state-reader@uptime-tests.iam.gserviceaccount.com";
export const SUBJECT_HEADER = { name: "metadata", value: "True" };
export const READ_ONLY = "https://www.googleapis.com/auth/devstorage.read_only";
export const CLOUD_PLATFORM = "https://www.googleapis.com/auth/cloud-platform";

/** One request the server got, and whether it was granted. */
export interface StsCall {
  path: string;
  granted: boolean;
  /** The STS form, or the generateAccessToken body. */
  fields: Record<string, unknown>;
  authorization?: string;
}

export interface StsEndpoint {
  /** The `token_url` to write in a file. */
  tokenUrl: string;
  /** The `service_account_impersonation_url` for IMPERSONATED. */
  impersonationUrl: string;
  /** Where the subject token is served, as text and as `{ "id_token": ... }`. */
  subjectTextUrl: string;
  subjectJsonUrl: string;
  calls: StsCall[];
  /** Whom the STS asks to authenticate (an OAuth client's id and secret), or nobody. */
  client?: { id: string; secret: string };
  /** Tokens IAM Credentials takes from a caller, besides the one the STS issues for cloud-platform. */
  trustedCallers: string[];
  close(): Promise<void>;
}

/** The tokens the server hands out. */
export interface StsTokens {
  /** The STS's answer for a storage scope: the bucket's token. */
  direct: string;
  /** The STS's answer for cloud-platform (only good for impersonation). */
  federated: string;
  /** The impersonated account's token from generateAccessToken. */
  impersonated: string;
}

export async function startStsEndpoint(tokens: StsTokens): Promise<StsEndpoint> {
  const calls: StsCall[] = [];
  const endpoint: Partial<StsEndpoint> = { calls, trustedCallers: [] };
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const answer = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      const authorization = req.headers.authorization;
      if (req.method === "GET" && req.url?.startsWith("/subject/")) {
        if (req.headers[SUBJECT_HEADER.name] !== SUBJECT_HEADER.value) return answer(400, { error: "missing header" });
        if (req.url === "/subject/json") return answer(200, { id_token: SUBJECT_TOKEN, expires_in: 300 });
        res.end(SUBJECT_TOKEN);
        return;
      }
      if (req.method === "POST" && req.url === "/v1/token") {
        const form = Object.fromEntries(new URLSearchParams(body));
        const granted = stsGrants(form, authorization, endpoint.client);
        calls.push({ path: req.url, granted, fields: form, authorization });
        if (!granted)
          return answer(400, { error: "invalid_grant", error_description: "The subject token is invalid." });
        const token = form.scope === CLOUD_PLATFORM ? tokens.federated : tokens.direct;
        return answer(200, {
          access_token: token,
          issued_token_type: "urn:ietf:params:oauth:token-type:access_token",
          token_type: "Bearer",
          expires_in: 3599,
        });
      }
      const impersonation = `/v1/projects/-/serviceAccounts/${IMPERSONATED}:generateAccessToken`;
      if (req.method === "POST" && req.url === impersonation) {
        let fields: Record<string, unknown> = {};
        try {
          fields = JSON.parse(body) as Record<string, unknown>;
        } catch {
          // judged below: no scope
        }
        const callers = [tokens.federated, ...endpoint.trustedCallers!].map((t) => `Bearer ${t}`);
        const granted =
          req.headers["content-type"] === "application/json" &&
          callers.includes(authorization ?? "") &&
          Array.isArray(fields.scope) &&
          fields.scope.length > 0 &&
          /^\d+s$/.test(String(fields.lifetime));
        calls.push({ path: req.url, granted, fields, authorization });
        if (!granted) {
          return answer(403, {
            error: {
              code: 403,
              message: "Permission 'iam.serviceAccounts.getAccessToken' denied",
              status: "PERMISSION_DENIED",
            },
          });
        }
        return answer(200, {
          accessToken: tokens.impersonated,
          expireTime: new Date(Date.now() + 3600_000).toISOString(),
        });
      }
      answer(404, { error: { code: 404, message: "not found", status: "NOT_FOUND" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(endpoint, {
    tokenUrl: `${root}/v1/token`,
    impersonationUrl: `${root}/v1/projects/-/serviceAccounts/${IMPERSONATED}:generateAccessToken`,
    subjectTextUrl: `${root}/subject/text`,
    subjectJsonUrl: `${root}/subject/json`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as StsEndpoint;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => resolve(body));
  });
}

/** Whether Google's STS would grant this exchange. */
function stsGrants(
  form: Record<string, string>,
  authorization: string | undefined,
  client: { id: string; secret: string } | undefined,
): boolean {
  const basic = client && `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`;
  return (
    form.grant_type === "urn:ietf:params:oauth:grant-type:token-exchange" &&
    form.requested_token_type === "urn:ietf:params:oauth:token-type:access_token" &&
    form.subject_token_type === SUBJECT_TOKEN_TYPE &&
    form.audience === AUDIENCE &&
    form.subject_token === SUBJECT_TOKEN &&
    (form.scope === READ_ONLY || form.scope === CLOUD_PLATFORM) &&
    authorization === basic
  );
}
