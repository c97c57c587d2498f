/**
 * The auth module's public entry for what other modules use of its tables. Its repositories stay private: another
 * module imports from here (or from a service of this module), never a `*.repository.ts`.
 */

/**
 * The shared rate counters (one row per event, so every API process counts the same window): a module that limits
 * guesses of its own, like a teller's withdrawal lookups, records its misses and reads them back here.
 */
export { eventTimes, recordEvent, type RateBucket } from './rate-limit-events.repository.ts';
