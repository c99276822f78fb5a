/**
 * OAuth 2.0 access tokens from the two kinds of Google credentials files the store reads:
 * a service account key (a JWT signed RS256 with its private key, exchanged at its
 * `token_uri`: Google's "OAuth 2.0 for server to server applications") and gcloud's
 * `authorized_user` file (its refresh token exchanged at the token endpoint); and on Google's
 * own machines (Compute Engine, GKE, Cloud Run, Cloud Build), the metadata server's token.
 */
import { createSign } from "node:crypto";
import { googleErrorText, googleRequest, type GoogleAnswer } from "./google-http";

/** Where the Go libraries send both exchanges when the file names no `token_uri`. */
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

/** Reading objects is all the store does. */
export const READ_ONLY_SCOPE = "https://www.googleapis.com/auth/devstorage.read_only";

/** An access token and when to stop using it (ms since the epoch). */
export interface AccessToken {
  token: string;
  expiresAt: number;
}

/** A token exchange was refused or not understood; the message holds no secret. */
export class TokenExchangeError extends Error {}

/** The fields of a service account key file that signing needs. */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri?: string;
}

/** The fields of gcloud's application default credentials (`authorized_user`). */
export interface AuthorizedUser {
  client_id: string;
  client_secret: string;
  refresh_token: string;
  token_uri?: string;
}

const base64url = (data: string | Buffer): string => Buffer.from(data).toString("base64url");

/** The signed assertion for `key`: RS256, issued by its email, for its token endpoint. */
function serviceAccountAssertion(key: ServiceAccountKey, scope: string, nowSeconds: number): string {
  const header = { alg: "RS256", typ: "JWT", ...(key.private_key_id ? { kid: key.private_key_id } : {}) };
  // Issued a little in the past, as Google's Go library does, for clocks that run ahead.
  const iat = nowSeconds - 10;
  const claims = { iss: key.client_email, scope, aud: key.token_uri ?? GOOGLE_TOKEN_URL, iat, exp: iat + 3600 };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  let signature: Buffer;
  try {
    signature = createSign("RSA-SHA256").update(unsigned).sign(key.private_key);
  } catch {
    throw new TokenExchangeError("its private_key is not a PEM RSA private key");
  }
  return `${unsigned}.${base64url(signature)}`;
}

/** An access token for the service account `key`. */
export async function serviceAccountToken(
  key: ServiceAccountKey,
  scope: string,
  env: NodeJS.ProcessEnv,
): Promise<AccessToken> {
  const assertion = serviceAccountAssertion(key, scope, Math.floor(Date.now() / 1000));
  return exchange(env, key.token_uri ?? GOOGLE_TOKEN_URL, {
    grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    assertion,
  });
}

/** An access token for gcloud's signed-in user, from its refresh token. */
export async function authorizedUserToken(
  user: AuthorizedUser,
  scope: string,
  env: NodeJS.ProcessEnv,
): Promise<AccessToken> {
  return exchange(env, user.token_uri ?? GOOGLE_TOKEN_URL, {
    grant_type: "refresh_token",
    client_id: user.client_id,
    client_secret: user.client_secret,
    refresh_token: user.refresh_token,
    scope,
  });
}

/**
 * The token of the machine's service account from the metadata server at `host`, never
 * through a proxy (as Google's Go client for it). Off Google's machines nothing answers
 * there: `timeoutMs` bounds the wait.
 */
export async function metadataToken(host: string, scope: string, timeoutMs: number): Promise<AccessToken> {
  const url = `http://${host}/computeMetadata/v1/instance/service-accounts/default/token?${new URLSearchParams({ scopes: scope })}`;
  return tokenFrom(host, () => googleRequest(url, { headers: { "metadata-flavor": "Google" }, timeoutMs }));
}

/** A token for `form` from `tokenUrl`, through the proxy `env` names; `headers` add to the form's. */
export async function exchange(
  env: NodeJS.ProcessEnv,
  tokenUrl: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
  options: TokenAnswerOptions = {},
): Promise<AccessToken> {
  const host = hostOf(tokenUrl);
  return tokenFrom(
    host,
    () =>
      googleRequest(tokenUrl, {
        env,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(form).toString(),
      }),
    options,
  );
}

/** How an answer is judged: Google's STS must say how long its token lasts (its Go library refuses it otherwise). */
interface TokenAnswerOptions {
  expiryRequired?: boolean;
}

/** The token in the answer of `ask` (`{ access_token, expires_in }`). */
async function tokenFrom(
  host: string,
  ask: () => Promise<GoogleAnswer>,
  options: TokenAnswerOptions = {},
): Promise<AccessToken> {
  let answer;
  try {
    answer = await ask();
  } catch (err) {
    throw new TokenExchangeError((err as Error).message);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new TokenExchangeError(`the token endpoint ${host} refused it (${googleErrorText(answer)})`);
  }
  let parsed: { access_token?: unknown; expires_in?: unknown };
  try {
    parsed = JSON.parse(answer.body.toString("utf8")) as typeof parsed;
  } catch {
    parsed = {};
  }
  if (typeof parsed.access_token !== "string" || !parsed.access_token) {
    throw new TokenExchangeError(`the token endpoint ${host} answered without an access_token`);
  }
  const given = typeof parsed.expires_in === "number" ? parsed.expires_in : undefined;
  if (options.expiryRequired && !(given! > 0)) {
    throw new TokenExchangeError(`the token endpoint ${host} answered without a positive expires_in`);
  }
  const seconds = given ?? 3600;
  // A minute early, so a token never expires between the check and the request.
  return { token: parsed.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    throw new TokenExchangeError("its token_uri is not a URL");
  }
}
