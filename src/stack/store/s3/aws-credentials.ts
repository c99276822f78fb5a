/**
 * The keys and region the CLI's AWS SDK (v2) would use for an S3 backend, from the sources it
 * tries first: a profile named in the URL (`profile=`) wins; else AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY (with AWS_SESSION_TOKEN); else the static keys of profile AWS_PROFILE
 * (or `default`) in the shared files. Sources that need another service or a program (SSO,
 * credential_process, web identity, assumed roles, container or instance metadata) are not
 * read: the error says which one the SDK would have used.
 */
import { BackendStoreError } from "../backend-store";
import { awsFiles, readProfile, type AwsProfile } from "./aws-shared-config";
import type { AwsKeys } from "./sigv4";

export interface AwsAccess {
  /** Undefined: anonymous requests (`anonymous=true`). */
  keys?: AwsKeys;
  region?: string;
  /** AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL, which the SDK takes when the URL gives no endpoint. */
  endpoint?: string;
}

interface AccessWanted {
  where: string;
  /** `profile=` of the URL. */
  profile?: string;
  /** `region=` of the URL. */
  region?: string;
  anonymous: boolean;
}

/** @throws BackendStoreError when the credentials come from a source not read here, or are missing. */
export function awsAccess(env: NodeJS.ProcessEnv, wanted: AccessWanted): AwsAccess {
  const files = awsFiles(env);
  const profileName = wanted.profile ?? (env.AWS_PROFILE || "default");
  const profile = readProfile(files, profileName);
  const fail = (reason: string): never => {
    throw new BackendStoreError(wanted.where, reason);
  };
  if ((wanted.profile || env.AWS_PROFILE) && !profile) {
    fail(`AWS profile "${profileName}" is in neither ${files.config} nor ${files.credentials}`);
  }
  const region = wanted.region || env.AWS_REGION || env.AWS_DEFAULT_REGION || profile?.region || undefined;
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  if (wanted.anonymous) return { region, endpoint };

  const envKey = env.AWS_ACCESS_KEY_ID || env.AWS_ACCESS_KEY;
  const envSecret = env.AWS_SECRET_ACCESS_KEY || env.AWS_SECRET_KEY;
  if (!wanted.profile && envKey && envSecret) {
    return {
      keys: { accessKeyId: envKey, secretAccessKey: envSecret, sessionToken: env.AWS_SESSION_TOKEN || undefined },
      region,
      endpoint,
    };
  }
  if (!wanted.profile && env.AWS_WEB_IDENTITY_TOKEN_FILE) {
    fail(unread("a web identity token (AWS_WEB_IDENTITY_TOKEN_FILE)"));
  }
  return { keys: profileKeys(profileName, profile, env, fail), region, endpoint };
}

/** The static keys of a profile, in the order the SDK tries its sources. */
function profileKeys(
  name: string,
  profile: AwsProfile | undefined,
  env: NodeJS.ProcessEnv,
  fail: (reason: string) => never,
): AwsKeys {
  const p = profile ?? {};
  const from = `AWS profile "${name}"`;
  if (p.role_arn) return fail(unread(`an assumed role (role_arn in ${from})`));
  if (p.aws_access_key_id && p.aws_secret_access_key) {
    return {
      accessKeyId: p.aws_access_key_id,
      secretAccessKey: p.aws_secret_access_key,
      sessionToken: p.aws_session_token || undefined,
    };
  }
  if (p.credential_source) return fail(unread(`credential_source in ${from}`));
  if (p.web_identity_token_file) return fail(unread(`a web identity token (web_identity_token_file in ${from})`));
  if (p.sso_session || p.sso_start_url || p.sso_account_id)
    return fail(unread(`AWS IAM Identity Center (SSO, in ${from})`));
  if (p.credential_process) return fail(unread(`a credential_process (in ${from})`));
  if (env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI || env.AWS_CONTAINER_CREDENTIALS_FULL_URI) {
    return fail(unread("container credentials (AWS_CONTAINER_CREDENTIALS_RELATIVE_URI/FULL_URI)"));
  }
  return fail(
    unread(
      `the instance metadata service (IMDS): no AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, and ${from} has no static keys`,
    ),
  );
}

function unread(source: string): string {
  return (
    `the AWS credentials come from ${source}, which the audit's reading of the bucket does not follow; ` +
    "give static keys in AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), " +
    "or aws_access_key_id/aws_secret_access_key in the profile"
  );
}
