/**
 * A service account's access token from IAM Credentials' generateAccessToken, asked with
 * another token (the caller's, which needs roles/iam.serviceAccountTokenCreator on it), as
 * Google's Go library does for `service_account_impersonation_url`: a JSON body with the
 * lifetime ("3600s" unless set), the scopes and any delegates; the answer's `accessToken`
 * lasts until its `expireTime` (RFC 3339).
 */
import { googleErrorText, googleRequest } from "./google-http";
import { TokenExchangeError, type AccessToken } from "./google-token";

/** What the token is asked for. */
interface ImpersonationRequest {
  scope: string;
  lifetimeSeconds?: number;
  delegates?: string[];
}

/** The token `url` (…/serviceAccounts/<email>:generateAccessToken) gives for `callerToken`. */
export async function impersonatedToken(
  url: string,
  callerToken: string,
  request: ImpersonationRequest,
  env: NodeJS.ProcessEnv,
): Promise<AccessToken> {
  const host = new URL(url).host;
  const body = {
    ...(request.delegates?.length ? { delegates: request.delegates } : {}),
    lifetime: `${request.lifetimeSeconds ?? 3600}s`,
    scope: [request.scope],
  };
  let answer;
  try {
    answer = await googleRequest(url, {
      env,
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${callerToken}` },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new TokenExchangeError((err as Error).message);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new TokenExchangeError(`impersonation at ${host} was refused (${googleErrorText(answer)})`);
  }
  let parsed: { accessToken?: unknown; expireTime?: unknown };
  try {
    parsed = JSON.parse(answer.body.toString("utf8")) as typeof parsed;
  } catch {
    parsed = {};
  }
  const expiresAt = typeof parsed.expireTime === "string" ? Date.parse(parsed.expireTime) : NaN;
  if (typeof parsed.accessToken !== "string" || !parsed.accessToken || Number.isNaN(expiresAt)) {
    throw new TokenExchangeError(`impersonation at ${host} answered without an accessToken and expireTime`);
  }
  // A minute early, as for the other tokens.
  return { token: parsed.accessToken, expiresAt: expiresAt - 60_000 };
}
