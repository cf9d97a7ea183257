/**
 * The answer of GET /deeplink/{ad space}/advcampaign/{program}/: one link per `ulp` asked, in the
 * order asked. The record shows two shapes (../shared/spec/published-api-facts.md, sections 3 and
 * 12.1): the docs' `[{link, is_affiliate_product}]` and a bare array of links as text (a 2024
 * client's test body, the Ruby client's types). Both are taken and read as the same thing. An
 * answer with another number of links than URLs asked cannot be paired without shifting links
 * onto the wrong URLs, so it is refused, as is an entry of neither shape or a mix of both.
 */
import type { IDataObject } from 'n8n-workflow';

import type { AskedFor, Contract } from '../transport';
import { shapedAs } from '../transport';
import { targetUrlProblem } from '../validation/targetUrls';

/** One link as the node outputs it, whatever shape the service answered. */
export interface Deeplink {
	link: string;
	/** The service's own value: true or false for the programs it tells (AliExpress), null otherwise or when the answer does not say. */
	isAffiliateProduct: boolean | null;
}

const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How many `ulp` a request sent: a repeated parameter is an array, a single one a text. */
export function urlsAsked(asked: AskedFor): number {
	const ulp = asked.qs?.ulp;
	if (Array.isArray(ulp)) return ulp.length;
	return ulp === undefined || ulp === null ? 0 : 1;
}

function entryProblem(entry: unknown, index: number, firstIsText: boolean): string | undefined {
	const where = `the array[${index}]`;
	if (typeof entry === 'string') {
		if (!firstIsText) return `${where} is a link as text, while the array[0] is an object: the answer mixes its two shapes`;
		const problem = targetUrlProblem(entry);
		return problem ? `${where} is not a link: it ${problem}` : undefined;
	}
	if (!isObject(entry)) return `${where} is neither a link as text nor an object with a "link"`;
	if (firstIsText) return `${where} is an object, while the array[0] is a link as text: the answer mixes its two shapes`;
	if (typeof entry.link !== 'string') return `${where} is not an object with a "link" text`;
	const problem = targetUrlProblem(entry.link);
	if (problem) return `${where}.link is not a link: it ${problem}`;
	const affiliate = entry.is_affiliate_product;
	if (affiliate !== undefined && affiliate !== null && typeof affiliate !== 'boolean') {
		return `${where}.is_affiliate_product is ${JSON.stringify(affiliate)}, not true, false or null`;
	}
	return undefined;
}

/** What is wrong with a deeplink answer, given the URLs asked, or undefined. */
export function deeplinkAnswerViolation(body: unknown, asked: AskedFor): string | undefined {
	if (!Array.isArray(body)) return isObject(body) ? 'it is an object, not the array of links' : 'it is not a JSON array';
	const expected = urlsAsked(asked);
	if (body.length !== expected) {
		return `it holds ${body.length} link${body.length === 1 ? '' : 's'} for the ${expected} URL${expected === 1 ? '' : 's'} asked (ulp); links cannot be paired with URLs without shifting them`;
	}
	const firstIsText = typeof body[0] === 'string';
	for (let index = 0; index < body.length; index++) {
		const problem = entryProblem(body[index], index, firstIsText);
		if (problem) return problem;
	}
	return undefined;
}

/** The contract a deeplink request states: one link per URL asked, in either shape. */
export const deeplinkAnswer: Contract = shapedAs('one link per URL asked', deeplinkAnswerViolation);

/** The links of an answer that kept its contract, in the order asked. */
export function readDeeplinks(body: unknown[]): Deeplink[] {
	return body.map((entry) =>
		typeof entry === 'string'
			? { link: entry, isAffiliateProduct: null }
			: { link: String((entry as IDataObject).link), isAffiliateProduct: ((entry as IDataObject).is_affiliate_product as boolean | null | undefined) ?? null },
	);
}
