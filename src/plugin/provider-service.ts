/**
 * The provider plugin's gRPC service (`pulumirpc.ResourceProvider`): a thin door onto the
 * engine-neutral runtime (src/runtime/operations.ts). It translates requests and
 * responses only: property bags to and from the wire (secrets, unknowns), the runtime's
 * diff into changed names and a detailed diff, its errors into gRPC statuses.
 *
 * The engine starts one plugin process per provider (the default one, and each explicit
 * one), so a process serves one configuration: the one its `Configure` received.
 */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { Value, type Struct } from "google-protobuf/google/protobuf/struct_pb";
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import type { IResourceProviderServer } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { incidentOperations, monitorOperations, type ResourceOperations } from "../runtime/operations";
import { PLAINTEXT_HEADERS_KEY, RESOURCE_NAME_KEY, RESOURCE_URN_KEY } from "../runtime/keys";
import { plaintextHeaderNames } from "../runtime/monitor/plaintext-headers";
import { toResourceError } from "../runtime/user-errors";
import { settingText } from "../runtime/config";
import { defaultsHoldSecrets } from "../runtime/monitor/team-defaults";
import { HELD_DEFAULTS_KEY, shownDefaults, withHeldDefaults } from "../runtime/held-defaults";
import { INCIDENT_FIELDS, MONITOR_FIELDS, PROVIDER_CONFIG_FIELDS } from "../schemas";
import { autonamingOf } from "./autonaming";
import { diffResponse } from "./diff-response";
import { FUNCTIONS, parseArgs } from "./functions";
import { grpcError, unimplemented } from "./grpc-errors";
import { parseImportId, withoutConfigSupplied } from "./import-id";
import { PACKAGE_VERSION, tokenOf } from "./package-info";
import { packageSchemaText } from "./package-schema";
import { providerConfigFailures, connectionFailures, PluginConnection, settingsFrom } from "./plugin-settings";
import { fromStruct, toStruct, type Bag } from "./wire";
import { urnName } from "../util/urn";
import type { ConstructContext } from "./construct";
import { listResources, ListInputError, type ListItem } from "./resource-list";

type Handler<Req, Res> = (req: Req) => Promise<Res> | Res;

/** A unary gRPC handler from an async function; a throw becomes an error status. */
function unary<Req, Res>(
  fn: Handler<Req, Res>,
  onError: (err: unknown, req: Req) => Partial<grpc.StatusObject> = (e) => grpcError(e),
) {
  return (call: grpc.ServerUnaryCall<Req, Res>, callback: grpc.sendUnaryData<Res>): void => {
    Promise.resolve()
      .then(() => fn(call.request))
      .then(
        (res) => callback(null, res),
        (err) => callback(onError(err, call.request)),
      );
  };
}

/** The type token of a URN, without parent types. */
function urnType(urn: string): string {
  const parts = urn.split("::");
  const qualified = parts[parts.length - 2] ?? "";
  return qualified.slice(qualified.lastIndexOf("$") + 1);
}

const SECRETS: Record<string, string[]> = {
  Monitor: [...MONITOR_FIELDS.api, ...MONITOR_FIELDS.provider].filter((f) => f.secret).map((f) => f.name),
  Incident: INCIDENT_FIELDS.api.filter((f) => f.secret).map((f) => f.name),
};
const CONFIG_SECRETS = PROVIDER_CONFIG_FIELDS.filter((f) => f.secret).map((f) => f.name);

/** The runtime's bag without its internal keys (the resource's name in messages, its URN, the plaintext headers). */
function unnamed(bag: Bag | undefined): Bag {
  const { [RESOURCE_NAME_KEY]: _name, [RESOURCE_URN_KEY]: _urn, [PLAINTEXT_HEADERS_KEY]: _plain, ...rest } = bag ?? {};
  return rest;
}

/**
 * A monitor's checked inputs with the names of the headers the program sent in plaintext
 * (keys.ts says why), read from the request before its secret marks are unwrapped.
 */
function withPlaintextHeaders(kind: string, checked: Struct, news: Struct | undefined): Struct {
  if (kind !== "Monitor") return checked;
  const names = plaintextHeaderNames(news?.getFieldsMap().get("requestHeaders")?.toJavaScript());
  if (names.length) checked.getFieldsMap().set(PLAINTEXT_HEADERS_KEY, Value.fromJavaScript(names));
  return checked;
}

/**
 * A provider's settings as CheckConfig records them, and which are secret. Defaults holding
 * alert targets or header values are recorded twice (held-defaults.ts says why): without those
 * values, unmarked, for the engine to mark as the program did; whole, secret, for the provider.
 * Defaults that cannot be read are kept whole and secret.
 */
function recordedSettings(settings: Bag, cameSecret: Iterable<string>): [Bag, string[]] {
  const secrets = [...CONFIG_SECRETS, ...cameSecret];
  if (!defaultsHoldSecrets(settings.defaults)) return [settings, secrets];
  const shown = shownDefaults(settings.defaults);
  if (!shown) return [settings, [...secrets, "defaults"]];
  return [{ ...settings, defaults: shown, [HELD_DEFAULTS_KEY]: settings.defaults }, [...secrets, HELD_DEFAULTS_KEY]];
}

/**
 * `bag` with the resource's name (for messages) and URN (whose resource manages which
 * monitor, claims.ts), as the dynamic resources put them in their inputs.
 */
function tagged(bag: Bag, urn: string): Bag {
  return { ...bag, [RESOURCE_NAME_KEY]: urnName(urn), [RESOURCE_URN_KEY]: urn };
}

/** One streamed item of a `List` call as its message. */
function listResponse(item: ListItem): proto.ListResponse {
  const resp = new proto.ListResponse();
  if ("computed" in item) return resp.setComputed(new proto.ListResponse.Computed());
  if ("continuation" in item)
    return resp.setContinuation(new proto.ListResponse.Continuation().setContinuationToken(item.continuation));
  return resp.setResult(new proto.ListResponse.Result().setId(item.result.id).setName(item.result.name));
}

/** The service of one plugin process. */
export class UptimeProviderService {
  private connection = new PluginConnection(settingsFrom({}));
  /** This provider's reference (`<urn>::<id>`), as Configure gives it: a component's children use it. */
  private providerRef?: string;
  private ops: Record<string, ResourceOperations> = this.bind();

  private bind(): Record<string, ResourceOperations> {
    return {
      [tokenOf("Monitor")]: monitorOperations(this.connection),
      [tokenOf("Incident")]: incidentOperations(this.connection),
    };
  }

  private opsFor(urn: string, type?: string): ResourceOperations {
    const token = type || urnType(urn);
    const ops = this.ops[token];
    if (!ops)
      throw new Error(`the uptime provider has no resource type ${token}; it has ${Object.keys(this.ops).join(", ")}`);
    return ops;
  }

  /** Outgoing properties: internal keys dropped; the type's secret fields and whatever came in secret stay secret. */
  private present(ops: ResourceOperations, bag: Bag | undefined, cameSecret: Iterable<string> = []): Struct {
    return toStruct(unnamed(bag), [...SECRETS[ops.kind], ...cameSecret]);
  }

  /**
   * The error of a create or update. One that carries the resource's id and properties
   * (stored, but not brought to its declared state) keeps its secret properties secret.
   */
  private writeFailed(err: unknown, urn: string, type: string, inputs: Struct | undefined): Partial<grpc.StatusObject> {
    const kind = this.ops[type || urnType(urn)]?.kind;
    if (!kind) return grpcError(err);
    const cameSecret = fromStruct(inputs).secrets;
    return grpcError(err, (props) => ({ bag: unnamed(props), secrets: [...SECRETS[kind], ...cameSecret] }));
  }

  private constructContext(): ConstructContext {
    const defaults = this.connection.monitorDefaults();
    return {
      providerRef: this.providerRef,
      namePrefix: defaults.namePrefix,
      defaultInterval: defaults.interval !== undefined,
      checkMonitor: (args) => this.ops[tokenOf("Monitor")].check(args).failures,
    };
  }

  /**
   * `List` (resource-list.ts): each result written as soon as its page is read; a bad input or
   * token ends the stream with INVALID_ARGUMENT before any request, a failed read as any RPC's error.
   */
  private async list(call: grpc.ServerWritableStream<proto.ListRequest, proto.ListResponse>): Promise<void> {
    const req = call.request;
    try {
      const items = listResources(() => this.connection.client(), {
        type: req.getToken(),
        query: fromStruct(req.getQuery()).bag,
        limit: req.getLimit(),
        pageSize: req.getPageSize(),
        continuationToken: req.getContinuationToken(),
      });
      for await (const item of items) call.write(listResponse(item));
      call.end();
    } catch (err) {
      const label = req.getToken().split(":").pop() ?? "List";
      call.emit(
        "error",
        err instanceof ListInputError
          ? { code: grpc.status.INVALID_ARGUMENT, details: err.message }
          : grpcError(toResourceError(label, err)),
      );
    }
  }

  /** The gRPC implementation: every RPC of `pulumirpc.ResourceProvider`. */
  implementation(): IResourceProviderServer {
    const reject = (what: string) => (_call: unknown, callback: (err: Partial<grpc.StatusObject>) => void) =>
      callback(unimplemented(what));
    return {
      handshake: unary(() => {
        const resp = new proto.ProviderHandshakeResponse();
        resp.setAcceptSecrets(true);
        resp.setAcceptResources(true);
        resp.setAcceptOutputs(false);
        // The engine then sends each check the stack's proposed name (pulumi:autonaming).
        resp.setSupportsAutonamingConfiguration(true);
        return resp;
      }),
      getPluginInfo: unary(() => new PluginInfo().setVersion(PACKAGE_VERSION)),
      getSchema: unary(() => new proto.GetSchemaResponse().setSchema(packageSchemaText())),
      checkConfig: unary(async (req: proto.CheckRequest) => {
        const news = fromStruct(req.getNews());
        const resp = new proto.CheckResponse();
        const { [HELD_DEFAULTS_KEY]: _given, ...settings } = news.bag;
        resp.setInputs(toStruct(...recordedSettings(settings, news.secrets)));
        const failures = providerConfigFailures(settings);
        // Only settings that can work are worth trying the way to the service (proxy, TLS).
        if (!failures.length) failures.push(...(await connectionFailures(settings)));
        resp.setFailuresList(failures.map((f) => new proto.CheckFailure().setProperty(f.property).setReason(f.reason)));
        return resp;
      }),
      diffConfig: unary((req: proto.DiffRequest) => {
        const olds = withHeldDefaults(fromStruct(req.getOlds()).bag);
        const news = withHeldDefaults(fromStruct(req.getNews()).bag);
        const changed = PROVIDER_CONFIG_FIELDS.map((f) => f.name).filter(
          (k) => (settingText(olds[k]) ?? "") !== (settingText(news[k]) ?? ""),
        );
        // A new URL or key points the provider elsewhere; its resources stay as they are.
        return diffResponse({ changed, replaces: [], deleteBeforeReplace: false }, olds, news);
      }),
      configure: unary((req: proto.ConfigureRequest) => {
        const variables = Object.fromEntries(req.getVariablesMap().toArray());
        void this.connection.close();
        this.connection = new PluginConnection(
          settingsFrom(withHeldDefaults(fromStruct(req.getArgs()).bag), variables),
        );
        this.ops = this.bind();
        this.providerRef = req.getUrn() && req.getId() ? `${req.getUrn()}::${req.getId()}` : undefined;
        const resp = new proto.ConfigureResponse();
        resp.setAcceptsecrets(true);
        resp.setAcceptresources(true);
        resp.setAcceptoutputs(false);
        resp.setSupportspreview(true);
        resp.setSupportsAutonamingConfiguration(true);
        return resp;
      }),
      invoke: unary(async (req: proto.InvokeRequest) => {
        const fn = FUNCTIONS[req.getTok()];
        if (!fn)
          throw new Error(
            `the uptime provider has no function ${req.getTok()}; it has ${Object.keys(FUNCTIONS).join(", ")}`,
          );
        const { failures, given } = parseArgs(fn.schema, fromStruct(req.getArgs()).bag);
        const resp = new proto.InvokeResponse();
        if (failures.length)
          return resp.setFailuresList(
            failures.map((f) => new proto.CheckFailure().setProperty(f.property).setReason(f.reason)),
          );
        const label = req.getTok().split(":").pop()!;
        const result = await fn
          .run(this.connection.client(), given)
          .catch((err) => Promise.reject(toResourceError(label, err)));
        return resp.setReturn(toStruct(result));
      }),
      check: unary((req: proto.CheckRequest) => {
        const ops = this.opsFor(req.getUrn(), req.getType());
        const news = fromStruct(req.getNews());
        const result = ops.check(tagged(news.bag, req.getUrn()), fromStruct(req.getOlds()).bag, autonamingOf(req));
        const resp = new proto.CheckResponse();
        resp.setInputs(withPlaintextHeaders(ops.kind, this.present(ops, result.inputs, news.secrets), req.getNews()));
        resp.setFailuresList(
          (result.failures ?? []).map((f) => new proto.CheckFailure().setProperty(f.property).setReason(f.reason)),
        );
        return resp;
      }),
      diff: unary((req: proto.DiffRequest) => {
        const ops = this.opsFor(req.getUrn(), req.getType());
        const olds = fromStruct(req.getOlds()).bag;
        const news = fromStruct(req.getNews()).bag;
        return diffResponse(ops.diff(olds, tagged(news, req.getUrn())), olds, news);
      }),
      create: unary(
        async (req: proto.CreateRequest) => {
          const ops = this.opsFor(req.getUrn(), req.getType());
          const news = fromStruct(req.getProperties());
          const resp = new proto.CreateResponse();
          if (req.getPreview())
            return resp.setProperties(this.present(ops, ops.previewOutputs(news.bag), news.secrets));
          const created = await ops.create(tagged(news.bag, req.getUrn()));
          return resp.setId(created.id).setProperties(this.present(ops, created.outs, news.secrets));
        },
        (err, req) => this.writeFailed(err, req.getUrn(), req.getType(), req.getProperties()),
      ),
      read: unary(async (req: proto.ReadRequest) => {
        const ops = this.opsFor(req.getUrn(), req.getType());
        const props = fromStruct(req.getProperties());
        const inputs = fromStruct(req.getInputs());
        // With no properties (import, `get`), the id alone says what to read.
        const known = Object.keys(props.bag).length ? tagged(props.bag, req.getUrn()) : {};
        const asked = parseImportId(req.getId());
        const found = await ops.read(asked.id, known);
        const resp = new proto.ReadResponse().setId(found.id ?? "");
        if (!found.id) return resp;
        const foundInputs = asked.secretsFromConfig
          ? withoutConfigSupplied(ops.kind, found.inputs ?? {})
          : found.inputs;
        return resp
          .setProperties(this.present(ops, found.props, props.secrets))
          .setInputs(this.present(ops, foundInputs, inputs.secrets));
      }),
      update: unary(
        async (req: proto.UpdateRequest) => {
          const ops = this.opsFor(req.getUrn(), req.getType());
          const olds = fromStruct(req.getOlds());
          const news = fromStruct(req.getNews());
          const resp = new proto.UpdateResponse();
          if (req.getPreview())
            return resp.setProperties(this.present(ops, ops.previewOutputs(news.bag, olds.bag), news.secrets));
          const updated = await ops.update(req.getId(), olds.bag, tagged(news.bag, req.getUrn()));
          return resp.setProperties(this.present(ops, updated.outs, news.secrets));
        },
        (err, req) => this.writeFailed(err, req.getUrn(), req.getType(), req.getNews()),
      ),
      delete: unary(async (req: proto.DeleteRequest) => {
        const ops = this.opsFor(req.getUrn(), req.getType());
        await ops.delete(req.getId(), tagged(fromStruct(req.getProperties()).bag, req.getUrn()));
        return new Empty();
      }),
      cancel: unary(() => new Empty()),
      attach: unary(() => new Empty()),
      parameterize: reject("Parameterize"),
      call: reject("Call"),
      construct: unary(async (req: proto.ConstructRequest) => {
        const { construct } = await import("./construct");
        return construct(req, this.constructContext());
      }),
      list: (call) => void this.list(call),
      getMapping: reject("GetMapping"),
      getMappings: reject("GetMappings"),
    };
  }
}
