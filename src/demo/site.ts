/**
 * The demo's own site on 127.0.0.1, so that its monitors are checked against something
 * real without a check ever leaving the machine: `/` answers 200, `/api/health` answers
 * 503 "degraded". Its port is kept in the demo's work directory, so that a second run
 * serves the same URLs and the monitors pointing at them do not change.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** A running demo site. */
interface DemoSite {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  if (path === "/api/health") {
    res.writeHead(503, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ status: "degraded", database: "timeout" }));
    return;
  }
  res.writeHead(200, { "Content-Type": "text/html" });
  res.end(req.method === "HEAD" ? undefined : "<h1>Welcome to the demo shop</h1>");
}

function listen(server: http.Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) =>
      err.code === "EADDRINUSE" && port !== 0 ? resolve(false) : reject(err);
    server.once("error", onError);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", onError);
      resolve(true);
    });
  });
}

/** Serves the site on the port of the last run (a free one the first time, or when that one is taken). */
export async function startDemoSite(workDir: string): Promise<DemoSite> {
  const file = join(workDir, "site-port");
  const saved = existsSync(file) ? Number(readFileSync(file, "utf8").trim()) : 0;
  const server = http.createServer(handle);
  if (!(Number.isInteger(saved) && saved > 0 && (await listen(server, saved)))) await listen(server, 0);
  const port = (server.address() as AddressInfo).port;
  writeFileSync(file, `${port}\n`);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
