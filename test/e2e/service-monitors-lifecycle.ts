/**
 * One lifecycle of a `ServiceMonitors` program, the same in every language: a fixture
 * declaring the component `checkout` with three checks (health, home, api), run on one
 * stack (named `e2e`, `uptime:defaults` giving namePrefix `acme-`, interval 900 and
 * sslAlertDays 14). Each language's program says how a user edits it (`edits`); the steps
 * and what they must show are shared:
 *
 * 1. bad input (a path without `/`) fails preview naming the component and the field,
 *    with no request beyond the settings' check; so does a path the plan accepts but the
 *    child monitor's own check refuses, naming the check, the child and the field;
 * 2. `up` makes the three monitors with the convention's names and the layered values;
 *    `preview --expect-no-changes` passes; no secret in state or output;
 * 3. a `formerly` rename keeps the monitor's id and changes only its name;
 * 4. removing a check deletes its monitor only;
 * 5. a changed `baseUrl` updates the remaining monitors' URLs in place.
 */
import { describe, expect, it } from "vitest";
import { byName, failed, ok, summary, type E2EStack, type StackOptions } from "./harness";
import { lifecycleStack, type LifecycleStack } from "./lifecycle-stack";
import { asList, requestsBeyondSettingsCheck } from "./api";
import { expectNoLeaks } from "./plugin-fixtures";
import { randomBytes } from "node:crypto";

/** How a user edits the program: each returns the file's new text. */
export interface ServiceMonitorsEdits {
  /** The program's file. */
  file: string;
  /** `/health` → `health`. */
  badPath(text: string): string;
  /** `/api/status` → `/api status`: a path the plan accepts but whose URL the monitor's check refuses. */
  badChildUrl(text: string): string;
  /** The key `home` becomes `root`, with `formerly: home`. */
  rename(text: string): string;
  /** The `api` check removed. */
  dropApi(text: string): string;
}

/** The monitor type the program's children have. */
export interface ServiceMonitorsProgram {
  title: string;
  /** The stack (project fixture and extra options); its config gets the secrets and the defaults here. */
  stack: Omit<StackOptions, "server" | "config"> & { config?: StackOptions["config"] };
  /** The children's resource type. */
  monitorType: string;
  edits: ServiceMonitorsEdits;
  /** Options of the file's local server, e.g. `{ checks: true }` for a program whose `afterUp` runs checks. */
  server?: NonNullable<Parameters<typeof lifecycleStack>[0]>["server"];
  /** More checks right after the first `up` (the YAML program: the tools see the children). */
  afterUp?(e2e: LifecycleStack, names: string[]): Promise<void>;
  /** Readies the copied project (a venv, go.sum); returns the environment its commands need. */
  prepare?(dir: string): Promise<Record<string, string>>;
}

/** `files` (an import-programs project) with its Pulumi.yaml naming the project `name`. */
export function renamed(files: Record<string, string>, name: string): Record<string, string> {
  return { ...files, "Pulumi.yaml": files["Pulumi.yaml"].replace(/^name: .*$/m, `name: ${name}`) };
}

/** `(e2e stack) acme-e2e/checkout/<key>`. */
const nameOf = (key: string) => `acme-e2e/checkout/${key}`;

/** Sets the stack's defaults as a team would. */
async function teamDefaults(stack: E2EStack): Promise<void> {
  await stack.setConfig("uptime:defaults.namePrefix", "acme-", false, true);
  await stack.setConfig("uptime:defaults.interval", "900", false, true);
  await stack.setConfig("uptime:defaults.sslAlertDays", "14", false, true);
}

export function serviceMonitorsLifecycle(program: ServiceMonitorsProgram): void {
  describe(program.title, () => {
    const hex = randomBytes(6).toString("hex");
    const secrets = { oncall: `oncall-${hex}@example.com`, token: `probe-token-${hex}` };
    const e2e = lifecycleStack({
      server: program.server,
      stack: async (srv) => {
        const { E2EStack } = await import("./harness");
        const stack = await E2EStack.create({
          ...program.stack,
          server: srv,
          config: {
            ...(program.stack.config ?? {}),
            oncall: { value: secrets.oncall, secret: true },
            probeToken: { value: secrets.token, secret: true },
          },
        });
        for (const [k, v] of Object.entries((await program.prepare?.(stack.dir)) ?? {})) stack.setEnv(k, v);
        await teamDefaults(stack);
        return stack;
      },
    });
    const { file } = program.edits;
    const ids = async () =>
      Object.fromEntries((await e2e.srv.api.monitors()).map((m) => [m.name, m.id])) as Record<string, number>;

    it("bad input, the component's or a child's, fails preview naming the component and the field, before any request", async () => {
      const original = { text: "" };
      e2e.stack.editFile(file, (t) => ((original.text = t), program.edits.badPath(t)));
      const from = e2e.srv.server.requests.length;
      const bad = failed(await e2e.stack.preview());
      expect(bad.output).toMatch(/ServiceMonitors "checkout": [^\n]*checks\.health\.path: must start with "\/"/);
      expect(requestsBeyondSettingsCheck(e2e.srv.server, from)).toEqual([]);
      e2e.stack.editFile(file, () => original.text);
      // The child's own problem, not the engine's torn-down call ("the client connection is closing").
      e2e.stack.editFile(file, program.edits.badChildUrl);
      const child = failed(await e2e.stack.preview());
      expect(child.output).toMatch(
        /ServiceMonitors "checkout": check "api" \(monitor "checkout-api"\): field "url": [^\n]*not a valid http or https URL/,
      );
      expect(child.output).not.toContain("connection is closing");
      expect(requestsBeyondSettingsCheck(e2e.srv.server, from)).toEqual([]);
      e2e.stack.editFile(file, () => original.text);
    });

    it("up makes one monitor per check with the convention's names and the layered values", async () => {
      ok(await e2e.stack.up());
      const monitors = await e2e.srv.api.monitors();
      expect(monitors.map((m) => m.name).sort()).toEqual([nameOf("api"), nameOf("health"), nameOf("home")]);
      const health = await e2e.srv.api.monitorNamed(nameOf("health"));
      // Its own interval wins; the group's alerts; the provider's sslAlertDays.
      expect(health).toMatchObject({
        url: "https://checkout.example.com/health",
        interval: 60,
        alert_condition: "url_no_text",
        alert_text_lookup: "ok",
        ssl_alert_days: 14,
      });
      expect(asList(health.alerts)).toEqual([{ key: "email", value: secrets.oncall }]);
      // The group's interval wins over the provider's 900.
      expect(await e2e.srv.api.monitorNamed(nameOf("home"))).toMatchObject({
        url: "https://checkout.example.com/",
        interval: 300,
        alert_condition: "url_unavailable",
      });
      const api = await e2e.srv.api.monitorNamed(nameOf("api"));
      expect(api).toMatchObject({ alert_condition: "url_text", alert_text_lookup: "error", interval: 300 });
      expect(asList(api.request_headers)).toEqual([{ key: "X-Probe-Token", value: secrets.token }]);

      const children = await e2e.stack.resources(program.monitorType);
      expect(children.map((c) => c.parent?.split("::").pop()).sort()).toEqual(["checkout", "checkout", "checkout"]);
      const outputs = await e2e.stack.outputs();
      expect(outputs.selector).toBe("acme-e2e/checkout/");
      expect(outputs.names).toEqual({ health: nameOf("health"), home: nameOf("home"), api: nameOf("api") });
      expect(outputs.ids).toEqual({ health: health.id, home: (await ids())[nameOf("home")], api: api.id });

      ok(await e2e.stack.preview(["--expect-no-changes"]));
      expectNoLeaks(e2e.stack, [e2e.srv.apiKey, secrets.oncall, secrets.token]);
      await program.afterUp?.(e2e, [nameOf("api"), nameOf("health"), nameOf("home")]);
    });

    it("a formerly rename keeps the monitor's id and changes only its name", async () => {
      const before = await ids();
      e2e.stack.editFile(file, program.edits.rename);
      // One update (the name), nothing created, deleted or replaced.
      expect(summary(ok(await e2e.stack.preview()).output)).toEqual({ update: 1, unchanged: 4 });
      ok(await e2e.stack.up());
      const after = await ids();
      expect(after[nameOf("root")]).toBe(before[nameOf("home")]);
      expect(after[nameOf("home")]).toBeUndefined();
      expect(Object.keys(after).sort()).toEqual([nameOf("api"), nameOf("health"), nameOf("root")]);
      ok(await e2e.stack.preview(["--expect-no-changes"]));
    });

    it("removing a check deletes its monitor only", async () => {
      const before = await ids();
      e2e.stack.editFile(file, program.edits.dropApi);
      expect(summary(ok(await e2e.stack.up()).output)).toEqual({ delete: 1, unchanged: 4 });
      expect(await ids()).toEqual({
        [nameOf("health")]: before[nameOf("health")],
        [nameOf("root")]: before[nameOf("root")],
      });
    });

    it("a changed baseUrl updates every monitor's URL in place", async () => {
      const before = await ids();
      e2e.stack.editFile(file, (t) => t.replaceAll("https://checkout.example.com", "https://shop.example.com"));
      const diff = ok(await e2e.stack.preview(["--diff"]));
      expect(summary(diff.output)).toEqual({ update: 2, unchanged: 2 });
      expect(diff.output).toMatch(
        /~ url\s*: "https:\/\/checkout\.example\.com\/health" => "https:\/\/shop\.example\.com\/health"/,
      );
      ok(await e2e.stack.up());
      expect(await ids()).toEqual(before);
      expect((await e2e.srv.api.monitorNamed(nameOf("health"))).url).toBe("https://shop.example.com/health");
      expect((await e2e.srv.api.monitorNamed(nameOf("root"))).url).toBe("https://shop.example.com/");
      const children = await e2e.stack.resources(program.monitorType);
      expect(byName(children, "checkout-health").id).toBe(String(before[nameOf("health")]));
      expectNoLeaks(e2e.stack, [e2e.srv.apiKey, secrets.oncall, secrets.token]);
    });
  });
}
