/**
 * A setup file of the suites without the engine (the unit and server projects of
 * vitest.config.ts): every fast-check property and sample in the suite draws from this run's seed
 * (test/support/seed.ts: the commit's, or FUZZ_SEED). fast-check prints it with a
 * counterexample (`{ seed: …, path: … }`); FUZZ_SEED=<seed> replays the run.
 */
import fc from "fast-check";
import { fuzzSeed } from "./seed";

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: fuzzSeed().seed });
