/**
 * The engine's log as the runtime uses it (engine-log.ts), with a stand-in for the engine's
 * gRPC client: a warning goes out as WARNING and fails when the engine refuses it, a notice
 * as INFO and never fails, each with its resource's URN, and the client is made once, on
 * first use.
 */
import { describe, expect, it } from "vitest";
import { engineLogAt, type EngineLogModules } from "../../src/runtime/engine-log";

function standIn(refuse = false) {
  const sent: { severity?: number; message?: string; urn?: string }[] = [];
  const connects: string[] = [];
  class LogRequest {
    readonly fields: { severity?: number; message?: string; urn?: string } = {};
    setSeverity(s: number) {
      this.fields.severity = s;
    }
    setMessage(m: string) {
      this.fields.message = m;
    }
    setUrn(u: string) {
      this.fields.urn = u;
    }
  }
  const modules: EngineLogModules = {
    client: {
      log(req, done) {
        sent.push((req as LogRequest).fields);
        done(refuse ? new Error("engine gone") : null);
      },
    },
    proto: { LogRequest, LogSeverity: { WARNING: 2, INFO: 1 } },
  };
  const connect = (address: string) => {
    connects.push(address);
    return modules;
  };
  return { sent, connects, connect };
}

describe("the engine's log", () => {
  it("sends a warning as WARNING and a notice as INFO, with the URN or none", async () => {
    const e = standIn();
    const log = engineLogAt("127.0.0.1:1234", e.connect);
    expect(e.connects).toEqual([]);
    await log.warn("careful", "urn:pulumi:a");
    await log.info("fyi");
    expect(e.sent).toEqual([
      { severity: 2, message: "careful", urn: "urn:pulumi:a" },
      { severity: 1, message: "fyi", urn: "" },
    ]);
    expect(e.connects).toEqual(["127.0.0.1:1234"]);
  });

  it("fails a warning the engine refuses, but not a notice", async () => {
    const e = standIn(true);
    const log = engineLogAt("a:1", e.connect);
    await expect(log.warn("careful")).rejects.toThrow("engine gone");
    await expect(log.info("fyi")).resolves.toBeUndefined();
  });
});
