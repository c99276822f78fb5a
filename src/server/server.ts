/** Starting and stopping the local server: storage, HTTP listener, lifecycle. */
import http from "node:http";
import https from "node:https";
import { connect, type AddressInfo, type Socket } from "node:net";
import { Accounts } from "./auth";
import { DEFAULT_MAX_BODY_BYTES } from "./body";
import { Checker } from "./checker/checker";
import { checkerSettings } from "./checker/checker-settings";
import { DeferredWrites } from "./deferred-write";
import { FaultInjector } from "./faults";
import { Holds } from "./hold";
import { handleRequest, type PipelineDeps } from "./pipeline";
import { RateLimiter } from "./rate-limit";
import { checkStaleReadsMs, StaleReads } from "./stale-reads";
import { RequestStats } from "./stats";
import { Store } from "./store";
import type { UptimeServer, UptimeServerOptions } from "./types";
import { DEFAULT_PER_PAGE, PER_PAGE_VALUES } from "../schemas/values";

/** Formats host and port as a URL, with loopback for wildcard binds. */
function baseUrl(host: string, port: number, secure: boolean): string {
  const h = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `${secure ? "https" : "http"}://${h.includes(":") ? `[${h}]` : h}:${port}`;
}

/**
 * Starts a local server that behaves like the uptime service. Resolves once it listens;
 * rejects on bad options or when the port is taken.
 */
export async function startUptimeServer(options: UptimeServerOptions = {}): Promise<UptimeServer> {
  const host = options.host ?? "127.0.0.1";
  const now = options.now ?? Date.now;
  const fallbackPerPage = options.fallbackPerPage ?? DEFAULT_PER_PAGE;
  if (!Number.isInteger(fallbackPerPage) || fallbackPerPage < 1 || fallbackPerPage > Math.max(...PER_PAGE_VALUES)) {
    throw new Error("fallbackPerPage must be an integer from 1 to 100");
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 0)
    throw new Error("maxBodyBytes must be a non-negative integer");
  // Validate everything cheap before paying for storage.
  const accounts = new Accounts(options.accounts);
  const faults = new FaultInjector(options.faults);
  const holds = new Holds();
  const limiter = new RateLimiter(options.rateLimitPerMinute, now);
  const stats = new RequestStats();
  const deferred = new DeferredWrites();
  const log = options.log ?? (() => undefined);
  const checks = checkerSettings(options.checks);
  const safeLog = (line: string) => {
    try {
      log(line);
    } catch {
      // A failing logger must not take requests down with it.
    }
  };

  checkStaleReadsMs(options.staleReadsMs);
  const store = await Store.open(options.dataDir);
  const staleReads = new StaleReads(store, options.staleReadsMs);
  const checker = checks ? new Checker({ store, accounts: accounts.ids(), now, log: safeLog }, checks) : undefined;
  let url = "";
  const deps: PipelineDeps = {
    accounts,
    store,
    stats,
    faults,
    holds,
    deferred,
    limiter,
    staleReads,
    maxBodyBytes,
    fallbackPerPage,
    now,
    baseUrl: () => url,
    log: safeLog,
    checker,
  };

  const inFlight = new Set<Promise<void>>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const p = handleRequest(deps, req, res).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const server = options.tls
    ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, onRequest)
    : http.createServer(onRequest);
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  /**
   * Resolves once the server has accepted a connection of its own opened now. The kernel's
   * accept queue is first in, first out, so by then every connection a client had already
   * established (even one whose client has since died) has been accepted and is in `sockets`.
   */
  const acceptQueueDrained = () =>
    new Promise<void>((resolve, reject) => {
      const accepted = new Set<number | undefined>();
      let probe: Socket | undefined;
      const finish = () => {
        if (probe?.localPort === undefined || !accepted.has(probe.localPort)) return;
        server.off("connection", onConnection);
        probe.destroy();
        resolve();
      };
      const onConnection = (socket: Socket) => {
        accepted.add(socket.remotePort);
        finish();
      };
      server.on("connection", onConnection);
      probe = connect(port, new URL(url).hostname.replace(/^\[|\]$/g, ""), finish);
      probe.once("error", (err) => {
        server.off("connection", onConnection);
        reject(err);
      });
    });
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 8080, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  url = baseUrl(host, port, options.tls !== undefined);
  checker?.start();

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    requests: stats.requests,
    writeCount: () => stats.writeCount(),
    resetStats: () => stats.reset(),
    setFaults: (f) => faults.set(f),
    setStaleReads: (ms) => staleReads.set(ms),
    staleReadsServed: () => staleReads.readsInWindow,
    hold: (o) => holds.add(o),
    connectionsClosed: async () => {
      await acceptQueueDrained();
      await Promise.all(
        [...sockets].map((s) => (s.closed ? undefined : new Promise<void>((r) => s.once("close", () => r())))),
      );
    },
    setRateLimit: (perMinute) => limiter.set(perMinute),
    runChecks: () =>
      checker
        ? checker.runRound()
        : Promise.reject(new Error("checking is off on this server: start it with the checks option")),
    deferWrite: (options) => deferred.add(options),
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Checks under way are cut short and never write after storage is gone.
        const checking = checker?.stop();
        server.closeIdleConnections();
        // Let running requests commit before storage goes away, then cut what is left.
        await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 5000).unref())]);
        server.closeAllConnections();
        await stopped;
        await checking;
        await store.close();
      })()),
  };
}
