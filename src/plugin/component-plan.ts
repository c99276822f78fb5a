/**
 * What the plugin's door (construct.ts) hands its component server (component-server.ts)
 * for one component, and how that server is started. Apart from the server so that the
 * door loads none of the SDK's runtime.
 */

/** One child of the component, as the plugin's door planned it. */
export interface ChildSpec {
  /** The key of its check (the component's outputs are keyed by it). */
  key: string;
  type: string;
  name: string;
  /** Its name before a rename: an alias, so the monitor is kept. */
  formerName?: string;
  /** Its arguments; the engine's unknown placeholder where a value is not known yet. */
  args: Record<string, unknown>;
  /** The arguments fed by a secret input: they stay secret. */
  secretArgs: string[];
  /** URNs of the resources its arguments come from. */
  dependsOn: string[];
}

/** What the plugin's door hands this process for one component: the request's only input, `PLAN_INPUT`. */
export interface ComponentPlan {
  children: ChildSpec[];
  selector: string;
  /** The provider the children go to (`<urn>::<id>`); without it, the component's (the SDK's inheritance). */
  providerRef?: string;
  /** The URN the component's resources are deleted with (the SDK 3.248 misreads a bare URN there). */
  deletedWith?: string;
  /** The component's custom timeouts, for its children (the SDK 3.248 drops `delete` from them). */
  customTimeouts?: { create?: string; update?: string; delete?: string };
}

/** The input that carries the plan, as JSON text (the SDK passes a plain string through as it is). */
export const PLAN_INPUT = "plan";

/** The environment variable that makes the plugin's executable this server. */
export const COMPONENT_SERVER_ENV = "PULUMI_UPTIME_COMPONENT_SERVER";
