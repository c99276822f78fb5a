/**
 * examples/java, a Maven project on the generated Java SDK (sdk/java, built into a jar and
 * installed into the project's Maven repository by `npm run sdks`) and com.pulumi:pulumi from
 * Maven Central, run in place by the Java language host under the real engine through the
 * provider plugin, against two services (the second through an explicit provider): up, a
 * preview with no changes, a one-field change and an alerts change each named in
 * `preview --diff` (the secret list staying `[secret]`), an edit made outside Pulumi found by
 * `refresh` and put back by the `up` that applies those changes, and destroy leaving both
 * services empty. Each command runs Maven (a few seconds each), so the steps share commands. Maven compiling the
 * program against the SDK is its type check. The API keys, the webhook URLs and the
 * basic-auth password never show in output or state.
 */
import { describeSdkExampleLifecycle } from "./sdk-example-lifecycle";

describeSdkExampleLifecycle("Java", "java");
