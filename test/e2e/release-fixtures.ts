/**
 * Shared setup of the tests that install the plugin as users get it: the release archives
 * `npm run release` writes to dist/release/ (the test suite builds this machine's one), a
 * loopback HTTP server laid out as the project's GitHub release, the CLI's settings that send
 * its downloads there, and a PATH on which no `node` can be found.
 *
 * The schema's `pluginDownloadURL` is `github://api.github.com/pulumi-uptime`, for which the
 * CLI (v3.248.0 and v3.274.1, sdk/go/common/workspace/plugins.go) fetches
 * `https://github.com/<org>/<repo>/releases/download/v<version>/<asset>` or the same asset
 * through the releases API. `PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES` (regexp=URL) swaps that
 * source for a plain HTTP one, which GETs `<URL>/<asset>` with `${VERSION}` filled in: here
 * the same path as on github.com, on this server.
 */
import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import type { AddressInfo } from "node:net";
import { REPO, pulumiPath } from "./harness";
import { startE2EServer, type E2EServer } from "./api";

/** The package's version (package.json, as every artifact of the release carries it). */
export const VERSION = (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string }).version;
/** Where `npm run release` (and the test suite, for this machine) writes the archives. */
export const RELEASE_DIR = join(REPO, "dist", "release");
/** The GitHub owner and repository the schema's `pluginDownloadURL` names. */
export const GITHUB_SOURCE = "github://api.github.com/pulumi-uptime/pulumi-uptime";
const RELEASE_PATH = `/pulumi-uptime/pulumi-uptime/releases/download/v${VERSION}`;

/** This machine's platform as the CLI names it in asset names (`linux-amd64`). */
export function hostPlatform(): string {
  const os =
    ({ linux: "linux", darwin: "darwin", win32: "windows" } as Record<string, string>)[process.platform] ??
    process.platform;
  const arch = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[process.arch] ?? process.arch;
  return `${os}-${arch}`;
}

/** The release archive's name for a platform. */
export function archiveName(platform = hostPlatform()): string {
  return `pulumi-resource-uptime-v${VERSION}-${platform}.tar.gz`;
}

/** This machine's release archive; throws with the command that builds it. */
export function hostArchive(): string {
  const file = join(RELEASE_DIR, archiveName());
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: run \`npm run plugin\` (or \`npm run test:e2e\`, which builds it first, or \`npm run release\`).`,
    );
  }
  return file;
}

/** A loopback server laid out as the GitHub release of this version. */
export interface ReleaseServer {
  /** The base URL of the release's assets (`…/releases/download/v<version>`). */
  url: string;
  /** Every path requested so far. */
  requests: string[];
  /** Serves `body` as the asset `name` (replacing or adding it); `undefined` removes it. */
  setAsset(name: string, body: Buffer | undefined): void;
  /** The CLI environment that sends downloads of the plugin here, with acquisition on. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/** Serves the release's assets: by default the archives and files in dist/release/. */
export async function startReleaseServer(): Promise<ReleaseServer> {
  const assets = new Map<string, Buffer>();
  if (existsSync(RELEASE_DIR))
    for (const f of readdirSync(RELEASE_DIR))
      if (f.endsWith(".tar.gz") || f === "SHA256SUMS") assets.set(f, readFileSync(join(RELEASE_DIR, f)));
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(path);
    const body = path.startsWith(`${RELEASE_PATH}/`) ? assets.get(path.slice(RELEASE_PATH.length + 1)) : undefined;
    if (!body) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${RELEASE_PATH.replace(`v${VERSION}`, "v${VERSION}")}`;
  return {
    url: url.replace("${VERSION}", VERSION),
    requests,
    setAsset: (name, body) => (body ? assets.set(name, body) : assets.delete(name)),
    env: () => ({
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${GITHUB_SOURCE.replace(/[.]/g, "\\.")}$=${url}`,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A PATH on which `node` is not found: the Pulumi tools, Go, and a directory of links to
 * every other command of the system's bin directories. Throws if `node` is still found.
 */
export function pathWithoutNode(): { path: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), "uptime-no-node-"));
  const bin = join(dir, "bin");
  mkdirSync(bin);
  const isNode = (name: string) => /^(node|nodejs|npm|npx|corepack)$/.test(name);
  for (const sys of ["/usr/local/bin", "/usr/bin", "/bin"]) {
    if (!existsSync(sys)) continue;
    for (const name of readdirSync(sys)) {
      if (isNode(name) || existsSync(join(bin, name))) continue;
      symlinkSync(join(sys, name), join(bin, name));
    }
  }
  const go = spawnSync("sh", ["-c", "command -v go"], { encoding: "utf8" }).stdout.trim();
  const path = [pulumiPath(), ...(go ? [dirname(go)] : []), bin].join(delimiter);
  const found = spawnSync("/bin/sh", ["-c", "command -v node || command -v nodejs"], {
    env: { PATH: path },
    encoding: "utf8",
  });
  if (found.status === 0) throw new Error(`node is still on the PATH built for the test: ${found.stdout.trim()}`);
  return { path, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The entries of a PULUMI_HOME's plugin cache that concern the uptime plugin. */
export function uptimePluginEntries(home: string): string[] {
  const dir = join(home, "plugins");
  return existsSync(dir)
    ? readdirSync(dir)
        // `.lastused`: its mtime is when a command last ran the plugin (CLI 3.27x, `plugin ls`), not install state.
        .filter((f) => f.startsWith("resource-uptime") && !f.endsWith(".lastused"))
        .sort()
    : [];
}

/** What the release tests run against: a local service, the release server and a PATH without `node`. */
export interface ReleaseRig {
  srv: E2EServer;
  release: ReleaseServer;
  noNode: ReturnType<typeof pathWithoutNode>;
  /** The environment of a stack that downloads the plugin from the release server, without `node`. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/** Starts a {@link ReleaseRig}; fails first when this machine's archive is not built. */
export async function startReleaseRig(): Promise<ReleaseRig> {
  hostArchive();
  const srv = await startE2EServer();
  const release = await startReleaseServer();
  const noNode = pathWithoutNode();
  return {
    srv,
    release,
    noNode,
    env: () => ({ ...release.env(), PATH: noNode.path }),
    close: async () => {
      noNode.dispose();
      await release.close();
      await srv.close();
    },
  };
}
