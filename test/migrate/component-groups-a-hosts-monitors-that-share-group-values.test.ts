/**
 * `--component`: the monitors of one host that share the component's group values (alerts,
 * expiry days) become the checks of one ServiceMonitors in the YAML program, each check with
 * the fields the monitor had (path, method, the text to expect or forbid, interval, paused,
 * basic auth read from config); monitors whose group values differ stay plain, and the report
 * says of each grouped one that its name on the service changes and it is created, not adopted.
 */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runMigrate } from "../../src/cli/migrate";
import { groupByHost } from "../../src/migrate/group-by-host";
import { mapMonitors } from "../../src/migrate/map";
import { projectFiles } from "../../src/migrate/project-files";
import { readSource } from "../../src/migrate/read";
import type { SourceName } from "../../src/migrate/source";
import { fixture } from "./helpers";

const CSV_HEADER =
  "Monitor ID,Friendly Name,URL,Type,Sub Type,Keyword Type,Keyword Value,Port,Interval,HTTP Method,HTTP Username,Status";

function migrated(from: SourceName, text: string) {
  const migration = mapMonitors(readSource(from, text, "input"));
  const grouped = groupByHost(migration);
  const program = parse(
    projectFiles(migration.plan, "yaml", { project: "p", source: "input", grouped })["Pulumi.yaml"],
  ) as { resources: Record<string, { type: string; properties: Record<string, unknown> }> };
  return { migration, grouped, resources: program.resources };
}

describe("migrate --component", () => {
  it("makes one ServiceMonitors of a host's monitors, each check with its fields, basic auth from config", () => {
    const csv = [
      CSV_HEADER,
      "1,Shop home,https://shop.test/,HTTP(s),,,,,300,POST,probe,Up",
      "2,Shop health,https://shop.test/health?deep=1,Keyword,,not exists,ok,,60,,,Paused",
      "3,Blog,https://blog.test/,HTTP(s),,,,,300,,,Up",
    ].join("\n");
    const { resources, migration } = migrated("uptimerobot-csv", csv);
    expect(Object.keys(resources)).toEqual(["blog", "shop-test"]);
    expect(resources.blog.type).toBe("uptime:index:Monitor");
    expect(resources["shop-test"]).toEqual({
      type: "uptime:index:ServiceMonitors",
      properties: {
        service: "shop.test",
        baseUrl: "https://shop.test",
        checks: {
          "shop-home": {
            path: "/",
            interval: 300,
            method: "POST",
            basicAuth: { username: "probe", password: "${shopHomeRequestAuthPassword}" },
          },
          "shop-health": { path: "/health?deep=1", interval: 60, expectText: "ok", paused: true },
        },
      },
    });
    const home = migration.monitors.find((m) => m.name === "Shop home")!;
    expect(home.outcome).toBe("approximated");
    expect(home.changes).toContain(
      'check "shop-home" of ServiceMonitors "shop-test": named "<environment>/shop.test/shop-home" on this service (the stack\'s name, after the provider\'s defaults.namePrefix), not "Shop home", and created, not adopted',
    );
    expect(migration.monitors.find((m) => m.name === "Blog")!.outcome).toBe("mapped");
  });

  it("leaves a host's monitors plain when their alerts differ", () => {
    const { grouped, resources } = migrated("kuma-backup", fixture("kuma-backup.json"));
    expect(grouped.groups).toEqual([]);
    expect(Object.values(resources).map((r) => r.type)).toEqual(Array(4).fill("uptime:index:Monitor"));
  });

  it("groups by host across sources: a text to forbid, a paused check", () => {
    const { resources } = migrated("terraform-state", fixture("uptimekuma.tfstate"));
    expect(resources["kuma-example-com"].properties.checks).toEqual({
      "kuma-keyword": { path: "/health", interval: 60, expectText: "OK", paused: true },
      "kuma-no-error": { path: "/", interval: 300, forbidText: "error" },
    });
  });

  it("is refused, exit 2 naming the setting, with a language other than yaml", async () => {
    let stderr = "";
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => (stderr += s) }, env: {}, cwd: "/" };
    const argv = ["--from", "kuma-backup", "x.json", "--component", "--language", "python"];
    expect(await runMigrate(argv, io)).toBe(2);
    expect(stderr).toContain('--component is written for --language yaml only; got "python"');
  });
});
