// Property-based tests of the a2a-v1 variant (see suite.ts; FUZZ_RUNS multiplies the 10,000-case budget, FUZZ_SEED sets the seed).
import { fuzzVariant } from './suite.js';

fuzzVariant('a2a-v1');
