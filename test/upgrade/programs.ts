/**
 * The programs whose state an upgrade must leave unchanged, one per way users run this
 * package: YAML, the generated Node.js SDK and the Go SDK (all through the provider plugin),
 * and the dynamic classes (`Monitor`/`Incident` from this package). Each names the project it
 * runs and the stack config it needs; the recorder and the upgrade tests share this list.
 */
import { join } from "node:path";
import { FIXTURES, REPO } from "../e2e/harness";
import { exampleLiterals, type ConfigValue } from "../e2e/examples";

/** One recorded program. */
export interface UpgradeProgram {
  /** Directory name of its baseline under test/upgrade/<version>/. */
  name: string;
  /** The project directory, run in place. */
  dir: string;
  /** Stack config beyond the server's baseUrl/apiKey. */
  config: Record<string, ConfigValue>;
  /** Environment the program reads. */
  env?: Record<string, string>;
  /** Plaintext secrets the program carries: none may show in a recorded state. */
  secrets: string[];
}

const dynamicSecrets = {
  authPassword: "upgrade-basic-auth-password-3f9a",
  webhookUrl: "https://hooks.slack.com/services/T0/B0/upgrade-dynamic-7c1e",
  plainPassword: "upgrade-plain-password-91b2",
  plainWebhook: "https://hooks.example.com/upgrade-plain-4d8f",
};

/** An example's e2e config as a recorded program's: literal values only, since a baseline runs one server. */
function fromExample(name: string, dir: string): UpgradeProgram {
  const config = exampleLiterals(dir, "which an upgrade baseline does not run");
  return {
    name,
    dir,
    config,
    secrets: Object.values(config)
      .filter((c) => c.secret)
      .map((c) => c.value),
  };
}

/** The recorded programs, in recording order. */
export const UPGRADE_PROGRAMS: UpgradeProgram[] = [
  fromExample("yaml", join(REPO, "examples", "yaml")),
  fromExample("nodejs-sdk", join(REPO, "examples", "nodejs-sdk")),
  fromExample("go", join(REPO, "examples", "go")),
  {
    name: "dynamic",
    // Its own fixture: the Monitor class with secrets, and an Incident of one monitor.
    dir: join(FIXTURES, "upgrade-dynamic"),
    config: {
      "fixture:authPassword": { value: dynamicSecrets.authPassword, secret: true },
      "fixture:webhookUrl": { value: dynamicSecrets.webhookUrl, secret: true },
    },
    env: { E2E_PLAIN_PASSWORD: dynamicSecrets.plainPassword, E2E_PLAIN_WEBHOOK: dynamicSecrets.plainWebhook },
    secrets: Object.values(dynamicSecrets),
  },
];
