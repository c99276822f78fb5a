/**
 * Records the upgrade baselines of this build (`npm run upgrade:record`): for each program in
 * {@link UPGRADE_PROGRAMS}, `up` against a fresh local server, then writes under
 * test/upgrade/<version>/<program>/ the exported state (`state.json`, secrets as ciphertext
 * under the harness's fixed passphrase, source positions dropped), the stack config file holding the salt that
 * ciphertext needs (`stack-config.yaml`), and the server's URL at recording time
 * (`recorded.json`, so a replay knows what to rewrite); beside them the build's schema.json.
 * Run it at release time, before the release's changes are built over.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { E2EStack, REPO, leaks, ok } from "../e2e/harness";
import { compileExample } from "../e2e/examples";
import { startE2EServer } from "../e2e/api";
import { UPGRADE_PROGRAMS } from "./programs";
import { withoutSourcePositions } from "./baseline";

const VERSION = (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string }).version;
const OUT = join(REPO, "test", "upgrade", VERSION);

it.each(UPGRADE_PROGRAMS.map((p) => [p.name, p] as const))(
  "records the %s program's state after up",
  async (_name, program) => {
    await compileExample(program.dir);
    const srv = await startE2EServer();
    const stack = await E2EStack.create({
      project: program.dir,
      inPlace: true,
      server: srv,
      config: program.config,
      env: program.env,
    });
    try {
      ok(await stack.up());
      const { text } = await stack.stackExport();
      expect(leaks(text, [...program.secrets, srv.apiKey]), "plaintext secret in the exported state").toEqual([]);
      const dir = join(OUT, program.name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "state.json"), withoutSourcePositions(text));
      copyFileSync(stack.configFile!, join(dir, "stack-config.yaml"));
      writeFileSync(
        join(dir, "recorded.json"),
        JSON.stringify({ version: VERSION, baseUrl: srv.url, stack: stack.stack }, null, 2) + "\n",
      );
    } finally {
      stack.dispose();
      await srv.close();
    }
  },
);

it("copies the build's schema.json", () => {
  mkdirSync(OUT, { recursive: true });
  copyFileSync(join(REPO, "schema.json"), join(OUT, "schema.json"));
});
