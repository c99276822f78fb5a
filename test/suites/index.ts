/**
 * Which suite runs each test file outside the engine's suites. Every `test/**\/*.test.ts` is
 * a unit test (`npm run test:unit`, project `unit` of vitest.config.ts) unless listed here as a
 * server test (`npm run test:server`, project `server`), or it lies in one of the engine's
 * suites (`npm run test:e2e`). A unit test starts no server, process or worker thread, opens
 * no connection or UDP socket, looks up no name in DNS and loads no PGlite;
 * test/support/unit-guard.ts makes each of those throw in
 * the unit suite, naming this list, so a file that needs one of them cannot stay a unit test
 * by mistake. test/suites/every-test-file-runs-in-exactly-one-suite.test.ts holds the
 * configs to this list.
 *
 * An entry ending in `/` is a folder: every test file under it.
 */

/** The end-to-end suite's folders (project `e2e` of vitest.config.ts): the real Pulumi engine, the SDKs, the upgrade baselines. */
export const ENGINE_FOLDERS = ["test/e2e/", "test/sdk/", "test/upgrade/"];

/**
 * Test files that start the local server, PGlite, a target, a proxy or another process; and
 * the few that start none but are too slow for the unit loop (docs/results.md): the check
 * fuzzing, the client-against-server verdicts, the generator's check.
 */
export const SERVER_TESTS = [
  "test/audit/command-json-exit-codes-and-bad-input.test.ts",
  "test/audit/listing-goes-project-by-project-when-the-backend-list-fails.test.ts",
  "test/audit/resources-of-another-service-are-reported-apart.test.ts",
  "test/audit/resources-whose-state-records-no-service-are-counted-with-a-caveat.test.ts",
  "test/audit/stack-reads-keep-only-what-the-findings-read.test.ts",
  "test/bench/benches-without-the-engine-run-in-smoke-mode.test.ts",
  "test/cli/",
  "test/client/a-list-that-ignores-page-stops-with-a-pagination-error.test.ts",
  "test/client/all-walks-every-page-and-always-sends-per-page.test.ts",
  "test/client/an-http-service-is-reached-through-a-standard-proxy-without-a-tunnel.test.ts",
  "test/client/an-update-nothing-reads-checks-only-the-answers-record-id.test.ts",
  "test/client/api-key-never-appears-in-errors.test.ts",
  "test/client/close-releases-only-what-the-client-owns.test.ts",
  "test/client/concurrency-limit-holds-across-clients.test.ts",
  "test/client/dates-come-back-in-the-account-time-zone.test.ts",
  "test/client/every-operation-round-trips-against-the-local-server.test.ts",
  "test/client/find-by-name-matches-names-as-the-service-compares-them.test.ts",
  "test/client/input-validators-accept-valid-and-reject-invalid-inputs.test.ts",
  "test/client/invalid-input-sends-no-request.test.ts",
  "test/client/list-filters-are-sent-and-applied.test.ts",
  "test/client/proxies-from-the-environment-or-proxy-url-carry-the-requests.test.ts",
  "test/client/rate-limit-against-the-local-server.test.ts",
  "test/client/response-variants-of-real-instances-are-tolerated.test.ts",
  "test/client/retries-depend-on-method-and-failure.test.ts",
  "test/client/service-errors-become-typed-errors.test.ts",
  "test/client/timeouts-end-slow-attempts.test.ts",
  "test/client/tls-with-a-private-ca-is-trusted-only-when-given.test.ts",
  "test/dynamic/runtime-loads-neither-qs-nor-all-of-undici-without-a-proxy.test.ts",
  "test/dynamic/serializer-round-trip.test.ts",
  "test/dynamic/settings-fail-at-check.test.ts",
  "test/export/",
  "test/functions/",
  "test/generate/generate-check-names-the-stale-files.test.ts",
  "test/lint/layer-rules-fail-on-a-cycle-and-an-import-across-layers.test.ts",
  "test/maintenance/a-list-read-side-by-side-falls-back-to-the-checked-walk.test.ts",
  "test/maintenance/a-lock-left-by-a-run-that-died-here-is-taken-over.test.ts",
  "test/maintenance/a-monitor-created-while-the-pages-are-read-is-selected.test.ts",
  "test/maintenance/a-record-start-can-no-longer-write-stops-its-changes.test.ts",
  "test/maintenance/a-second-start-on-the-record-refuses-and-end-restores-the-real-windows.test.ts",
  "test/maintenance/a-selection-of-several-pages-is-read-whole.test.ts",
  "test/maintenance/a-start-that-fails-half-way-leaves-a-record-end-restores-from.test.ts",
  "test/maintenance/a-start-that-fails-part-way-gives-up-its-claim.test.ts",
  "test/maintenance/an-end-that-fails-for-some-keeps-the-record-open.test.ts",
  "test/maintenance/an-end-while-a-start-runs-is-refused.test.ts",
  "test/maintenance/bad-input-exits-2-naming-it-and-writes-nothing.test.ts",
  "test/maintenance/end-writes-a-page-while-later-pages-are-read.test.ts",
  "test/maintenance/start-names-a-window-in-progress-its-record-does-not-own.test.ts",
  "test/maintenance/start-prints-the-end-it-wrote.test.ts",
  "test/maintenance/start-silences-the-selection-and-end-restores-each-window.test.ts",
  "test/maintenance/start-writes-a-page-while-later-pages-are-read.test.ts",
  "test/maintenance/the-github-action-runs-start-and-end-from-its-inputs.test.ts",
  "test/maintenance/two-records-on-the-same-monitors-leave-none-silenced.test.ts",
  "test/migrate/migrate-command-writes-the-project-and-exits-by-outcome.test.ts",
  "test/openapi/form-values-the-description-allows-the-server-accepts.test.ts",
  "test/package/",
  "test/plugin/a-stored-but-unfinished-create-is-reported-with-its-id.test.ts",
  "test/plugin/check-config-tries-the-way-through-the-proxy-and-sends-no-request.test.ts",
  "test/plugin/check-config-records-defaults-without-their-secret-values.test.ts",
  "test/plugin/check-config-shakes-hands-with-an-https-service-and-sends-no-request.test.ts",
  "test/plugin/check-names-an-unnamed-monitor-as-the-engine-asks.test.ts",
  "test/plugin/check-records-which-header-values-came-in-plaintext.test.ts",
  "test/plugin/configure-takes-args-over-their-null-text-in-variables.test.ts",
  "test/plugin/construct-names-the-child-a-monitor-check-refuses.test.ts",
  "test/plugin/construct-registers-through-the-sdks-provider-server.test.ts",
  "test/plugin/construct-sends-the-engine-none-of-the-sdks-debug-messages.test.ts",
  "test/plugin/defaults-reach-monitors-and-stay-secret-in-the-config.test.ts",
  "test/plugin/diff-names-changed-properties-with-a-detailed-diff.test.ts",
  "test/plugin/each-provider-reaches-its-own-service.test.ts",
  "test/plugin/functions-answer-with-secret-fields-secret.test.ts",
  "test/plugin/get-monitor-report-gives-what-report-json-gives.test.ts",
  "test/plugin/lifecycle-keeps-secrets-secret-on-the-wire.test.ts",
  "test/plugin/list-filters-incidents-by-monitor-and-status.test.ts",
  "test/plugin/list-names-a-bad-input-before-any-request.test.ts",
  "test/plugin/list-reads-through-the-paced-client.test.ts",
  "test/plugin/list-streams-the-monitors-a-search-finds-in-id-order-across-pages.test.ts",
  "test/plugin/preview-sends-nothing-and-keeps-known-ids.test.ts",
  "test/plugin/proxy-and-ca-settings-are-checked-before-any-request.test.ts",
  "test/plugin/read-with-only-an-id-returns-inputs-for-import.test.ts",
  "test/policy/a-pack-without-remediations-declines-the-remediate-call.test.ts",
  "test/policy/the-pack-loads-the-pulumi-sdk-index-only-when-used.test.ts",
  "test/probe/",
  "test/release/an-archive-that-needs-node-says-so-in-its-name.test.ts",
  "test/release/cli-executable-runs-without-node.test.ts",
  "test/reliability/api-fuzz/",
  "test/reliability/check-fuzz.test.ts",
  "test/reliability/server-fuzz.test.ts",
  "test/report/incident-reads-take-the-cheaper-walk-and-stop-at-the-periods-start.test.ts",
  "test/runtime/a-refresh-that-reads-dates-moved-by-the-zone-warns-once.test.ts",
  "test/runtime/a-time-zone-other-than-the-accounts-is-warned-about-once.test.ts",
  "test/runtime/create-whose-follow-up-fails-is-recorded.test.ts",
  "test/runtime/create-with-unknown-outcome.test.ts",
  "test/runtime/incident-lifecycle.test.ts",
  "test/runtime/incident-lives-with-a-service-that-ends-it.test.ts",
  "test/runtime/local-times-inside-a-daylight-saving-gap-fail-check.test.ts",
  "test/runtime/maintenance-window-is-managed-only-when-declared.test.ts",
  "test/runtime/monitor-adoption.test.ts",
  "test/runtime/monitor-lifecycle.test.ts",
  "test/runtime/pacing-and-retry-settings-come-from-config-or-env-within-their-ranges.test.ts",
  "test/runtime/reads-right-after-writes-wait-until-they-show-the-write.test.ts",
  "test/runtime/refresh-of-a-few-monitors-in-a-large-account-reads-them-by-id.test.ts",
  "test/runtime/refresh-of-a-whole-account-reads-each-list-page-once.test.ts",
  "test/runtime/refresh-reads-the-list-once.test.ts",
  "test/runtime/refresh-stays-correct-while-checks-change-statuses.test.ts",
  "test/runtime/two-resources-never-manage-one-monitor.test.ts",
  "test/runtime/user-errors.test.ts",
  "test/schemas/client-schemas-and-server-validation-give-the-same-verdict.test.ts",
  "test/server/",
  "test/stack/command-failures-name-the-command-and-mask-credentials.test.ts",
  "test/stack/config-is-read-decrypted-and-secrets-go-through-stdin.test.ts",
  "test/stack/last-update-is-the-newest-update-of-the-history.test.ts",
  "test/stack/preview-plan-passes-through-a-pipe-never-a-file.test.ts",
  "test/stack/stacks-of-a-backend-are-listed-fully-qualified.test.ts",
  "test/stack/state-monitors-carry-the-settings-of-their-provider.test.ts",
  "test/util/fuzz-seed-comes-from-the-commit.test.ts",
];

/** `entries` as vitest include/exclude globs. */
export function testGlobs(entries: readonly string[]): string[] {
  return entries.map((e) => (e.endsWith("/") ? `${e}**/*.test.ts` : e));
}
