/**
 * The policy SDK's deserializer requires the whole `@pulumi/pulumi` index (the automation API,
 * dynamic providers and all: about 0.2 s) only for its asset classes, which monitor inputs
 * never hold, and every preview with the pack waits for the pack to start. Imported before the
 * SDK, this puts a stand-in for that index in the module cache: the first time anything reads
 * from it, it loads the real index and answers from it, so nothing changes but when it loads.
 */
import Module from "node:module";
import { resolveInSdk } from "./policy-sdk";

/** Puts the stand-in in place, unless the index is loaded already. */
function deferSdkIndex(): void {
  const id = resolveInSdk("@pulumi/pulumi");
  if (require.cache[id]) return;
  let real: object | undefined;
  const load = (): object => {
    if (!real) {
      delete require.cache[id];
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the SDK's own module instance
      real = require(id) as object;
    }
    return real;
  };
  const standIn = new Module(id);
  standIn.filename = id;
  standIn.loaded = true;
  standIn.exports = new Proxy(
    {},
    {
      get: (_, key) => Reflect.get(load(), key),
      has: (_, key) => Reflect.has(load(), key),
      ownKeys: () => Reflect.ownKeys(load()),
      getOwnPropertyDescriptor: (_, key) => {
        const found = Reflect.getOwnPropertyDescriptor(load(), key);
        // The empty target holds none of these, so a proxy may only report them configurable.
        return found && { ...found, configurable: true };
      },
    },
  );
  require.cache[id] = standIn;
}

deferSdkIndex();
