/**
 * The engine asks every pack to remediate each resource before it asks for analysis, and waits.
 * The policy SDK answers that call by deserializing the resource's inputs to find that no
 * policy remediates anything, about a quarter of the pack's cost in a preview (B13). A pack
 * with no remediation takes the call off the service the SDK serves, so the pack answers
 * "unimplemented", as packs from before remediation did, which the engine takes for "nothing
 * to remediate" and moves on (pulumi/pulumi sdk/go/common/resource/plugin/analyzer_plugin.go).
 */
import type { Policy } from "@pulumi/policy";
import { requireInSdk } from "./policy-sdk";

/** The service description the policy SDK serves, from the SDK's own copy of @pulumi/pulumi. */
export function analyzerService(): Record<string, unknown> {
  return requireInSdk<{ AnalyzerService: Record<string, unknown> }>("@pulumi/pulumi/proto/analyzer_grpc_pb")
    .AnalyzerService;
}

/** Takes Remediate off the served service when no policy remediates; true when it is off. */
export function declineRemediateUnlessUsed(policies: readonly Policy[]): boolean {
  if (policies.some((p) => "remediateResource" in p && typeof p.remediateResource === "function")) return false;
  return delete analyzerService().remediate;
}
