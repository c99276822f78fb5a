/**
 * The plugin's `Construct`: builds a `ServiceMonitors` component in the plugin's own
 * process. The engine hands over its monitor's address, the stack, the config and the
 * options; a Pulumi Node.js runtime is pointed at that monitor for the duration of the
 * call (one async-local store per call, so calls may overlap), registers the component and
 * one `Monitor` per check as its children, and answers with the component's URN and outputs.
 *
 * Why not the Node SDK's provider server: it would take over every RPC of the plugin (its
 * `read` fails without properties, it ignores `Configure`'s arguments), and it installs
 * process-wide handlers for uncaught errors. Only its runtime is used here, loaded on the
 * first Construct: programs without components never load it. Its clients of the engine are
 * shared by every call (engine-clients.ts), and each child passes the monitor's own check
 * before any is registered: a child the engine failed would tear the call down, and the
 * component would report only a closing connection.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type * as proto from "@pulumi/pulumi/proto/provider_pb";
import type { Alias } from "@pulumi/pulumi/proto/alias_pb";
import type { Alias as RuntimeAlias } from "@pulumi/pulumi/resource";
import { planServiceMonitors, fromSecret, type PlannedMonitor } from "../runtime/service-monitors/plan-children";
import { isUnknown } from "../runtime/unknowns";
import { unwrapInputs } from "../runtime/secret-envelope";
import { pluginType } from "../schemas/type-tokens";
import { checkChildren, type ChildCheck } from "../runtime/service-monitors/check-children";
import { EngineClients } from "./engine-clients";

/** What Construct needs from the configured provider process. */
export interface ConstructContext {
  /** The engine's address (the plugin's first argument). */
  engineAddress?: string;
  /** This provider's reference (`<urn>::<id>`), from Configure: the children use the component's provider. */
  providerRef?: string;
  /** The provider's `defaults.namePrefix`. */
  namePrefix?: string;
  /** Whether the provider's `defaults` give an interval. */
  defaultInterval?: boolean;
  /** The provider's own check of a monitor (its `defaults` included): each child passes it before registering. */
  checkMonitor?: ChildCheck;
}

/** The component types the plugin constructs. */
const COMPONENT_TYPES = [pluginType("ServiceMonitors")];

/* eslint-disable @typescript-eslint/no-require-imports -- the Node.js runtime is loaded on the first Construct only */
function sdk() {
  return {
    resource: require("@pulumi/pulumi/resource") as typeof import("@pulumi/pulumi/resource"),
    output: require("@pulumi/pulumi/output") as typeof import("@pulumi/pulumi/output"),
    settings: require("@pulumi/pulumi/runtime/settings") as typeof import("@pulumi/pulumi/runtime/settings") & {
      awaitFeatureSupport(): Promise<void>;
      waitForRPCs(): Promise<void>;
      grpcClientOptions: object;
    },
    config: require("@pulumi/pulumi/runtime/config") as typeof import("@pulumi/pulumi/runtime/config"),
    rpc: require("@pulumi/pulumi/runtime/rpc") as typeof import("@pulumi/pulumi/runtime/rpc"),
    grpc: require("@grpc/grpc-js") as typeof import("@grpc/grpc-js"),
    monitorRpc: require("@pulumi/pulumi/proto/resource_grpc_pb") as {
      ResourceMonitorClient: new (address: string, creds: unknown, options: unknown) => { close(): void };
    },
    engineRpc: require("@pulumi/pulumi/proto/engine_grpc_pb") as {
      EngineClient: new (address: string, creds: unknown, options: unknown) => { close(): void };
    },
    state: require("@pulumi/pulumi/runtime/state") as {
      withLocalStorage<T>(fn: () => Promise<T>): Promise<T>;
      getStore(): Record<string, unknown> & { settings: { monitor?: unknown; engine?: unknown } };
    },
  };
}
/* eslint-enable @typescript-eslint/no-require-imports */

type Bag = Record<string, unknown>;

/**
 * What the engine's monitor supports, as the runtime records it in its store (`supportsSecrets`,
 * …): asked once per monitor (eleven calls), not once per component, since every Construct of
 * a deployment talks to the same monitor.
 */
let features: { monitor: string; flags: Bag } | undefined;

async function withFeatureSupport(s: ReturnType<typeof sdk>, monitor: string): Promise<void> {
  const store = s.state.getStore();
  if (features?.monitor === monitor) {
    Object.assign(store, features.flags);
    return;
  }
  await s.settings.awaitFeatureSupport();
  features = { monitor, flags: Object.fromEntries(Object.entries(store).filter(([k]) => k.startsWith("supports"))) };
}

/** The plugin process's clients of the engine: shared by every Construct (engine-clients.ts). */
const clients = new EngineClients();

/** Hands this call's runtime the shared clients, so that it makes none of its own. */
function useSharedClients(s: ReturnType<typeof sdk>, monitorAddress: string, engineAddress: string): void {
  const { settings } = s.state.getStore();
  const insecure = s.grpc.credentials.createInsecure();
  const options = s.settings.grpcClientOptions;
  settings.monitor = clients.get(
    "monitor",
    monitorAddress,
    (a) => new s.monitorRpc.ResourceMonitorClient(a, insecure, options),
  );
  settings.engine = clients.get("engine", engineAddress, (a) => new s.engineRpc.EngineClient(a, insecure, options));
}

/** A monitor's arguments for the runtime: unknowns as its unknown, secret-sourced values as secrets. */
function runtimeArgs(m: PlannedMonitor, secretPaths: Set<string>, s: ReturnType<typeof sdk>): Bag {
  const deep = (v: unknown): unknown => {
    if (isUnknown(v)) return s.output.unknown;
    if (Array.isArray(v)) return v.map(deep);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)]));
    return v;
  };
  const out: Bag = {};
  for (const [field, value] of Object.entries(m.args)) {
    const v = deep(value);
    out[field] = fromSecret(m.sources[field] ?? [], secretPaths) ? s.output.secret(v) : v;
  }
  // Outputs the component reads back.
  out.monitorId = undefined;
  return out;
}

/**
 * An alias of the component as the runtime takes it. The engine sends a URN, or a spec
 * (what a program wrote, e.g. `{ name: "old" }`) for it to resolve: dropping the spec would
 * make a renamed component and its children new resources, and fail on the monitors the old
 * ones still hold. An empty field means "as now"; no parent is the runtime's own `parent: undefined`.
 */
function runtimeAlias(a: Alias): string | RuntimeAlias | undefined {
  if (a.hasUrn()) return a.getUrn();
  const spec = a.getSpec();
  if (!spec) return undefined;
  const given = { name: spec.getName(), type: spec.getType(), stack: spec.getStack(), project: spec.getProject() };
  const alias: RuntimeAlias = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== ""));
  if (spec.hasParenturn()) alias.parent = spec.getParenturn();
  else if (spec.getNoparent()) alias.parent = undefined;
  return alias;
}

/** Per top-level input, the URNs of the resources its value came from, as the engine says. */
function inputDependencies(req: proto.ConstructRequest): Map<string, string[]> {
  const out = new Map<string, string[]>();
  req.getInputdependenciesMap().forEach((deps, key) => out.set(key, deps.getUrnsList()));
  return out;
}

/**
 * The resources a child's arguments came from (through the inputs its fields are built
 * from): it depends on them, as a resource given those values directly would.
 */
function childDependencies(m: PlannedMonitor, fedBy: Map<string, string[]>): string[] {
  const urns = new Set<string>();
  for (const sources of Object.values(m.sources))
    for (const source of sources) for (const urn of fedBy.get(source.split(/[.[]/)[0]) ?? []) urns.add(urn);
  return [...urns];
}

/** A registered resource's URN (the runtime's own promise of it, not public in its types). */
function urnOf(r: { urn: unknown }): Promise<string> {
  return (r.urn as { promise(): Promise<string> }).promise();
}

/** Runs one Construct request; throws what the engine shows as the component's problem. */
export async function construct(req: proto.ConstructRequest, ctx: ConstructContext): Promise<proto.ConstructResponse> {
  const type = req.getType();
  if (!COMPONENT_TYPES.includes(type))
    throw new Error(`the uptime provider has no component ${type}; it has ${COMPONENT_TYPES.join(", ")}`);
  const { bag, secretPaths } = unwrapInputs(req.getInputs()?.toJavaScript());
  // Bad inputs fail here, before the runtime connects or anything is registered.
  const plan = planServiceMonitors(bag, {
    component: req.getName(),
    stack: req.getStack(),
    namePrefix: ctx.namePrefix,
    defaultInterval: ctx.defaultInterval,
  });
  // A child the monitor's own check refuses fails here too, naming the child and the field.
  if (ctx.checkMonitor)
    checkChildren(req.getName(), plan.monitors, ctx.checkMonitor, (m, f) =>
      fromSecret(m.sources[f] ?? [], secretPaths),
    );
  if (!ctx.engineAddress) throw new Error("the uptime provider was started without the engine's address");
  const s = sdk();
  const ProviderPb = (await import("@pulumi/pulumi/proto/provider_pb")) as typeof proto;
  return s.state.withLocalStorage(async () => {
    s.settings.resetOptions(
      req.getProject(),
      req.getStack(),
      req.getParallel(),
      ctx.engineAddress!,
      req.getMonitorendpoint(),
      req.getDryrun(),
      req.getOrganization(),
    );
    useSharedClients(s, req.getMonitorendpoint(), ctx.engineAddress!);
    await withFeatureSupport(s, req.getMonitorendpoint());
    s.config.setAllConfig(Object.fromEntries(req.getConfigMap().toArray()), req.getConfigsecretkeysList());

    const { ComponentResource, CustomResource, DependencyResource, DependencyProviderResource } = s.resource;
    class Component extends ComponentResource {
      publish(outputs: Bag): void {
        this.registerOutputs(outputs);
      }
    }
    class Child extends CustomResource {}
    const aliases = req.getAliasesList().flatMap((a) => runtimeAlias(a) ?? []);
    const component = new Component(
      type,
      req.getName(),
      {},
      {
        parent: req.getParent() ? new DependencyResource(req.getParent()) : undefined,
        aliases,
        protect: req.getProtect(),
        dependsOn: req.getDependenciesList().map((urn) => new DependencyResource(urn)),
        retainOnDelete: req.getRetainondelete(),
      },
    );
    // The engine picked this provider process for the component: its children go to it too
    // (the same settings, `defaults` and pacing), whichever provider that is.
    const provider = ctx.providerRef ? new DependencyProviderResource(ctx.providerRef) : undefined;
    const monitorIds: Bag = {};
    const monitorNames: Bag = {};
    const fedBy = inputDependencies(req);
    for (const m of plan.monitors) {
      const child = new Child(pluginType("Monitor"), m.resourceName, runtimeArgs(m, secretPaths, s), {
        parent: component,
        provider,
        aliases: m.formerResourceName ? [{ name: m.formerResourceName }] : [],
        dependsOn: childDependencies(m, fedBy).map((urn) => new DependencyResource(urn)),
      }) as Child & Record<string, unknown>;
      monitorIds[m.key] = child.monitorId;
      monitorNames[m.key] = child.name;
    }
    const outputs = { monitorIds, monitorNames, selector: plan.selector };
    component.publish(outputs);

    const resp = new ProviderPb.ConstructResponse();
    resp.setUrn(await urnOf(component));
    const [state, dependsOn] = await s.rpc.serializeResourceProperties(`construct(${type}, ${req.getName()})`, outputs);
    resp.setState(Struct.fromJavaScript(state as Parameters<typeof Struct.fromJavaScript>[0]));
    // Which children each output comes from: what reads `monitorIds` depends on them, not only on the component.
    for (const [key, resources] of dependsOn) {
      const deps = new ProviderPb.ConstructResponse.PropertyDependencies();
      deps.setUrnsList(await Promise.all([...resources].map(urnOf)));
      resp.getStatedependenciesMap().set(key, deps);
    }
    await s.settings.waitForRPCs();
    return resp;
  });
}
