/**
 * The error for a ServiceMonitors' bad inputs (service-monitors/input-error.ts): its name,
 * the component, every problem listed in order (the inputs as a whole named `inputs`), and
 * the messages per field.
 */
import { expect, it } from "vitest";
import { ServiceMonitorsInputError } from "../../../src/runtime/service-monitors/input-error";
import { UptimeResourceError } from "../../../src/runtime/user-errors";

it("lists every problem in one error naming the component", () => {
  const err = new ServiceMonitorsInputError("shop", [
    { field: "", message: "must be an object" },
    { field: "checks.api.path", message: "must start with /" },
    { field: "checks.api.path", message: "is too long" },
  ]);
  expect(err).toBeInstanceOf(UptimeResourceError);
  expect(err.name).toBe("ServiceMonitorsInputError");
  expect(err.message).toBe(
    'ServiceMonitors "shop": inputs: must be an object; checks.api.path: must start with /; checks.api.path: is too long',
  );
  expect(err.fields).toEqual({ "": ["must be an object"], "checks.api.path": ["must start with /", "is too long"] });
  expect(err.component).toBe("shop");
  expect(err.problems).toHaveLength(3);
});
