// Every boolean parameter of the four nodes (Return All; Flatten Nested Fields, Decimals as
// Numbers; the Affiliate Partner Trigger's Emit Existing), set by an expression to text: "true"
// and "false" (any case, spaces around) are read as the booleans they name, anything else ("yes",
// "0", a number) is refused naming the field before any request. Through n8n-core against the
// sandbox over real HTTP.
import type { IDataObject } from 'n8n-workflow';

import type { NodeName } from './fixture';
import { appealCreate, exchangeRate, expectRefused, lostOrderCreate, partner, useNodes, withParameter } from './fixture';

const { run } = useNodes();

interface Row {
	label: string;
	node: NodeName;
	base: IDataObject;
	parameter: string;
	field: string;
}

const LISTS: Array<[string, IDataObject]> = [
	['Lost Order, Get Many', partner('lostOrder', 'getMany')],
	['Appeal, Get Many', partner('appeal', 'getMany')],
	['Category, Get Many', partner('category', 'getMany')],
	['Category, Get Many for Program', partner('category', 'getManyForProgram', { programId: '6115' })],
	['Currency, Get Many', partner('currency', 'getMany')],
	['Landing Page, Get Many', partner('landingPage', 'getMany', { programId: '6115' })],
	['Language, Get Many', partner('language', 'getMany')],
	['Ad Space Kind, Get Many', partner('adSpaceKind', 'getMany')],
	['Region, Get Many', partner('region', 'getMany')],
	['Traffic Source, Get Many', partner('trafficSource', 'getMany')],
];

// prettier-ignore
const ROWS: Row[] = [
	...LISTS.map(([label, base]): Row => ({ label, node: 'affiliatePartner', base, parameter: 'returnAll', field: 'Return All' })),
	{ label: 'Click Report, Get Many', node: 'clickReport', base: { operation: 'getMany' }, parameter: 'returnAll', field: 'Return All' },
	...([
		['Lost Order, Get Many', partner('lostOrder', 'getMany')],
		['Lost Order, Get', partner('lostOrder', 'get', { lostOrderId: '200001' })],
		['Lost Order, Create', lostOrderCreate],
		['Appeal, Get Many', partner('appeal', 'getMany')],
		['Appeal, Get', partner('appeal', 'get', { appealClaimId: '5001' })],
		['Appeal, Create', appealCreate],
	] as Array<[string, IDataObject]>).map(([label, base]): Row => ({ label, node: 'affiliatePartner', base, parameter: 'options.flatten', field: 'Flatten Nested Fields' })),
	...([
		['Appeal, Get Many', partner('appeal', 'getMany')],
		['Appeal, Get', partner('appeal', 'get', { appealClaimId: '5001' })],
		['Appeal, Create', appealCreate],
		['Currency, Get Many', partner('currency', 'getMany')],
		['Currency, Get Exchange Rate', exchangeRate],
	] as Array<[string, IDataObject]>).map(([label, base]): Row => ({ label, node: 'affiliatePartner', base, parameter: 'options.decimalsAsNumbers', field: 'Decimals as Numbers' })),
	{ label: 'Affiliate Partner Trigger, poll', node: 'affiliatePartnerTrigger', base: { events: ['lostOrderCreated'] }, parameter: 'options.emitExisting', field: 'Emit Existing' },
];

const NOT_BOOLEANS: Array<[string, string]> = [
	['"yes"', '={{ "yes" }}'],
	['"0"', '={{ "0" }}'],
	['"1"', '={{ "1" }}'],
	['"off"', '={{ "off" }}'],
	['the number 1', '={{ 1 }}'],
	['an object', '={{ {"a": 1} }}'],
];

const refusals = ROWS.flatMap((row) => NOT_BOOLEANS.map(([what, expression]) => ({ ...row, what, expression })));

describe('a value that names no boolean is refused, naming the field', () => {
	test.each(refusals)('$label, $parameter: $what', async ({ label, node, base, parameter, field, expression }) => {
		const outcome = await run(node, withParameter(base, parameter, expression));
		expectRefused(outcome, field, /must be true or false, got /);
	});

	test('the refusal says what it got', async () => {
		const outcome = await run('affiliatePartner', { ...LISTS[0][1], returnAll: '={{ "yes" }}' });
		expectRefused(outcome, 'Return All', 'Invalid "Return All": must be true or false, got "yes"');
	});
});

/** The output of a run, to compare one spelling of a boolean with another. */
async function output(row: Row, value: unknown) {
	const outcome = await run(row.node, withParameter(row.parameter === 'returnAll' ? { ...row.base, limit: 1 } : row.base, row.parameter, value));
	expect(outcome.error).toBeUndefined();
	// Each create makes a new claim: what differs from one to the next is not the option's doing.
	const created = row.base.operation === 'create';
	return outcome.items.map(({ json: { id, date_created, ...rest } }) => (created ? rest : { id, date_created, ...rest }));
}

describe('the text true or false is read as the boolean it names', () => {
	const readable = ROWS.filter((row) => row.node !== 'affiliatePartnerTrigger');

	test.each(readable)('$label, $parameter: "false" and " FALSE " are false', async (row) => {
		const asFalse = await output(row, false);
		expect(await output(row, '={{ "false" }}')).toEqual(asFalse);
		expect(await output(row, '={{ " FALSE " }}')).toEqual(asFalse);
	});

	test.each(readable)('$label, $parameter: "true" and "True" are true', async (row) => {
		const asTrue = await output(row, true);
		expect(await output(row, '={{ "true" }}')).toEqual(asTrue);
		expect(await output(row, '={{ "True" }}')).toEqual(asTrue);
	});

	test('Return All given as "false" reads up to the Limit, not everything', async () => {
		const row = ROWS[0];
		expect(await output(row, '={{ "false" }}')).toHaveLength(1);
		expect((await output(row, '={{ "true" }}')).length).toBeGreaterThan(1);
	});

	test.each([
		['"true"', '={{ "true" }}', true],
		['"false"', '={{ "false" }}', false],
	])('Affiliate Partner Trigger, Emit Existing %s: the first poll emits the watched claims or only remembers them', async (_what, value, emits) => {
		const outcome = await run('affiliatePartnerTrigger', { events: ['lostOrderCreated'], options: { emitExisting: value } });
		expect(outcome.error).toBeUndefined();
		expect(outcome.items.length > 0).toBe(emits);
	});
});
