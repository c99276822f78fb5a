/**
 * The input check on its own (validate.ts): the parsed value comes back with unknown keys
 * dropped, and a failure is one UptimeInputError that lists every failing field, each under
 * the path users write (`alerts[0].value`), several messages of one field joined.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UptimeInputError } from "../../src/client/errors";
import { validateInput } from "../../src/client/validate";
import { thrownBy } from "../support/thrown-error";

const schema = z.object({
  name: z
    .string()
    .min(3, "too short")
    .regex(/^[a-z]+$/, "lower case only"),
  alerts: z.array(z.object({ value: z.string() })).optional(),
});

const refused = (input: unknown): UptimeInputError =>
  thrownBy(() => validateInput(schema, input, "thing input"), UptimeInputError);

describe("validateInput", () => {
  it("returns the parsed value without unknown keys", () => {
    expect(validateInput(schema, { name: "abc", extra: 1 }, "thing input")).toEqual({ name: "abc" });
  });

  it("lists every failing field under its path, a field's messages joined", () => {
    const error = refused({ name: "A", alerts: [{ value: 1 }] });
    expect(error.message).toBe(
      "invalid thing input: name: too short; lower case only; alerts[0].value: Invalid input: expected string, received number",
    );
    expect(error.fields).toEqual({
      name: ["too short", "lower case only"],
      "alerts[0].value": ["Invalid input: expected string, received number"],
    });
  });

  it("names the input itself when it is not an object", () => {
    const error = refused("text");
    expect(Object.keys(error.fields)).toEqual(["(input)"]);
    expect(error.message.startsWith("invalid thing input: (input): ")).toBe(true);
  });
});
