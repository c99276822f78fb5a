/**
 * The set-up of the files whose program reads a monitor it does not manage (the `get` and
 * `functions` fixtures): the monitor made through the API, as someone outside Pulumi would,
 * then the file's stack with the monitor's id as `fixture:monitorId`.
 */
import type { ApiMonitor } from "./api";
import type { LifecycleStack } from "./lifecycle-stack";

/** Makes `monitor` out of band, then `e2e`'s stack of `project` given its id and `config`; returns the monitor. */
export async function stackReadingAMonitor(
  e2e: LifecycleStack,
  project: string,
  monitor: Record<string, string | number | boolean>,
  config: Record<string, string> = {},
): Promise<ApiMonitor> {
  const made = await e2e.srv.api.createMonitor(monitor);
  await e2e.create({ project, config: { "fixture:monitorId": String(made.id), ...config } });
  return made;
}
