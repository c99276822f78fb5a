/**
 * examples/python, a program on the generated Python SDK (sdk/python, built into a wheel by
 * `npm run sdks`) and the Pulumi Python SDK from PyPI, in the virtualenv its requirements.txt
 * makes, run in place by the Python language host (sdk/v3 v3.79.0) under the real engine
 * through the provider plugin, against two services (the second through an explicit
 * provider): up, a preview with no changes, a one-field change and an alerts change each
 * named in `preview --diff` (the secret list staying `[secret]`), an edit made outside Pulumi
 * found by `refresh` and put back by the `up` that applies those changes, and destroy leaving
 * both services empty. The API keys, the webhook URLs and the basic-auth password never show
 * in output or state. (Its type check against the SDK is test/sdk/python-example-type-checks-against-the-sdk.test.ts.)
 */
import { describeSdkExampleLifecycle } from "./sdk-example-lifecycle";

describeSdkExampleLifecycle("Python", "python");
