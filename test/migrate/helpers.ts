/** Shared setup of the migrate tests: the fixtures (written from each vendor's documented format) and the secrets they hold. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SourceMonitor } from "../../src/migrate/source";

export const FIXTURES = join(__dirname, "fixtures");

/** The path of a fixture. */
export function fixturePath(name: string): string {
  return join(FIXTURES, name);
}

/** The text of a fixture. */
export function fixture(name: string): string {
  return readFileSync(fixturePath(name), "utf8");
}

/**
 * Every secret value the fixtures hold (alert contact values, header values, passwords,
 * tokens): none may appear in a program, a report or the command's output.
 */
export const FIXTURE_SECRETS = [
  "ur-slack-secret",
  "ur-telegram-token",
  "ur-pagerduty-key",
  "ops-ur@example.com",
  "ur-basic-secret",
  "ur-header-secret",
  "louy-slack-secret",
  "louy-digest-secret",
  "bs-header-secret",
  "bs-basic-secret",
  "kumatf-slack-secret",
  "kumatf-telegram-token",
  "ops-kumatf@example.com",
  "kumatf-smtp-password",
  "kumatf-header-secret",
  "kumatf-basic-secret",
  "kuma-slack-secret",
  "kuma-webhook-secret",
  "kuma-telegram-token",
  "ops-kuma@example.com",
  "kuma-smtp-password",
  "kuma-teams-secret",
  "kuma-discord-secret",
  "kuma-pushover-key",
  "kuma-header-secret",
  "kuma-basic-secret",
  "kuma-ntlm-secret",
  "kuma-push-token",
];

/** The fixture secrets found in `text`. */
export function leaked(text: string): string[] {
  return FIXTURE_SECRETS.filter((s) => text.includes(s));
}

/** One fixture per source and Terraform provider: together they hold every field the mapping writes into a program. */
export const PROGRAM_SOURCES = [
  ["terraform-state", "uptimerobot-official.tfstate"],
  ["terraform-state", "betteruptime.tfstate"],
  ["terraform-state", "uptimekuma.tfstate"],
  ["uptimerobot-csv", "uptimerobot-export.csv"],
  ["kuma-backup", "kuma-backup.json"],
] as const;

/** A vendor's HTTP monitor as a reader hands it to the mapping, with `over` replacing fields. */
export function sourceMonitor(over: Partial<SourceMonitor> = {}): SourceMonitor {
  return {
    ref: "line 2",
    vendor: "UptimeRobot",
    kind: "http",
    http: true,
    name: "Site",
    url: "https://site.example.com/",
    intervalSeconds: 300,
    paused: false,
    contacts: [],
    dropped: [],
    ...over,
  };
}

/** A format-4 Terraform state holding one instance of each `[type, attributes]`. */
export function tfState(...resources: [string, Record<string, unknown>][]): string {
  return JSON.stringify({
    version: 4,
    resources: resources.map(([type, attributes], i) => ({
      mode: "managed",
      type,
      name: `r${i}`,
      instances: [{ attributes }],
    })),
  });
}
