/**
 * The plugin's `Construct`: builds a `ServiceMonitors` component. Here, in the plugin's
 * service, the inputs are read off the wire, planned into one `Monitor` per check and each
 * child passed through the monitor's own check (with this provider's `defaults`): bad inputs
 * fail before anything is registered, naming the component, the child and the field.
 *
 * The registering is done by the plugin's component server (component-server.ts, started by
 * component-host.ts), which serves `Construct` through the Node.js SDK's public provider API,
 * as pulumi-eks and pulumi-awsx do: the SDK's runtime is never reached into. The request goes
 * to it as it came, with the plan as its only input.
 *
 * Why not the SDK's provider server for the whole plugin: it would take over every RPC (its
 * `read` fails without properties, it ignores `Configure`'s arguments, it has no detailed
 * diff), and it installs process-wide handlers for uncaught errors.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type * as proto from "@pulumi/pulumi/proto/provider_pb";
import { planServiceMonitors, fromSecret, type PlannedMonitor } from "../runtime/service-monitors/plan-children";
import { unwrapInputs } from "../runtime/secret-envelope";
import { pluginType } from "../schemas/type-tokens";
import { checkChildren, type ChildCheck } from "../runtime/service-monitors/check-children";
import { ComponentHost } from "./component-host";
import { PLAN_INPUT, type ChildSpec, type ComponentPlan } from "./component-plan";

/** What Construct needs from the configured provider process. */
export interface ConstructContext {
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

/** The component server of this plugin process, started on the first Construct. */
const host = new ComponentHost();

/** A planned monitor as the component server registers it. */
function childSpec(m: PlannedMonitor, secretPaths: Set<string>, fedBy: Map<string, string[]>): ChildSpec {
  return {
    key: m.key,
    type: pluginType("Monitor"),
    name: m.resourceName,
    formerName: m.formerResourceName,
    args: m.args,
    secretArgs: Object.keys(m.args).filter((f) => fromSecret(m.sources[f] ?? [], secretPaths)),
    dependsOn: childDependencies(m, fedBy),
  };
}

/** The component's custom timeouts, the ones it gives. */
function timeouts(given: proto.ConstructRequest.CustomTimeouts | undefined): ComponentPlan["customTimeouts"] {
  if (!given) return undefined;
  const all = { create: given.getCreate(), update: given.getUpdate(), delete: given.getDelete() };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v));
}

/**
 * The request for the component server: the engine's as it came (options, aliases, config,
 * the monitor's address), with the plan as its only input. `deletedWith` travels in the plan.
 */
function forwarded(req: proto.ConstructRequest, plan: ComponentPlan): proto.ConstructRequest {
  const out = req.cloneMessage();
  out.setInputs(Struct.fromJavaScript({ [PLAN_INPUT]: JSON.stringify(plan) }));
  out.getInputdependenciesMap().clear();
  out.setDeletedwith("");
  return out;
}

/** Runs one Construct request; throws what the engine shows as the component's problem. */
export async function construct(req: proto.ConstructRequest, ctx: ConstructContext): Promise<proto.ConstructResponse> {
  const type = req.getType();
  if (!COMPONENT_TYPES.includes(type))
    throw new Error(`the uptime provider has no component ${type}; it has ${COMPONENT_TYPES.join(", ")}`);
  const { bag, secretPaths } = unwrapInputs(req.getInputs()?.toJavaScript());
  // Bad inputs fail here, before the server starts or anything is registered.
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
  const fedBy = inputDependencies(req);
  const componentPlan: ComponentPlan = {
    children: plan.monitors.map((m) => childSpec(m, secretPaths, fedBy)),
    selector: plan.selector,
    // The engine picked this provider process for the component: its children go to it too
    // (the same settings, `defaults` and pacing), whichever provider that is.
    providerRef: ctx.providerRef,
    deletedWith: req.getDeletedwith() || undefined,
    customTimeouts: timeouts(req.getCustomtimeouts()),
  };
  return host.construct(forwarded(req, componentPlan));
}
