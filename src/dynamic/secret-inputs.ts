/**
 * Secret fields of a dynamic resource's checked inputs, marked secret. The dynamic-provider
 * host takes no secrets, and the engine keeps a checked input secret only when the program
 * sent it so: a value `check` filled in (an alert list from the provider's `defaults`) would
 * be written to state in plaintext. Returned as the engine's secret envelope, it stays secret.
 */
import type { CheckResult } from "@pulumi/pulumi/dynamic";
import { secret } from "../runtime/secret-envelope";

/** `result` with the values of `fields` in its inputs wrapped as secrets. */
export function withSecretInputs(result: CheckResult, fields: readonly string[]): CheckResult {
  if (!result.inputs || !fields.length) return result;
  const inputs: Record<string, unknown> = { ...result.inputs };
  for (const field of fields) {
    const value = inputs[field];
    if (value !== undefined && value !== null) inputs[field] = secret(value);
  }
  return { ...result, inputs };
}
