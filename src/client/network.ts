/**
 * The way to the service: which proxy (if any) a client's requests go through, which CAs
 * its TLS connections trust, and what a failure on that way means for the user.
 *
 * Nothing here costs anything when it is not configured: without a proxy (no `proxyUrl`,
 * no `HTTP(S)_PROXY` for the service's origin) and without extra CAs (no `caCertificates`,
 * no `SSL_CERT_FILE`) the client keeps its plain shared agent, and no file is read.
 *
 * Proxies, as curl and Go read them: `https_proxy` / `HTTPS_PROXY` for an https service
 * (falling back to `http_proxy` / `HTTP_PROXY`), `http_proxy` / `HTTP_PROXY` for an http
 * one, lower case first; a variable without a scheme (`proxy.corp:3128`) is an http://
 * proxy. `NO_PROXY` / `no_proxy` lists what is reached directly: hosts (`host`, `.domain`,
 * `*.domain`, `host:port`), IP addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`) of
 * services addressed by IP, and `*` for everything. The `proxyUrl` setting replaces the
 * `*_PROXY` variables; `NO_PROXY` still applies to it.
 *
 * CAs: `caCertificates` (PEM text or the path of a PEM file) and the file named by
 * `SSL_CERT_FILE` are trusted in addition to Node's bundled roots. `SSL_CERT_FILE`, often set
 * for the whole machine, is read only for connections that use TLS (an https service or
 * proxy): a bad one fails those, naming the variable, and never a plain http service. Node itself reads
 * `NODE_EXTRA_CA_CERTS` at start-up (the standalone executable too), but only into its
 * default store, which an explicit CA list replaces: so when extra CAs are given, that
 * file is read here and added as well. Verification is never turned off.
 */
import { readFileSync } from "node:fs";
import { BlockList, isIP } from "node:net";
import { rootCertificates } from "node:tls";
import { caCertificatesProblem, pemCertificates } from "../schemas/network-values";

/** A proxy as the client uses it: the URL (credentials included) and how to name it to a person. */
export interface ProxyRoute {
  /** The URL, credentials included: never shown. */
  uri: string;
  /** `http://host:port` without credentials. */
  shown: string;
  /** Where it came from: the setting or the environment variable, e.g. `HTTPS_PROXY`. */
  from: string;
}

/** Trusted CAs beyond Node's default store. */
export interface CaRoute {
  /** Every trusted certificate: Node's roots, `NODE_EXTRA_CA_CERTS`, and the extra ones. */
  ca: string[];
  /** Where the extra ones came from, e.g. `caCertificates`, `SSL_CERT_FILE`. */
  from: string[];
  /** A short key for sharing one agent between clients with the same CAs. */
  key: string;
}

/** How a client reaches its service, and the names of the settings that change it. */
export interface Route {
  proxy?: ProxyRoute;
  ca?: CaRoute;
  /** The name of the proxy setting in messages, e.g. `uptime:proxyUrl`. */
  proxySetting: string;
  /** The name of the CA setting in messages, e.g. `uptime:caCertificates`. */
  caSetting: string;
  /** The name of the base URL setting in messages. */
  baseUrlSetting: string;
}

/** The value of the first of `names` that is set and not blank, with its name. */
function firstEnv(env: NodeJS.ProcessEnv, names: string[]): { value: string; name: string } | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { value, name };
  }
  return undefined;
}

/** `http://host:port` of a proxy URL: never its user or password. */
function shownProxy(raw: string): string {
  try {
    const url = new URL(raw.trim());
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    return `${url.protocol}//${url.hostname.includes(":") && !url.hostname.startsWith("[") ? `[${url.hostname}]` : url.hostname}:${port}`;
  } catch {
    return "(an unreadable proxy URL)";
  }
}

/** A `NO_PROXY` entry that is an IP range (`10.0.0.0/8`, `fd00::/8`), as a matcher; else undefined. */
function cidrRange(entry: string): BlockList | undefined {
  const m = /^\[?([0-9a-f.:]+)\]?\/(\d{1,3})$/i.exec(entry);
  const family = m ? isIP(m[1]) : 0;
  if (!m || !family || Number(m[2]) > (family === 4 ? 32 : 128)) return undefined;
  const list = new BlockList();
  list.addSubnet(m[1], Number(m[2]), family === 4 ? "ipv4" : "ipv6");
  return list;
}

/**
 * Whether `NO_PROXY` says to reach `hostname:port` directly, as curl and Go read it: `*` (alone
 * or as an entry) for every host; a host or domain (`.domain` and `*.domain` alike), with or
 * without `:port`; an IP address, or a CIDR range that holds a service addressed by IP.
 */
function bypassesProxy(hostname: string, port: number, noProxy: string | undefined): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  const ip = isIP(host);
  for (const entry of (noProxy ?? "").split(/[,\s]/)) {
    if (!entry) continue;
    if (entry === "*") return true;
    const range = cidrRange(entry);
    if (range) {
      if (ip && range.check(host, ip === 4 ? "ipv4" : "ipv6")) return true;
      continue;
    }
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const bare = parsed && !(isIP(entry) === 6) ? parsed[1] : entry;
    const entryHost = bare
      .replace(/^\[(.*)\]$/, "$1")
      .replace(/^\*?\./, "")
      .toLowerCase();
    const entryPort = parsed && bare !== entry ? Number(parsed[2]) : 0;
    if (entryPort && entryPort !== port) continue;
    if (host === entryHost || (!ip && host.endsWith(`.${entryHost}`))) return true;
  }
  return false;
}

/** A proxy variable's value as a URL: without a scheme it names an http:// proxy (curl, Go). */
function proxyVariableUrl(value: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
}

/**
 * The proxy for requests to `origin`: `proxyUrl` when set, else the environment's
 * `*_PROXY` for the origin's scheme; none when `NO_PROXY` lists the host.
 */
export function proxyFor(
  origin: string,
  env: NodeJS.ProcessEnv,
  proxyUrl?: { value: string; from: string },
): ProxyRoute | undefined {
  const url = new URL(origin);
  const https = url.protocol === "https:";
  const chosen = proxyUrl
    ? { value: proxyUrl.value, name: proxyUrl.from }
    : firstEnv(env, https ? ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY"] : ["http_proxy", "HTTP_PROXY"]);
  if (!chosen) return undefined;
  const port = Number(url.port) || (https ? 443 : 80);
  if (bypassesProxy(url.hostname, port, firstEnv(env, ["no_proxy", "NO_PROXY"])?.value)) return undefined;
  const uri = proxyUrl ? chosen.value : proxyVariableUrl(chosen.value);
  return { uri, shown: shownProxy(uri), from: chosen.name };
}

/** The PEM certificates of `value`: the text itself when it holds PEM, else the file it names. */
export function readCaCertificates(value: string): string[] {
  const text = value.includes("-----BEGIN") ? value : readFileSync(value.trim(), "utf8");
  const blocks = pemCertificates(text);
  if (blocks.length === 0) throw new Error("holds no PEM certificate (-----BEGIN CERTIFICATE-----)");
  return blocks;
}

/**
 * The CAs to trust when extra ones are given (`caCertificates`, `SSL_CERT_FILE`), else
 * undefined: Node's default store then applies unchanged and nothing is read. With `tls`
 * false (nothing on the way uses TLS) `SSL_CERT_FILE` is not read.
 * @throws Error naming the setting or variable whose file cannot be read.
 */
export function caFor(
  env: NodeJS.ProcessEnv,
  caCertificates?: { value: string; from: string },
  tls = true,
): CaRoute | undefined {
  const sslCertFile = tls ? env.SSL_CERT_FILE?.trim() : undefined;
  if (!caCertificates && !sslCertFile) return undefined;
  const extra: string[] = [];
  const from: string[] = [];
  const add = (value: string, name: string) => {
    try {
      extra.push(...readCaCertificates(value));
      from.push(name);
    } catch (err) {
      throw new Error(`${name} ${caCertificatesProblem(value) ?? (err as Error).message}`, { cause: err });
    }
  };
  if (caCertificates) add(caCertificates.value, caCertificates.from);
  if (sslCertFile) add(sslCertFile, "SSL_CERT_FILE");
  // An explicit list replaces Node's default store, which holds NODE_EXTRA_CA_CERTS: keep it.
  const nodeExtra = env.NODE_EXTRA_CA_CERTS?.trim();
  let fromNode: string[] = [];
  if (nodeExtra) {
    try {
      fromNode = readCaCertificates(nodeExtra);
    } catch {
      // Node warned about it at start-up already; it adds nothing there either.
    }
  }
  const ca = [...rootCertificates, ...fromNode, ...extra];
  return { ca, from, key: [...fromNode, ...extra].join("\n") };
}

/** TLS verification failures, by code, as the reason a person reads. */
const TLS_REASONS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: "it is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "its chain ends in a self-signed CA that is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "it is issued by a CA that is not trusted",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "it is issued by a CA that is not trusted",
  UNABLE_TO_GET_ISSUER_CERT: "it is issued by a CA that is not trusted",
  CERT_UNTRUSTED: "it is not trusted",
  CERT_HAS_EXPIRED: "it has expired",
  CERT_NOT_YET_VALID: "it is not valid yet",
  ERR_TLS_CERT_ALTNAME_INVALID: "it is for another host name",
  CERT_SIGNATURE_FAILURE: "its signature does not verify",
  CERT_REVOKED: "it is revoked",
};

/** A failure and every error inside it (its AggregateError members, its cause), outermost first. */
function errorsIn(err: unknown, seen = new Set<unknown>()): object[] {
  if (err === null || typeof err !== "object" || seen.has(err)) return [];
  seen.add(err);
  const e = err as { errors?: unknown[]; cause?: unknown };
  return [err, ...(e.errors ?? []).flatMap((inner) => errorsIn(inner, seen)), ...errorsIn(e.cause, seen)];
}

/** Codes of a failure, looking through causes and AggregateErrors. */
function codesOf(err: unknown): string[] {
  return errorsIn(err).flatMap((e) => ("code" in e && typeof e.code === "string" ? [e.code] : []));
}

function messagesOf(err: unknown): string[] {
  return errorsIn(err).flatMap((e) => ("message" in e && typeof e.message === "string" ? [e.message] : []));
}

/** `127.0.0.1 is not among DNS:other.invalid`: the names the certificate lists, from the error's peer certificate. */
function altNames(err: unknown, origin: string): string {
  for (const e of errorsIn(err) as { cert?: { subjectaltname?: unknown; subject?: { CN?: unknown } } }[]) {
    const names = e.cert?.subjectaltname ?? (e.cert?.subject?.CN ? `CN=${String(e.cert.subject.CN)}` : undefined);
    if (typeof names === "string" && names) return `${new URL(origin).hostname} is not among ${names}`;
  }
  return "";
}

/** What went wrong on the way, and whether trying again could help. */
interface Diagnosis {
  /** The end of `no response: …`, fix included. */
  what: string;
  /** Trying again cannot help (a certificate, a proxy's refusal): no retry. */
  final: boolean;
  /** Which part of the way failed. */
  via: "proxy" | "tls";
}

/** Status texts of what a proxy may answer to CONNECT. */
const PROXY_STATUS: Record<number, string> = {
  403: "Forbidden",
  407: "Proxy Authentication Required",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/**
 * A failure on the way to the service explained (a proxy that refused or is not there, a
 * certificate that is not trusted), or undefined for any other failure. `origin` is the
 * service's. Never names a proxy's credentials.
 */
export function diagnose(err: unknown, origin: string, route: Route | undefined): Diagnosis | undefined {
  const codes = codesOf(err);
  const tls = codes.find((c) => c in TLS_REASONS);
  const proxy = route?.proxy;
  const via = proxy ? ` (through the proxy ${proxy.shown} from ${proxy.from})` : "";
  if (tls) {
    const detail = tls === "ERR_TLS_CERT_ALTNAME_INVALID" ? altNames(err, origin) : "";
    const reason = `${TLS_REASONS[tls]} (${tls}${detail ? `: ${detail}` : ""})`;
    let fix: string;
    if (tls === "CERT_HAS_EXPIRED" || tls === "CERT_NOT_YET_VALID") {
      fix = `The service's certificate must be renewed (check the clock of this machine too); ${route?.caSetting ?? "caCertificates"} cannot fix this.`;
    } else if (tls === "ERR_TLS_CERT_ALTNAME_INVALID") {
      fix = `Set ${route?.baseUrlSetting ?? "baseUrl"} to a host name the certificate lists, or have the certificate issued for this one.`;
    } else {
      fix = proxy
        ? `If the proxy inspects TLS, give its CA certificate; otherwise the service's CA: add it with ${route.caSetting} (PEM text or a file path), SSL_CERT_FILE or NODE_EXTRA_CA_CERTS.`
        : `Add the CA that issued it with ${route?.caSetting ?? "caCertificates"} (PEM text or a file path), SSL_CERT_FILE or NODE_EXTRA_CA_CERTS.`;
    }
    return {
      what: `the TLS certificate of ${origin} is not accepted${via}: ${reason}. ${fix} Certificate verification cannot be turned off.`,
      final: true,
      via: "tls",
    };
  }
  if (!proxy) return undefined;
  // A refused tunnel (`Proxy response (403) !== 200 ...`), or a 407 to an absolute-form request.
  const refused = messagesOf(err)
    .map((m) => /Proxy response \((\d+)\)|Proxy Authentication Required \((407)\)/.exec(m))
    .find(Boolean);
  if (refused) return proxyRefused(Number(refused[1] ?? refused[2]), origin, proxy);
  const code = codes[0];
  return code ? proxyUnreachable(code, origin, proxy) : undefined;
}

/** A proxy that answered a tunnel to `origin` with `status` (not 200), explained with what to check. */
export function proxyRefused(status: number, origin: string, proxy: ProxyRoute): Diagnosis {
  const text = PROXY_STATUS[status] ? ` ${PROXY_STATUS[status]}` : "";
  const check =
    status === 407
      ? `Check the user and password in ${proxy.from} (http://user:password@host:port; characters such as @ : / written percent-encoded)`
      : status === 403
        ? `Check that the proxy allows connections to ${new URL(origin).host}`
        : `Check that the proxy can reach ${new URL(origin).host}`;
  return {
    what: `the proxy ${proxy.shown} (from ${proxy.from}) refused to connect to ${origin}: ${status}${text}. ${check}, or list the host in NO_PROXY to reach it directly.`,
    final: status === 407 || status === 403,
    via: "proxy",
  };
}

/** A proxy that could not be connected to (error `code`), explained; undefined for codes that say nothing of the proxy. */
export function proxyUnreachable(code: string, origin: string, proxy: ProxyRoute): Diagnosis | undefined {
  if (!/^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)$/.test(code))
    return undefined;
  const what =
    code === "ECONNREFUSED"
      ? "nothing is listening there (ECONNREFUSED)"
      : code === "ENOTFOUND" || code === "EAI_AGAIN"
        ? `its host name does not resolve (${code})`
        : `it cannot be reached (${code})`;
  return {
    what: `could not connect to the proxy ${proxy.shown} (from ${proxy.from}): ${what}. Check that the proxy runs there and that ${proxy.from} names it, or list ${new URL(origin).hostname} in NO_PROXY to reach the service directly.`,
    final: false,
    via: "proxy",
  };
}
