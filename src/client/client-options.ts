/**
 * Client options: what a caller may pass, the environment fallbacks, the defaults, and
 * the checks that turn a missing or malformed setting into one clear `UptimeConfigError`
 * at construction instead of a confusing failure on the first request.
 */
import type { Dispatcher } from "undici";
import { UptimeConfigError } from "./errors";
import { caFor, proxyFor, type Route } from "./network";
import { caCertificatesProblem, proxyUrlProblem } from "../schemas/network-values";
import { isTimeZone } from "../util/time";
import { PROVIDER_CONFIG_FIELDS } from "../schemas/provider-config";

/** Retry settings. Every field is optional; see {@link RETRY_DEFAULTS}. */
export interface UptimeRetryOptions {
  /** Attempts per request for 5xx, timeouts and dropped connections, the first included. Default 4. */
  maxAttempts?: number;
  /** First backoff step in milliseconds; each later step doubles, with full jitter. Default 250. */
  baseDelayMs?: number;
  /** Upper bound of one backoff step in milliseconds. Default 8000. */
  maxDelayMs?: number;
  /**
   * Total time one request may spend waiting for the account's rate limit to lift.
   * Past that it fails with `UptimeRateLimitError`. Default 120 000.
   */
  maxRateLimitWaitMs?: number;
}

/** Options of {@link UptimeClient}. Unset fields fall back to the environment, then to defaults. */
export interface UptimeClientOptions {
  /** Service root, e.g. `https://uptime.example.com`; a trailing `/` or `/api/v1` is tolerated. Env `UPTIME_BASE_URL`. */
  baseUrl?: string;
  /** Account API key, sent as a Bearer token. Env `UPTIME_API_KEY`. */
  apiKey?: string;
  /** IANA time zone of the account; dates are returned as wall time in it. Env `UPTIME_TIME_ZONE`, default `UTC`. */
  timeZone?: string;
  /** Per attempt: time allowed for the response headers and the whole body, in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /** Time allowed to open a connection, in milliseconds (default dispatcher only). Default 10 000. */
  connectTimeoutMs?: number;
  /** Process-wide limit on requests in flight to this base URL, shared by every client. Default 8. */
  maxConcurrency?: number;
  /**
   * Most requests a minute, retries included: requests are spaced 60 000 / this apart (plus
   * 1%), shared by every client of the same base URL, key and rate in the process.
   * Default: not paced (a 429 is still waited out).
   */
  requestsPerMinute?: number;
  /** Retry and rate-limit settings. */
  retry?: UptimeRetryOptions;
  /**
   * Proxy to send every request through, `http://[user:password@]host:port` (or https://).
   * Env `UPTIME_PROXY_URL`. Unset: `HTTPS_PROXY` / `HTTP_PROXY` (either case) for the base
   * URL's scheme. `NO_PROXY` (either case) still lists hosts reached directly. Default dispatcher only.
   */
  proxyUrl?: string;
  /**
   * CA certificates to trust besides Node's bundled roots: PEM text, or the path of a PEM
   * file. Env `UPTIME_CA_CERTIFICATES`. The file named by `SSL_CERT_FILE` is added too, and
   * `NODE_EXTRA_CA_CERTS` is honoured. Default dispatcher only.
   */
  caCertificates?: string;
  /**
   * How error messages name the settings a user changes, e.g. `{ proxyUrl: "uptime:proxyUrl" }`
   * (the providers pass their own names). Default: `option proxyUrl (env UPTIME_PROXY_URL)` and so on.
   */
  settingNames?: Partial<Record<"baseUrl" | "proxyUrl" | "caCertificates", string>>;
  /** undici dispatcher to send through. Default: one shared keep-alive Agent per process. */
  dispatcher?: Dispatcher;
  /** `User-Agent` header. Default `pulumi-uptime (node <version>)`. */
  userAgent?: string;
}

/** Defaults of {@link UptimeRetryOptions}. */
export const RETRY_DEFAULTS: Required<UptimeRetryOptions> = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRateLimitWaitMs: 120_000,
};

/** Defaults of the other numeric options. */
export const OPTION_DEFAULTS = {
  timeZone: "UTC",
  timeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  maxConcurrency: 8,
} as const;

/** The environment variable of a provider setting, as src/schemas/provider-config.ts declares it. */
function envOf(name: "baseUrl" | "apiKey" | "timeZone" | "proxyUrl" | "caCertificates"): string {
  return PROVIDER_CONFIG_FIELDS.find((f) => f.name === name)!.env;
}

/** Environment variables the client reads: the providers' own (`UPTIME_BASE_URL`, …). */
export const ENV: {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly timeZone: string;
  readonly proxyUrl: string;
  readonly caCertificates: string;
} = {
  baseUrl: envOf("baseUrl"),
  apiKey: envOf("apiKey"),
  timeZone: envOf("timeZone"),
  proxyUrl: envOf("proxyUrl"),
  caCertificates: envOf("caCertificates"),
};

/** Options after env fallback, defaults and checks. */
interface ResolvedOptions {
  /** Service root without a trailing slash or `/api/v1`, e.g. `https://host` or `https://host/prefix`. */
  baseUrl: string;
  /** `scheme://host:port` of the base URL. */
  origin: string;
  /** Path prefix before `/api/v1` ("" for most installs). */
  pathPrefix: string;
  apiKey: string;
  timeZone: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  /** The explicit setting, or undefined to use the limit in force (see `limiterFor`). */
  maxConcurrency?: number;
  /** Pacing, or undefined for none. */
  requestsPerMinute?: number;
  retry: Required<UptimeRetryOptions>;
  dispatcher?: Dispatcher;
  userAgent: string;
  /** The proxy and CAs of the default dispatcher, and the names of their settings. */
  route: Route;
}

function fromEnv(value: string | undefined, env: NodeJS.ProcessEnv, name: string): string | undefined {
  // An empty string is as good as unset: CI systems often export empty variables.
  const v = value !== undefined && value.trim() !== "" ? value : env[name];
  return v !== undefined && v.trim() !== "" ? v.trim() : undefined;
}

function positiveInt(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) {
    throw new UptimeConfigError(`option ${name} must be a whole number of at least ${min}; got ${String(value)}`);
  }
  return value;
}

/**
 * What is wrong with a base URL, as the end of a sentence that starts with the setting's
 * name (`… has no scheme: …`), or undefined when it is usable. The value is echoed only
 * when it cannot hold credentials.
 */
export function baseUrlProblem(raw: string): string | undefined {
  const shown = raw.includes("@") ? "" : `: ${JSON.stringify(raw)}`;
  // Without "://", `new URL("host:8080")` would read "host:" as the scheme.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw.trim())) {
    return `has no scheme${shown}; write it with http:// or https://, e.g. https://uptime.example.com`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `is not a valid URL${shown}`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `must be an http or https URL; got ${url.protocol}`;
  // Credentials in the URL would end up in logs and error messages; the key has its own setting.
  if (url.username || url.password) return "must not contain credentials; pass the API key as the API key setting";
  return undefined;
}

/**
 * Splits a base URL into origin and path prefix, dropping a trailing `/` or `/api/v1`.
 */
function parseBaseUrl(raw: string): { baseUrl: string; origin: string; pathPrefix: string } {
  const problem = baseUrlProblem(raw);
  if (problem) throw new UptimeConfigError(`option baseUrl (env ${ENV.baseUrl}) ${problem}`);
  const url = new URL(raw);
  const pathPrefix = url.pathname
    .replace(/\/+$/, "")
    .replace(/\/api\/v1$/i, "")
    .replace(/\/+$/, "");
  return { baseUrl: url.origin + pathPrefix, origin: url.origin, pathPrefix };
}

/**
 * Applies env fallbacks and defaults and checks every option.
 * @throws UptimeConfigError naming the option and its env variable when baseUrl or apiKey is missing.
 */
export function resolveOptions(
  options: UptimeClientOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): ResolvedOptions {
  const rawBase = fromEnv(options.baseUrl, env, ENV.baseUrl);
  const apiKey = fromEnv(options.apiKey, env, ENV.apiKey);
  const missing: string[] = [];
  if (!rawBase) missing.push(`the base URL (option baseUrl or env ${ENV.baseUrl})`);
  if (!apiKey) missing.push(`the API key (option apiKey or env ${ENV.apiKey})`);
  if (missing.length > 0) throw new UptimeConfigError(`uptime client: set ${missing.join(" and ")}`);

  const timeZone = fromEnv(options.timeZone, env, ENV.timeZone) ?? OPTION_DEFAULTS.timeZone;
  if (!isTimeZone(timeZone)) {
    throw new UptimeConfigError(
      `option timeZone (env ${ENV.timeZone}) is not a known IANA time zone: ${JSON.stringify(timeZone)}`,
    );
  }
  const r = options.retry ?? {};
  const base = parseBaseUrl(rawBase!);
  return {
    ...base,
    apiKey: apiKey!,
    timeZone,
    timeoutMs: positiveInt("timeoutMs", options.timeoutMs, OPTION_DEFAULTS.timeoutMs),
    connectTimeoutMs: positiveInt("connectTimeoutMs", options.connectTimeoutMs, OPTION_DEFAULTS.connectTimeoutMs),
    maxConcurrency:
      options.maxConcurrency === undefined
        ? undefined
        : positiveInt("maxConcurrency", options.maxConcurrency, OPTION_DEFAULTS.maxConcurrency),
    requestsPerMinute:
      options.requestsPerMinute === undefined
        ? undefined
        : positiveInt("requestsPerMinute", options.requestsPerMinute, 0),
    retry: {
      maxAttempts: positiveInt("retry.maxAttempts", r.maxAttempts, RETRY_DEFAULTS.maxAttempts),
      baseDelayMs: positiveInt("retry.baseDelayMs", r.baseDelayMs, RETRY_DEFAULTS.baseDelayMs, 0),
      maxDelayMs: positiveInt("retry.maxDelayMs", r.maxDelayMs, RETRY_DEFAULTS.maxDelayMs, 0),
      maxRateLimitWaitMs: positiveInt(
        "retry.maxRateLimitWaitMs",
        r.maxRateLimitWaitMs,
        RETRY_DEFAULTS.maxRateLimitWaitMs,
        0,
      ),
    },
    dispatcher: options.dispatcher,
    route: options.dispatcher ? routeNames(options) : resolveRoute(options, env, base.origin),
    userAgent: options.userAgent ?? `pulumi-uptime (node ${process.version})`,
  };
}

function routeNames(options: UptimeClientOptions): Route {
  const n = options.settingNames ?? {};
  return {
    proxySetting: n.proxyUrl ?? `option proxyUrl (env ${ENV.proxyUrl})`,
    caSetting: n.caCertificates ?? `option caCertificates (env ${ENV.caCertificates})`,
    baseUrlSetting: n.baseUrl ?? `option baseUrl (env ${ENV.baseUrl})`,
  };
}

/**
 * The proxy and the extra CAs for requests to `origin`, when any is configured (nothing is
 * read otherwise). A proxy URL is checked here, wherever it came from, so that a bad one fails
 * naming its setting or variable before any request.
 */
function resolveRoute(options: UptimeClientOptions, env: NodeJS.ProcessEnv, origin: string): Route {
  const route = routeNames(options);
  const proxyUrl = fromEnv(options.proxyUrl, env, ENV.proxyUrl);
  const proxyFrom = options.proxyUrl?.trim() ? route.proxySetting : ENV.proxyUrl;
  if (proxyUrl) {
    const problem = proxyUrlProblem(proxyUrl);
    if (problem) throw new UptimeConfigError(`${proxyFrom} ${problem}`);
  }
  const ca = fromEnv(options.caCertificates, env, ENV.caCertificates);
  const caFrom = options.caCertificates?.trim() ? route.caSetting : ENV.caCertificates;
  if (ca) {
    const problem = caCertificatesProblem(ca);
    if (problem) throw new UptimeConfigError(`${caFrom} ${problem}`);
  }
  route.proxy = proxyFor(origin, env, proxyUrl ? { value: proxyUrl, from: proxyFrom } : undefined);
  if (route.proxy && route.proxy.from !== proxyFrom) {
    const problem = proxyUrlProblem(route.proxy.uri);
    if (problem) throw new UptimeConfigError(`${route.proxy.from} ${problem}`);
  }
  try {
    // Only a connection that uses TLS reads SSL_CERT_FILE (network.ts says why).
    const tls = origin.startsWith("https:") || /^https:/i.test(route.proxy?.uri ?? "");
    route.ca = caFor(env, ca ? { value: ca, from: caFrom } : undefined, tls);
  } catch (err) {
    throw new UptimeConfigError((err as Error).message);
  }
  return route;
}
