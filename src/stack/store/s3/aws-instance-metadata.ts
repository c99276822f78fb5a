/**
 * Keys of the instance's IAM role from the EC2 instance metadata service, as the AWS SDK
 * gets them: a session token (IMDSv2, PUT), the role's name, then its keys. The endpoint is
 * AWS_EC2_METADATA_SERVICE_ENDPOINT (or the profile's ec2_metadata_service_endpoint), else
 * 169.254.169.254 (fd00:ec2::254 in IPv6 mode); AWS_EC2_METADATA_DISABLED=true turns it
 * off. A service without IMDSv2 (403, 404, 405 to the PUT) is asked without a token unless
 * AWS_EC2_METADATA_V1_DISABLED (ec2_metadata_v1_disabled) says not to.
 */
import { BackendStoreError } from "../backend-store";
import type { AwsProfile } from "./aws-shared-config";
import type { KeySource } from "./aws-keys";
import { keysFromJson, tokenRequest } from "./aws-token-request";

const TIMEOUT_MS = 5_000;
const ROLES = "/latest/meta-data/iam/security-credentials/";
const NO_V2 = new Set([403, 404, 405]);

function instanceMetadataOff(env: NodeJS.ProcessEnv): boolean {
  return env.AWS_EC2_METADATA_DISABLED?.toLowerCase() === "true";
}

/** @throws BackendStoreError when the service is turned off or its endpoint settings are not valid. */
export function instanceCredentials(where: string, env: NodeJS.ProcessEnv, profile: AwsProfile): KeySource {
  if (instanceMetadataOff(env)) {
    throw new BackendStoreError(
      where,
      "no AWS credentials: none in the environment or the profile, and the instance metadata service is " +
        "turned off (AWS_EC2_METADATA_DISABLED=true)",
    );
  }
  const base = endpoint(where, env, profile);
  const v1Off = (env.AWS_EC2_METADATA_V1_DISABLED || profile.ec2_metadata_v1_disabled || "").toLowerCase() === "true";
  const from = `the instance metadata service (${base})`;
  const get = async (path: string, token: string | undefined, what: string) => {
    const answer = await tokenRequest({
      where,
      what: `${what} from ${from}`,
      url: `${base}${path}`,
      method: "GET",
      headers: token ? { "x-aws-ec2-metadata-token": token } : {},
      timeoutMs: TIMEOUT_MS,
      env,
    });
    if (answer.status !== 200) throw new BackendStoreError(where, `${from} refused to ${what}: HTTP ${answer.status}`);
    return answer.body.toString("utf8");
  };
  return async () => {
    const put = await tokenRequest({
      where,
      what: `get a session token from ${from}`,
      url: `${base}/latest/api/token`,
      method: "PUT",
      headers: { "x-aws-ec2-metadata-token-ttl-seconds": "21600" },
      timeoutMs: TIMEOUT_MS,
      env,
    }).catch((err: BackendStoreError) => {
      // The last source the SDK tries: off EC2, nothing answers, and the credentials are simply missing.
      throw new BackendStoreError(
        where,
        "no AWS credentials: none in the environment or the AWS profile, and the instance metadata " +
          `service did not answer (${err.reason}); give keys (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, ` +
          "a profile) or another source the CLI uses",
      );
    });
    let token: string | undefined;
    if (put.status === 200) token = put.body.toString("utf8");
    else if (!NO_V2.has(put.status) || v1Off) {
      throw new BackendStoreError(where, `${from} refused a session token: HTTP ${put.status}`);
    }
    const role = (await get(ROLES, token, "name the instance's IAM role")).split("\n")[0].trim();
    if (!role) throw new BackendStoreError(where, `${from} names no IAM role: the instance has no instance profile`);
    const text = await get(`${ROLES}${encodeURIComponent(role)}`, token, `get the keys of role ${role}`);
    return keysFromJson(where, from, text);
  };
}

function endpoint(where: string, env: NodeJS.ProcessEnv, profile: AwsProfile): string {
  const given = env.AWS_EC2_METADATA_SERVICE_ENDPOINT || profile.ec2_metadata_service_endpoint;
  if (given) {
    try {
      return new URL(given).origin;
    } catch {
      throw new BackendStoreError(where, "AWS_EC2_METADATA_SERVICE_ENDPOINT is not a URL");
    }
  }
  const mode = (env.AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE || profile.ec2_metadata_service_endpoint_mode || "IPv4")
    .trim()
    .toLowerCase();
  if (mode === "ipv6") return "http://[fd00:ec2::254]";
  if (mode !== "ipv4") {
    throw new BackendStoreError(
      where,
      `AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE is "${mode}": IPv4 or IPv6 are the values the AWS SDK takes`,
    );
  }
  return "http://169.254.169.254";
}
