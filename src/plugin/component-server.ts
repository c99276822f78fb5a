/**
 * The component server: a second process of the plugin, serving `Construct` with the
 * Node.js SDK's public provider API (`@pulumi/pulumi/provider`'s `main` and its `Provider`),
 * as pulumi-eks and pulumi-awsx serve their components. The SDK points its runtime at the
 * engine's monitor for each call; the component and its `Monitor` children register here as
 * ordinary `ComponentResource` and `CustomResource`s, and the SDK answers with the
 * component's URN and outputs (and which children each output comes from).
 *
 * The plugin's own service (provider-service.ts) stays the door for everything else; it
 * checks and plans the component first (construct.ts) and hands this process the plan as
 * the request's only input (`ComponentPlan`), so nothing here reads the user's inputs.
 */
// The SDK's public modules by their own paths, not its index: the index loads far more
// (about 1.5 s more of the server's start on a loaded machine).
import { secret, unknown, type Inputs } from "@pulumi/pulumi/output";
import {
  ComponentResource,
  CustomResource,
  DependencyProviderResource,
  DependencyResource,
  type ComponentResourceOptions,
} from "@pulumi/pulumi/resource";
import { main, type ConstructResult } from "@pulumi/pulumi/provider";
import { isUnknown } from "../runtime/unknowns";
import { PACKAGE_VERSION } from "./package-info";
import { PLAN_INPUT, type ChildSpec, type ComponentPlan } from "./component-plan";

type Bag = Record<string, unknown>;

class Component extends ComponentResource {
  publish(outputs: Bag): void {
    this.registerOutputs(outputs);
  }
}

class Child extends CustomResource {}

/** A child's arguments for the SDK: unknowns as its unknown, secret-fed ones as secrets. */
function childArgs(child: ChildSpec): Bag {
  const deep = (v: unknown): unknown => {
    if (isUnknown(v)) return unknown;
    if (Array.isArray(v)) return v.map(deep);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)]));
    return v;
  };
  const secretFed = new Set(child.secretArgs);
  const out: Bag = {};
  for (const [field, value] of Object.entries(child.args)) {
    const v = deep(value);
    out[field] = secretFed.has(field) ? secret(v) : v;
  }
  // Outputs the component reads back.
  out.monitorId = undefined;
  return out;
}

/** Registers the component and its children; the SDK turns the result into the response. */
async function constructComponent(
  name: string,
  type: string,
  inputs: Inputs,
  options: ComponentResourceOptions,
): Promise<ConstructResult> {
  const given = inputs[PLAN_INPUT];
  if (typeof given !== "string") throw new Error(`the component server got no plan for ${type} ${name}`);
  const plan = JSON.parse(given) as ComponentPlan;
  const deletedWith = plan.deletedWith ? new DependencyResource(plan.deletedWith) : undefined;
  const component = new Component(type, name, {}, { ...options, deletedWith });
  const provider = plan.providerRef ? new DependencyProviderResource(plan.providerRef) : undefined;
  const monitorIds: Bag = {};
  const monitorNames: Bag = {};
  for (const child of plan.children) {
    const made = new Child(child.type, child.name, childArgs(child), {
      parent: component,
      provider,
      aliases: child.formerName ? [{ name: child.formerName }] : [],
      dependsOn: child.dependsOn.map((urn) => new DependencyResource(urn)),
      deletedWith,
      customTimeouts: plan.customTimeouts,
    }) as Child & Bag;
    monitorIds[child.key] = made.monitorId;
    monitorNames[child.key] = made.name;
  }
  const state = { monitorIds, monitorNames, selector: plan.selector };
  component.publish(state);
  return { urn: component.urn, state };
}

/**
 * What the SDK is given for the engine's address: none (an empty one; it requires one). With
 * the engine's address, the SDK sends the engine a debug message for each step of each
 * registration (about 18 for a component of 4 checks), one at a time in one queue for the
 * whole process, and each Construct answers only once the queue holds none of its own: with
 * 50 Constructs at once, the last ones waited about 1 s for the others' messages
 * (docs/performance.md). Without it, the SDK writes its messages to this process's output,
 * which reaches the engine as the plugin's (the debug ones it drops).
 */
const SDK_ENGINE_ARGS = [""];

/**
 * Stack frames each `Error` records here: none. The SDK records a stack for each promise it
 * makes (several per property of each resource) and formats it through source maps right
 * away; that was about a third of this process's CPU time. Errors keep their messages, which
 * is all that reaches the engine; the SDK's own source positions of resources are unaffected
 * (it raises the limit while it takes them).
 */
const STACK_FRAMES = 0;

/**
 * Serves the component through the SDK: it prints its port on stdout, as a plugin does. The
 * process ends when its stdin closes: the plugin that started it is gone.
 */
export function serveComponents(): Promise<void> {
  process.stdin.on("end", () => process.exit(0));
  process.stdin.resume();
  Error.stackTraceLimit = STACK_FRAMES;
  return main({ version: PACKAGE_VERSION, construct: constructComponent }, SDK_ENGINE_ARGS);
}
