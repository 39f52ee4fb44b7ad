// Every wait of the extension, in milliseconds, in one place: how long a surface lets
// changes gather before it works on them, and how long it waits for an answer.

/** Problems entries: keystrokes closer together than this are diagnosed once. */
export const DIAGNOSE_DELAY_MS = 50;
/** Dimmed dropped text and the CodeLens: keystrokes closer together than this redraw once. */
export const DROP_REDRAW_DELAY_MS = 50;
/** The status bar: a little slower than the editor, it is read at a glance, not watched. */
export const STATUS_BAR_DELAY_MS = 75;
/** New entries (a checkout, a copy) arrive in bursts: they are looked into together. */
export const CREATED_SETTLE_MS = 100;
/** Tree refreshes after an edit come at most this often: a few a second, not one per keystroke. */
export const TREE_REFRESH_MS = 150;
/** A tree refresh that has not shown a change this long after it was asked for is asked again. */
export const TREE_VERIFY_AFTER_MS = 1000;
/** Link checks touch the disk (lstat, realpath): after a burst of changes, at most this often. */
export const LINK_CHECK_DELAY_MS = 200;
/** Preview updates: about one per frame, the first of a burst at once. */
export const PREVIEW_FRAME_MS = 16;
/** No preview message goes out before the last is acknowledged: a lost ack stalls no longer than this. */
export const PREVIEW_ACK_TIMEOUT_MS = 2000;
/** Token counts start once the current turn of the main loop (the keystroke's path) is done. */
export const TOKEN_COUNT_DELAY_MS = 0;
/**
 * A large persona's counts, while typing, at most this often: each count sends its changed
 * section (megabytes) to the worker and its answer redraws the preview's counts, which on
 * two cores is felt by the keystrokes in between.
 */
export const LARGE_TOKEN_COUNT_DELAY_MS = 250;
/** What makes a persona large for counting: the text its runtime sends, in UTF-16 units. */
export const LARGE_TOKEN_COUNT_UNITS = 256 * 1024;
/**
 * The secret scan waits for typing to pause this long: it reads the whole text (about a
 * quarter second for 2 MB on two cores, docs/security.md), too slow for every keystroke.
 */
export const SECRET_SCAN_PAUSE_MS = 400;
