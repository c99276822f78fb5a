/**
 * C# and Java programs: Pulumi's own program generators convert the YAML program
 * (`pulumi convert --from yaml`), as export's `--format import` leaves other languages to
 * `pulumi import`. The YAML holds no secret, so neither does what they write.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Languages written through `pulumi convert`. */
export const CONVERTED_LANGUAGES = ["csharp", "java"] as const;

/** `pulumi convert` could not write the program: exit 1, with what it said. */
export class ConvertError extends Error {}

/** Converts `yamlProgram` to `language` into `out` with the `pulumi` on PATH. */
export async function convertProgram(
  yamlProgram: string,
  language: (typeof CONVERTED_LANGUAGES)[number],
  out: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const from = mkdtempSync(join(tmpdir(), "pulumi-uptime-migrate-"));
  try {
    writeFileSync(join(from, "Pulumi.yaml"), yamlProgram);
    await new Promise<void>((resolve, reject) => {
      execFile(
        "pulumi",
        ["convert", "--from", "yaml", "--language", language, "--out", out, "--generate-only", "--non-interactive"],
        { cwd: from, env, maxBuffer: 16 * 1024 * 1024 },
        (err, _stdout, stderr) => {
          if (!err) return resolve();
          const missing = (err as NodeJS.ErrnoException).code === "ENOENT";
          reject(
            new ConvertError(
              missing
                ? `--language ${language} needs the pulumi CLI on PATH (it runs \`pulumi convert --from yaml\`); --language yaml, typescript or python need nothing`
                : `pulumi convert --language ${language} failed: ${String(stderr).trim() || (err as Error).message}`,
            ),
          );
        },
      );
    });
  } finally {
    rmSync(from, { recursive: true, force: true });
  }
}
