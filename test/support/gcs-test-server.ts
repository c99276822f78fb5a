/**
 * A Google Cloud Storage server on loopback for one test file: fake-gcs-server in our small
 * main (tools/gcs-test-server), built by scripts/build-gcs-test-server.sh on first use (a
 * missing Go fails the test, never skips it). Its buckets are in memory and end with it.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { REPO } from "./repo-root";

/** A running server. */
export interface GcsTestServer {
  /** `http://127.0.0.1:<port>`: the JSON API's root. */
  url: string;
  /** `127.0.0.1:<port>`: what STORAGE_EMULATOR_HOST takes. */
  host: string;
  /** Writes an object through the JSON API's media upload. */
  put(bucket: string, name: string, bytes: string | Buffer, token?: string): Promise<void>;
  /** The object names of `bucket` under `prefix`, read through the API directly (every page). */
  names(bucket: string, prefix?: string, token?: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** Options of the server: its buckets, the bearer token it demands, the most names in a list page, how many first requests get 503. */
export interface GcsTestServerOptions {
  buckets: string[];
  token?: string;
  pageSize?: number;
  unavailable?: number;
}

let binary: string | undefined;

/** The server's executable, built when missing or out of date (minutes on a cold machine). */
export function gcsTestServerBinary(): string {
  binary ??= execFileSync("bash", [join(REPO, "scripts/build-gcs-test-server.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  })
    .trim()
    .split("\n")
    .pop()!;
  return binary;
}

/** Starts a server; stop it in afterAll. */
export async function startGcsTestServer(options: GcsTestServerOptions): Promise<GcsTestServer> {
  const args = ["-buckets", options.buckets.join(",")];
  if (options.token) args.push("-token", options.token);
  if (options.pageSize) args.push("-page-size", String(options.pageSize));
  if (options.unavailable) args.push("-unavailable", String(options.unavailable));
  // stdin stays open: the server exits when it closes, so it cannot outlive the test process.
  const child = spawn(gcsTestServerBinary(), args, { stdio: ["pipe", "pipe", "inherit"] });
  const { url, host } = await firstLine(child);
  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    url,
    host,
    async put(bucket, name, bytes, token) {
      const query = new URLSearchParams({ uploadType: "media", name });
      const res = await fetch(`${url}/upload/storage/v1/b/${bucket}/o?${query}`, {
        method: "POST",
        headers: { "content-type": "application/octet-stream", ...auth(token) },
        body: typeof bytes === "string" ? bytes : new Uint8Array(bytes),
      });
      if (!res.ok) throw new Error(`upload of ${name} failed: ${res.status} ${await res.text()}`);
    },
    async names(bucket, prefix = "", token) {
      const names: string[] = [];
      let pageToken = "";
      do {
        const query = new URLSearchParams({ prefix, ...(pageToken ? { pageToken } : {}) });
        const res = await fetch(`${url}/storage/v1/b/${bucket}/o?${query}`, { headers: auth(token) });
        if (!res.ok) throw new Error(`list of ${bucket} failed: ${res.status}`);
        const page = (await res.json()) as { items?: { name: string }[]; nextPageToken?: string };
        names.push(...(page.items ?? []).map((i) => i.name));
        pageToken = page.nextPageToken ?? "";
      } while (pageToken);
      return names;
    },
    stop: () => stopChild(child),
  };
}

function firstLine(child: ChildProcess): Promise<{ url: string; host: string }> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    child.once("exit", (code) => reject(new Error(`gcs-test-server exited (${code}) before listening`)));
    child.once("error", reject);
    lines.once("line", (line) => resolve(JSON.parse(line) as { url: string; host: string }));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill();
  });
}
