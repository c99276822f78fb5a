/**
 * An OAuth 2.0 token endpoint on loopback that answers as Google's does, for one test file:
 * a JWT bearer grant gets a token only when its RS256 signature verifies with the public key
 * of a key pair made here (node:crypto) and its claims name that key's account, this
 * endpoint and a scope; a refresh-token grant only with the client and refresh token given.
 * Anything else is refused with Google's `invalid_grant`. A service account key file and a
 * gcloud user credentials file that point here are at hand.
 */
import { createVerify, generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const SERVICE_ACCOUNT = "auditor@uptime-tests.iam.gserviceaccount.com";
const KEY_ID = "0123456789abcdef";

/** The user the refresh grant is for. */
export const USER = {
  client_id: "client-1.apps.googleusercontent.com",
  client_secret: "user-secret-5a1b",
  refresh_token: "1//refresh-9c2d",
};

/** One grant the endpoint received, and whether it gave a token. */
export interface Grant {
  grantType: string;
  granted: boolean;
  /** The JWT's claims (bearer grants), or the form's scope (refresh grants). */
  claims?: Record<string, unknown>;
  scope?: string;
}

export interface TokenEndpoint {
  /** The `token_uri` to write in credentials files. */
  url: string;
  /** A service account key (JSON text) whose private key this endpoint checks signatures with. */
  serviceAccountJson: string;
  /** The same account with a key of another pair: its signatures do not verify. */
  strangerJson: string;
  /** gcloud's `authorized_user` credentials (JSON text) for USER. */
  userJson: string;
  grants: Grant[];
  /** Other URLs of this endpoint (a name a proxy maps to it), taken as an assertion's audience too. */
  alsoAt: string[];
  close(): Promise<void>;
}

/** Starts the endpoint; every grant it accepts is answered with `accessToken`. */
export async function startTokenEndpoint(accessToken: string): Promise<TokenEndpoint> {
  const pair = () =>
    generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
  const trusted = pair();
  const stranger = pair();
  const grants: Grant[] = [];
  const alsoAt: string[] = [];
  let url = "";

  const server: Server = createServer((req, res) => {
    void readForm(req).then((form) => {
      const grant = judge(form, trusted.publicKey, [url, ...alsoAt]);
      grants.push(grant);
      res.setHeader("content-type", "application/json");
      if (!grant.granted) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: "invalid_grant", error_description: "Invalid JWT Signature." }));
        return;
      }
      res.end(JSON.stringify({ access_token: accessToken, expires_in: 3599, token_type: "Bearer" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;

  const keyFile = (privateKey: string) =>
    JSON.stringify({
      type: "service_account",
      project_id: "uptime-tests",
      private_key_id: KEY_ID,
      private_key: privateKey,
      client_email: SERVICE_ACCOUNT,
      client_id: "1234567890",
      token_uri: url,
    });
  return {
    url,
    serviceAccountJson: keyFile(trusted.privateKey),
    strangerJson: keyFile(stranger.privateKey),
    userJson: JSON.stringify({ type: "authorized_user", ...USER, token_uri: url }),
    grants,
    alsoAt,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => resolve(new URLSearchParams(body)));
  });
}

/** Whether Google would grant `form`: a verified, current assertion, or the user's refresh token. */
function judge(form: URLSearchParams, publicKey: string, urls: string[]): Grant {
  const grantType = form.get("grant_type") ?? "";
  if (grantType === "refresh_token") {
    const granted =
      form.get("client_id") === USER.client_id &&
      form.get("client_secret") === USER.client_secret &&
      form.get("refresh_token") === USER.refresh_token;
    return { grantType, granted, scope: form.get("scope") ?? undefined };
  }
  if (grantType !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return { grantType, granted: false };
  const [header, claims, signature] = (form.get("assertion") ?? "").split(".");
  if (!header || !claims || !signature) return { grantType, granted: false };
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
  const verified = createVerify("RSA-SHA256")
    .update(`${header}.${claims}`)
    .verify(publicKey, Buffer.from(signature, "base64url"));
  const head = decode(header);
  const body = decode(claims);
  const now = Date.now() / 1000;
  const granted =
    verified &&
    head.alg === "RS256" &&
    head.kid === KEY_ID &&
    body.iss === SERVICE_ACCOUNT &&
    urls.includes(body.aud as string) &&
    typeof body.scope === "string" &&
    body.scope.length > 0 &&
    typeof body.iat === "number" &&
    typeof body.exp === "number" &&
    body.iat <= now &&
    body.exp > now &&
    body.exp - body.iat <= 3600;
  return { grantType, granted, claims: body };
}
