/** The engine's autonaming request (`CheckRequest.autonaming`) in the runtime's terms. */
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import type { Autonaming } from "../runtime/monitor/autoname";

const MODES: Record<number, Autonaming["mode"]> = {
  [proto.CheckRequest.AutonamingOptions.Mode.PROPOSE]: "propose",
  [proto.CheckRequest.AutonamingOptions.Mode.ENFORCE]: "enforce",
  [proto.CheckRequest.AutonamingOptions.Mode.DISABLE]: "disable",
};

/** What the request asks for; undefined when the engine sent no autonaming options. */
export function autonamingOf(req: proto.CheckRequest): Autonaming | undefined {
  const options = req.getAutonaming();
  if (!options) return undefined;
  return { mode: MODES[options.getMode()] ?? "propose", proposedName: options.getProposedName() || undefined };
}
