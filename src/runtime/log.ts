/**
 * Where the providers' warnings go. Engine neutral: each door (the dynamic-provider shim,
 * the provider plugin) sets the sink that reaches its engine; until one does, warnings go
 * to stderr, which the engine shows as the provider's output. Some warnings are worth
 * saying once per provider process, not once per resource (`warnOnce`).
 */

/** Receives the providers' warnings and notices. */
export interface ProviderLog {
  /** Shows `message` as a warning, attached to the resource `urn` when given. */
  warn(message: string, urn?: string): Promise<void>;
  /** Shows `message` as information (which monitor was adopted, say), attached to `urn` when given. */
  info(message: string, urn?: string): Promise<void>;
}

/**
 * Warnings on stderr, which the engine shows as the provider's output (not as warnings).
 * Notices are informational only: without an engine to show them, they are dropped.
 */
export const stderrLog: ProviderLog = {
  async warn(message) {
    process.stderr.write(`warning: ${message}\n`);
  },
  async info() {
    // Nothing: a notice on stderr would read as trouble.
  },
};

let sink: ProviderLog | undefined;
let makeDefault: () => ProviderLog = () => stderrLog;
const said = new Set<string>();

/** Sets the sink (a door does this; tests too). `undefined` goes back to the default. Forgets what was said once. */
export function setProviderLog(log: ProviderLog | undefined): void {
  sink = log;
  said.clear();
}

/** Sets how the default sink is made when no door set one (the dynamic door's engine log). */
export function setDefaultProviderLog(make: () => ProviderLog): void {
  makeDefault = make;
}

/** The sink in use. */
export function providerLog(): ProviderLog {
  sink ??= makeDefault();
  return sink;
}

/** Warns unless a warning with this `key` was given already by this process. Never throws. */
export async function warnOnce(key: string, message: string, urn?: string): Promise<void> {
  if (said.has(key)) return;
  said.add(key);
  await providerLog()
    .warn(message, urn)
    .catch(() => stderrLog.warn(message));
}
