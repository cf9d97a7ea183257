/**
 * What each version of the Affiliate Partner node changed (README, "Version history"). A saved
 * workflow keeps its version, and with it what that version did.
 */

/** Version 1.2: date parameters are text the node reads, not n8n's date picker (nodes/shared/dateFields.ts). */
export const DATES_AS_TEXT_SINCE = 1.2;

/** Version 1.3: fields that take an ad space's or a program's ID are dropdowns of the account's (nodes/shared/partnerIds.ts). */
export const ID_DROPDOWNS_SINCE = 1.3;
