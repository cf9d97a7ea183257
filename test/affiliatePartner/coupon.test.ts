/** Coupon → Get Many and Get, for an ad space and from the catalogue, and the coupon categories dropdown, through real n8n-core against the sandbox. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { loadOptions } from '../harness/loadOptions';
import { partnerSandbox } from '../harness/partnerSandbox';

const partner = partnerSandbox({ resource: 'coupon' });
const run = partner.run;
const AD_SPACE = '1021';
const AD_SPACE_LIST = `/coupons/website/${AD_SPACE}/`;

async function records(parameters: INodeParameters) {
	const result = await run(parameters);
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

/** Every coupon of a list as the service sends it, read with the sandbox's own token. */
async function allCoupons(path: string, query: Record<string, string> = {}) {
	const all = await partner.client.partnerRecords<IDataObject>(path, query);
	partner.sandbox.resetRequests();
	return all;
}

const sent = () => partner.sandbox.requests.map((request) => `${request.path}?${request.rawQuery}`);
const LINKS = ['promocode', 'goto_link', 'frameset_link'];

describe('Coupon → Get Many', () => {
	test('for an ad space: Return All over several pages gives every coupon once, with its promo code and links', async () => {
		const all = await allCoupons(AD_SPACE_LIST);
		expect(all.length).toBeGreaterThan(20);
		partner.sandbox.configure({ partnerLimitCap: 7 });
		const read = await records({ operation: 'getMany', source: 'adSpace', adSpaceId: AD_SPACE, returnAll: true });
		expect(read).toEqual(all);
		expect(new Set(read.map((coupon) => coupon.id)).size).toBe(all.length);
		for (const coupon of read) for (const field of LINKS) expect(coupon).toHaveProperty(field);
		expect(partner.sandbox.requests.length).toBeGreaterThan(3);
		expect(new Set(partner.sandbox.requests.map((request) => request.path))).toEqual(new Set([AD_SPACE_LIST]));
	});

	test('from the catalogue: Return All over several pages gives every coupon once, without promo codes or links', async () => {
		const all = await allCoupons('/coupons/');
		partner.sandbox.configure({ partnerLimitCap: 7 });
		const read = await records({ operation: 'getMany', source: 'catalogue', returnAll: true });
		expect(read).toEqual(all);
		expect(new Set(read.map((coupon) => coupon.id)).size).toBe(all.length);
		for (const coupon of read) for (const field of LINKS) expect(coupon).not.toHaveProperty(field);
		expect(new Set(partner.sandbox.requests.map((request) => request.path))).toEqual(new Set(['/coupons/']));
	});

	test('date_end, discount and language stay null where the service sends null', async () => {
		const read = await records({ operation: 'getMany', source: 'catalogue', returnAll: true });
		for (const field of ['date_end', 'discount', 'language']) {
			const nulls = read.filter((coupon) => coupon[field] === null);
			expect([field, nulls.length > 0]).toEqual([field, true]);
			expect(read.every((coupon) => field in coupon)).toBe(true);
		}
		// The rating stays the decimal string it is.
		expect(read.every((coupon) => typeof coupon.rating === 'string')).toBe(true);
	});

	test('a Limit gives that many, from the first page', async () => {
		const all = await allCoupons(AD_SPACE_LIST);
		expect(await records({ operation: 'getMany', source: 'adSpace', adSpaceId: AD_SPACE, returnAll: false, limit: 5 })).toEqual(all.slice(0, 5));
		expect(sent()).toEqual([`${AD_SPACE_LIST}?limit=5&offset=0`]);
	});

	test('an ad space that does not exist is named', async () => {
		const result = await run({ operation: 'getMany', source: 'adSpace', adSpaceId: '999999', returnAll: true });
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain('Ad space 999999');
	});

	test('a token without the scope: the error names it, coupons_for_website for an ad space, coupons for the catalogue', async () => {
		const credentials = partner.credentialWith(partner.sandbox.tokens.publicDataOnly);
		const forAdSpace = await run({ operation: 'getMany', source: 'adSpace', adSpaceId: AD_SPACE, returnAll: true }, { credentials });
		expect(forAdSpace.error?.message).toContain('"coupons_for_website"');
		const catalogue = await run({ operation: 'get', source: 'catalogue', couponId: '52001' }, { credentials });
		expect(catalogue.error?.message).toContain('"coupons"');
		expect(catalogue.error?.message).not.toContain('coupons_for_website');
	});
});

describe('Coupon → Get', () => {
	test('one coupon of an ad space, with its promo code and links, as the service sends it', async () => {
		const [, second] = await allCoupons(AD_SPACE_LIST);
		const path = `/coupons/${String(second.id)}/website/${AD_SPACE}/`;
		expect(await records({ operation: 'get', source: 'adSpace', adSpaceId: AD_SPACE, couponId: String(second.id) })).toEqual([second]);
		expect(sent()).toEqual([`${path}?`]);
	});

	test('one coupon of the catalogue, nulls kept', async () => {
		const all = await allCoupons('/coupons/');
		const openEnded = all.find((coupon) => coupon.date_end === null) as IDataObject;
		expect(await records({ operation: 'get', source: 'catalogue', couponId: String(openEnded.id) })).toEqual([openEnded]);
		expect(sent()).toEqual([`/coupons/${String(openEnded.id)}/?`]);
	});

	test('a coupon that does not exist is named; another coupon answered is an error; an ID not digits is refused before any request', async () => {
		const missing = await run({ operation: 'get', source: 'catalogue', couponId: '7' });
		expect(missing.error?.message).toContain('Coupon 7');
		const [first] = await allCoupons('/coupons/');
		partner.sandbox.injectFault({ kind: 'body', api: 'partner', pathPrefix: `/coupons/${String(first.id)}/`, body: 'set', key: 'id', value: 4242 });
		const other = await run({ operation: 'get', source: 'catalogue', couponId: String(first.id) });
		expect(other.items).toHaveLength(0);
		expect(other.error?.message).toContain('not the record asked for');
		partner.sandbox.clearFaults();
		partner.sandbox.resetRequests();
		const refused = await run({ operation: 'get', source: 'adSpace', adSpaceId: 'x1', couponId: '12a' });
		expect(refused.error?.name).toBe('NodeOperationError');
		const said = `${refused.error?.message}\n${refused.error?.description}`;
		for (const field of ['Ad Space Name or ID', 'Coupon ID']) expect(said).toContain(field);
		expect(partner.sandbox.requests).toHaveLength(0);
	});
});

describe('the coupon categories dropdown', () => {
	test('lists every category as "Name (ID)", sorted by name, over several pages, with only public_data', async () => {
		const all = await allCoupons('/coupons/categories/');
		expect(all.length).toBeGreaterThan(3);
		partner.sandbox.configure({ partnerLimitCap: 3 });
		const credentials = partner.credentialWith(partner.sandbox.tokens.publicDataOnly);
		const options = await loadOptions('affiliatePartner', 'getCouponCategories', { resource: 'coupon', operation: 'getMany' }, credentials);
		expect(options.map((option) => option.value).sort()).toEqual(all.map((category) => String(category.id)).sort());
		for (const category of all) expect(options).toContainEqual({ name: `${String(category.name)} (${String(category.id)})`, value: String(category.id) });
		expect(options.map((option) => option.name)).toEqual([...options.map((option) => option.name)].sort((a, b) => a.localeCompare(b, 'en')));
		expect(new Set(partner.sandbox.requests.map((request) => request.path))).toEqual(new Set(['/coupons/categories/']));
	});
});

test('a Source that is "adSpace" only once trimmed (n8n then hides Ad Space) is refused naming Source, before any request', async () => {
	partner.sandbox.resetRequests();
	const result = await run({ operation: 'getMany', source: ' adSpace ', adSpaceId: AD_SPACE, returnAll: false, limit: 2 });
	expect(result.error?.message).toMatch(/Source/);
	expect(result.error?.message).not.toMatch(/Could not get parameter/);
	expect(sent()).toEqual([]);
});
