/**
 * Azurite, the Azure Storage emulator, serving the blob service on a free loopback port for
 * the azblob backend store's tests: installed once per machine by scripts/ensure-azurite.sh
 * (pinned in tools/azurite), its data in a temporary directory. It checks Shared Key
 * signatures as Azure does, with the emulator's well-known account and key below (published
 * in Azurite's documentation; they protect nothing). Containers and blobs are written
 * through its REST API, signed by the store's own signer. Started with `tls`, it serves
 * https only and, with `oauth`, also takes bearer tokens (`--oauth basic`: it checks a
 * token's issuer, audience and lifetime, not its signature); its debug log then records
 * each request's headers.
 */
import { execFileSync, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request, type Dispatcher } from "undici";
import { sharedKeyAuthorization, sharedKeyStringToSign } from "../../src/stack/store/azblob/azblob-shared-key";
import { closedPort } from "./closed-port";
import { untilReady } from "./started-process";
import { REPO } from "./repo-root";

/** The emulator's default account. */
export const AZURITE_ACCOUNT = "devstoreaccount1";
/** Its key: public, the same in every Azurite. */
export const AZURITE_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

/** A running Azurite blob service. */
export interface Azurite {
  /** The blob service's host and port, `127.0.0.1:PORT` (the CLI's `domain`). */
  domain: string;
  /** `http://127.0.0.1:PORT/devstoreaccount1`. */
  serviceUrl: string;
  /** The environment that makes the CLI (and the store) use the emulator's account and key. */
  env: Record<string, string>;
  /** Creates a container. */
  createContainer(name: string): Promise<void>;
  /** Writes a block blob. */
  putBlob(container: string, key: string, body: string | Buffer): Promise<void>;
  /** An account SAS token for the blob service (`sv=…&sig=…`) granting `permissions` (e.g. `rl`). */
  accountSas(permissions: string): string;
  /** Everything it printed so far. */
  log(): string;
  /** Its debug log (each request with its headers), when started with `oauth`. */
  debugLog(): string;
  stop(): Promise<void>;
}

/** How to start it: https with a certificate the test's CA signed, and bearer tokens taken. */
export interface AzuriteOptions {
  tls?: { certFile: string; keyFile: string; caPem: string };
  oauth?: boolean;
}

/** Installs Azurite where missing (scripts/ensure-azurite.sh) and returns its blob server's entry point. */
function ensureAzurite(): string {
  return execFileSync("bash", [join(REPO, "scripts", "ensure-azurite.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  })
    .trim()
    .split("\n")
    .pop()!;
}

async function signedRequest(
  serviceUrl: string,
  method: "PUT",
  path: string,
  extra: Record<string, string>,
  body?: Buffer,
  dispatcher?: Dispatcher,
): Promise<void> {
  const url = new URL(`${serviceUrl}/${path}`);
  const headers: Record<string, string> = {
    "x-ms-date": new Date().toUTCString(),
    "x-ms-version": "2021-12-02",
    "content-length": String(body?.length ?? 0),
    ...extra,
  };
  headers.authorization = sharedKeyAuthorization(
    sharedKeyStringToSign(method, url, headers, AZURITE_ACCOUNT),
    AZURITE_ACCOUNT,
    Buffer.from(AZURITE_KEY, "base64"),
  );
  const res = await request(url, { method, headers, body, dispatcher });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`Azurite answered ${res.statusCode} to ${method} ${path}: ${text}`);
}

/** An account SAS (versions 2020-12-06 and later): the account key signs the token's fields, one a line. */
function accountSas(permissions: string): string {
  const fields = {
    sv: "2021-12-02",
    ss: "b",
    srt: "sco",
    sp: permissions,
    se: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, "Z"),
    spr: "https,http",
  };
  const toSign = [AZURITE_ACCOUNT, fields.sp, fields.ss, fields.srt, "", fields.se, "", fields.spr, fields.sv, "", ""];
  const sig = createHmac("sha256", Buffer.from(AZURITE_KEY, "base64")).update(toSign.join("\n")).digest("base64");
  return new URLSearchParams({ ...fields, sig }).toString();
}

/** Starts Azurite's blob service on a free loopback port; resolves once it listens. */
export async function startAzurite(options: AzuriteOptions = {}): Promise<Azurite> {
  const entry = ensureAzurite();
  const dir = mkdtempSync(join(tmpdir(), "uptime-azurite-"));
  const port = await closedPort();
  const debugFile = join(dir, "debug.log");
  const extraArgs = [
    ...(options.tls ? ["--cert", options.tls.certFile, "--key", options.tls.keyFile] : []),
    ...(options.oauth ? ["--oauth", "basic", "--debug", debugFile] : []),
  ];
  const dispatcher = options.tls ? new Agent({ connect: { ca: options.tls.caPem } }) : undefined;
  const child = spawn(
    process.execPath,
    [
      entry,
      "--blobHost",
      "127.0.0.1",
      "--blobPort",
      String(port),
      "--location",
      dir,
      "--disableTelemetry",
      // The CLI's Azure SDK asks for API versions newer than this Azurite knows.
      "--skipApiVersionCheck",
      ...extraArgs,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const started = await untilReady(child, "Azurite", "successfully listens");
  const domain = `127.0.0.1:${port}`;
  const serviceUrl = `${options.tls ? "https" : "http"}://${domain}/${AZURITE_ACCOUNT}`;
  return {
    domain,
    serviceUrl,
    env: { AZURE_STORAGE_ACCOUNT: AZURITE_ACCOUNT, AZURE_STORAGE_KEY: AZURITE_KEY },
    createContainer: (name) => signedRequest(serviceUrl, "PUT", `${name}?restype=container`, {}, undefined, dispatcher),
    putBlob: (container, key, body) =>
      signedRequest(
        serviceUrl,
        "PUT",
        `${container}/${key.split("/").map(encodeURIComponent).join("/")}`,
        { "x-ms-blob-type": "BlockBlob" },
        Buffer.from(body),
        dispatcher,
      ),
    accountSas,
    log: started.log,
    debugLog: () => (existsSync(debugFile) ? readFileSync(debugFile, "utf8") : ""),
    stop: async () => {
      await started.stop();
      await dispatcher?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
