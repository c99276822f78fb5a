/**
 * test/support/unit-guard.ts, the unit suite's setup file (loaded here too, so that this
 * file proves the same under any config): listening, connecting, starting a process and
 * loading PGlite each throw, and the error names the list where such a test belongs.
 */
import childProcess from "node:child_process";
import { createRequire } from "node:module";
import net from "node:net";
import { describe, expect, it } from "vitest";
import "../support/unit-guard";
import { SUITES } from "../../vitest.config";

const WHERE = /unit tests start no server or process.*SERVER_TESTS \(test\/suites\/index\.ts\)/;

describe("in the unit suite", () => {
  it("the guard is a setup file of the unit project", () => {
    expect(SUITES.unit.setupFiles).toContain("test/support/unit-guard.ts");
  });

  it("listening on a port throws, naming the server list", () => {
    expect(() => net.createServer().listen(0, "127.0.0.1")).toThrow(WHERE);
  });

  it("opening a connection throws", () => {
    expect(() => net.connect(9, "127.0.0.1")).toThrow(WHERE);
  });

  it("starting a process throws, by each way of starting one", () => {
    expect(() => childProcess.spawn(process.execPath, ["-e", "0"])).toThrow(WHERE);
    expect(() => childProcess.execFileSync(process.execPath, ["-e", "0"])).toThrow(WHERE);
    expect(() => childProcess.fork("-e")).toThrow(WHERE);
  });

  it("loading PGlite throws", () => {
    const load = createRequire(__filename);
    expect(() => load("@electric-sql/pglite")).toThrow(WHERE);
  });
});
