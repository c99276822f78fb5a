/**
 * The dynamic door records, in the outputs of each create and update, the service the write
 * went to, for the audit; a read keeps a recorded URL and never adds one, so refreshing a
 * state from before the record changes nothing.
 */
import { describe, expect, it } from "vitest";
import { recordingServiceUrl } from "../../src/dynamic/record-service-url";

const ops = {
  create: async (news: Record<string, unknown>) => ({ id: "7", outs: { ...news, monitorId: 7 } }),
  update: async (_id: string, _olds: Record<string, unknown>, news: Record<string, unknown>) => ({ outs: { ...news } }),
  read: async (id: string, props?: Record<string, unknown>) => ({ id, props: { name: props?.name, monitorId: 7 } }),
};
let baseUrl = "https://ops:hunter2@uptime.example.com/?token=abc";
const door = recordingServiceUrl(ops, () => baseUrl);

describe("the service URL in a dynamic resource's outputs", () => {
  it("is written by create and update, without credentials", async () => {
    expect((await door.create({ name: "api" })).outs).toEqual({
      name: "api",
      monitorId: 7,
      _serviceUrl: "https://uptime.example.com",
    });
    baseUrl = "https://eu.uptime.example.com/";
    expect((await door.update("7", {}, { name: "api" })).outs).toEqual({
      name: "api",
      _serviceUrl: "https://eu.uptime.example.com",
    });
  });

  it("is kept by a read, never added by one, and dropped with a resource that is gone", async () => {
    expect((await door.read("7", { name: "api", _serviceUrl: "https://old.example.com" })).props).toEqual({
      name: "api",
      monitorId: 7,
      _serviceUrl: "https://old.example.com",
    });
    expect((await door.read("7", { name: "api" })).props).toEqual({ name: "api", monitorId: 7 });
    const gone = recordingServiceUrl(
      { ...ops, read: async (_id: string, _props?: Record<string, unknown>) => ({ id: "", props: {} }) },
      () => baseUrl,
    );
    expect(await gone.read("7", { _serviceUrl: "https://old.example.com" })).toEqual({ id: "", props: {} });
  });
});
