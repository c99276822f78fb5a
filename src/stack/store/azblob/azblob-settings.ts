/**
 * An `azblob://<container>[/<path>]` backend URL and the environment read as Pulumi 3.248
 * reads them (gocloud.dev v0.46's azureblob opener, the Azure SDK for Go): where the blob
 * service is, which container, the key prefix, and how requests are authorized.
 */
import { BackendStoreError } from "../backend-store";
import { parseConnectionString } from "./azblob-connection-string";
import { entraCredential, type EntraCredential, type EntraOptions } from "./entra-credential";

/** How to reach one container, without a secret in any field but `sharedKey` and `containerUrl`. */
export interface AzblobSettings {
  /** `azblob://<container>[/<path>]`: no query, no credential. */
  where: string;
  /** The container's URL; its query holds the shared access signature when one is used. */
  containerUrl: URL;
  /** The service's URL without a query, for messages. */
  service: string;
  /** Put before every key: the `prefix` parameter, then the URL's path and `/`. */
  prefix: string;
  /** Shared Key signing: the account the key is for and the decoded key. */
  sharedKey?: { account: string; key: Buffer };
  /** Azure AD (Entra ID) bearer tokens, when no key, SAS or connection string is set. */
  bearer?: EntraCredential;
  /** Where the credential came from, for messages: an environment variable's name. */
  credentialFrom: string;
}

/** The query parameters the CLI's opener takes (beyond gocloud's own `prefix`). */
const PARAMS = ["domain", "protocol", "cdn", "localemu", "storage_account"];

/** Go's strconv.ParseBool. */
function parseBool(value: string): boolean | undefined {
  if (["1", "t", "T", "TRUE", "true", "True"].includes(value)) return true;
  if (["0", "f", "F", "FALSE", "false", "False"].includes(value)) return false;
  return undefined;
}

/** Service URL options: the environment's, then the URL's parameters over them. */
interface ServiceOptions {
  account: string;
  sas: string;
  domain: string;
  protocol: string;
  cdn: boolean;
  emulator: boolean;
}

function connectionStringOf(env: NodeJS.ProcessEnv): { value: string; from: string } | undefined {
  for (const from of ["AZURE_STORAGE_CONNECTION_STRING", "AZURE_STORAGEBLOB_CONNECTIONSTRING"]) {
    if (env[from]) return { value: env[from], from };
  }
  return undefined;
}

function envOptions(env: NodeJS.ProcessEnv): ServiceOptions {
  let account = env.AZURE_STORAGE_ACCOUNT ?? "";
  let protocol = env.AZURE_STORAGE_PROTOCOL ?? "";
  // The CLI takes a default account and protocol from a connection string's simple pairs.
  for (const part of (connectionStringOf(env)?.value ?? "").split(";")) {
    const pair = part.split("=");
    if (pair.length !== 2) continue;
    if (!account && pair[0] === "AccountName") account = pair[1];
    else if (!protocol && pair[0] === "DefaultEndpointsProtocol") protocol = pair[1];
  }
  return {
    account,
    protocol,
    sas: env.AZURE_STORAGE_SAS_TOKEN ?? "",
    domain: env.AZURE_STORAGE_DOMAIN ?? "",
    // The CLI ignores a value that is not a boolean here (unlike in the URL).
    cdn: parseBool(env.AZURE_STORAGE_IS_CDN ?? "") ?? false,
    emulator: parseBool(env.AZURE_STORAGE_IS_LOCAL_EMULATOR ?? "") ?? false,
  };
}

function withUrlParams(where: string, base: ServiceOptions, params: Map<string, string>): ServiceOptions {
  const options = { ...base };
  for (const [name, value] of params) {
    if (name === "domain") options.domain = value;
    else if (name === "protocol") options.protocol = value;
    else if (name === "storage_account") options.account = value;
    else if (name === "cdn" || name === "localemu") {
      const flag = parseBool(value);
      if (flag === undefined) {
        throw new BackendStoreError(where, `the URL's ${name}=${value} is not a boolean (true, false, 1, 0, t or f)`);
      }
      if (name === "cdn") options.cdn = flag;
      else options.emulator = flag;
    } else {
      throw new BackendStoreError(
        where,
        `the URL's query parameter "${name}" is not one the azblob backend takes (${[...PARAMS, "prefix"].join(", ")})`,
      );
    }
  }
  return options;
}

/** `<protocol>://<account>.<domain>`, path-style for an emulator or a loopback domain, host-only for a CDN. */
function serviceUrl(where: string, o: ServiceOptions): string {
  if (!o.account) {
    throw new BackendStoreError(
      where,
      "no storage account: set AZURE_STORAGE_ACCOUNT, the URL's storage_account parameter, or AccountName in AZURE_STORAGE_CONNECTION_STRING",
    );
  }
  const domain = o.domain || "blob.core.windows.net";
  const protocol = o.protocol || "https";
  if (protocol !== "http" && protocol !== "https") {
    throw new BackendStoreError(
      where,
      `protocol "${protocol}" is neither http nor https (the URL's protocol or AZURE_STORAGE_PROTOCOL)`,
    );
  }
  if (domain.startsWith("127.0.0.1") || domain.startsWith("localhost") || o.emulator) {
    return `${protocol}://${domain}/${o.account}`;
  }
  return o.cdn ? `${protocol}://${domain}` : `${protocol}://${o.account}.${domain}`;
}

/** `base` with `container` appended to its path, its query kept. */
function joinContainer(where: string, base: string, container: string): URL {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new BackendStoreError(where, "the blob service URL built from the URL and environment is not a URL");
  }
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/${container}`;
  return url;
}

function decodedKey(where: string, from: string, key: string): Buffer {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(key) || key.length % 4 !== 0) {
    throw new BackendStoreError(where, `the account key in ${from} is not base64`);
  }
  return Buffer.from(key, "base64");
}

/** The URL's path with its percent-escapes decoded, as Go's parser gives it; undefined when one is malformed. */
function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/** The settings of `url` under `env`; throws a BackendStoreError naming the setting at fault. */
export function azblobSettings(url: string, env: NodeJS.ProcessEnv, entra: EntraOptions = {}): AzblobSettings {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const container = parsed?.host ?? "";
  const decoded = parsed && decodedPath(parsed.pathname);
  const path = (decoded ?? parsed?.pathname ?? "").replace(/^\/+/, "");
  const where = `azblob://${container}${path ? `/${path}` : ""}`;
  if (!parsed || !container) {
    throw new BackendStoreError(where, "the URL names no container (azblob://<container>[/<path>])");
  }
  if (decoded === undefined) throw new BackendStoreError(where, "the URL's path holds a malformed %-escape");

  const params = new Map<string, string>();
  for (const name of new Set(parsed.searchParams.keys())) {
    const values = parsed.searchParams.getAll(name);
    if (values.length > 1)
      throw new BackendStoreError(where, `the URL's query parameter "${name}" is given more than once`);
    params.set(name, values[0]);
  }
  if (params.has("key")) {
    throw new BackendStoreError(
      where,
      `the URL's "key" parameter makes a one-object bucket, which cannot hold a backend`,
    );
  }
  const prefixParam = params.get("prefix") ?? "";
  params.delete("prefix");
  const prefix = prefixParam + (path && !path.endsWith("/") ? `${path}/` : path);

  const options = withUrlParams(where, envOptions(env), params);
  let service = serviceUrl(where, options);
  const sas = options.sas.replace(/^\?/, "");
  const shown = service;
  if (sas) service += `?${sas}`;

  // The credential, in the CLI's order: an account key, a SAS token, a connection string.
  const account = env.AZURE_STORAGE_ACCOUNT ?? "";
  if (account && env.AZURE_STORAGE_KEY) {
    const key = decodedKey(where, "AZURE_STORAGE_KEY", env.AZURE_STORAGE_KEY);
    const containerUrl = joinContainer(where, service, container);
    return {
      where,
      containerUrl,
      service: shown,
      prefix,
      sharedKey: { account, key },
      credentialFrom: "AZURE_STORAGE_KEY",
    };
  }
  if (sas) {
    const containerUrl = joinContainer(where, service, container);
    return { where, containerUrl, service: shown, prefix, credentialFrom: "AZURE_STORAGE_SAS_TOKEN" };
  }
  const connection = connectionStringOf(env);
  if (connection) {
    let read;
    try {
      read = parseConnectionString(connection.value);
    } catch (err) {
      throw new BackendStoreError(where, `${connection.from} cannot be read: ${(err as Error).message}`);
    }
    const base = read.sas ? `${read.serviceUrl}?${read.sas.replace(/^\?/, "")}` : read.serviceUrl;
    const containerUrl = joinContainer(where, base, container);
    const sharedKey = read.sharedKey && {
      account: read.sharedKey.account,
      key: decodedKey(where, connection.from, read.sharedKey.key),
    };
    return {
      where,
      containerUrl,
      service: read.serviceUrl.replace(/\/$/, ""),
      prefix,
      sharedKey,
      credentialFrom: connection.from,
    };
  }
  // Nothing else set: the CLI signs in to Azure AD, and its SDK sends tokens over https only.
  const bearer = entraCredential(where, env, entra);
  const containerUrl = joinContainer(where, service, container);
  if (containerUrl.protocol !== "https:") {
    throw new BackendStoreError(
      where,
      `an Azure AD token (from ${bearer.from}) is sent only over https, as the CLI's Azure SDK does: ` +
        "drop protocol=http from the URL or AZURE_STORAGE_PROTOCOL",
    );
  }
  return { where, containerUrl, service: shown, prefix, bearer, credentialFrom: bearer.from };
}
