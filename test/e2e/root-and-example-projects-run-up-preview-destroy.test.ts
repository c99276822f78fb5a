/**
 * The root Pulumi.yaml program and every project under examples/ (discovered when the suite
 * runs) go through `up` → `preview --expect-no-changes` (no write reaches the server) →
 * `destroy` (the server is empty again), in place, against a fresh local server each.
 *
 * Config: every project gets `uptime:baseUrl` and (secret) `uptime:apiKey`. Keys a project
 * declares in its Pulumi.yaml `config:` block with defaults need nothing. Values a project
 * needs beyond that (typically secrets) go in `<project>/e2e.config.json`, mapping each key
 * (as given to `pulumi config set`) to `{ "value": "...", "secret": true|false }`, or to
 * `{ "secondService": "url" | "apiKey" }` for a second service the test starts.
 *
 * Build: a project with a tsconfig.json is compiled first (`tsc -p <project>`), a Go one
 * built (`go build`), a Maven one compiled (`mvn compile`); the root program runs from dist/
 * (`npm run build`).
 */
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, leaks, ok, secs, summary } from "./harness";
import { exampleSecrets, runExample } from "./examples";

/** Projects to run: the root program (when there is one) and examples/*. */
function discover(): string[] {
  const found: string[] = [];
  if (existsSync(join(REPO, "Pulumi.yaml"))) found.push(REPO);
  const examples = join(REPO, "examples");
  if (existsSync(examples)) {
    for (const name of readdirSync(examples).sort()) {
      if (existsSync(join(examples, name, "Pulumi.yaml"))) found.push(join(examples, name));
    }
  }
  return found;
}

const projects = discover();
const label = (dir: string) => relative(REPO, dir) || "<root> Pulumi.yaml";
const ran: string[] = [];

describe("root and example projects", () => {
  afterAll(() => {
    console.log(`projects run: ${ran.length ? ran.join(", ") : "(none found)"}`);
  });

  it("are discovered", () => {
    console.log(`discovered ${projects.length} project(s): ${projects.map(label).join(", ") || "(none)"}`);
    // The root program and the examples the README points at are among them; a project
    // whose Pulumi.yaml went missing would silently drop out of the lifecycle runs below.
    expect(projects.map(label)).toEqual(
      expect.arrayContaining([
        "<root> Pulumi.yaml",
        "examples/quickstart",
        "examples/gitops",
        "examples/adopt",
        "examples/alongside-infra",
        "examples/yaml",
        "examples/go",
        "examples/java",
        "examples/python",
        "examples/nodejs-sdk",
      ]),
    );
  });

  it.each(projects.map((dir) => [label(dir), dir]))("%s: up, preview with no changes, destroy", async (name, dir) => {
    const run = await runExample(dir, name);
    const { srv, stack } = run;
    try {
      const up = ok(await stack.up());
      const monitors = await srv.api.monitors();
      expect(summary(up.output).create ?? 0).toBeGreaterThan(1);
      expect(monitors.length).toBeGreaterThan(0);

      const writes = srv.server.writeCount();
      const preview = ok(await stack.preview(["--expect-no-changes"]));
      expect(srv.server.writeCount() - writes).toBe(0);

      const destroy = ok(await stack.destroy());
      expect(await srv.api.monitors()).toEqual([]);
      expect(await srv.api.incidents()).toEqual([]);

      // The project's secrets (and the API key) stayed out of the engine's output and the state.
      const secrets = [srv.apiKey, ...exampleSecrets(dir)];
      expect(leaks(stack.allOutput(), secrets), "plaintext secret in the engine's output").toEqual([]);
      for (const f of stack.backendFiles()) expect(leaks(f.text, secrets), `plaintext secret in ${f.path}`).toEqual([]);
      console.log(
        `${name}: ${monitors.length} monitors; up ${secs(up.ms)}, preview ${secs(preview.ms)}, destroy ${secs(destroy.ms)}`,
      );
      ran.push(name);
    } finally {
      await run.close();
    }
    // Nothing left behind in the checkout.
    expect(readdirSync(dir).filter((f) => /^Pulumi\.e2e-.*\.yaml$/.test(f))).toEqual([]);
  });
});
