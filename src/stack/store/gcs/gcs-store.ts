/**
 * A `gs://` backend's objects, read through Cloud Storage's JSON API (objects.list, a page of
 * at most 1000 names at a time, and media downloads). With STORAGE_EMULATOR_HOST set, as
 * the CLI's Google libraries do, every request goes to `http://<that host>` without
 * credentials; otherwise to storage.googleapis.com with a bearer token from the credentials
 * the CLI would use (google-credentials.ts).
 */
import { BackendStoreError, type BackendStore } from "../backend-store";
import { parseGcsUrl, type GcsLocation } from "./gcs-url";
import { CredentialsError, googleCredentials, type GoogleCredentials } from "./google-credentials";
import { googleErrorText, googleRequest, type GoogleAnswer } from "./google-http";
import { TokenExchangeError } from "./google-token";

/** The JSON API's root outside an emulator. */
const GCS_ENDPOINT = "https://storage.googleapis.com";

/*
 * Every request here is a read, safe to repeat: a failure the service calls transient (its
 * retry strategy: 408, 429, 5xx, a dropped connection) is tried again, as the CLI's Google
 * client does, so one overloaded moment does not end the audit.
 */
const RETRIED = new Set([408, 429, 500, 502, 503, 504]);
const ATTEMPTS = 3;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 250 * 2 ** (attempt - 1)));

/** How requests are authorized: none (emulator, anonymous URL), or a token from these credentials. */
type Auth = { kind: "none"; why: string } | { kind: "token"; credentials: GoogleCredentials };

/**
 * The store of a `gs://` URL, with credentials from `env`. `endpoint` is where the JSON API
 * is when no emulator is named (tests point it at a local server that checks tokens).
 * Problems with the URL or the credentials surface as BackendStoreErrors from list and read.
 */
export function gcsStore(url: string, env: NodeJS.ProcessEnv, endpoint = GCS_ENDPOINT): BackendStore {
  const parsed = parseGcsUrl(url);
  const { where } = parsed;
  if ("problem" in parsed) return failing(where, parsed.problem);
  const emulator = env.STORAGE_EMULATOR_HOST;
  if (emulator?.includes("://")) {
    // gocloud prefixes the variable with http:// itself; a URL there breaks the CLI too.
    return failing(where, "STORAGE_EMULATOR_HOST must be a host[:port] (the CLI adds http:// to it), not a URL");
  }
  const api = emulator ? `http://${emulator}` : endpoint.replace(/\/+$/, "");
  let auth: Auth | undefined;
  const authorization = async (): Promise<Record<string, string>> => {
    auth ??= emulator
      ? { kind: "none", why: "STORAGE_EMULATOR_HOST" }
      : parsed.anonymous
        ? { kind: "none", why: "the URL's anonymous access" }
        : { kind: "token", credentials: credentialsOf(where, env) };
    if (auth.kind === "none") return {};
    try {
      return { authorization: `Bearer ${await auth.credentials.token()}` };
    } catch (err) {
      if (!(err instanceof TokenExchangeError)) throw err;
      throw new BackendStoreError(where, `cannot get an access token from ${auth.credentials.source}: ${err.message}`);
    }
  };
  const send = async (path: string): Promise<GoogleAnswer> => {
    for (let attempt = 1; ; attempt++) {
      const headers = await authorization();
      let answer: GoogleAnswer;
      try {
        answer = await googleRequest(`${api}${path}`, { headers, env });
      } catch (err) {
        if (attempt < ATTEMPTS) {
          await pause(attempt);
          continue;
        }
        const hint = emulator ? "check STORAGE_EMULATOR_HOST" : "check the network, or a proxy in between";
        throw new BackendStoreError(where, `${(err as Error).message}; ${hint}`);
      }
      if (!RETRIED.has(answer.status) || attempt === ATTEMPTS) return answer;
      await pause(attempt);
    }
  };
  const objects = `/storage/v1/b/${encodeURIComponent(parsed.bucket)}/o`;

  return {
    where,
    async list(prefix) {
      const keys: string[] = [];
      const seen = new Set<string>();
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({ prefix: parsed.prefix + prefix, fields: "items(name),nextPageToken" });
        if (pageToken) query.set("pageToken", pageToken);
        const answer = await send(`${objects}?${query}`);
        if (answer.status !== 200) throw refused(parsed, auth, answer, "list the objects of");
        const page = pageOf(where, answer);
        for (const name of page.names) keys.push(name.slice(parsed.prefix.length));
        if (page.next && seen.has(page.next)) {
          throw new BackendStoreError(where, "the service repeated a page token: the listing would not end");
        }
        if (page.next) seen.add(page.next);
        pageToken = page.next;
      } while (pageToken);
      return keys;
    },
    async read(key) {
      const answer = await send(`${objects}/${encodeURIComponent(parsed.prefix + key)}?alt=media`);
      if (answer.status === 404) return undefined;
      if (answer.status !== 200) throw refused(parsed, auth, answer, "read an object of");
      return answer.body;
    },
  };
}

function credentialsOf(where: string, env: NodeJS.ProcessEnv): GoogleCredentials {
  try {
    return googleCredentials(env);
  } catch (err) {
    if (err instanceof CredentialsError) throw new BackendStoreError(where, err.message);
    throw err;
  }
}

/** A store that fails every call with `reason`: openBackendStore itself never throws. */
function failing(where: string, reason: string): BackendStore {
  const fail = async (): Promise<never> => {
    throw new BackendStoreError(where, reason);
  };
  return { where, list: fail, read: fail };
}

/** The names of one page of objects.list, and the token of the next page. */
function pageOf(where: string, answer: GoogleAnswer): { names: string[]; next?: string } {
  try {
    const page = JSON.parse(answer.body.toString("utf8")) as { items?: { name?: unknown }[]; nextPageToken?: unknown };
    const names = (page.items ?? []).flatMap((item) => (typeof item.name === "string" ? [item.name] : []));
    return {
      names,
      next: typeof page.nextPageToken === "string" && page.nextPageToken ? page.nextPageToken : undefined,
    };
  } catch {
    throw new BackendStoreError(
      where,
      "the object list is not JSON: is STORAGE_EMULATOR_HOST or the proxy a Cloud Storage API?",
    );
  }
}

/** A refused request, with what to do about it. */
function refused(at: GcsLocation, auth: Auth | undefined, answer: GoogleAnswer, doing: string): BackendStoreError {
  const by =
    auth?.kind === "token" ? `the credentials from ${auth.credentials.source}` : "requests without credentials";
  const what = `Cloud Storage would not let ${by} ${doing} bucket ${at.bucket} (${googleErrorText(answer)})`;
  const hint =
    answer.status === 401
      ? "the credentials are invalid or expired: renew them"
      : answer.status === 403
        ? "grant them storage.objects.list and storage.objects.get on the bucket (roles/storage.objectViewer)"
        : answer.status === 404
          ? "the bucket does not exist: check the backend URL"
          : "try again later, or check the service's status";
  return new BackendStoreError(at.where, `${what}: ${hint}`);
}
