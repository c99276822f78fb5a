/**
 * Microsoft Entra ID (Azure AD) access tokens for Blob Storage, requested as the CLI's Azure
 * SDK (azidentity over MSAL for Go) requests them: a client credentials grant at
 * `<authority>/<tenant>/oauth2/v2.0/token` with a client secret or a client assertion (a
 * federated token), and managed identity tokens from App Service's IDENTITY_ENDPOINT or the
 * instance metadata service (IMDS). Requests go through the proxy and CAs (SSL_CERT_FILE)
 * Go's HTTP client would use. No token, secret or assertion appears in an error.
 */
import { caFor } from "../../../client/network";
import { goProxyFor } from "../go-proxy";
import { storeRequest, type StoreRequestOptions } from "../store-request";

/** The audience of Blob Storage: the SDK asks for `<it>/.default`. */
const STORAGE_RESOURCE = "https://storage.azure.com";

/** MSAL adds these to every grant's scopes. */
const MSAL_SCOPES = "openid offline_access profile";

/** The SDK's bearer token policy always asks for CAE, so MSAL declares the CP1 capability. */
const CP1_CLAIMS = JSON.stringify({ access_token: { xms_cc: { values: ["CP1"] } } });

/** An access token and when to stop using it (ms since the epoch). */
export interface EntraToken {
  token: string;
  expiresAt: number;
}

/** A token request was refused or not understood; the message holds no secret. */
export class EntraTokenError extends Error {}

/** How the app proves itself in a client credentials grant. */
export type ClientProof = { secret: string } | { assertion: string };

/** A client credentials grant for `clientId` in `tenant` at `authority` (https). */
export async function clientCredentialsToken(
  authority: string,
  tenant: string,
  clientId: string,
  proof: ClientProof,
  env: NodeJS.ProcessEnv,
): Promise<EntraToken> {
  const form: Record<string, string> = { grant_type: "client_credentials" };
  if ("secret" in proof) {
    form.client_secret = proof.secret;
  } else {
    form.client_assertion_type = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
    form.client_assertion = proof.assertion;
    form.client_info = "1";
  }
  form.client_id = clientId;
  form.scope = `${STORAGE_RESOURCE}/.default ${MSAL_SCOPES}`;
  form.claims = CP1_CLAIMS;
  const url = `${authority.replace(/\/+$/, "")}/${tenant}/oauth2/v2.0/token`;
  const answer = await entraRequest(url, env, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    body: new URLSearchParams(form).toString(),
  });
  return tokenOf(answer, new URL(url).host);
}

/** Where a managed identity's token is asked for. */
export interface ManagedIdentityEndpoint {
  /** The endpoint's URL (IDENTITY_ENDPOINT, or IMDS's). */
  url: string;
  kind: "app-service" | "imds";
  /** App Service's IDENTITY_HEADER. */
  secretHeader?: string;
  /** A user-assigned identity's client id (AZURE_CLIENT_ID), else the system-assigned one. */
  clientId?: string;
}

/** A managed identity's token from `endpoint`. */
export async function managedIdentityToken(
  endpoint: ManagedIdentityEndpoint,
  env: NodeJS.ProcessEnv,
): Promise<EntraToken> {
  const url = new URL(endpoint.url);
  url.searchParams.set("api-version", endpoint.kind === "imds" ? "2018-02-01" : "2019-08-01");
  url.searchParams.set("resource", STORAGE_RESOURCE);
  if (endpoint.clientId) url.searchParams.set("client_id", endpoint.clientId);
  const headers: Record<string, string> =
    endpoint.kind === "imds" ? { metadata: "true" } : { "x-identity-header": endpoint.secretHeader ?? "" };
  const answer = await entraRequest(url.href, env, { method: "GET", headers });
  return tokenOf(answer, url.host);
}

/** Whether anything answers at IMDS's `url` within a second: a request without its Metadata header, as the SDK's probe. */
export async function imdsAnswers(url: string, env: NodeJS.ProcessEnv): Promise<void> {
  await entraRequest(url, env, { method: "GET", headers: {}, timeoutMs: 1_000 });
}

/** One exchange, trusting SSL_CERT_FILE as Go does; a failure to connect names the host only. */
async function entraRequest(
  href: string,
  env: NodeJS.ProcessEnv,
  options: Omit<StoreRequestOptions, "env" | "ca">,
): Promise<{ status: number; body: string }> {
  const target = new URL(href);
  try {
    const ca = caFor(
      env,
      undefined,
      target.protocol === "https:" || !!goProxyFor(target.origin, env)?.uri.startsWith("https:"),
    );
    const answer = await storeRequest(href, { ...options, env, ca });
    return { status: answer.status, body: answer.body.toString("utf8") };
  } catch (err) {
    throw new EntraTokenError((err as Error).message, { cause: err });
  }
}

/** The token of an answer (`access_token` with `expires_in` or `expires_on`, numbers or strings of them). */
function tokenOf(answer: { status: number; body: string }, host: string): EntraToken {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    // judged below
  }
  if (answer.status !== 200 && answer.status !== 202) {
    throw new EntraTokenError(`${host} refused the token request (${refusalText(answer.status, parsed)})`);
  }
  if (typeof parsed.access_token !== "string" || !parsed.access_token) {
    throw new EntraTokenError(`${host} answered without an access_token`);
  }
  const seconds = (value: unknown) => (typeof value === "number" || typeof value === "string" ? Number(value) : NaN);
  const expiresOn = seconds(parsed.expires_on);
  const expiresIn = seconds(parsed.expires_in);
  const expiresAt = Number.isFinite(expiresIn) ? Date.now() + expiresIn * 1000 : expiresOn * 1000;
  if (!Number.isFinite(expiresAt)) throw new EntraTokenError(`${host} answered without expires_in or expires_on`);
  // Renewed five minutes early, as the SDK's bearer token policy does.
  return { token: parsed.access_token, expiresAt: expiresAt - 5 * 60_000 };
}

/** Entra's `error` and the first sentence of its description (an AADSTS code and what it means). */
function refusalText(status: number, parsed: Record<string, unknown>): string {
  const error = typeof parsed.error === "string" ? parsed.error : undefined;
  const description =
    typeof parsed.error_description === "string" ? parsed.error_description.split(/\r?\n|(?<=\.) /)[0] : undefined;
  return [`HTTP ${status}`, error, description].filter(Boolean).join(" ").slice(0, 300);
}
