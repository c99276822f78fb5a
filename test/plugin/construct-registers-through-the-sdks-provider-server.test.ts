/**
 * Construct through the plugin's process as the engine starts it (dist/plugin/main.js): the
 * component and one Monitor per check register at the engine's monitor (here a stand-in
 * that records each registration) through the Node.js SDK's public provider server, in the
 * plugin's component server. The children go to the provider Configure named, carry the
 * component's `deletedWith` and custom timeouts, keep secret-fed arguments secret, and the
 * response names the children each output comes from. Without a provider from Configure, the
 * children take the component's (its providers map), not the default provider.
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { ResourceMonitorService } from "@pulumi/pulumi/proto/resource_grpc_pb";
import * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { checkoutComponent, isSecret, secret, struct } from "./helpers";

const MAIN = path.resolve(__dirname, "../../dist/plugin/main.js");
const PROVIDER_REF = "urn:pulumi:dev::p::pulumi:providers:uptime::team::0b9f6c1e";
const OTHER_PROVIDER_REF = "urn:pulumi:dev::p::pulumi:providers:uptime::other::5d1c0a7e";
const FEEDER = "urn:pulumi:dev::p::random:index:RandomString::suffix";
const ANCHOR = "urn:pulumi:dev::p::aws:s3:Bucket::anchor";

type Registered = resproto.RegisterResourceRequest;

/** A stand-in of the engine's resource monitor: it records registrations and answers as the engine would. */
async function standInMonitor(): Promise<{ address: string; registered: Registered[]; server: grpc.Server }> {
  const registered: Registered[] = [];
  const unimplemented = (_call: unknown, cb: grpc.sendUnaryData<unknown>) => cb({ code: grpc.status.UNIMPLEMENTED });
  const handlers: grpc.UntypedServiceImplementation = Object.fromEntries(
    Object.keys(ResourceMonitorService).map((k) => [k, unimplemented]),
  );
  type Answer = grpc.sendUnaryData<unknown>;
  handlers.supportsFeature = (call: grpc.ServerUnaryCall<resproto.SupportsFeatureRequest, unknown>, cb: Answer) =>
    cb(null, new resproto.SupportsFeatureResponse().setHassupport(call.request.getId() !== "transforms"));
  handlers.registerResourceOutputs = (_call: unknown, cb: Answer) => cb(null, new Empty());
  handlers.registerResource = (call: grpc.ServerUnaryCall<Registered, unknown>, cb: Answer) => {
    const req = call.request;
    registered.push(req);
    const parentType = req.getParent() ? `${req.getParent().split("::")[2]}$` : "";
    const urn = `urn:pulumi:dev::p::${parentType}${req.getType()}::${req.getName()}`;
    const resp = new resproto.RegisterResourceResponse().setUrn(urn);
    if (req.getCustom()) {
      const object = { ...(req.getObject()?.toJavaScript() ?? {}), monitorId: `id-${req.getName()}` };
      resp.setId(`id-${req.getName()}`).setObject(Struct.fromJavaScript(object as never));
    } else resp.setObject(new Struct());
    cb(null, resp);
  };
  const server = new grpc.Server();
  server.addService(ResourceMonitorService, handlers);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  return { address: `127.0.0.1:${port}`, registered, server };
}

/** The plugin's process, started as the engine starts it, and a client of it. */
async function startPlugin(engine: string): Promise<{ child: ChildProcess; client: ResourceProviderClient }> {
  const child = spawn(process.execPath, [MAIN, engine], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (b: Buffer) => resolve(b.toString().split("\n")[0]));
    child.once("exit", (code) => reject(new Error(`the plugin ended (${code})`)));
  });
  return { child, client: new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure()) };
}

function call<Req, Res>(client: ResourceProviderClient, method: "configure" | "construct", req: Req): Promise<Res> {
  const fn = (client[method] as unknown as (r: Req, cb: (e: Error | null, r: Res) => void) => void).bind(client);
  return new Promise((resolve, reject) => fn(req, (e, r) => (e ? reject(e) : resolve(r))));
}

describe("Construct through the SDK's provider server", () => {
  let monitor: Awaited<ReturnType<typeof standInMonitor>>;
  let plugin: Awaited<ReturnType<typeof startPlugin>>;
  /** Configure, naming this provider (`urn`, `id`) as the engine does, or not, as older engines did. */
  const configure = (urn = "", id = "") =>
    call(
      plugin.client,
      "configure",
      new proto.ConfigureRequest()
        .setArgs(struct({ baseUrl: "http://127.0.0.1:9", apiKey: secret("k"), defaults: '{"interval":900}' }))
        .setUrn(urn)
        .setId(id),
    );
  beforeAll(async () => {
    monitor = await standInMonitor();
    // The stand-in answers as the engine too: the SDK asks nothing of it here.
    plugin = await startPlugin(monitor.address);
    const [urn, id] = [PROVIDER_REF.slice(0, PROVIDER_REF.lastIndexOf("::")), "0b9f6c1e"];
    await configure(urn, id);
  }, 30_000);
  afterAll(() => {
    plugin?.client.close();
    plugin?.child.kill();
    monitor?.server.forceShutdown();
  });

  it("registers the component and its children with the component's options", async () => {
    const req = checkoutComponent({
      service: "checkout",
      baseUrl: secret("https://internal.example.com"),
      checks: { health: { path: "/health" }, search: { path: "/search" } },
    })
      .setMonitorendpoint(monitor.address)
      .setDeletedwith(ANCHOR)
      .setCustomtimeouts(new proto.ConstructRequest.CustomTimeouts().setCreate("7m").setDelete("3m"));
    req
      .getInputdependenciesMap()
      .set("service", new proto.ConstructRequest.PropertyDependencies().setUrnsList([FEEDER]));
    const resp = await call<proto.ConstructRequest, proto.ConstructResponse>(plugin.client, "construct", req);

    const component = monitor.registered.find((r) => !r.getCustom())!;
    expect(component.getType()).toBe("uptime:index:ServiceMonitors");
    expect(resp.getUrn()).toBe("urn:pulumi:dev::p::uptime:index:ServiceMonitors::checkout");

    const children = monitor.registered.filter((r) => r.getCustom());
    expect(children.map((c) => c.getName()).sort()).toEqual(["checkout-health", "checkout-search"]);
    for (const child of children) {
      expect(child.getType()).toBe("uptime:index:Monitor");
      expect(child.getParent()).toBe(resp.getUrn());
      expect(child.getProvider()).toBe(PROVIDER_REF);
      expect(child.getDeletedwith()).toBe(ANCHOR);
      expect(child.getCustomtimeouts()?.getCreate()).toBe("7m");
      expect(child.getCustomtimeouts()?.getDelete()).toBe("3m");
      expect(child.getDependenciesList()).toContain(FEEDER);
      const object = child.getObject()?.toJavaScript() as Record<string, unknown>;
      expect(isSecret(object.url)).toBe(true);
      expect(isSecret(object.name)).toBe(false);
    }

    const state = resp.getState()?.toJavaScript() as Record<string, Record<string, unknown>>;
    expect(state.monitorIds).toEqual({ health: "id-checkout-health", search: "id-checkout-search" });
    const fedBy = resp.getStatedependenciesMap().get("monitorIds")?.getUrnsList() ?? [];
    expect(fedBy.sort()).toEqual([
      "urn:pulumi:dev::p::uptime:index:ServiceMonitors$uptime:index:Monitor::checkout-health",
      "urn:pulumi:dev::p::uptime:index:ServiceMonitors$uptime:index:Monitor::checkout-search",
    ]);
  }, 30_000);

  it("gives the children the component's provider when Configure named none", async () => {
    await configure();
    monitor.registered.length = 0;
    const req = checkoutComponent({
      service: "checkout",
      baseUrl: "https://checkout.example.com",
      checks: { health: { path: "/health" } },
    }).setMonitorendpoint(monitor.address);
    req.getProvidersMap().set("uptime", OTHER_PROVIDER_REF);
    await call(plugin.client, "construct", req);
    const children = monitor.registered.filter((r) => r.getCustom());
    expect(children.map((c) => c.getProvider())).toEqual([OTHER_PROVIDER_REF]);
  }, 30_000);
});
