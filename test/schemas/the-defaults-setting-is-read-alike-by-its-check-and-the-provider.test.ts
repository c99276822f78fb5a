/**
 * The `defaults` setting comes as an object or as JSON text (stack config). Its schema checks
 * it and the provider shows it (runtime/held-defaults.ts); both read it through one parser, so
 * text one takes as an object the other does too, and text that is not JSON is neither.
 */
import { describe, expect, it } from "vitest";
import { NOT_JSON, readJsonSetting } from "../../src/schemas/json-setting";
import { monitorDefaultsSchema } from "../../src/schemas/monitor-defaults";
import { shownDefaults } from "../../src/runtime/held-defaults";

describe("a setting given as JSON text or as a value", () => {
  it("parses JSON text, keeps any other value as given, and marks text that is not JSON", () => {
    const given = { interval: 300 };
    expect(readJsonSetting(given)).toBe(given);
    expect(readJsonSetting('{"interval":300}')).toEqual(given);
    expect(readJsonSetting("[1]")).toEqual([1]);
    expect(readJsonSetting(7)).toBe(7);
    expect(readJsonSetting("{interval: 300")).toBe(NOT_JSON);
  });

  it.each([
    ["an object", { interval: 300 }, true],
    ["JSON text of an object", '{"interval":300}', true],
    ["text that is not JSON", "{interval: 300", false],
    ["JSON text of a list", "[300]", false],
  ])("%s is an object to the check exactly when it is one to the provider", (_, value, isObject) => {
    expect(monitorDefaultsSchema.safeParse(value).success).toBe(isObject);
    expect(shownDefaults(value) !== undefined).toBe(isObject);
  });
});
