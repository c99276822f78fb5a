/**
 * The set-up most e2e files share: one local server for the file and a stack on it, both
 * closed after the file. With `stack` the stack is made (and with `up`, brought up) before
 * the file's tests; a file that must seed the server first makes it inside a test with
 * `create`. Tests reach both through the fixture: `e2e.srv`, `e2e.stack`.
 */
import { afterAll, beforeAll } from "vitest";
import { E2EStack, ok, type StackOptions } from "./harness";
import { startE2EServer, type E2EServer } from "./api";

/** What a file's stack is: options for `E2EStack.create` (its server is the fixture's), or a factory. */
export type StackSpec = Omit<StackOptions, "server"> | ((srv: E2EServer) => Promise<E2EStack>);

export interface LifecycleStack {
  /** The file's server (started before its tests). */
  readonly srv: E2EServer;
  /** The file's stack: made before the tests when `stack` was given, else by `create`. */
  readonly stack: E2EStack;
  /** Makes the file's stack on its server (closed with the file); a later call makes `stack` the new one. */
  create(spec: StackSpec): Promise<E2EStack>;
}

export function lifecycleStack(
  options: {
    /** Options of the server, e.g. `{ checks: true }`. */
    server?: Parameters<typeof startE2EServer>[0];
    /** The stack to make before the tests. */
    stack?: StackSpec;
    /** Run `up` (which must succeed) before the tests. */
    up?: boolean;
  } = {},
): LifecycleStack {
  let srv: E2EServer | undefined;
  let stack: E2EStack | undefined;
  const made: E2EStack[] = [];
  const fixture: LifecycleStack = {
    get srv() {
      if (!srv) throw new Error("the e2e server starts in beforeAll");
      return srv;
    },
    get stack() {
      if (!stack) throw new Error("no stack yet: pass `stack` to lifecycleStack or call create");
      return stack;
    },
    async create(spec) {
      const s =
        typeof spec === "function" ? await spec(fixture.srv) : await E2EStack.create({ ...spec, server: fixture.srv });
      made.push(s);
      stack = s;
      return s;
    },
  };
  beforeAll(async () => {
    srv = await startE2EServer(options.server);
    if (options.stack) {
      const s = await fixture.create(options.stack);
      if (options.up) ok(await s.up());
    }
  });
  afterAll(async () => {
    for (const s of made) s.dispose();
    await srv?.close();
  });
  return fixture;
}
