/**
 * Resources of a stack's state as `pulumi stack export` lists them, for the tests that read
 * monitors and their providers out of a state: the stack itself and an explicit provider.
 */
import type { StateResource } from "../../src/stack/state-resource";

/** The `pulumi:pulumi:Stack` resource of `stackUrn` (`urn:pulumi:<stack>::<project>`), named `name`. */
export const stackResource = (stackUrn: string, name: string): StateResource =>
  ({ urn: `${stackUrn}::pulumi:pulumi:Stack::${name}`, type: "pulumi:pulumi:Stack", custom: false }) as StateResource;

/** An explicit uptime provider at `urn` with id `id`, declared with `inputs`. */
export const uptimeProvider = (urn: string, id: string, inputs: Record<string, unknown>): StateResource =>
  ({ urn, type: "pulumi:providers:uptime", id, custom: true, inputs }) as StateResource;
