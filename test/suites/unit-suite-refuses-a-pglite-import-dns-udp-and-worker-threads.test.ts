/**
 * test/support/unit-guard.ts, the unit suite's setup file (loaded here too, so that this
 * file proves the same under any config), beyond servers, connections and processes:
 * `import()` of PGlite (by its name, or its file as vitest resolves it), each DNS lookup
 * (callback, promise and Resolver), a UDP socket and a worker thread each throw, and the
 * error names the list where such a test belongs.
 */
import dgram from "node:dgram";
import dns from "node:dns";
import dnsPromises from "node:dns/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import * as workerThreads from "node:worker_threads";
import { describe, expect, it } from "vitest";
import "../support/unit-guard";
import { REPO } from "../support/repo-root";

const WHERE = /unit tests start no server or process.*SERVER_TESTS \(test\/suites\/index\.ts\)/;

describe("in the unit suite", () => {
  it("import() of PGlite rejects, by its name and by the file it resolves to", async () => {
    await expect(import("@electric-sql/pglite")).rejects.toThrow(WHERE);
    const file = join(REPO, "node_modules/@electric-sql/pglite/dist/index.js");
    await expect(import(/* @vite-ignore */ pathToFileURL(file).href)).rejects.toThrow(WHERE);
  });

  it("a DNS lookup throws, by callback, by promise and by a Resolver", () => {
    const nothing = () => undefined;
    expect(() => dns.lookup("localhost", nothing)).toThrow(WHERE);
    expect(() => dns.resolve4("localhost", nothing)).toThrow(WHERE);
    expect(() => dns.resolveTxt("localhost", nothing)).toThrow(WHERE);
    expect(() => dns.reverse("127.0.0.1", nothing)).toThrow(WHERE);
    expect(() => dns.promises.lookup("localhost")).toThrow(WHERE);
    expect(() => dnsPromises.resolve("localhost")).toThrow(WHERE);
    expect(() => new dns.Resolver().resolve6("localhost", nothing)).toThrow(WHERE);
    expect(() => new dnsPromises.Resolver().resolveMx("localhost")).toThrow(WHERE);
  });

  it("opening a UDP socket throws", () => {
    expect(() => dgram.createSocket("udp4")).toThrow(WHERE);
    expect(() => dgram.createSocket({ type: "udp6" })).toThrow(WHERE);
  });

  it("starting a worker thread throws, by the class imported either way", () => {
    expect(() => new Worker("0", { eval: true })).toThrow(WHERE);
    expect(() => new workerThreads.Worker("0", { eval: true })).toThrow(WHERE);
  });
});
