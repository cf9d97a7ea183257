import type { IDataObject, INodeCredentials, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox/server';
import type { Category } from '../../sandbox/types';
import { loadOptions } from '../harness/loadOptions';
import { addCredential, runNode } from '../harness/run';
import { overlappingPageQueries } from '../harness/pages';

let sandbox: Sandbox;
let credentials: INodeCredentials;

beforeAll(async () => {
	sandbox = await startSandbox();
	credentials = partnerCredential(sandbox.accessToken);
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.configure({ partnerLimitCap: 500 });
	sandbox.resetRequests();
});

function partnerCredential(accessToken: string) {
	return addCredential('affiliatePartnerApi', {
		baseUrl: sandbox.partnerUrl,
		accessToken,
		maxRequestsPerSecond: 1000,
	});
}

async function run(
	parameters: INodeParameters,
	input: INodeExecutionData[] = [{ json: {} }],
	options: { continueOnFail?: boolean; credentials?: INodeCredentials } = {},
) {
	return await runNode(
		{
			type: 'affiliatePartner',
			parameters,
			credentials: options.credentials ?? credentials,
			continueOnFail: options.continueOnFail,
		},
		input,
	);
}

/** Runs and expects success; returns the output JSON. */
async function records(parameters: INodeParameters, input?: INodeExecutionData[]) {
	const result = await run(parameters, input);
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

const requests = () => sandbox.requests.map(({ path, rawQuery, status }) => ({ path, rawQuery, status }));
const sortedQueries = () => sandbox.requests.map((request) => request.rawQuery).sort();

/** A category as the service renders it, from the seeded data. */
function rendered(id: number, language = 'en'): IDataObject {
	const category = sandbox.data.categories.find((candidate) => candidate.id === id) as Category;
	const translated = category.names[language];
	return {
		id,
		name: translated ?? category.names.en,
		language: translated ? language : 'en',
		parent: category.parentId === null ? null : rendered(category.parentId, language),
	};
}

function categoriesOfPrograms(programIds: number[]): number[] {
	const wanted = new Set(
		sandbox.data.programs.filter((program) => programIds.includes(program.id)).flatMap((program) => program.categoryIds),
	);
	return sandbox.data.categories.filter((category) => wanted.has(category.id)).map((category) => category.id);
}

describe('every operation against the sandbox', () => {
	test('adSpaceKind getMany: each plain string becomes {kind, name}, paired with its input', async () => {
		const result = await run({ resource: 'adSpaceKind', operation: 'getMany', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.kind)).toEqual(sandbox.data.websiteKinds);
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 0 }))).toBe(true);
		expect(result.items.find((item) => item.json.kind === 'social_network')?.json).toEqual({
			kind: 'social_network',
			name: 'Social network',
		});
		expect(result.items.find((item) => item.json.kind === 'website')?.json).toEqual({ kind: 'website', name: 'Website' });
		expect(requests()).toEqual([{ path: '/websites/kinds/', rawQuery: 'limit=500&offset=0', status: 200 }]);
	});

	test('region getMany: codes become {code, name}; 01 is CIS, 00 all regions, unknown codes keep the code', async () => {
		const output = await records({ resource: 'region', operation: 'getMany', returnAll: true });
		expect(output.map((region) => region.code)).toEqual(sandbox.data.regions);
		const byCode = Object.fromEntries(output.map((region) => [region.code, region.name]));
		expect(byCode).toMatchObject({ '01': 'CIS', '00': 'All regions', DE: 'Germany', GB: 'United Kingdom', KZ: 'Kazakhstan' });
		// Every seeded code has a real name.
		expect(output.filter((region) => region.name === region.code)).toEqual([]);
		expect(requests()).toEqual([{ path: '/websites/regions/', rawQuery: 'limit=500&offset=0', status: 200 }]);

		sandbox.data.regions.push('QZ');
		try {
			const withUnknown = await records({ resource: 'region', operation: 'getMany', returnAll: true });
			expect(withUnknown.at(-1)).toEqual({ code: 'QZ', name: 'QZ' });
		} finally {
			sandbox.data.regions.pop();
		}
	});

	test('trafficSource getMany', async () => {
		const output = await records({ resource: 'trafficSource', operation: 'getMany', returnAll: true });
		expect(output).toEqual(sandbox.data.traffic);
		expect(requests()).toEqual([{ path: '/traffic/', rawQuery: 'limit=500&offset=0', status: 200 }]);
	});

	test('language getMany and get', async () => {
		expect(await records({ resource: 'language', operation: 'getMany', returnAll: true })).toEqual(sandbox.data.languages);
		sandbox.resetRequests();
		const german = await records({ resource: 'language', operation: 'get', languageCode: 'de' });
		expect(german).toEqual([sandbox.data.languages.find((language) => language.language_code === 'de')]);
		expect(requests()).toEqual([{ path: '/languages/de/', rawQuery: '', status: 200 }]);
	});

	test('currency getMany keeps min_sum as it comes; the option turns it into a number', async () => {
		expect(await records({ resource: 'currency', operation: 'getMany', returnAll: true })).toEqual(sandbox.data.currencies);
		const converted = await records({
			resource: 'currency',
			operation: 'getMany',
			returnAll: true,
			options: { decimalsAsNumbers: true },
		});
		expect(converted).toEqual(sandbox.data.currencies.map((currency) => ({ ...currency, min_sum: Number(currency.min_sum) })));
		expect(converted.find((currency) => currency.code === 'RUB')?.min_sum).toBe(500);
	});

	test('currency getRate: codes upper-cased, date sent as DD.MM.YYYY, one item {base, target, date, rate}', async () => {
		const [rate] = await records({
			resource: 'currency',
			operation: 'getRate',
			baseCurrency: 'usd',
			targetCurrency: 'EUR',
			date: '2024-03-15T00:00:00.000Z',
		});
		expect(requests()).toEqual([
			{ path: '/currencies/rate/', rawQuery: 'base=USD&target=EUR&date=15.03.2024', status: 200 },
		]);
		expect(Object.keys(rate).sort()).toEqual(['base', 'date', 'rate', 'target']);
		expect(rate).toMatchObject({ base: 'USD', target: 'EUR', date: '2024-03-15' });
		expect(rate.rate).toMatch(/^\d+\.\d{6}$/);
		expect(Number(rate.rate)).toBeGreaterThan(0.9);
		expect(Number(rate.rate)).toBeLessThan(0.94);

		// The reverse rate is its inverse (base * rate = target), and the option gives a number.
		const [reverse] = await records({
			resource: 'currency',
			operation: 'getRate',
			baseCurrency: 'EUR',
			targetCurrency: 'USD',
			date: '15.03.2024',
			options: { decimalsAsNumbers: true },
		});
		expect(typeof reverse.rate).toBe('number');
		expect((reverse.rate as number) * Number(rate.rate)).toBeCloseTo(1, 5);
	});

	test('currency getRate: a Luxon date from an expression is sent as its calendar day', async () => {
		await records({
			resource: 'currency',
			operation: 'getRate',
			baseCurrency: 'GBP',
			targetCurrency: 'JPY',
			date: '={{ DateTime.fromObject({ year: 2024, month: 2, day: 29 }) }}',
		});
		expect(sandbox.requests.map((request) => request.rawQuery)).toEqual(['base=GBP&target=JPY&date=29.02.2024']);
	});

	test('category getMany: all categories in English, with parents', async () => {
		const output = await records({ resource: 'category', operation: 'getMany', returnAll: true });
		expect(output).toEqual(sandbox.data.categories.map((category) => rendered(category.id)));
		expect(requests()).toEqual([{ path: '/categories/', rawQuery: 'limit=500&offset=0', status: 200 }]);
	});

	test('category getMany: program IDs sent as repeated campaign, language and order_by', async () => {
		const output = await records({
			resource: 'category',
			operation: 'getMany',
			returnAll: false,
			limit: 50,
			filters: { programIds: '6115, 7204' },
			options: { language: 'de', orderBy: '-name' },
		});
		expect(requests()).toEqual([
			{ path: '/categories/', rawQuery: 'campaign=6115&campaign=7204&language=de&order_by=-name&limit=50&offset=0', status: 200 },
		]);
		const collator = new Intl.Collator('de');
		const expected = categoriesOfPrograms([6115, 7204])
			.map((id) => rendered(id, 'de'))
			.sort((a, b) => collator.compare(String(a.name), String(b.name)))
			.reverse();
		expect(output).toEqual(expected);
		expect(output.map((category) => category.id).sort()).toEqual([1, 2, 3, 4, 5]);
	});

	test.each([
		['newline-separated text', '8311\n9120'],
		['an array from an expression', '={{ [8311, "9120"] }}'],
	])('category getMany: program IDs as %s', async (_label, programIds) => {
		const output = await records({ resource: 'category', operation: 'getMany', returnAll: true, filters: { programIds } });
		expect(sortedQueries()).toEqual(['campaign=8311&campaign=9120&limit=500&offset=0']);
		expect(output.map((category) => category.id)).toEqual(categoriesOfPrograms([8311, 9120]));
	});

	test('category getManyForProgram: program in the path, language and order_by', async () => {
		const output = await records({
			resource: 'category',
			operation: 'getManyForProgram',
			programId: 8311,
			returnAll: true,
			options: { language: 'ru', orderBy: 'name' },
		});
		expect(requests()).toEqual([
			{ path: '/categories/advcampaign/8311/', rawQuery: 'language=ru&order_by=name&limit=500&offset=0', status: 200 },
		]);
		const collator = new Intl.Collator('ru');
		expect(output).toEqual(
			[9, 10, 11, 12].map((id) => rendered(id, 'ru')).sort((a, b) => collator.compare(String(a.name), String(b.name))),
		);
	});

	test('category get: one category with its parents, in the language asked for', async () => {
		expect(await records({ resource: 'category', operation: 'get', categoryId: 4, options: { language: 'de' } })).toEqual([
			rendered(4, 'de'),
		]);
		expect(rendered(4, 'de')).toMatchObject({ name: 'Smartphones', parent: { name: 'Elektronik', parent: { id: 1 } } });
		expect(await records({ resource: 'category', operation: 'get', categoryId: 12 })).toEqual([rendered(12)]);
		expect(requests()).toEqual([
			{ path: '/categories/4/', rawQuery: 'language=de', status: 200 },
			{ path: '/categories/12/', rawQuery: '', status: 200 },
		]);
	});

	test('landingPage getMany: without an ad space no gotolink; with one, the website path and gotolink', async () => {
		const plain = await records({ resource: 'landingPage', operation: 'getMany', programId: 7204, returnAll: true });
		expect(plain).toEqual(sandbox.data.landings[7204]);
		expect(plain.some((landing) => 'gotolink' in landing)).toBe(false);
		expect(requests()).toEqual([{ path: '/landings/7204/', rawQuery: 'limit=500&offset=0', status: 200 }]);

		sandbox.resetRequests();
		const linked = await records({
			resource: 'landingPage',
			operation: 'getMany',
			programId: 7204,
			adSpaceId: 1021,
			returnAll: true,
		});
		expect(requests()).toEqual([{ path: '/landings/7204/website/1021/', rawQuery: 'limit=500&offset=0', status: 200 }]);
		expect(linked.map(({ gotolink: _link, ...rest }) => rest)).toEqual(sandbox.data.landings[7204]);
		expect(linked.every((landing) => typeof landing.gotolink === 'string' && /^https:\/\//.test(landing.gotolink))).toBe(
			true,
		);
	});
});

describe('Return All and Limit across pages', () => {
	test('Limit 50 over 64 landing pages with a server cap of 20: three requests, the first 50 in order', async () => {
		sandbox.configure({ partnerLimitCap: 20 });
		const output = await records({ resource: 'landingPage', operation: 'getMany', programId: 6115, returnAll: false, limit: 50 });
		expect(sortedQueries()).toEqual(['limit=12&offset=38', 'limit=20&offset=19', 'limit=50&offset=0']);
		expect(sandbox.requests.every((request) => request.path === '/landings/6115/')).toBe(true);
		expect(output).toEqual(sandbox.data.landings[6115].slice(0, 50));
	});

	test('Return All over 64 landing pages (with gotolink) with a server cap of 20: every page once', async () => {
		sandbox.configure({ partnerLimitCap: 20 });
		const output = await records({
			resource: 'landingPage',
			operation: 'getMany',
			programId: 6115,
			adSpaceId: 1022,
			returnAll: true,
		});
		expect(sortedQueries()).toEqual(['limit=20&offset=19', 'limit=20&offset=38', 'limit=500&offset=0', 'limit=7&offset=57']);
		expect(output.map((landing) => landing.id)).toEqual(sandbox.data.landings[6115].map((landing) => landing.id));
		expect(output.every((landing) => typeof landing.gotolink === 'string')).toBe(true);
	});

	test('Limit smaller than a page: one request for exactly that many', async () => {
		const output = await records({ resource: 'region', operation: 'getMany', returnAll: false, limit: 5 });
		expect(requests()).toEqual([{ path: '/websites/regions/', rawQuery: 'limit=5&offset=0', status: 200 }]);
		expect(output.map((region) => region.code)).toEqual(sandbox.data.regions.slice(0, 5));
	});

	test('Limit larger than a page: regions read over three capped pages', async () => {
		sandbox.configure({ partnerLimitCap: 20 });
		const output = await records({ resource: 'region', operation: 'getMany', returnAll: false, limit: 45 });
		expect(sortedQueries()).toEqual(['limit=20&offset=19', 'limit=45&offset=0', 'limit=7&offset=38']);
		expect(output.map((region) => region.code)).toEqual(sandbox.data.regions.slice(0, 45));
	});

	test('Return All of ad space kinds and traffic sources over capped pages', async () => {
		sandbox.configure({ partnerLimitCap: 4 });
		const kinds = await records({ resource: 'adSpaceKind', operation: 'getMany', returnAll: true });
		expect(kinds.map((kind) => kind.kind)).toEqual(sandbox.data.websiteKinds);
		expect(sortedQueries()).toEqual(overlappingPageQueries(sandbox.data.websiteKinds.length, 4, 500));
		sandbox.resetRequests();
		expect(await records({ resource: 'trafficSource', operation: 'getMany', returnAll: true })).toEqual(sandbox.data.traffic);
		expect(sortedQueries()).toEqual(overlappingPageQueries(sandbox.data.traffic.length, 4, 500));
	});

	test('category filters are repeated on every page', async () => {
		sandbox.configure({ partnerLimitCap: 2 });
		const output = await records({
			resource: 'category',
			operation: 'getMany',
			returnAll: true,
			filters: { programIds: '7204' },
			options: { language: 'ru' },
		});
		expect(sortedQueries()).toEqual(
			overlappingPageQueries(categoriesOfPrograms([7204]).length, 2, 500, 'campaign=7204&language=ru&'),
		);
		expect(output).toEqual(categoriesOfPrograms([7204]).map((id) => rendered(id, 'ru')));
	});
});

describe('bad input is refused before anything is sent', () => {
	const rate = { resource: 'currency', operation: 'getRate', baseCurrency: 'USD', targetCurrency: 'EUR', date: '15.03.2024' };
	const categories = { resource: 'category', operation: 'getMany', returnAll: true };
	const cases: Array<[string, INodeParameters, RegExp]> = [
		['text as a date', { ...rate, date: 'next friday' }, /Invalid "Date": "next friday" is not a real date/],
		['31.02', { ...rate, date: '31.02.2024' }, /Invalid "Date": "31.02.2024" is not a real date/],
		['an ISO date that does not exist', { ...rate, date: '2023-02-29' }, /Invalid "Date"/],
		['an empty date from an expression', { ...rate, date: '={{ "" }}' }, /Invalid "Date"/],
		['a two-letter base currency', { ...rate, baseCurrency: 'US' }, /Invalid "Base Currency Name or ID": must be a three-letter currency code/],
		['a four-letter target currency', { ...rate, targetCurrency: 'EURO' }, /Invalid "Target Currency Name or ID"/],
		['digits as a currency', { ...rate, targetCurrency: '={{ 840 }}' }, /Invalid "Target Currency Name or ID"/],
		['a missing base currency from an expression', { ...rate, baseCurrency: '={{ $json.missing }}' }, /Invalid "Base Currency Name or ID": must be a three-letter currency code such as USD, got nothing/],
		['a program ID that is text', { ...categories, filters: { programIds: '6115, abc' } }, /Invalid "Program IDs": must be a positive whole number, got "abc"/],
		['a decimal program ID', { ...categories, filters: { programIds: '6115\n1.5' } }, /Invalid "Program IDs".*"1\.5"/],
		['a negative program ID from an array', { ...categories, filters: { programIds: '={{ [6115, -3] }}' } }, /Invalid "Program IDs".*"-3"/],
		['a bad orderBy from an expression', { ...categories, options: { orderBy: '={{ "date" }}' } }, /Invalid "Order By": must be "name" or "-name", got "date"/],
		['a language that is not a code', { ...categories, options: { language: 'e n' } }, /Invalid "Language Name or ID"/],
		['category ID 0', { resource: 'category', operation: 'get', categoryId: 0 }, /Invalid "Category ID"/],
		['a program ID in the path that is text', { resource: 'category', operation: 'getManyForProgram', programId: '={{ "8311/../1" }}', returnAll: true }, /Invalid "Program ID"/],
		['a language code with a path in it', { resource: 'language', operation: 'get', languageCode: '../currencies' }, /Invalid "Language Name or ID": must be a language code/],
		['no language code from an expression', { resource: 'language', operation: 'get', languageCode: '={{ "" }}' }, /Invalid "Language Name or ID": a language code such as en is required/],
		['no landing program', { resource: 'landingPage', operation: 'getMany', programId: 0, returnAll: true }, /Invalid "Program ID"/],
		['a negative ad space', { resource: 'landingPage', operation: 'getMany', programId: 6115, adSpaceId: -1, returnAll: true }, /Invalid "Ad Space ID"/],
	];

	test.each(cases)('%s', async (_label, parameters, message) => {
		const result = await run(parameters);
		expect(result.error?.message).toMatch(message);
		expect(result.items).toEqual([]);
		expect(sandbox.requests).toEqual([]);
	});
});

describe('server errors are shown readably', () => {
	test('403 on landing pages names the "landings" right', async () => {
		const result = await run(
			{ resource: 'landingPage', operation: 'getMany', programId: 6115, returnAll: true },
			undefined,
			{ credentials: partnerCredential(sandbox.tokens.publicDataOnly) },
		);
		expect(result.error?.message).toBe('Access denied (HTTP 403): this operation needs the "landings" right on the token');
		expect(result.error?.description).toMatch(/"landings" scope/);
		expect(result.error?.httpCode).toBe('403');
		expect(requests()).toEqual([{ path: '/landings/6115/', rawQuery: 'limit=500&offset=0', status: 403 }]);
	});

	test.each([
		['an unknown category', { resource: 'category', operation: 'get', categoryId: 999 }, '/categories/999/', 'Category 999'],
		['an unknown language', { resource: 'language', operation: 'get', languageCode: 'xx' }, '/languages/xx/', 'Language "xx"'],
		['the categories of an unknown program', { resource: 'category', operation: 'getManyForProgram', programId: 4242, returnAll: true }, '/categories/advcampaign/4242/', 'Program 4242'],
		['the landing pages of an unknown ad space', { resource: 'landingPage', operation: 'getMany', programId: 6115, adSpaceId: 9999, returnAll: true }, '/landings/6115/website/9999/', 'Program 6115 or ad space 9999'],
	] as Array<[string, INodeParameters, string, string]>)('404 for %s names what was not found', async (_label, parameters, path, what) => {
		const result = await run(parameters);
		expect(result.error?.message).toBe(`${what} was not found (HTTP 404)`);
		expect(result.error?.description).toContain(`GET ${path}`);
		expect(result.error?.httpCode).toBe('404');
		expect(sandbox.requests.map((request) => request.path)).toEqual([path]);
	});

	test('400 for a well-formed but unknown currency names the field and the server message', async () => {
		const result = await run({
			resource: 'currency',
			operation: 'getRate',
			baseCurrency: 'XYZ',
			targetCurrency: 'EUR',
			date: '15.03.2024',
		});
		expect(result.error?.message).toBe(
			'The service refused "Base Currency Name or ID": Select a valid choice. XYZ is not one of the available choices.',
		);
		expect(result.error?.httpCode).toBe('400');
		expect(requests()).toEqual([{ path: '/currencies/rate/', rawQuery: 'base=XYZ&target=EUR&date=15.03.2024', status: 400 }]);
	});
});

describe('per-item execution', () => {
	test('three items with different language codes: three requests, three outputs paired to their inputs', async () => {
		const result = await run({ resource: 'language', operation: 'get', languageCode: '={{ $json.code }}' }, [
			{ json: { code: 'fr' } },
			{ json: { code: 'en' } },
			{ json: { code: 'pl' } },
		]);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.path)).toEqual(['/languages/fr/', '/languages/en/', '/languages/pl/']);
		expect(result.items.map((item) => [item.json.language_code, item.pairedItem])).toEqual([
			['fr', { item: 0 }],
			['en', { item: 1 }],
			['pl', { item: 2 }],
		]);
	});

	test('expressions in every getRate parameter, per item', async () => {
		const result = await run(
			{
				resource: 'currency',
				operation: 'getRate',
				baseCurrency: '={{ $json.from }}',
				targetCurrency: '={{ $json.to }}',
				date: '={{ $json.day }}',
			},
			[
				{ json: { from: 'USD', to: 'RUB', day: '2024-01-31' } },
				{ json: { from: 'pln', to: 'czk', day: '01.12.2023' } },
			],
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.rawQuery)).toEqual([
			'base=USD&target=RUB&date=31.01.2024',
			'base=PLN&target=CZK&date=01.12.2023',
		]);
		expect(result.items.map((item) => [item.json.base, item.json.target, item.json.date, item.pairedItem])).toEqual([
			['USD', 'RUB', '2024-01-31', { item: 0 }],
			['PLN', 'CZK', '2023-12-01', { item: 1 }],
		]);
	});

	test('list operations run once per item, each record paired with the item that asked for it', async () => {
		const result = await run(
			{ resource: 'landingPage', operation: 'getMany', programId: '={{ $json.program }}', returnAll: true },
			[{ json: { program: 9120 } }, { json: { program: 11876 } }],
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.path)).toEqual(['/landings/9120/', '/landings/11876/']);
		expect(result.items.map((item) => item.json)).toEqual([...sandbox.data.landings[9120], ...sandbox.data.landings[11876]]);
		expect(result.items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			...sandbox.data.landings[9120].map(() => 0),
			...sandbox.data.landings[11876].map(() => 1),
		]);
	});

	test('continueOnFail: a server error and a bad input become error items, the others go on', async () => {
		const result = await run(
			{ resource: 'category', operation: 'get', categoryId: '={{ $json.id }}' },
			[{ json: { id: 1 } }, { json: { id: 999 } }, { json: { id: 'x' } }, { json: { id: 9 } }],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.path)).toEqual(['/categories/1/', '/categories/999/', '/categories/9/']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(result.items[0].json).toEqual(rendered(1));
		expect(result.items[1].json).toMatchObject({ error: 'Category 999 was not found (HTTP 404)', httpCode: '404' });
		expect(result.items[2].json.error).toMatch(/Invalid "Category ID": must be a positive whole number, got "x"/);
		expect(result.items[3].json).toEqual(rendered(9));
	});

	test('without continueOnFail the first failing item stops the node', async () => {
		const result = await run({ resource: 'language', operation: 'get', languageCode: '={{ $json.code }}' }, [
			{ json: { code: 'de' } },
			{ json: { code: 'zz' } },
			{ json: { code: 'en' } },
		]);
		expect(result.error?.message).toBe('Language "zz" was not found (HTTP 404)');
		expect(sandbox.requests.map((request) => request.path)).toEqual(['/languages/de/', '/languages/zz/']);
	});
});

describe('dropdowns loaded from the API, through n8n-core LoadOptionsContext', () => {
	test('getCurrencies: every currency, "CODE - Name" → code, sorted, read with Return All', async () => {
		sandbox.configure({ partnerLimitCap: 5 });
		const options = await loadOptions('affiliatePartner', 'getCurrencies', { resource: 'currency', operation: 'getRate' }, credentials);
		const expected = sandbox.data.currencies
			.map((currency) => ({ name: `${currency.code} - ${currency.name}`, value: currency.code }))
			.sort((a, b) => a.name.localeCompare(b.name, 'en'));
		expect(options).toEqual(expected);
		expect(options).toContainEqual({ name: 'EUR - Euro', value: 'EUR' });
		expect(sortedQueries()).toEqual(['limit=4&offset=8', 'limit=5&offset=4', 'limit=500&offset=0']);
		expect(sandbox.requests.every((request) => request.path === '/currencies/')).toBe(true);
	});

	test('getLanguages: every language, "Name (code)" → code', async () => {
		const options = await loadOptions('affiliatePartner', 'getLanguages', { resource: 'language', operation: 'get' }, credentials);
		expect(options.map((option) => option.value).sort()).toEqual(
			sandbox.data.languages.map((language) => language.language_code).sort(),
		);
		expect(options).toContainEqual({ name: 'Deutsch (de)', value: 'de' });
		expect(options.map((option) => option.name)).toEqual([...options.map((option) => option.name)].sort((a, b) => a.localeCompare(b, 'en')));
		expect(requests()).toEqual([{ path: '/languages/', rawQuery: 'limit=500&offset=0', status: 200 }]);
	});

	test('a refused credential gives a readable error', async () => {
		await expect(
			loadOptions('affiliatePartner', 'getCurrencies', {}, partnerCredential('notAValidToken42')),
		).rejects.toThrow('The Affiliate Partner API credentials were refused (HTTP 401)');
	});
});
