/**
 * Class A: the hostile values an expression or a paste can put into a parameter, by the kind of
 * field it is (catalogA.ts gives every field its kind). What a value is and what its policy asks
 * of the node: hostileValue.ts; the values themselves, by family of kinds: hostileTexts.ts,
 * hostileChoices.ts, hostileNumbers.ts, hostileDates.ts.
 */
import { capitalChoiceValues, currencyValues, choiceValues, eventValues, flagChoiceValues, languageValues } from './hostileChoices';
import { dateValues, farDate, farFutureInstant, instantValues } from './hostileDates';
import { countValues, numberValues, optionalBooleanValues, returnAllValues } from './hostileNumbers';
import { binaryPropertyValues, idListValues, idValues, merchantIdValues, orderIdValues, textValues, uuidValues } from './hostileTexts';
import { LINK_KINDS } from './hostileLinks';
import { expr, fixed, long10k, REMOVED, type HostileValue } from './hostileValue';

export const HOSTILE = {
	id: idValues(false),
	optId: idValues(true),
	idList: idListValues(),
	orderIds: orderIdValues(),
	text: textValues(false, 100, true),
	optText: textValues(true, 100, true),
	comment: textValues(true, 512, false),
	subId: textValues(true, undefined, true),
	/** A sub ID filter of the statistics (reports, actions): at most 250 characters (published-api-facts.md, section 1). */
	statisticsSubId: textValues(true, 250, true),
	merchantId: merchantIdValues(),
	uuid: uuidValues(),
	choice: choiceValues(false),
	optChoice: choiceValues(true),
	/** The click service's action status filter: its values are capitals (PENDING). */
	capitalChoice: capitalChoiceValues(),
	language: languageValues(false),
	optLanguage: languageValues(true),
	currency: currencyValues(),
	/** A day of its own (the exchange rate's, an order's): a far one asks for another day's rate, or is sent as given. */
	date: dateValues(false, [farDate('farFuture', 'otherRecords'), farDate('farPast', 'otherRecords')]),
	/** The start and the end of a claim list's period (Start Date, End Date). */
	optDateFrom: dateValues(true, [farDate('farPast', 'sameAsBase'), farDate('farFuture', 'nothing')]),
	optDateTo: dateValues(true, [farDate('farFuture', 'sameAsBase'), farDate('farPast', 'nothing')]),
	/** The Click Report's period: a start before 2000-01-01 is refused; an end after tomorrow is cut there. */
	clickDateFrom: dateValues(false, [farDate('farPast', 'refuse')]),
	clickDateTo: dateValues(false, [farDate('farFuture', 'sameAsBase')]),
	/** The Click Report's Updated At period: a start in the far future is after its end. */
	instantFrom: instantValues([farFutureInstant(false)]),
	instantTo: instantValues([farFutureInstant(true)]),
	amount: numberValues(false, 'amount'),
	optNumber: numberValues(true, 'any'),
	limit: countValues('limit'),
	returnAll: returnAllValues(),
	optBool: optionalBooleanValues(),
	events: eventValues(),
	watchDays: countValues('watchDays'),
	hours: countValues('hours'),
	minutes: countValues('minutes'),
	binaryProperty: binaryPropertyValues(),
	/** A key the node does not know, in a collection: it must be ignored. */
	unknownKey: [fixed('unknownKey', 'same', 'surprise', REMOVED), fixed('unknownObject', 'same', expr('{"a": [1, {"b": null}]}'), REMOVED)],
	/** A parameter the code under test ignores (load options): anything, the answer stays the same. */
	nodeParameter: [
		fixed('object', 'same', expr('{"a": 1}'), REMOVED),
		fixed('NaN', 'same', expr('NaN'), REMOVED),
		long10k('same', (long) => ({ value: long, canonical: REMOVED, long })),
		fixed('ctrlNUL', 'same', 'a\u0000b', REMOVED),
	],
	/** An action's Processed or Paid filter: "1" or "0" (its base is "1", which the number 1 spells). */
	flagChoice: flagChoiceValues(),
	/** The link, program and coupon operations' own kinds (hostileLinks.ts). */
	...LINK_KINDS,
} satisfies Record<string, HostileValue[]>;

export type FieldKind = keyof typeof HOSTILE;
