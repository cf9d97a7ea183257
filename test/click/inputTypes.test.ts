// Every filter and option of the Click Report (through n8n-core's WorkflowExecute) and of the
// Click Report Trigger (through n8n-core's PollContext), set by an expression to a value of the
// wrong type: refused before any request, with an error that names the field and says what it
// got. A merchant ID beyond 2^53 given as text is sent exactly.
import type { IDataObject, INodeCredentials } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox/server';
import { addCredential, createTrigger, runNode } from '../harness/run';
import { UNLIMITED_WINDOW } from '../harness/credentials';

let sandbox: Sandbox;
let credentials: INodeCredentials;

beforeAll(async () => {
	sandbox = await startSandbox({ clickItems: 50, clickDays: 2 });
	credentials = addCredential('clickStatisticsApi', {
		baseUrl: sandbox.clickUrl,
		publicKey: sandbox.publicKey,
		maxRequestsPerSecond: 1000,
		maxRequestsPer5Minutes: UNLIMITED_WINDOW,
	});
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
});

/** The error of one run of the node: the Click Report's, or the trigger's poll's. */
type Runner = (parameters: IDataObject) => Promise<Error | undefined>;

const report: Runner = async (parameters) => {
	const result = await runNode({ type: 'clickReport', parameters: { operation: 'getMany', ...parameters } as never, credentials });
	// The run data keeps a copy of the error, not the instance.
	return result.error;
};
const trigger: Runner = async (parameters) => {
	try {
		await createTrigger(parameters as never, credentials).poll();
		return undefined;
	} catch (error) {
		return error as Error;
	}
};

/** A merchant ID beyond Number.MAX_SAFE_INTEGER: exact as text, already rounded as a JS number. */
const BIG_ID = '100000000000000000001';

type Kind = 'text' | 'id' | 'date' | 'number' | 'limit';

interface FieldRow {
	operation: string;
	run: Runner;
	/** Valid parameters; the row's parameter is set on top (a period needs both of its ends). */
	base: IDataObject;
	/** The parameter, with its collection: `filters.subId`. */
	parameter: string;
	/** The name the error gives it. */
	field: string;
	kind: Kind;
}

const pairs = { filters: { dateFrom: '2026-03-01', dateTo: '2026-03-01', updatedAtFrom: '2026-03-01T00:00:00Z', updatedAtTo: '2026-03-01T00:00:00Z' } };

// prettier-ignore
const FIELDS: FieldRow[] = [
	{ operation: 'Click Report: getMany', run: report, base: {}, parameter: 'filters.adSpaceId', field: 'Ad Space ID', kind: 'text' },
	{ operation: 'Click Report: getMany', run: report, base: {}, parameter: 'filters.merchantId', field: 'Merchant ID', kind: 'id' },
	{ operation: 'Click Report: getMany', run: report, base: {}, parameter: 'filters.subId', field: 'Sub ID', kind: 'text' },
	{ operation: 'Click Report: getMany', run: report, base: pairs, parameter: 'filters.dateFrom', field: 'Date From', kind: 'date' },
	{ operation: 'Click Report: getMany', run: report, base: pairs, parameter: 'filters.dateTo', field: 'Date To', kind: 'date' },
	{ operation: 'Click Report: getMany', run: report, base: pairs, parameter: 'filters.updatedAtFrom', field: 'Updated At From', kind: 'date' },
	{ operation: 'Click Report: getMany', run: report, base: pairs, parameter: 'filters.updatedAtTo', field: 'Updated At To', kind: 'date' },
	{ operation: 'Click Report: getMany', run: report, base: {}, parameter: 'limit', field: 'Limit', kind: 'limit' },
	{ operation: 'Click Report Trigger: poll', run: trigger, base: {}, parameter: 'filters.adSpaceId', field: 'Ad Space ID', kind: 'text' },
	{ operation: 'Click Report Trigger: poll', run: trigger, base: {}, parameter: 'filters.merchantId', field: 'Merchant ID', kind: 'id' },
	{ operation: 'Click Report Trigger: poll', run: trigger, base: {}, parameter: 'filters.subId', field: 'Sub ID', kind: 'text' },
	{ operation: 'Click Report Trigger: poll', run: trigger, base: {}, parameter: 'options.lookbackMinutes', field: 'Lookback Minutes', kind: 'number' },
	{ operation: 'Click Report Trigger: poll', run: trigger, base: {}, parameter: 'options.emitExistingHours', field: 'Emit Existing Hours', kind: 'number' },
];

/** The base parameters with `path` (`collection.name` or `name`) set to `value`. */
function withParameter(base: IDataObject, path: string, value: unknown): IDataObject {
	const [first, second] = path.split('.');
	if (!second) return { ...base, [first]: value } as IDataObject;
	return { ...base, [first]: { ...((base[first] as object) ?? {}), [second]: value } } as IDataObject;
}

/** Wrong types an expression may yield, each with how the error must describe it. */
function wrongValues(kind: Kind): Array<[label: string, expression: string, described: string]> {
	const wrong: Array<[string, string, string]> = [
		['an object', '={{ {"a": 1} }}', 'an object ({"a":1})'],
		['an array of objects', '={{ [{"a": 1}] }}', 'an array ([{"a":1}])'],
		['a plain array', '={{ [1, 2] }}', 'an array ([1,2])'],
		['a boolean', '={{ true }}', 'a boolean (true)'],
	];
	if (kind === 'text' || kind === 'id') wrong.push(['a number beyond 2^53', `={{ ${BIG_ID} }}`, 'has lost precision']);
	return wrong;
}

const refusals = FIELDS.flatMap((row) =>
	wrongValues(row.kind).map(([label, expression, described]) => ({ ...row, label, expression, described })),
);

describe('a value of the wrong type is refused before any request, naming the field and what it got', () => {
	test.each(refusals)('$operation, $parameter: $label', async ({ run, base, parameter, field, kind, expression, described }) => {
		const error = await run(withParameter(base, parameter, expression));
		expect(error?.name).toBe(NodeOperationError.name);
		const message = error?.message ?? '';
		expect(message.startsWith(kind === 'limit' ? 'Limit must' : `Invalid "${field}":`)).toBe(true);
		expect(message).toContain(described);
		expect(message).not.toContain('[object Object]');
		expect(sandbox.requests).toEqual([]);
	});
});

describe('values that are sent', () => {
	const idRows = FIELDS.filter((row) => row.kind === 'id');

	test.each(idRows)('$operation, $parameter: an ID beyond 2^53 given as text is sent exactly', async ({ run, parameter }) => {
		await run(withParameter({}, parameter, BIG_ID));
		expect(sandbox.requests.length).toBeGreaterThan(0);
		expect(sandbox.requests[0].rawQuery).toContain(`merchantId=${BIG_ID}&`);
	});

	test.each([
		['Click Report: getMany', report],
		['Click Report Trigger: poll', trigger],
	] as Array<[string, Runner]>)('%s: a Sub ID and a merchant ID given as numbers are sent as their digits', async (_name, run) => {
		expect(await run({ filters: { subId: '={{ 12345 }}', merchantId: '={{ 0 }}' } })).toBeUndefined();
		expect(sandbox.requests[0].query).toMatchObject({ subId: ['12345'], merchantId: ['0'] });
	});
});
