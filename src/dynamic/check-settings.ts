/**
 * The settings half of every `check`, so that `preview` fails on configuration it can
 * already see is wrong rather than leaving it to `up`: missing or malformed settings fail
 * before any request; then one request per provider process (shared by every resource it
 * checks) finds out whether the key is accepted and the service can be reached. Failures
 * carry no property: the reason names the setting.
 */
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import type { UptimeClient } from "../client/client";
import { providerClient, resolveSettings, settingsProblems, type ResolvedSettings } from "../runtime/config";
import { accessProblem } from "../runtime/user-errors";

// One verdict per client (configure builds a new client), i.e. per provider process.
const verdicts = new WeakMap<UptimeClient, Promise<string | undefined>>();

function accessVerdict(client: UptimeClient): Promise<string | undefined> {
  let verdict = verdicts.get(client);
  if (!verdict) {
    // The smallest page of the list: any account with API access may read it. Only a
    // verdict about the settings fails the check; any other trouble is left to the
    // operation itself, which reports it in context.
    verdict = client.monitors.list({ per_page: 10 }).then(
      () => undefined,
      (err: unknown) => accessProblem(err),
    );
    verdicts.set(client, verdict);
  }
  return verdict;
}

// The last settings judged and the verdict: every resource's check asks, and the settings
// change only when configure runs again (a CA file named there is then read once, not per resource).
let judged: { key: string; problems: string[] } | undefined;

function problemsOf(s: ResolvedSettings): string[] {
  const key = JSON.stringify(s);
  if (judged?.key !== key) judged = { key, problems: settingsProblems(s) };
  return judged.problems;
}

/** Failures for settings that cannot work, each naming the setting to fix; none when they work. */
async function settingsFailures(): Promise<CheckFailure[]> {
  const problems = problemsOf(resolveSettings());
  if (problems.length) return problems.map((reason) => ({ property: "", reason }));
  const access = await accessVerdict(providerClient());
  return access ? [{ property: "", reason: access }] : [];
}

/** `result` with the settings' failures added. */
export async function withSettingsChecked(result: CheckResult): Promise<CheckResult> {
  const failures = await settingsFailures();
  if (!failures.length) return result;
  return { ...result, failures: [...failures, ...(result.failures ?? [])] };
}
