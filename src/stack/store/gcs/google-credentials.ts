/**
 * The credentials a gs:// backend is read with, from the same environment and in the same
 * order as Pulumi 3.248's CLI finds them (its GoogleCredentialsMux): GOOGLE_CREDENTIALS (a
 * credentials JSON itself), GOOGLE_OAUTH_ACCESS_TOKEN (a token as is), then Application
 * Default Credentials: the file GOOGLE_APPLICATION_CREDENTIALS names, else gcloud's
 * `application_default_credentials.json`, else the metadata server of Google's own machines
 * (GCE_METADATA_HOST, else 169.254.169.254). Of the credentials files, service account keys,
 * gcloud's `authorized_user`, workload identity federation (`external_account`, its subject
 * token from a file or a URL) and `impersonated_service_account` are read; the others say so.
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { CredentialsError } from "./google-credentials-error";
import { externalAccountToken, parseExternalAccount } from "./google-external-account";
import { impersonatedToken } from "./google-impersonation";
import {
  authorizedUserToken,
  metadataToken,
  READ_ONLY_SCOPE,
  serviceAccountToken,
  TokenExchangeError,
  type AccessToken,
  type AuthorizedUser,
  type ServiceAccountKey,
} from "./google-token";

/** Where credentials came from (a variable or file name, never its content) and how to get a token. */
export interface GoogleCredentials {
  source: string;
  /** A fresh access token (exchanged again once the last one is near its end). */
  token(): Promise<string>;
}

export { CredentialsError };

/** The credentials `env` gives, as the CLI would find them. */
export function googleCredentials(env: NodeJS.ProcessEnv): GoogleCredentials {
  if (env.GOOGLE_CREDENTIALS) return fromJson(env.GOOGLE_CREDENTIALS, "GOOGLE_CREDENTIALS", env);
  const staticToken = env.GOOGLE_OAUTH_ACCESS_TOKEN;
  if (staticToken) return { source: "GOOGLE_OAUTH_ACCESS_TOKEN", token: async () => staticToken };
  const keyFile = env.GOOGLE_APPLICATION_CREDENTIALS;
  if (keyFile) return fromFile(keyFile, `the file GOOGLE_APPLICATION_CREDENTIALS names (${keyFile})`, env);
  const adc = join(env.HOME || homedir(), ".config", "gcloud", "application_default_credentials.json");
  if (existsSync(adc)) return fromFile(adc, `gcloud's application default credentials (${adc})`, env);
  const host = env.GCE_METADATA_HOST || METADATA_IP;
  // Named, the server is expected to answer; the default address is only tried, briefly.
  const timeoutMs = env.GCE_METADATA_HOST ? 30_000 : 3_000;
  const metadata = cached(`the metadata server (${host})`, () => metadataToken(host, READ_ONLY_SCOPE, timeoutMs));
  return {
    source: metadata.source,
    token: () =>
      metadata.token().catch((err: unknown) => {
        if (!(err instanceof TokenExchangeError)) throw err;
        throw new TokenExchangeError(`${err.message}; ${NONE_FOUND}`);
      }),
  };
}

/** The documented address of the metadata server. */
const METADATA_IP = "169.254.169.254";

const NONE_FOUND =
  "no other Google credentials were found: set GOOGLE_CREDENTIALS (a service account key's JSON), " +
  "GOOGLE_APPLICATION_CREDENTIALS (its file) or GOOGLE_OAUTH_ACCESS_TOKEN, or run " +
  "`gcloud auth application-default login`";

function fromFile(path: string, source: string, env: NodeJS.ProcessEnv): GoogleCredentials {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new CredentialsError(`cannot read ${source}: ${(err as NodeJS.ErrnoException).code ?? "unreadable"}`);
  }
  return fromJson(text, source, env);
}

function fromJson(text: string, source: string, env: NodeJS.ProcessEnv): GoogleCredentials {
  let file: Record<string, unknown>;
  try {
    file = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new CredentialsError(`${source} is not JSON`);
  }
  return cached(source, exchangeFor(file, source, env));
}

/** The exchange that gives a token for the credentials `file` holds, checked before any request. */
function exchangeFor(
  file: Record<string, unknown>,
  source: string,
  env: NodeJS.ProcessEnv,
): () => Promise<AccessToken> {
  switch (file?.type) {
    case "service_account": {
      const key = requireFields<ServiceAccountKey>(file, ["client_email", "private_key"], source);
      return () => serviceAccountToken(key, READ_ONLY_SCOPE, env);
    }
    case "authorized_user": {
      const user = requireFields<AuthorizedUser>(file, ["client_id", "client_secret", "refresh_token"], source);
      return () => authorizedUserToken(user, READ_ONLY_SCOPE, env);
    }
    case "external_account": {
      const account = parseExternalAccount(file, source);
      return () => externalAccountToken(account, READ_ONLY_SCOPE, env);
    }
    case "impersonated_service_account":
      return impersonation(file, source, env);
  }
  const type = typeof file?.type === "string" ? `"${file.type}"` : "none";
  throw new CredentialsError(
    `${source} holds credentials of type ${type}; pulumi-uptime reads "service_account", "authorized_user", ` +
      `"external_account" and "impersonated_service_account" credentials (or use GOOGLE_OAUTH_ACCESS_TOKEN)`,
  );
}

/** gcloud's impersonation file: its source credentials' token asks for the service account's. */
function impersonation(
  file: Record<string, unknown>,
  source: string,
  env: NodeJS.ProcessEnv,
): () => Promise<AccessToken> {
  const url = file.service_account_impersonation_url;
  const inner = file.source_credentials;
  if (typeof url !== "string" || !url || !inner || typeof inner !== "object") {
    throw new CredentialsError(`${source} lacks source_credentials or service_account_impersonation_url`);
  }
  if (!URL.canParse(url))
    throw new CredentialsError(`${source} has a service_account_impersonation_url that is not a URL`);
  const delegates = file.delegates ?? [];
  if (!Array.isArray(delegates) || delegates.some((d) => typeof d !== "string")) {
    throw new CredentialsError(`${source} has delegates that are not a list of service account names`);
  }
  const sourceToken = exchangeFor(inner as Record<string, unknown>, `the source_credentials of ${source}`, env);
  return async () =>
    impersonatedToken(
      url,
      (await sourceToken()).token,
      { scope: READ_ONLY_SCOPE, delegates: delegates as string[] },
      env,
    );
}

function requireFields<T>(file: Record<string, unknown>, fields: string[], source: string): T {
  const missing = fields.filter((f) => typeof file[f] !== "string" || !file[f]);
  if (missing.length) throw new CredentialsError(`${source} lacks ${missing.join(", ")}`);
  if (file.token_uri !== undefined && typeof file.token_uri !== "string") {
    throw new CredentialsError(`${source} has a token_uri that is not a string`);
  }
  return file as T;
}

/** Exchanges once, then again only when the token is near its end. */
function cached(source: string, exchange: () => Promise<AccessToken>): GoogleCredentials {
  let current: Promise<AccessToken> | undefined;
  return {
    source,
    async token() {
      const held = current && (await current.catch(() => undefined));
      if (held && held.expiresAt > Date.now()) return held.token;
      current = exchange();
      return (await current).token;
    },
  };
}
