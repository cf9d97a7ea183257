// The click service's coupons (../shared/spec/published-api-facts.md, section 11):
// GET /v1/product/monetize-api/v1/coupon, {meta: {next}, data: [coupon]} by couponId over an opaque
// cursor, with every filter of the record; and POST /v1/product/monetize-api/v1/coupon/search,
// {data: [{iri, coupons}]}, each URL matched to a merchant by its domains (docs/sandbox.md,
// "Merchants and coupons").

import { clickBadRequest, json, Reply } from '../reply';
import type { RequestContext } from '../state';
import { merchantForUrl, hostOf } from './merchants';
import { cursorPage, monetizeData, readFlag, readInstant, readPaging, readQueryList, type Problem } from './monetizeQuery';
import type { Coupon } from './monetizeSeed';

/** The most URLs one search takes here; the record shows no limit. */
export const MAX_SEARCH_IRIS = 1_000;
const SUB_ID = /^[0-9A-Za-z_-]{1,6144}$/;

/** Any of the values asked (case as the coupons write them), when asked. */
const sharesAny = (has: ReadonlyArray<string | number>, asked: string[] | undefined) => asked === undefined || has.some((value) => asked.includes(String(value)));

function readCategoryIds(values: string[] | undefined, problems: Problem[]): string[] | undefined {
	if (values?.some((value) => !/^\d+$/.test(value))) problems.push({ property: 'categoryIds', title: 'each of categoryIds must be an integer' });
	return values;
}

export function listMonetizeCoupons(ctx: RequestContext): Reply {
	const data = monetizeData(ctx.state);
	const q = ctx.query;
	const problems: Problem[] = [];
	const paging = readPaging(q, 'coupon', data.cursors, problems, ctx.state.config.cursorLimitMax);
	const isActive = readFlag(q, 'isActive', problems);
	const [updatedFrom, updatedTo, startBefore, endAfter] = ['updatedAtFrom', 'updatedAtTo', 'startDateBefore', 'endDateAfter'].map((name) => readInstant(q, name, problems, true));
	const languageCodes = readQueryList(q, 'languageCodes');
	const countryCodes = readQueryList(q, 'countryCodes');
	const categoryIds = readCategoryIds(readQueryList(q, 'categoryIds'), problems);
	if (problems.length) return clickBadRequest(problems);
	const matching = data.coupons.filter((coupon) => {
		const updated = Date.parse(coupon.updatedAt);
		if (isActive !== undefined && coupon.isActive !== isActive) return false;
		if ((updatedFrom !== undefined && updated < updatedFrom) || (updatedTo !== undefined && updated > updatedTo)) return false;
		if (startBefore !== undefined && Date.parse(coupon.startDate) > startBefore) return false;
		if (endAfter !== undefined && coupon.endDate !== null && Date.parse(coupon.endDate) < endAfter) return false;
		return sharesAny(coupon.languageCodes, languageCodes) && sharesAny(coupon.countryCodes, countryCodes) && sharesAny(coupon.categoryIds, categoryIds);
	});
	return json(200, cursorPage(matching, (coupon) => coupon.couponId, paging, 'coupon', data.cursors));
}

const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');

interface SearchBody {
	iris: string[];
	languageCodes?: string[];
	categoryIds?: number[];
	subId?: string;
}

function readSearchBody(raw: Buffer): { problems: Problem[] } | { body: SearchBody } {
	let body: Record<string, unknown>;
	try {
		body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
	} catch {
		return { problems: [{ property: 'body', title: 'the body must be JSON' }] };
	}
	const problems: Problem[] = [];
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return { problems: [{ property: 'body', title: 'the body must be a JSON object' }] };
	const { iris, languageCodes, categoryIds, subId } = body;
	if (!isTextList(iris) || iris.length === 0 || iris.length > MAX_SEARCH_IRIS || iris.some((iri) => hostOf(iri) === undefined)) {
		problems.push({ property: 'iris', title: `iris must be 1 to ${MAX_SEARCH_IRIS} absolute http(s) URLs` });
	}
	if (languageCodes !== undefined && !isTextList(languageCodes)) problems.push({ property: 'languageCodes', title: 'languageCodes must be an array of strings' });
	if (categoryIds !== undefined && !(Array.isArray(categoryIds) && categoryIds.every((id) => Number.isInteger(id)))) {
		problems.push({ property: 'categoryIds', title: 'categoryIds must be an array of integers' });
	}
	if (subId !== undefined && (typeof subId !== 'string' || !SUB_ID.test(subId))) problems.push({ property: 'subId', title: 'subId must be 1 to 6144 Latin letters, digits, _ and -' });
	return problems.length ? { problems } : { body: body as unknown as SearchBody };
}

/** A search's coupon: the list's fields but `isActive` (every one found is active), the Sub ID in the link's `s`. */
function foundCoupon(coupon: Coupon, subId: string | undefined): Omit<Coupon, 'isActive'> {
	const found: Partial<Coupon> = { ...coupon };
	delete found.isActive;
	if (subId !== undefined) found.trackingLink = `${coupon.trackingLink}?s=${subId}`;
	return found as Omit<Coupon, 'isActive'>;
}

export function searchCoupons(ctx: RequestContext): Reply {
	const read = readSearchBody(ctx.body);
	if ('problems' in read) return clickBadRequest(read.problems);
	const { iris, languageCodes, categoryIds, subId } = read.body;
	const data = monetizeData(ctx.state);
	const answered = [...new Set(iris)].map((iri) => {
		const merchant = merchantForUrl(data.merchants, iri);
		const coupons = merchant
			? data.coupons.filter(
					(coupon) =>
						coupon.merchantId === merchant.merchantId &&
						coupon.isActive &&
						sharesAny(coupon.languageCodes, languageCodes) &&
						sharesAny(coupon.categoryIds, categoryIds?.map(String)),
				)
			: [];
		return { iri, coupons: coupons.map((coupon) => foundCoupon(coupon, subId)) };
	});
	return json(200, { data: answered });
}
