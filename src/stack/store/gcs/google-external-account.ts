/**
 * Workload identity federation (`external_account` credentials files), read as Google's Go
 * library (golang.org/x/oauth2/google/externalaccount) reads them: a subject token from a file
 * or a URL (`credential_source`, text or JSON per its `format`), traded at `token_url` (Google's
 * STS: an RFC 8693 token exchange) for an access token; with `service_account_impersonation_url`
 * that token (scoped to cloud-platform) then asks IAM Credentials for the service account's.
 * Executable- and AWS-sourced subject tokens are not read.
 */
import { readFileSync } from "node:fs";
import { googleRequest } from "./google-http";
import { impersonatedToken } from "./google-impersonation";
import { exchange, TokenExchangeError, type AccessToken } from "./google-token";
import { CredentialsError } from "./google-credentials-error";

/** Where the library sends the exchange when the file names no `token_url`. */
const STS_URL = "https://sts.googleapis.com/v1/token";

/** The scope the STS token gets when it only serves to impersonate. */
const CLOUD_PLATFORM = "https://www.googleapis.com/auth/cloud-platform";

/** Workforce pools are the only ones `workforce_pool_user_project` may go with. */
const WORKFORCE_AUDIENCE = /\/\/iam\.googleapis\.com\/locations\/[^/]+\/workforcePools\//;

/** How the subject token is read from a file's or a URL's content. */
interface Format {
  json: boolean;
  field?: string;
}

/** Where the subject token comes from. */
type SubjectSource =
  | { kind: "file"; path: string; format: Format }
  | { kind: "url"; url: string; headers: Record<string, string>; format: Format };

/** What the exchange needs from the file, checked before any request. */
interface ExternalAccount {
  audience: string;
  subjectTokenType: string;
  tokenUrl: string;
  subject: SubjectSource;
  impersonationUrl?: string;
  lifetimeSeconds?: number;
  clientId?: string;
  clientSecret?: string;
  userProject?: string;
}

type Json = Record<string, unknown>;

const text = (file: Json, field: string): string | undefined => {
  const value = file[field];
  return typeof value === "string" && value ? value : undefined;
};

/** The file's fields, or a CredentialsError naming the one that is wrong. */
export function parseExternalAccount(file: Json, source: string): ExternalAccount {
  const audience = text(file, "audience");
  const subjectTokenType = text(file, "subject_token_type");
  const missing = [!audience && "audience", !subjectTokenType && "subject_token_type"].filter(Boolean);
  if (missing.length) throw new CredentialsError(`${source} lacks ${missing.join(", ")}`);
  const userProject = text(file, "workforce_pool_user_project");
  if (userProject && !WORKFORCE_AUDIENCE.test(audience!)) {
    throw new CredentialsError(
      `${source} sets workforce_pool_user_project, which only a workforce pool's audience takes`,
    );
  }
  const tokenUrl = urlField(file, "token_url", source) ?? STS_URL;
  const impersonationUrl = urlField(file, "service_account_impersonation_url", source);
  const lifetime = (file.service_account_impersonation as Json | undefined)?.token_lifetime_seconds;
  if (lifetime !== undefined && (typeof lifetime !== "number" || !Number.isInteger(lifetime) || lifetime < 0)) {
    throw new CredentialsError(
      `${source} has a service_account_impersonation.token_lifetime_seconds that is not a whole number`,
    );
  }
  return {
    audience: audience!,
    subjectTokenType: subjectTokenType!,
    tokenUrl,
    subject: subjectSource(file.credential_source, source),
    impersonationUrl,
    lifetimeSeconds: lifetime || undefined,
    clientId: text(file, "client_id"),
    clientSecret: text(file, "client_secret"),
    userProject,
  };
}

function urlField(file: Json, field: string, source: string): string | undefined {
  const value = file[field];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || !URL.canParse(value)) {
    throw new CredentialsError(`${source} has a ${field} that is not a URL`);
  }
  return value;
}

function subjectSource(raw: unknown, source: string): SubjectSource {
  if (!raw || typeof raw !== "object") throw new CredentialsError(`${source} lacks credential_source`);
  const cs = raw as Json;
  const environment = text(cs, "environment_id");
  // The library's order: AWS (environment_id aws1), then file, url, executable.
  if (environment?.startsWith("aws")) {
    throw notRead(source, "an AWS-sourced subject token (credential_source.environment_id)");
  }
  const format = formatOf(cs.format, source);
  const file = text(cs, "file");
  if (file) return { kind: "file", path: file, format };
  const url = text(cs, "url");
  if (url) {
    if (!URL.canParse(url)) throw new CredentialsError(`${source} has a credential_source.url that is not a URL`);
    const headers = (cs.headers ?? {}) as Json;
    if (typeof headers !== "object" || Object.values(headers).some((v) => typeof v !== "string")) {
      throw new CredentialsError(`${source} has credential_source.headers that are not strings`);
    }
    return { kind: "url", url, headers: headers as Record<string, string>, format };
  }
  if (cs.executable) throw notRead(source, "an executable-sourced subject token (credential_source.executable)");
  throw new CredentialsError(`${source} has a credential_source with none of file, url (the ones read here)`);
}

function formatOf(raw: unknown, source: string): Format {
  const format = (raw ?? {}) as Json;
  const type = format.type ?? "";
  if (type === "" || type === "text") return { json: false };
  if (type !== "json") {
    throw new CredentialsError(`${source} has a credential_source.format.type other than "text" or "json"`);
  }
  const field = text(format, "subject_token_field_name");
  if (!field)
    throw new CredentialsError(`${source} has a JSON credential_source.format without subject_token_field_name`);
  return { json: true, field };
}

function notRead(source: string, what: string): CredentialsError {
  return new CredentialsError(
    `${source} is workload identity federation with ${what}, which pulumi-uptime does not read ` +
      `(it reads subject tokens from credential_source.file or credential_source.url)`,
  );
}

/** An access token for `account` with `scope`, through the proxy `env` names. */
export async function externalAccountToken(
  account: ExternalAccount,
  scope: string,
  env: NodeJS.ProcessEnv,
): Promise<AccessToken> {
  const subjectToken = await readSubjectToken(account.subject, env);
  const form: Record<string, string> = {
    audience: account.audience,
    grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
    requested_token_type: "urn:ietf:params:oauth:token-type:access_token",
    subject_token_type: account.subjectTokenType,
    subject_token: subjectToken,
    scope: account.impersonationUrl ? CLOUD_PLATFORM : scope,
  };
  // The library sends a workforce pool's project only when no OAuth client identifies it.
  if (account.userProject && !account.clientId) form.options = JSON.stringify({ userProject: account.userProject });
  const headers: Record<string, string> = {};
  if (account.clientId && account.clientSecret) {
    headers.authorization = `Basic ${Buffer.from(`${account.clientId}:${account.clientSecret}`).toString("base64")}`;
  }
  const federated = await exchange(env, account.tokenUrl, form, headers, { expiryRequired: true });
  if (!account.impersonationUrl) return federated;
  return impersonatedToken(
    account.impersonationUrl,
    federated.token,
    { scope, lifetimeSeconds: account.lifetimeSeconds },
    env,
  );
}

/** The subject token, trimmed (files) or whole (URLs), as the library reads it. */
async function readSubjectToken(subject: SubjectSource, env: NodeJS.ProcessEnv): Promise<string> {
  let content: string;
  let from: string;
  if (subject.kind === "file") {
    from = `the subject token file ${subject.path}`;
    try {
      content = readFileSync(subject.path, "utf8").trim();
    } catch (err) {
      throw new TokenExchangeError(`cannot read ${from}: ${(err as NodeJS.ErrnoException).code ?? "unreadable"}`);
    }
  } else {
    const host = new URL(subject.url).host;
    from = `the subject token URL at ${host}`;
    let answer;
    try {
      answer = await googleRequest(subject.url, { headers: subject.headers, env });
    } catch (err) {
      throw new TokenExchangeError((err as Error).message);
    }
    if (answer.status < 200 || answer.status > 299) {
      throw new TokenExchangeError(`${from} answered HTTP ${answer.status}`);
    }
    content = answer.body.toString("utf8");
  }
  if (!subject.format.json) return content;
  let parsed: Json;
  try {
    parsed = JSON.parse(content) as Json;
  } catch {
    throw new TokenExchangeError(`${from} is not JSON, as its credential_source.format says`);
  }
  const token = parsed?.[subject.format.field!];
  if (typeof token !== "string") {
    throw new TokenExchangeError(`${from} has no string field ${subject.format.field} (subject_token_field_name)`);
  }
  return token;
}
