/** A monitor made outside any program with one incident on it: where the incident tests start. */
import type { Incident, IncidentCreateInput, Monitor, MonitorCreateInput, UptimeClient } from "../../src/client";

/** Creates `monitor` through `client`, then `incident` on it; answers both as the service stored them. */
export async function monitorWithIncident(
  client: UptimeClient,
  monitor: MonitorCreateInput,
  incident: Omit<IncidentCreateInput, "monitor_id">,
): Promise<{ monitor: Monitor; incident: Incident }> {
  const m = await client.monitors.create(monitor);
  return { monitor: m, incident: await client.incidents.create({ ...incident, monitor_id: m.id }) };
}
