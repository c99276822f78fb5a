/**
 * Which only-when-declared fields a monitor's inputs leave to the service
 * (monitor/only-when-declared.ts), without a request: the maintenance window's two ends
 * travel together, so declaring either declares both; null declares neither. (Managed
 * windows against the local server: maintenance-window-is-managed-only-when-declared.test.ts.)
 */
import { expect, it } from "vitest";
import { ONLY_WHEN_DECLARED, undeclaredFields } from "../../src/runtime/monitor/only-when-declared";

it("the window's ends are the fields managed only when declared", () => {
  expect([...ONLY_WHEN_DECLARED].sort()).toEqual(["maintenanceEndAt", "maintenanceStartAt"]);
});

it("a monitor that declares neither end leaves both to the service", () => {
  expect(undeclaredFields({ name: "api" })).toEqual(new Set(["maintenanceStartAt", "maintenanceEndAt"]));
  expect(undeclaredFields({ maintenanceStartAt: null, maintenanceEndAt: null })).toEqual(
    new Set(["maintenanceStartAt", "maintenanceEndAt"]),
  );
});

it("declaring either end declares both", () => {
  expect(undeclaredFields({ maintenanceStartAt: "2026-01-01T00:00:00" })).toEqual(new Set());
  expect(undeclaredFields({ maintenanceEndAt: "2026-01-01T01:00:00" })).toEqual(new Set());
  expect(undeclaredFields({ maintenanceStartAt: null, maintenanceEndAt: "2026-01-01T01:00:00" })).toEqual(new Set());
});
