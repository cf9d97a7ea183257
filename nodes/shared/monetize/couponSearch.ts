/**
 * Coupon → Search of the Click Report: POST /v1/product/monetize-api/v1/coupon/search
 * (../shared/spec/published-api-facts.md, section 11), the coupons of many URLs at once. Items
 * asking with the same Language Codes, Category IDs and Sub ID share requests of at most
 * IRIS_PER_SEARCH URLs (nodes/shared/batching); each answer is held to the URLs it was asked
 * for before any coupon is paired back (docs/nodes.md, Click Report, Coupon).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { shown } from '../clickActions/actionChecks';
import type { AskedFor, Contract } from '../transport';
import { shapedAs } from '../transport';
import type { LeftOutUrls } from '../urlPairing';
import { pairByUrl, urlsSent } from '../urlPairing';
import { couponIdProblem, listFilterProblem } from './couponChecks';

export const COUPON_SEARCH_PATH = '/v1/product/monetize-api/v1/coupon/search';

/**
 * The most URLs one search carries. The record shows no limit; 100 keeps a body small (URLs of a
 * few hundred characters) and an answer of every URL's coupons well within a response, while
 * 1,000 URLs still take 10 requests.
 */
export const IRIS_PER_SEARCH = 100;

/** What the URLs of one search share: the body's other fields, and what a URL left out of the answer means. */
export interface SearchGroup {
	languageCodes: string[];
	categoryIds: string[];
	subId?: string;
	leftOut: LeftOutUrls;
}

/** The group as batching's key; items with equal values (lists in any order) share requests. */
export function searchGroupKey(group: SearchGroup): string {
	const sorted = (values: string[]) => [...values].sort();
	return JSON.stringify({ languageCodes: sorted(group.languageCodes), categoryIds: sorted(group.categoryIds), subId: group.subId ?? null, leftOut: group.leftOut });
}

/** What a group's URLs left out of the answer mean. */
export const leftOutOf = (groupKey: string): LeftOutUrls => (JSON.parse(groupKey) as { leftOut: LeftOutUrls }).leftOut;

/** The body of one search: each URL once (two items asking for one URL share its answer), the group's fields when given. */
export function searchBody(groupKey: string, iris: readonly string[]): IDataObject {
	const group = JSON.parse(groupKey) as { languageCodes: string[]; categoryIds: string[]; subId: string | null };
	const body: IDataObject = { iris: [...new Set(iris)] };
	if (group.languageCodes.length > 0) body.languageCodes = group.languageCodes;
	if (group.categoryIds.length > 0) body.categoryIds = group.categoryIds.map(Number);
	if (group.subId !== null) body.subId = group.subId;
	return body;
}

const isObject = (value: unknown): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** What is wrong with one `{iri, coupons}` entry, given the search's filters. */
function entryProblem(entry: unknown, index: number, body: IDataObject): string | undefined {
	if (!isObject(entry)) return `data[${index}] is ${shown(entry)}, not an object with "iri" and "coupons"`;
	if (typeof entry.iri !== 'string') return `data[${index}] has no "iri" as text (it is ${shown(entry.iri)})`;
	if (!Array.isArray(entry.coupons)) return `data[${index}] ("${entry.iri}") has no "coupons" list (it is ${shown(entry.coupons)})`;
	const asked = { languageCodes: body.languageCodes as string[] | undefined, categoryIds: (body.categoryIds as number[] | undefined)?.map(String) };
	for (let at = 0; at < entry.coupons.length; at++) {
		const coupon: unknown = entry.coupons[at];
		const problem = isObject(coupon) ? (couponIdProblem(coupon) ?? listFilterProblem(coupon, asked)) : `is ${shown(coupon)}, not an object`;
		if (problem) return `data[${index}].coupons[${at}] ${problem}`;
	}
	return undefined;
}

type SearchEntry = { iri: string; coupons: IDataObject[] };

/** The entry of each URL asked, paired by URL (nodes/shared/urlPairing.ts); a URL left out is an error or, if so chosen, has no coupons. */
function pairSearch(iris: readonly string[], entries: readonly SearchEntry[], leftOut: LeftOutUrls): SearchEntry[] | string {
	return pairByUrl(iris, entries, {
		leftOut,
		nothingFor: (iri) => ({ iri, coupons: [] }),
		leftOutHint: '; if the service leaves out the URLs it has no coupons for, set Options → URLs Left Out of the Answer to "Output No Coupons"',
	});
}

/**
 * A search answer must hold each URL asked exactly once, in any order: coupons are paired to an
 * item by the URL they were found for, never by position, so a URL added or listed twice is an
 * error naming the request, never coupons given to the wrong item. A URL without coupons is
 * expected as `coupons: []`; one left out fails, unless the option reads it as no coupons
 * (docs/nodes.md, Click Report, Coupon).
 */
export function searchAnswerProblem(answer: unknown, asked: AskedFor, leftOut: LeftOutUrls = 'fail'): string | undefined {
	if (!isObject(answer)) return 'it is not a JSON object';
	if (!Array.isArray(answer.data)) return 'it has no "data" list';
	const body = asked.body ?? {};
	for (let index = 0; index < answer.data.length; index++) {
		const problem = entryProblem(answer.data[index], index, body);
		if (problem) return problem;
	}
	const paired = pairSearch(urlsSent(body, 'iris'), answer.data as SearchEntry[], leftOut);
	return typeof paired === 'string' ? paired : undefined;
}

export const couponSearchAnswer = (leftOut: LeftOutUrls): Contract =>
	shapedAs('coupons for each URL asked', (answer, asked) => searchAnswerProblem(answer, asked, leftOut));

/** The coupons of each URL of a checked answer, in the order of the URLs a batch carries (repeats included). */
export function couponsPerIri(answer: { data: SearchEntry[] }, iris: readonly string[], leftOut: LeftOutUrls): IDataObject[][] {
	const sent = [...new Set(iris)];
	const paired = pairSearch(sent, answer.data, leftOut) as SearchEntry[];
	const byIri = new Map(sent.map((iri, index) => [iri, paired[index].coupons]));
	return iris.map((iri) => byIri.get(iri) ?? []);
}

/** The URL a coupon was found for, first, then the coupon as the service sent it. */
export const couponFoundFor = (iri: string, coupon: IDataObject): IDataObject => Object.assign({ iri }, coupon, { iri });

/**
 * nodes/shared/batching gives one item per URL; a search outputs one item per coupon found, each paired
 * with its input item. `found` holds the per-URL items to spread (`{iri, coupons}`); any other
 * item (an error item of Continue On Fail) is kept as it is. A URL without coupons gives no item.
 */
export function spreadCoupons(items: INodeExecutionData[], found: WeakSet<IDataObject>): INodeExecutionData[] {
	const out: INodeExecutionData[] = [];
	for (const item of items) {
		if (!found.has(item.json)) {
			out.push(item);
			continue;
		}
		const iri = item.json.iri as string;
		for (const coupon of item.json.coupons as IDataObject[]) out.push({ json: couponFoundFor(iri, coupon), pairedItem: item.pairedItem });
	}
	return out;
}
