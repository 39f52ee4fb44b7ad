// The CLI's error for input the user can act on: one line, exit 2, nothing written.
export class UsageError extends Error {}
