/**
 * Import ids that keep secrets out of the code `pulumi import` writes. Pulumi's code
 * generators write every input a provider's read returns, secret ones in plaintext (and the
 * import file's `properties` list does not narrow them: CLI v3.248 keeps all read inputs).
 * So `pulumi-uptime export --format import` writes ids such as `12:secrets-from-config`: the
 * read behind them leaves the secret-bearing inputs out (the state's outputs keep them, as
 * secrets), and the program declares those from secret stack config instead.
 */
import { MONITOR_SECRET_FIELDS } from "../runtime/monitor/monitor-props";

/** What an export's import id ends with. */
export const SECRETS_FROM_CONFIG = ":secrets-from-config";

/**
 * Inputs such a read leaves out, by resource kind: the secret fields, and the basic-auth
 * user, which is no secret but without its password (never returned) fails `check`.
 */
export const CONFIG_SUPPLIED_INPUTS: Record<string, readonly string[]> = {
  Monitor: [...MONITOR_SECRET_FIELDS, "requestAuthUsername"],
  Incident: [],
};

/** The service's id, and whether the read should leave the secret-bearing inputs out. */
export function parseImportId(id: string): { id: string; secretsFromConfig: boolean } {
  return id.endsWith(SECRETS_FROM_CONFIG)
    ? { id: id.slice(0, -SECRETS_FROM_CONFIG.length), secretsFromConfig: true }
    : { id, secretsFromConfig: false };
}

/** `inputs` without the ones the program takes from config. */
export function withoutConfigSupplied<T extends object>(kind: string, inputs: T): T {
  const left = CONFIG_SUPPLIED_INPUTS[kind] ?? [];
  return Object.fromEntries(Object.entries(inputs).filter(([k]) => !left.includes(k))) as T;
}
