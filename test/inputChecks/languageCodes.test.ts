// Language codes are two letters (spec 2.5, 4.5): Category Get, Get Many and Get Many for Program
// send one in the query, Language Get in the path. Anything else is refused naming the field
// before any request; upper case is read as the lower-case code the service uses.
// Through n8n-core against the sandbox over real HTTP.
import type { IDataObject } from 'n8n-workflow';

import { expectRefused, useNodes, withParameter } from './fixture';

const { run } = useNodes();

const OPERATIONS: Array<[label: string, base: IDataObject, parameter: string]> = [
	['Category, Get', { resource: 'category', operation: 'get', categoryId: '4' }, 'options.language'],
	['Category, Get Many', { resource: 'category', operation: 'getMany' }, 'options.language'],
	['Category, Get Many for Program', { resource: 'category', operation: 'getManyForProgram', programId: '6115' }, 'options.language'],
	['Language, Get', { resource: 'language', operation: 'get' }, 'languageCode'],
];

const NOT_TWO_LETTERS = ['eng', 'pt-br', 'pt_BR', 'e', 'd e', '12', 'de1', 'ü1'];

describe('anything but two letters is refused, naming the field, before any request', () => {
	const cases = OPERATIONS.flatMap(([label, base, parameter]) => NOT_TWO_LETTERS.map((code) => ({ label, base, parameter, code })));

	test.each(cases)('$label: $code', async ({ base, parameter, code }) => {
		expectRefused(await run('affiliatePartner', withParameter(base, parameter, code)), 'Language Name or ID', 'must be a language code of two letters');
	});
});

describe('two letters in any case are sent lower case', () => {
	test.each(OPERATIONS)('%s: " DE " is sent as de', async (_label, base, parameter) => {
		const outcome = await run('affiliatePartner', withParameter(base, parameter, ' DE '));
		expect(outcome.error).toBeUndefined();
		expect(outcome.requests).toHaveLength(1);
		const [request] = outcome.requests;
		if (parameter === 'languageCode') expect(request.path).toBe('/languages/de/');
		else expect(request.query.language).toEqual(['de']);
	});
});
