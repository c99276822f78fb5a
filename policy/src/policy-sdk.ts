/**
 * The policy SDK's own module instances. The pack adjusts a few of them before the SDK serves
 * (secret-paths.ts, remediate-declined.ts, sdk-index-on-demand.ts), so it must reach the very
 * files the SDK's `require` gives, not copies resolved from elsewhere.
 */
import * as path from "node:path";

const SDK_DIR = path.dirname(require.resolve("@pulumi/policy"));

/** The file `require(id)` gives inside the policy SDK (`./deserialize.js`, `@pulumi/pulumi`, …). */
export function resolveInSdk(id: string): string {
  return require.resolve(id, { paths: [SDK_DIR] });
}

/** The module `require(id)` gives inside the policy SDK: the instance the SDK itself uses. */
export function requireInSdk<T>(id: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the SDK's own module instance
  return require(resolveInSdk(id)) as T;
}
