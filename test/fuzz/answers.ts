/**
 * Class B: every answer family, in the plan's order (a family's index turns the variant its cases
 * take, and the seeded picks draw from this list: reordering it changes the plan; the bare array's
 * family came after the others, the conversion reads', then the links' (answersLinks.ts), last). What a family is: answerFamily.ts.
 */
import type { Family } from './answerFamily';
import { CONVERSION_FAMILIES } from './answersConversions';
import { BARE_ARRAY_FAMILIES, COUNT_FAMILIES } from './answersCounts';
import { EQUIVALENT_FAMILIES } from './answersEquivalent';
import { LINK_FAMILIES } from './answersLinks';
import { RECORD_FAMILIES } from './answersRecords';
import { TOP_LEVEL_FAMILIES } from './answersTopLevel';
import { lookup } from './named';

export const FAMILIES: Family[] = [...TOP_LEVEL_FAMILIES, ...COUNT_FAMILIES, ...RECORD_FAMILIES, ...EQUIVALENT_FAMILIES, ...BARE_ARRAY_FAMILIES, ...CONVERSION_FAMILIES, ...LINK_FAMILIES];

export const familyNamed = lookup(FAMILIES, 'answer family');
