// Conformance of the programs of an ad space (GET /advcampaigns/website/{w_id}/, GET
// /advcampaigns/{c_id}/website/{w_id}/, POST …/attach/… and …/detach/…) against
// ../shared/spec/published-api-facts.md sections 4 and 7: the Program item table field by field.

import { useSandbox } from '../harness/sandboxFixture';
import type { FieldTable } from './facts';
import { fieldProblems } from './facts';
import { sandboxHttp } from './http';

const sandbox = useSandbox({ clickItems: 50 });
const { partner } = sandboxHttp(sandbox);

const TREND = /^-?\d+\.\d{4}$/;

// Section 4, Program item: the fields of AK and BT (R), and the ad-space variant's own.
const PROGRAM: FieldTable = {
	id: 'int', name: 'string', site_url: 'string', status: 'string', connection_status: 'enum:active|pending|declined', gotolink: 'string',
	moderation: 'bool', rating: 'string', currency: 'string', cr: 'number?', ecpc: 'number?', epc: 'number',
	cr_trend: 'string', ecpc_trend: 'string', epc_trend: 'string', image: 'string', description: 'string', raw_description: 'string',
	actions: 'array', actions_detail: 'array', regions: 'array', categories: 'array', traffics: 'array',
	allow_deeplink: 'bool', show_products_links: 'bool', retag: 'bool', exclusive: 'bool', geotargeting: 'bool', coupon_iframe_denied: 'bool', denynewwms: 'bool',
	feeds_info: 'array', goto_cookie_lifetime: 'int', avg_money_transfer_time: 'int', avg_hold_time: 'int?', max_hold_time: 'int?',
	activation_date: 'tDateTime', modified_date: 'tDateTime', landing_code: 'null', landing_title: 'null',
};
const FEEDS: FieldTable = { products_csv_link: 'string', products_xml_link: 'string' };
const ACTION: FieldTable = { id: 'int', name: 'string', type: 'enum:sale|lead', payment_size: 'string', hold_time: 'int' };
const ACTION_DETAIL: FieldTable = { id: 'int', name: 'string', type: 'enum:sale|lead', hold_size: 'int', tariffs: 'array' };
const TARIFF: FieldTable = { id: 'int', name: 'string', action_id: 'int', rates: 'array' };
const RATE: FieldTable = { id: 'int', tariff_id: 'int', size: 'string', is_percentage: 'bool', price_s: 'string', date_s: 'ymd', country: 'string?' };

type Program = Record<string, any>;
const list = async (adSpace: number, query = '') => (await partner(`/advcampaigns/website/${adSpace}/?${query}`)).body as { results: Program[]; _meta: { count: number; limit: number; offset: number } };

describe('programs of an ad space (published-api-facts.md section 4)', () => {
	test('every program field by field as the Program item table shows it', async () => {
		const { results, _meta } = await list(1021);
		expect(_meta).toEqual({ count: results.length, limit: 20, offset: 0 });
		expect(results.length).toBeGreaterThanOrEqual(5);
		const problems = results.flatMap((program) => {
			const table = 'products_csv_link' in program ? { ...PROGRAM, ...FEEDS } : PROGRAM;
			const own = fieldProblems(program, table).map((problem) => `${program.id}: ${problem}`);
			const actions = program.actions.flatMap((action: Program) => fieldProblems(action, ACTION));
			const details = program.actions_detail.flatMap((action: Program) => [
				...fieldProblems(action, ACTION_DETAIL),
				...action.tariffs.flatMap((tariff: Program) => [...fieldProblems(tariff, TARIFF), ...tariff.rates.flatMap((rate: Program) => fieldProblems(rate, RATE))]),
			]);
			return [...own, ...actions, ...details];
		});
		expect(problems).toEqual([]);
		for (const program of results) {
			expect(program.rating).toMatch(/^\d+\.\d$/);
			for (const trend of ['cr_trend', 'ecpc_trend', 'epc_trend']) expect(program[trend]).toMatch(TREND);
			expect(program.gotolink).toMatch(/^https:\/\/[^/]+\/g\/[0-9a-f]+\/$/);
			for (const action of program.actions) expect(action.payment_size).toMatch(/^\d+(\.\d+)?(%|[A-Z]{3})$/);
			for (const rate of program.actions_detail.flatMap((a: Program) => a.tariffs.flatMap((t: Program) => t.rates))) {
				expect(rate.size).toMatch(/^\d+\.\d{2}$/);
				expect(rate.price_s).toMatch(/^\d+\.\d{2}$/);
			}
			for (const feed of program.feeds_info) expect(feed.admitad_last_update).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{6})?$/);
		}
		// Both kinds of epc the record shows, and cr/ecpc null somewhere.
		const all = [...results, ...(await list(1022)).results];
		expect(all.some((program) => Number.isInteger(program.epc)) && all.some((program) => !Number.isInteger(program.epc))).toBe(true);
		expect(all.some((program) => program.ecpc === null)).toBe(true);
	});

	test('the programs are the sandbox\'s own: the IDs and names of the statistics', async () => {
		const known = new Map(sandbox().data.programs.map((program) => [program.id, program.name]));
		for (const program of (await list(1021)).results) expect(known.get(program.id)).toBe(program.name);
	});

	test('paging by limit and offset; connection_status and has_tool (repeated: any of them) filter; bad values are 400s', async () => {
		const all = (await list(1021, 'limit=500')).results;
		const pages = [...(await list(1021, 'limit=2&offset=0')).results, ...(await list(1021, 'limit=2&offset=2')).results, ...(await list(1021, 'limit=2&offset=4')).results];
		expect(pages).toEqual(all);
		const active = (await list(1021, 'connection_status=active')).results;
		expect(active.map((p) => p.id)).toEqual(all.filter((p) => p.connection_status === 'active').map((p) => p.id));
		const tools = (await list(1021, 'has_tool=retag&has_tool=vendor_bonus')).results;
		expect(tools.map((p) => p.id)).toEqual(all.filter((p) => p.retag || p.id === 9120).map((p) => p.id));
		expect(await partner('/advcampaigns/website/1021/?connection_status=joined&has_tool=teleport')).toMatchObject({
			status: 400,
			body: { connection_status: ['Select a valid choice. joined is not one of the available choices.'], has_tool: ['Select a valid choice. teleport is not one of the available choices.'] },
		});
		expect((await partner('/advcampaigns/website/999/')).status).toBe(404);
	});

	test('one program: the object itself, as the list has it; a program not connected is 404', async () => {
		const [first] = (await list(1023)).results;
		expect((await partner(`/advcampaigns/${first.id}/website/1023/`)).body).toEqual(first);
		expect((await partner('/advcampaigns/11876/website/1023/')).status).toBe(404);
	});

	test('attach: {message, success: "OK"}, the connection active; detach: {message, success: "Deleted"}, the program gone; no body either way', async () => {
		const attached = await partner('/advcampaigns/11876/attach/1023/', { method: 'POST' });
		expect(attached).toMatchObject({ status: 200, body: { message: expect.any(String), success: 'OK' } });
		expect(Object.keys(attached.body)).toEqual(['message', 'success']);
		expect((await partner('/advcampaigns/11876/website/1023/')).body.connection_status).toBe('active');
		expect((await partner('/advcampaigns/11876/attach/1023/', { method: 'POST' })).body.success).toBe('OK');
		const detached = await partner('/advcampaigns/11876/detach/1023/', { method: 'POST' });
		expect(detached).toMatchObject({ status: 200, body: { message: expect.any(String), success: 'Deleted' } });
		expect((await list(1023)).results.map((p) => p.id)).not.toContain(11876);
		expect((await partner('/advcampaigns/11876/detach/1023/', { method: 'POST' })).status).toBe(404);
		expect((await partner('/advcampaigns/424242/attach/1023/', { method: 'POST' })).status).toBe(404);
	});

	test('scopes (section 7): the reads need advcampaigns_for_website, attach and detach manage_advcampaigns', async () => {
		const { publicDataOnly } = sandbox().tokens;
		expect((await partner('/advcampaigns/website/1021/', { token: publicDataOnly })).status).toBe(403);
		expect((await partner('/advcampaigns/6115/website/1021/', { token: publicDataOnly })).status).toBe(403);
		expect((await partner('/advcampaigns/6115/attach/1021/', { method: 'POST', token: publicDataOnly })).status).toBe(403);
	});
});
