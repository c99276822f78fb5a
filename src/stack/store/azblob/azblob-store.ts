/**
 * An Azure Blob Storage backend's objects (`azblob://<container>[/<path>]`): List Blobs,
 * page by page, and Get Blob, authorized with the account key (Shared Key), a shared
 * access signature or an Azure AD bearer token as the CLI would be (see azblob-settings.ts).
 */
import type { Dispatcher } from "undici";
import { leaseSharedAgent, requestThrough } from "../../../client/agent";
import { BackendStoreError, type BackendStore } from "../backend-store";
import { parseListPage } from "./azblob-list-xml";
import { azblobSettings, type AzblobSettings } from "./azblob-settings";
import { sharedKeyAuthorization, sharedKeyStringToSign } from "./azblob-shared-key";
import { goProxyFor } from "../go-proxy";
import { caFor } from "../../../client/network";
import type { EntraOptions } from "./entra-credential";

/** The REST API version asked for: one every current service and Azurite answers. */
const API_VERSION = "2021-12-02";
const CONNECT_TIMEOUT_MS = 10_000;
const TIMEOUT_MS = 30_000;

interface Options {
  /** Keys asked for per List Blobs page (the service gives at most 5000; gocloud asks 1000). */
  pageSize?: number;
  /** Where Azure AD tokens are asked for, when not where the SDK asks (tests). */
  entra?: EntraOptions;
}

/** The store of `url` under `env`; a URL or credential it cannot use makes every call fail, naming it. */
export function azblobStore(url: string, env: NodeJS.ProcessEnv, options: Options = {}): BackendStore {
  let settings: AzblobSettings;
  try {
    settings = azblobSettings(url, env, options.entra);
  } catch (err) {
    if (!(err instanceof BackendStoreError)) throw err;
    // Found before any request; reported where the store is used, like any failed read.
    const refuse = () => Promise.reject(err);
    return { where: err.where, list: refuse, read: refuse };
  }
  const pageSize = options.pageSize ?? 1000;
  const s = settings;
  return {
    where: s.where,
    async list(prefix) {
      const keys: string[] = [];
      let marker = "";
      do {
        const url = new URL(s.containerUrl);
        url.searchParams.set("restype", "container");
        url.searchParams.set("comp", "list");
        url.searchParams.set("prefix", s.prefix + prefix);
        url.searchParams.set("maxresults", String(pageSize));
        if (marker) url.searchParams.set("marker", marker);
        const answer = await send(s, url, env);
        if (answer.statusCode !== 200) throw refused(s, answer, "listing the container");
        let page;
        try {
          page = parseListPage(answer.body.toString("utf8"));
        } catch (err) {
          throw new BackendStoreError(
            s.where,
            `the blob list from ${s.service} cannot be read: ${(err as Error).message}`,
          );
        }
        for (const name of page.names) if (name.startsWith(s.prefix)) keys.push(name.slice(s.prefix.length));
        marker = page.nextMarker;
      } while (marker);
      return keys;
    },
    async read(key) {
      const url = new URL(s.containerUrl);
      url.pathname += `/${(s.prefix + key).split("/").map(encodeURIComponent).join("/")}`;
      const answer = await send(s, url, env);
      if (answer.statusCode === 404 && answer.code === "BlobNotFound") return undefined;
      if (answer.statusCode !== 200) throw refused(s, answer, `reading ${key}`);
      return answer.body;
    },
  };
}

interface Answer {
  statusCode: number;
  /** The service's error code (`x-ms-error-code`), when it gave one. */
  code?: string;
  body: Buffer;
}

/** A signed GET of `url`; a connection that fails is a BackendStoreError naming the service. */
async function send(s: AzblobSettings, url: URL, env: NodeJS.ProcessEnv): Promise<Answer> {
  const headers: Record<string, string> = { "x-ms-date": new Date().toUTCString(), "x-ms-version": API_VERSION };
  if (s.sharedKey) {
    const toSign = sharedKeyStringToSign("GET", url, headers, s.sharedKey.account);
    headers.authorization = sharedKeyAuthorization(toSign, s.sharedKey.account, s.sharedKey.key);
  }
  if (s.bearer) headers.authorization = `Bearer ${await s.bearer.token()}`;
  const proxy = goProxyFor(url.origin, env);
  // Go's client trusts SSL_CERT_FILE besides the system's roots.
  let ca;
  try {
    ca = caFor(env, undefined, url.protocol === "https:" || !!proxy?.uri.startsWith("https:"));
  } catch (err) {
    throw new BackendStoreError(s.where, (err as Error).message);
  }
  const lease = leaseSharedAgent(CONNECT_TIMEOUT_MS, { proxy, ca });
  try {
    const options: Dispatcher.RequestOptions = {
      origin: url.origin,
      path: url.pathname + url.search,
      method: "GET",
      headers,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    };
    const res = await requestThrough(lease.dispatcher, options);
    const body = Buffer.from(await res.body.arrayBuffer());
    const code = res.headers["x-ms-error-code"];
    return { statusCode: res.statusCode, code: typeof code === "string" ? code : undefined, body };
  } catch (err) {
    // Only the error's code: a message could quote the URL, and with it a signature.
    const e = err as { code?: unknown; cause?: { code?: unknown } };
    const code = [e.cause?.code, e.code].find((c) => typeof c === "string") ?? (err as Error).name;
    const via = proxy ? ` through the proxy ${proxy.shown} (${proxy.from})` : "";
    throw new BackendStoreError(
      s.where,
      `cannot reach the blob service at ${s.service}${via} (${code}): check the URL's domain, protocol and localemu parameters or AZURE_STORAGE_DOMAIN`,
    );
  } finally {
    await lease.release();
  }
}

/** What a refused request means, and what to change; never the service's message (it can quote the string signed). */
function refused(s: AzblobSettings, answer: Answer, doing: string): BackendStoreError {
  const code = answer.code ?? codeInBody(answer.body);
  const said = `${s.service} answered ${answer.statusCode}${code ? ` ${code}` : ""} ${doing}`;
  const container = s.containerUrl.pathname.split("/").pop();
  let act: string;
  if (code === "ContainerNotFound") act = `the container "${container}" does not exist in this storage account`;
  else if ((answer.statusCode === 403 || answer.statusCode === 401) && s.bearer) {
    act =
      `the Azure AD token from ${s.credentialFrom} was refused: give its identity a role with blob read ` +
      "and list (Storage Blob Data Reader) on the container or account";
  } else if (answer.statusCode === 403 || answer.statusCode === 401) {
    act = `the credential from ${s.credentialFrom} was refused: check it is current and allows reading and listing`;
  } else act = "check the URL and the service's state";
  return new BackendStoreError(s.where, `${said}: ${act}`);
}

/** The `<Code>` of an XML error body, when the header did not carry it. */
function codeInBody(body: Buffer): string | undefined {
  return /<Code>([A-Za-z0-9]+)<\/Code>/.exec(body.toString("utf8"))?.[1];
}
