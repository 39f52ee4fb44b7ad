// Everything of Hermes that composes and explains: what the CLI uses and the extension will show
// (Problems at the scanner's ranges, the [BLOCKED: …] line in the preview). A bundle of its own in
// the extension, required on the first Hermes composition.
export { composeHermes } from './hermesCompose';
export { HERMES_DEFAULT_IDENTITY, truncateForHermes } from './hermesSection';
export { HERMES_MEMORY_CHAR_LIMIT, HERMES_USER_CHAR_LIMIT } from './hermesMemory';
export { describeInvisible, HERMES_INVISIBLE_CHARS, HERMES_MAX_SCAN_CHARS, HERMES_THREAT_PATTERNS, hermesScanProblems, scanForThreats, threatPatterns } from './hermesScan';
export type { ScanProblem, ThreatFinding, ThreatScope } from './hermesScan';
export { hermesRewording, rewordingClears } from './hermesRewording';
export type { Rewording } from './hermesRewording';
