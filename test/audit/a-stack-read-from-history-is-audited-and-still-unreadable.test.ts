/**
 * A stack audited from its last good checkpoint (its current one unreadable) counts its
 * monitors as managed, stays in `unreadable` with the checkpoint it was read from, and the
 * caveat says its findings are as of that checkpoint, in JSON and in the table.
 */
import { expect, test } from "vitest";
import { classify } from "../../src/audit/classify";
import { renderTable } from "../../src/audit/render-report";

const M = "uptime:index:Monitor";
const fromHistory = {
  reason: "error: failed to load checkpoint: place 1: invalid character 'n'",
  checkpoint: ".pulumi/history/app/prod/prod-1800000000000000000.checkpoint.json",
  savedAt: "2027-01-15T08:00:00.000Z",
};

test("its monitors are managed, the stack unreadable with the checkpoint read, and the caveat says so", () => {
  const report = classify(
    [
      {
        stack: "organization/app/prod",
        resources: [{ urn: `urn:pulumi:prod::app::${M}::api`, type: M, id: "1", custom: true }],
        fromHistory,
      },
    ],
    {
      monitors: [
        { id: 1, name: "api", url: "https://api" },
        { id: 2, name: "new", url: "https://new" },
      ],
      incidents: [],
    },
  );
  expect(report.managed.map((m) => m.id)).toEqual([1]);
  expect(report.unmanaged.map((m) => m.id)).toEqual([2]);
  expect(report.unreadable).toEqual([
    {
      stack: "organization/app/prod",
      reason: fromHistory.reason,
      readFromHistory: { checkpoint: fromHistory.checkpoint, savedAt: fromHistory.savedAt },
    },
  ]);
  expect(report.caveats).toEqual([
    "unmanaged may hold monitors of the 1 unreadable stack (organization/app/prod, audited from its last good " +
      "checkpoint, saved 2027-01-15T08:00:00.000Z: what it changed since shows as unmanaged or missing): " +
      "do not delete a monitor on this report's word until every stack reads",
  ]);
  const table = renderTable(report, [{ stack: "organization/app/prod", resources: 1, fromHistory: true }]);
  expect(table).toMatch(/organization\/app\/prod\s+1 \(last good checkpoint\)\n/);
  expect(table).toMatch(/STACK\s+REASON\s+AUDITED FROM/);
  expect(table).toContain(`${fromHistory.checkpoint} (saved 2027-01-15T08:00:00.000Z)`);
});

test("without a stack read from history the table has no such column", () => {
  const report = classify([{ stack: "organization/app/prod", error: "no" }], { monitors: [], incidents: [] });
  expect(renderTable(report, [{ stack: "organization/app/prod" }])).not.toContain("AUDITED FROM");
});
