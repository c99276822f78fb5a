/**
 * Shared setup of the plugin tests: the plugin's gRPC service on a loopback port (in this
 * process), a real gRPC client of it (the provider protos the engine uses), a local server
 * it is configured for, and promise-returning calls that build and read the messages.
 */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { UptimeClient } from "../../src/client";
import { serve } from "../../src/plugin/main";
import { SECRET_SIG, SIG_KEY } from "../../src/runtime/secret-envelope";
import { DEFAULT_API_KEY, type UptimeServer } from "../support/server";
import { serverWithOutsider } from "../support/server-with-outsider";

/** A resource type of this package. */
type Kind = "Monitor" | "Incident";
/** A property bag (inputs, outputs, arguments) as JavaScript. */
type Bag = Record<string, unknown>;

/** The engine's URN of a resource of this package. */
export function urnOf(type: Kind, name: string): string {
  return `urn:pulumi:test::plugin-test::uptime:index:${type}::${name}`;
}

/** A secret envelope, as the engine sends it once the provider accepts secrets. */
export function secret(value: unknown): Bag {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/** True when `v` is a secret envelope. */
export function isSecret(v: unknown): v is { value: unknown } {
  return typeof v === "object" && v !== null && (v as Bag)[SIG_KEY] === SECRET_SIG;
}

/** `v` with every secret envelope emptied: what a reader sees in plaintext. */
export function outsideSecrets(v: unknown): unknown {
  if (isSecret(v)) return "[secret]";
  if (Array.isArray(v)) return v.map(outsideSecrets);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, outsideSecrets(x)]));
  return v;
}

/** A property bag as a Struct. */
export function struct(bag: Bag): Struct {
  return Struct.fromJavaScript(bag as Parameters<typeof Struct.fromJavaScript>[0]);
}

type Call<Req, Res> = (req: Req, cb: (err: grpc.ServiceError | null, res: Res) => void) => unknown;

/** A connected plugin, and the calls the tests make. */
export class PluginUnderTest {
  private constructor(
    readonly client: ResourceProviderClient,
    private readonly server: grpc.Server,
  ) {}

  /** Starts the plugin's service in this process and connects a client. */
  static async start(): Promise<PluginUnderTest> {
    const { port, server } = await serve();
    const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    return new PluginUnderTest(client, server);
  }

  /** Calls one RPC; rejects with the gRPC error. */
  call<Req, Res>(method: keyof ResourceProviderClient, req: Req): Promise<Res> {
    const fn = (this.client[method] as unknown as Call<Req, Res>).bind(this.client);
    return new Promise((resolve, reject) => fn(req, (err, res) => (err ? reject(err) : resolve(res))));
  }

  /** Configure with the provider's own inputs (`args`) and engine variables. */
  configure(args: Bag, variables: Record<string, string> = {}): Promise<proto.ConfigureResponse> {
    const req = new proto.ConfigureRequest().setArgs(struct(args)).setAcceptsecrets(true).setAcceptresources(true);
    for (const [k, v] of Object.entries(variables)) req.getVariablesMap().set(k, v);
    return this.call("configure", req);
  }

  /** Check of a resource's new inputs, with its old inputs and the engine's autonaming options when given. */
  async check(
    type: Kind,
    name: string,
    news: Bag,
    more: { olds?: Bag; autonaming?: proto.CheckRequest.AutonamingOptions } = {},
  ) {
    const req = new proto.CheckRequest().setUrn(urnOf(type, name)).setNews(struct(news));
    if (more.olds) req.setOlds(struct(more.olds));
    if (more.autonaming) req.setAutonaming(more.autonaming);
    const res = await this.call<proto.CheckRequest, proto.CheckResponse>("check", req);
    return { inputs: res.getInputs()?.toJavaScript() ?? {}, failures: res.getFailuresList().map((f) => f.toObject()) };
  }

  /** Check of Monitor `name` declared as `monitorInputs(patch)`: a valid monitor with `patch` over it. */
  checkMonitor(name: string, patch: Bag = {}) {
    return this.check("Monitor", name, monitorInputs(patch));
  }

  /** Diff of old outputs and new inputs. */
  async diff(type: Kind, name: string, id: string, olds: Bag, news: Bag) {
    const req = new proto.DiffRequest().setUrn(urnOf(type, name)).setId(id).setOlds(struct(olds)).setNews(struct(news));
    const res = await this.call<proto.DiffRequest, proto.DiffResponse>("diff", req);
    const detailed: Record<string, proto.PropertyDiff.Kind> = {};
    res.getDetaileddiffMap().forEach((v, k) => (detailed[k] = v.getKind()));
    return {
      changes: res.getChanges(),
      diffs: res.getDiffsList(),
      replaces: res.getReplacesList(),
      deleteBeforeReplace: res.getDeletebeforereplace(),
      hasDetailedDiff: res.getHasdetaileddiff(),
      detailed,
    };
  }

  /** Create (or its preview). */
  async create(type: Kind, name: string, props: Bag, preview = false) {
    const req = new proto.CreateRequest().setUrn(urnOf(type, name)).setProperties(struct(props)).setPreview(preview);
    const res = await this.call<proto.CreateRequest, proto.CreateResponse>("create", req);
    return { id: res.getId(), outs: res.getProperties()?.toJavaScript() ?? {} };
  }

  /** Read by id, with or without the state's properties and inputs. */
  async read(type: Kind, name: string, id: string, props: Bag = {}, inputs: Bag = {}) {
    const req = new proto.ReadRequest()
      .setUrn(urnOf(type, name))
      .setId(id)
      .setProperties(struct(props))
      .setInputs(struct(inputs));
    const res = await this.call<proto.ReadRequest, proto.ReadResponse>("read", req);
    return {
      id: res.getId(),
      props: res.getProperties()?.toJavaScript() ?? {},
      inputs: res.getInputs()?.toJavaScript() ?? {},
    };
  }

  /** Update (or its preview). */
  async update(type: Kind, name: string, id: string, olds: Bag, news: Bag, preview = false) {
    const req = new proto.UpdateRequest()
      .setUrn(urnOf(type, name))
      .setId(id)
      .setOlds(struct(olds))
      .setNews(struct(news))
      .setPreview(preview);
    const res = await this.call<proto.UpdateRequest, proto.UpdateResponse>("update", req);
    return { outs: res.getProperties()?.toJavaScript() ?? {} };
  }

  /** Delete. */
  delete(type: Kind, name: string, id: string, props: Bag): Promise<Empty> {
    return this.call(
      "delete",
      new proto.DeleteRequest().setUrn(urnOf(type, name)).setId(id).setProperties(struct(props)),
    );
  }

  /** Invoke a function by its short name (`getMonitor`). */
  async invoke(fn: string, args: Bag) {
    const res = await this.call<proto.InvokeRequest, proto.InvokeResponse>(
      "invoke",
      new proto.InvokeRequest().setTok(`uptime:index:${fn}`).setArgs(struct(args)),
    );
    return { result: res.getReturn()?.toJavaScript() ?? {}, failures: res.getFailuresList().map((f) => f.toObject()) };
  }

  /**
   * One List call of a resource type, its stream read to the end: the results (id, name),
   * the continuation token (undefined when none came) and whether it answered `computed`.
   */
  list(type: Kind, query: Bag, more: { pageSize?: number; limit?: number; token?: string } = {}) {
    const req = new proto.ListRequest()
      .setToken(`uptime:index:${type}`)
      .setQuery(struct(query))
      .setPageSize(more.pageSize ?? 0)
      .setLimit(more.limit ?? 0)
      .setContinuationToken(more.token ?? "");
    const results: { id: string; name: string }[] = [];
    let continuation: string | undefined;
    let computed = false;
    return new Promise<{ results: typeof results; continuation?: string; computed: boolean }>((resolve, reject) => {
      const stream = this.client.list(req);
      stream.on("data", (res: proto.ListResponse) => {
        if (res.hasResult()) results.push({ id: res.getResult()!.getId(), name: res.getResult()!.getName() });
        if (res.hasContinuation()) continuation = res.getContinuation()!.getContinuationToken();
        if (res.hasComputed()) computed = true;
      });
      stream.on("error", reject);
      stream.on("end", () => resolve({ results, continuation, computed }));
    });
  }

  async close(): Promise<void> {
    this.client.close();
    await new Promise<void>((resolve) => this.server.tryShutdown(() => resolve()));
  }
}

/**
 * A plugin configured for a fresh local server, that server, and a client of it playing
 * "someone outside Pulumi".
 */
export async function configuredPlugin(): Promise<{
  plugin: PluginUnderTest;
  server: UptimeServer;
  outside: UptimeClient;
  close(): Promise<void>;
}> {
  const { server, outside, close } = await serverWithOutsider();
  const plugin = await PluginUnderTest.start();
  await plugin.configure({ baseUrl: server.url, apiKey: secret(DEFAULT_API_KEY) });
  return {
    plugin,
    server,
    outside,
    async close() {
      await plugin.close();
      await close();
    },
  };
}

/** The engine's Construct request of ServiceMonitors "checkout" in stack "dev" of project "p". */
export function checkoutComponent(inputs: Bag): proto.ConstructRequest {
  return new proto.ConstructRequest()
    .setType("uptime:index:ServiceMonitors")
    .setName("checkout")
    .setProject("p")
    .setStack("dev")
    .setInputs(struct(inputs));
}

/** Inputs of a valid monitor, as a program declares them. */
export function monitorInputs(patch: Bag = {}): Bag {
  return { name: "plugin api", url: "https://api.example.com/health", interval: 60, ...patch };
}
