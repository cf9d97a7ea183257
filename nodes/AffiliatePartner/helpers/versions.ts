/**
 * What each version of the Affiliate Partner node changed (README, "Version history"). A saved
 * workflow keeps its version, and with it what that version did.
 */

/** Version 1.2: date parameters are text the node reads, not n8n's date picker (nodes/shared/dateFields.ts). */
export const DATES_AS_TEXT_SINCE = 1.2;
