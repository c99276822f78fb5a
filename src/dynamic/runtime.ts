/**
 * The dynamic providers' installed runtime: what the serialized shims `require` by package
 * name (`pulumi-uptime/runtime`) in the engine's provider process. Because the code lives
 * here and not in state, `refresh` and `delete` run the installed release.
 *
 * A thin door onto the engine-neutral operations (operations.ts), connected with the
 * stack's config as the dynamic provider host hands it to `configure`. What the dynamic
 * host lacks (a log to the engine, settings checked at preview, errors printed once) is
 * supplied here and in host.ts.
 */
import type { CheckResult, ConfigureRequest, DiffResult, ResourceProvider } from "@pulumi/pulumi/dynamic";
import { toDiffResult } from "../runtime/changes";
import { withSettingsChecked } from "./check-settings";
import { configureFromStack, monitorDefaults, providerClient, usableTimeZone } from "../runtime/config";
import { dynamicProviderEngineLog, forDynamicHost } from "./host";
import { setDefaultProviderLog, stderrLog } from "../runtime/log";
import {
  incidentOperations,
  monitorOperations,
  type Bag,
  type ResourceOperations,
  type ServiceConnection,
} from "../runtime/operations";
import { UptimeResourceError } from "../runtime/user-errors";
import { MONITOR_SECRET_FIELDS } from "../runtime/monitor/monitor-props";
import { INCIDENT_FIELDS, namesWhere } from "../schemas";
import { withSecretInputs } from "./secret-inputs";
import { recordingServiceUrl } from "./record-service-url";

const SECRET_FIELDS = {
  Monitor: MONITOR_SECRET_FIELDS,
  Incident: namesWhere(INCIDENT_FIELDS.api, (f) => !!f.secret),
} as const;

// This module is the dynamic door: its warnings and notices go to the engine that started the host.
setDefaultProviderLog(() => dynamicProviderEngineLog() ?? stderrLog);

/** Receives the stack's configuration (secrets decrypted) once per provider process. */
export async function configure(req: ConfigureRequest): Promise<void> {
  configureFromStack(req.config);
}

/** The stack's settings, as `configure` recorded them, else the environment. */
const stackConnection: ServiceConnection = {
  client: providerClient,
  timeZone: () => usableTimeZone(),
  monitorDefaults: () => monitorDefaults().values,
};

// The runtime's own errors already say what to do: the engine shows them once.
const ours = (err: unknown) => err instanceof UptimeResourceError;

function dynamicProvider(ops: ResourceOperations): Required<ResourceProvider> {
  // Each write records the service it went to, for the audit (record-service-url.ts).
  const writes = recordingServiceUrl(ops, () => stackConnection.client().baseUrl);
  return forDynamicHost(
    {
      configure,
      // The dynamic host has no CheckConfig: settings are checked with every resource's check.
      // Old inputs carry a name generated before, which stays.
      check: async (olds: Bag, news: Bag): Promise<CheckResult> =>
        withSettingsChecked(withSecretInputs(ops.check(news, olds), SECRET_FIELDS[ops.kind])),
      diff: async (_id: string, olds: Bag, news: Bag): Promise<DiffResult> => toDiffResult(ops.diff(olds, news)),
      create: (news: Bag) => writes.create(news),
      read: (id: string, props?: Bag) => writes.read(id, props),
      update: (id: string, olds: Bag, news: Bag) => writes.update(id, olds, news),
      delete: (id: string, props: Bag) => ops.delete(id, props),
    },
    ours,
  );
}

/** The Monitor provider the serialized shim returns. */
export const monitor: Required<ResourceProvider> = dynamicProvider(monitorOperations(stackConnection));

/** The Incident provider the serialized shim returns. */
export const incident: Required<ResourceProvider> = dynamicProvider(incidentOperations(stackConnection));
