/** The YAML `ServiceMonitors` fixture as a stack with the two secrets its config asks for. */
import type { StackSpec } from "./lifecycle-stack";

export const YAML_SERVICE_MONITORS: StackSpec = {
  project: "yaml-service-monitors",
  config: {
    oncall: { value: "oncall@example.com", secret: true },
    probeToken: { value: "probe-token", secret: true },
  },
};
