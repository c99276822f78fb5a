/**
 * Where a provider instance of the plugin finds the service: its own inputs first (an
 * explicit provider's arguments; for the default provider the engine passes the stack's
 * `uptime:*` config as inputs), then the stack's `uptime:*` config (which the engine hands
 * every provider process as PULUMI_CONFIG), then the environment (UPTIME_*).
 */
import { UptimeClient } from "../client/client";
import { connectionProblem } from "../client/connection-check";
import {
  clientFor,
  clientOptionsFor,
  monitorDefaults,
  settingText,
  missingSettingsMessage,
  networkSettingProblems,
  numericSetting,
  NUMERIC_SETTINGS,
  resolveSettings,
  type NumericSettingKey,
  type ProviderSettings,
} from "../runtime/config";
import type { ServiceConnection } from "../runtime/operations";
import { readMonitorDefaults, type MonitorDefaults } from "../runtime/monitor/team-defaults";
import { isUnknown } from "../runtime/unknowns";
import { PROVIDER_CONFIG_FIELDS, providerConfigSchema, propertyPath } from "../schemas";
import type { Bag } from "./wire";

const KEYS = PROVIDER_CONFIG_FIELDS.map((f) => f.name) as (keyof ProviderSettings)[];

/**
 * The stack's config of this package, as the engine passes it in PULUMI_CONFIG (`{"baseUrl": ...}`).
 */
function stackConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  try {
    const all = JSON.parse(env.PULUMI_CONFIG ?? "{}") as Record<string, unknown>;
    return pick(all);
  } catch {
    return {};
  }
}

/**
 * The settings in `bag`: strings (stack config), numbers for the numeric settings and an
 * object for `defaults` (typed inputs; kept as its JSON text, as stack config gives it).
 */
function pick(bag: Bag): ProviderSettings {
  const out: Record<string, string | number> = {};
  for (const k of KEYS) {
    const v = bag[k];
    if ((typeof v === "string" && v !== "" && !isUnknown(v)) || typeof v === "number") out[k] = v;
    else if (k === "defaults" && v && typeof v === "object" && !isUnknown(v)) out[k] = settingText(v)!;
  }
  return out as ProviderSettings;
}

/**
 * A provider instance's settings from Configure: its inputs, then the stack config, then (at
 * use) the environment. The inputs are `args` whenever the engine sends any; the older
 * `uptime:config:<key>` variables only when it sends none. Engines that send both copy every
 * arg into the variables as text, a null as the string "null" (`pulumi do` sends a null for
 * each setting it was not given), so the variables must never win over `args`.
 */
export function settingsFrom(
  inputs: Bag,
  variables: Record<string, string> = {},
  stack: ProviderSettings = stackConfigFromEnv(),
): ProviderSettings {
  const fromVariables: Bag = {};
  for (const [k, v] of Object.entries(variables)) fromVariables[k.replace(/^uptime:(config:)?/, "")] = v;
  const own = pick(Object.keys(inputs).length ? inputs : fromVariables);
  const out: Record<string, string | number | undefined> = {};
  for (const k of KEYS) out[k] = own[k] ?? stack[k];
  return out as ProviderSettings;
}

/** A connection that builds its client once, on first use. */
export class PluginConnection implements ServiceConnection {
  private built?: UptimeClient;

  constructor(private readonly settings: ProviderSettings) {}

  client(): UptimeClient {
    this.built ??= clientFor(this.settings);
    return this.built;
  }

  timeZone(): string {
    return resolveSettings(this.settings).timeZone;
  }

  monitorDefaults(): MonitorDefaults {
    return monitorDefaults(resolveSettings(this.settings)).values;
  }

  /** Releases the client's connections. */
  async close(): Promise<void> {
    await this.built?.close();
  }
}

/** A failure of CheckConfig: the setting, and why. */
interface ConfigFailure {
  property: string;
  reason: string;
}

/**
 * CheckConfig: every setting valid, and the service reachable in principle (a URL and a
 * key from somewhere). Unknown values (an explicit provider fed by another resource during
 * preview) are not judged. Values are never repeated in a reason: the key is a secret.
 */
export function providerConfigFailures(inputs: Bag, stack: ProviderSettings = stackConfigFromEnv()): ConfigFailure[] {
  const failures: ConfigFailure[] = [];
  for (const key of Object.keys(inputs)) {
    if (
      KEYS.includes(key as keyof ProviderSettings) ||
      key === "version" ||
      key === "pluginDownloadURL" ||
      key.startsWith("__")
    )
      continue;
    failures.push({
      property: key,
      reason: `${key}: is not a setting of the uptime provider; allowed: ${KEYS.join(", ")}`,
    });
  }
  const known: Bag = {};
  // A null is a setting not given (`pulumi do` sends one for each setting it was not given).
  for (const k of KEYS)
    if (inputs[k] !== undefined && inputs[k] !== null && inputs[k] !== "" && !isUnknown(inputs[k]))
      known[k] = inputs[k];
  // The defaults are judged on their own below: their problems must never repeat a secret part.
  const wire = Object.fromEntries(
    PROVIDER_CONFIG_FIELDS.map((f) => [f.wire, f.name === "defaults" ? undefined : known[f.name]]),
  );
  const parsed = providerConfigSchema.safeParse(wire);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const property = propertyPath(issue.path as PropertyKey[]);
      // A bad number is shown (it is no secret), so the user sees what was read.
      const shown = NUMERIC_SETTINGS.includes(property as NumericSettingKey)
        ? `; got ${JSON.stringify(known[property])}`
        : "";
      const message = property === "apiKey" ? issue.message.replace(/".*"/, "the value") : issue.message;
      failures.push({ property: property === "apiKey" ? "" : property, reason: `${property}: ${message}${shown}` });
    }
  }
  for (const reason of readMonitorDefaults(known.defaults).problems) failures.push({ property: "", reason });
  if (failures.length) return failures;
  const resolved = resolveSettings(settingsFrom(inputs, {}, stack));
  const missing = (["baseUrl", "apiKey"] as const).filter((k) => !resolved[k] && !isUnknown(inputs[k]));
  if (missing.length) failures.push({ property: "", reason: missingSettingsMessage([...missing]) });
  // Settings from the stack config or the environment (not inputs, judged above), named as set there.
  for (const key of NUMERIC_SETTINGS) {
    if (known[key] !== undefined || isUnknown(inputs[key])) continue;
    const problem = numericSetting(key, resolved).problem;
    if (problem) failures.push({ property: "", reason: problem });
  }
  const fromElsewhere = { ...resolved };
  for (const key of ["proxyUrl", "caCertificates"] as const) {
    if (known[key] !== undefined || isUnknown(inputs[key])) delete fromElsewhere[key];
  }
  for (const reason of networkSettingProblems(fromElsewhere)) failures.push({ property: "", reason });
  if (known.defaults === undefined && !isUnknown(inputs.defaults))
    for (const reason of monitorDefaults(resolved).problems) failures.push({ property: "", reason });
  return failures;
}

/**
 * CheckConfig's last step, for settings that passed `providerConfigFailures`: the way to the service
 * tried without a request (connection-check.ts): one tunnel through the proxy in effect
 * (`proxyUrl`, or `HTTPS_PROXY`/`HTTP_PROXY` not bypassed by `NO_PROXY`) and, for an https
 * service, one TLS handshake, each closed before any HTTP is sent. So a proxy that refuses
 * or a certificate that is not trusted fails preview, which sends the service nothing; a
 * service that cannot be reached does not. Once per process for the same service, proxy and CAs.
 */
export async function connectionFailures(
  inputs: Bag,
  stack: ProviderSettings = stackConfigFromEnv(),
): Promise<ConfigFailure[]> {
  // An explicit provider fed by another resource is judged when its values are known.
  if (KEYS.some((k) => isUnknown(inputs[k]))) return [];
  const problem = await connectionProblem(clientOptionsFor(settingsFrom(inputs, {}, stack)));
  return problem ? [{ property: "", reason: problem.message }] : [];
}
