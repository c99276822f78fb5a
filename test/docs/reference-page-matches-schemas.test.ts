import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { INTERVALS } from "../../src/schemas/values";
import { REFERENCE_PATH, withReference } from "../../src/generate/reference";

const page = readFileSync(resolve(__dirname, "..", "..", REFERENCE_PATH), "utf8");

describe("the reference page (docs/reference.md)", () => {
  it("is the one generated from the schemas (run `npm run generate` after changing them)", () => {
    expect(withReference(page)).toBe(page);
  });

  it("lists every allowed value the schemas enforce", () => {
    // The page as the generator writes it, whether or not the committed one is current.
    const generated = withReference(page);
    expect(generated).toContain(
      `| \`interval\` | \`interval\` | integer | yes, unless the provider's \`defaults\` give it | ${INTERVALS.join(", ")} |`,
    );
    expect(generated).toContain("`url_unavailable`, `url_text`, `url_no_text`");
  });
});
