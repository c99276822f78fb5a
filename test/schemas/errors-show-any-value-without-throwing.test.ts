/**
 * An allowed-value error quotes the value it got. A program can pass any object, including
 * ones whose own `toString` is broken or absent: the message must still be made (the check
 * fuzzer found `{ "toString": 0 }` throwing a TypeError out of `check`).
 */
import { describe, expect, it } from "vitest";
import { monitorCreateSchema } from "../../src/schemas";
import { show } from "../../src/schemas/common";

describe("values in error messages", () => {
  it("shows values whose toString is broken or missing", () => {
    expect(show({ toString: 0 })).toBe('{"toString":0}');
    expect(show(Object.create(null))).toBe("{}");
    const cyclic: Record<string, unknown> = { toString: 0 };
    cyclic.self = cyclic;
    expect(show(cyclic)).toBe("[object Object]");
    expect(show("60")).toBe('"60"');
    expect(show(60)).toBe("60");
  });

  it("a monitor whose interval is such an object fails validation naming the allowed values", () => {
    const result = monitorCreateSchema.safeParse({
      name: "x",
      url: "https://x.example.com",
      interval: { toString: 0 },
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === "interval");
    expect(issue?.message).toContain('got {"toString":0}');
  });
});
