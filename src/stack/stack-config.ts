/**
 * A stack's config through `pulumi config`: read decrypted into memory, and secret values
 * stored encrypted. The CLI knows the secrets provider and the passphrase.
 */
import { pulumiOutput, type StackTarget } from "./pulumi-command";

/** The stack's config, decrypted, keyed `namespace:key` (string values only). */
export async function readStackConfig(target: StackTarget): Promise<Map<string, string>> {
  const json = JSON.parse(await pulumiOutput(target, ["config", "--show-secrets", "--json"])) as Record<
    string,
    { value?: unknown }
  >;
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(json)) {
    if (typeof v?.value === "string") out.set(k, v.value);
  }
  return out;
}

/** Stores `value` as secret config `key` of the stack (passed on stdin, never on a command line). */
export async function setStackSecret(target: StackTarget, key: string, value: string): Promise<void> {
  await pulumiOutput(target, ["config", "set", "--secret", key], value);
}
