/**
 * The typed client: resolves options, wires the shared dispatcher, rate gate and
 * concurrency limiter to a requester, and exposes the resources.
 */
import { z } from "zod";
import { leaseSharedAgent, type AgentLease } from "./agent";
import { limiterFor } from "./concurrency";
import { IncidentsApi } from "./incidents";
import { MonitorsApi } from "./monitors";
import { decode, parseJson } from "./parse-response";
import { OPTION_DEFAULTS, resolveOptions, type UptimeClientOptions, type UptimeRetryOptions } from "./client-options";
import { pacerFor } from "./pacer";
import { rateGateFor } from "./rate-gate";
import { Requester } from "./request";

const statusSchema = z.looseObject({ message: z.string() });

/** Client of the uptime-monitoring API. One per configuration; cheap to create. */
export class UptimeClient {
  /** Monitors. */
  readonly monitors: MonitorsApi;
  /** Incidents. */
  readonly incidents: IncidentsApi;
  /** IANA zone dates are returned in. */
  readonly timeZone: string;
  /** Service root, without a trailing `/` or `/api/v1`. */
  readonly baseUrl: string;
  /** The retry policy in effect: the options given, defaults filled in. */
  readonly retry: Readonly<Required<UptimeRetryOptions>>;
  /** Most requests a minute when paced, else undefined. */
  readonly requestsPerMinute?: number;
  /** Time allowed per attempt, in milliseconds. */
  readonly timeoutMs: number;

  // Private fields stay out of util.inspect, JSON.stringify and enumerations, so the
  // key does not show up when a client object is logged.
  readonly #requester: Requester;
  readonly #lease?: AgentLease;

  /**
   * @param options Settings; unset ones fall back to `UPTIME_BASE_URL`, `UPTIME_API_KEY`,
   *   `UPTIME_TIME_ZONE`, then to defaults.
   * @throws UptimeConfigError naming the option and the env variable when the base URL or
   *   the API key is missing, or when a setting is malformed.
   */
  constructor(options: UptimeClientOptions = {}) {
    const o = resolveOptions(options);
    this.retry = Object.freeze({ ...o.retry });
    this.baseUrl = o.baseUrl;
    this.timeZone = o.timeZone;
    this.requestsPerMinute = o.requestsPerMinute;
    this.timeoutMs = o.timeoutMs;
    if (!o.dispatcher) this.#lease = leaseSharedAgent(o.connectTimeoutMs, o.route);
    this.#requester = new Requester({
      transport: {
        dispatcher: o.dispatcher ?? this.#lease!.dispatcher,
        origin: o.origin,
        pathPrefix: o.pathPrefix,
        apiKey: o.apiKey,
        userAgent: o.userAgent,
        timeoutMs: o.timeoutMs,
        route: o.route,
      },
      retry: o.retry,
      gate: rateGateFor(o.baseUrl, o.apiKey),
      limiter: limiterFor(o.baseUrl, o.maxConcurrency, OPTION_DEFAULTS.maxConcurrency),
      pacer: o.requestsPerMinute === undefined ? undefined : pacerFor(o.baseUrl, o.apiKey, o.requestsPerMinute),
    });
    const ctx = { requester: this.#requester, timeZone: this.timeZone };
    this.monitors = new MonitorsApi(ctx);
    this.incidents = new IncidentsApi(ctx);
  }

  /** `GET /api/v1/status`: whether the service is up, e.g. `{ message: "Online." }`. */
  async status(): Promise<{ message: string }> {
    const path = "/api/v1/status";
    const res = await this.#requester.send({ method: "GET", path });
    const at = { method: "GET", path, status: res.status };
    return { message: decode(statusSchema, parseJson(res.text, at), at).message };
  }

  /**
   * Releases the client's hold on the shared dispatcher (closed once no client uses it).
   * A dispatcher passed in `options.dispatcher` is the caller's and is left open.
   * Calls after `close()` throw `UptimeConfigError`.
   */
  async close(): Promise<void> {
    this.#requester.close();
    await this.#lease?.release();
  }
}
