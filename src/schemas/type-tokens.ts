/**
 * The package's name and the type tokens of its resources, through both doors: the
 * plugin's (`uptime:index:Monitor`), the dynamic provider's
 * (`pulumi-nodejs:dynamic/uptime:Monitor`) and the plugin's provider resource
 * (`pulumi:providers:uptime`). A module without imports, so that the command line, the
 * audit and the policy pack (`pulumi-uptime/type-tokens`) name them without loading a door.
 */

/** The package's name in type tokens, config keys (`uptime:baseUrl`) and the plugin's name. */
export const PACKAGE_NAME = "uptime";

/** The resources both doors manage. */
export type ResourceTypeName = "Monitor" | "Incident";

/** A type token of the plugin's package: resources, functions and object types (`uptime:index:Monitor`). */
export function pluginType(name: string): string {
  return `${PACKAGE_NAME}:index:${name}`;
}

/**
 * The type token of a dynamic resource: the `pulumi-nodejs` provider runs the serialized
 * shim, exactly as for `pulumi.dynamic.Resource`.
 */
export function dynamicType(name: ResourceTypeName): string {
  return `pulumi-nodejs:dynamic/${PACKAGE_NAME}:${name}`;
}

/** The type of the plugin's provider resources, default or declared. */
export const PROVIDER_TYPE = `pulumi:providers:${PACKAGE_NAME}`;

/** The type tokens of one resource, both doors. */
export function typesOf(name: ResourceTypeName): [plugin: string, dynamic: string] {
  return [pluginType(name), dynamicType(name)];
}
