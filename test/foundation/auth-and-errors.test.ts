import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startSandbox, type Sandbox } from '../../sandbox/server';
import { onN8nLine1 } from '../harness/line';
import { testCredential } from '../harness/credentialTest';
import { addCredential, credentialsHelper, runNode } from '../harness/run';
import { clickCredential, everythingVisible, partnerCredential, probe } from './helpers';

let sandbox: Sandbox;
let secrets: string[];

beforeAll(async () => {
	sandbox = await startSandbox({ clickItems: 3000, clickDays: 30 });
	secrets = [
		sandbox.accessToken,
		sandbox.clientSecret,
		sandbox.publicKey,
		...Object.values(sandbox.tokens),
	];
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.clearFaults();
	sandbox.resetRequests();
});

/**
 * n8n 1.x's credential tester shows its own text for a refused status instead of the credential
 * test's (README, Compatibility); what it sends and that it fails are the same on both lines.
 */
const N8N_1X_TEXTS = { 401: 'Authorization failed - please check your credentials', 403: 'Forbidden - perhaps check your credentials?' };
const refusedText = (ours: string, status: 401 | 403) => (onN8nLine1 ? N8N_1X_TEXTS[status] : ours);

/**
 * The requests an expired token costs: on n8n 1.x the transport gets the 401 as an answer and sends
 * once more with status errors on, which n8n 1.x renews the token for (a second 401 before the mint).
 */
const refusedOnce = <T>(refused: T): T[] => (onN8nLine1 ? [refused, refused] : [refused]);

function expectNoSecrets(value: unknown) {
	const visible = everythingVisible(value);
	for (const secret of secrets) expect(visible).not.toContain(secret);
	expect(visible).not.toMatch(/Bearer [A-Za-z0-9]{6,}/);
}

describe('credential tests, as n8n runs them', () => {
	test('partner access token: good passes, bad is refused without echoing it', async () => {
		const good = await testCredential('affiliatePartnerApi', { baseUrl: sandbox.partnerUrl, accessToken: sandbox.accessToken });
		expect(good.status).toBe('OK');
		expect(sandbox.requests.at(-1)).toMatchObject({ method: 'GET', path: '/lost_orders/', rawQuery: 'limit=1', status: 200 });

		const bad = await testCredential('affiliatePartnerApi', { baseUrl: sandbox.partnerUrl, accessToken: 'wrongToken123' });
		expect(bad).toEqual({ status: 'Error', message: refusedText('The access token was refused (HTTP 401). Check that it is complete and current.', 401) });
		expect(bad.message).not.toMatch(/client/i);
		expect(sandbox.requests.at(-1)).toMatchObject({ path: '/lost_orders/', status: 401 });
		expect(everythingVisible(bad)).not.toContain('wrongToken123');
	});

	test.each([
		['a token for reference data only', 'publicDataOnly'],
		['a token whose account has not accepted the lost-orders agreement', 'agreementNotAccepted'],
	] as const)('partner access token: %s does not pass, and the message says what works and what does not', async (_name, token) => {
		const result = await testCredential('affiliatePartnerApi', { baseUrl: sandbox.partnerUrl, accessToken: sandbox.tokens[token] });
		expect(result.status).toBe('Error');
		if (onN8nLine1) expect(result.message).toBe(N8N_1X_TEXTS[403]);
		else {
			expect(result.message).toMatch(/^The token works, but cannot read lost orders \(HTTP 403\): it lacks the lost_orders right, or the account has not accepted/);
			expect(result.message).toMatch(/reference data needs public_data/);
		}
		expect(sandbox.requests.at(-1)).toMatchObject({ path: '/lost_orders/', status: 403 });
		expectNoSecrets(result);
	});

	test.each([
		['partner', 'affiliatePartnerApi', () => ({ baseUrl: sandbox.partnerUrl, accessToken: `Bearer ${sandbox.accessToken}` }), /^The Access Token starts with "Bearer": paste the access token alone/],
		['click', 'clickStatisticsApi', () => ({ baseUrl: sandbox.clickUrl, publicKey: `Bearer ${sandbox.publicKey}` }), /^The Public Key starts with "Bearer": paste the public key alone/],
	] as const)('%s: a secret pasted with "Bearer" is named as such, and nothing is sent', async (_api, type, data, message) => {
		const result = await testCredential(type, data());
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(message);
		expect(sandbox.requests).toHaveLength(0);
		expectNoSecrets(result);
	});

	test('partner client credentials: good secret mints a token and passes, bad secret fails', async () => {
		const minted = sandbox.tokensMinted;
		const good = await testCredential('affiliatePartnerApi', {
			baseUrl: `${sandbox.partnerUrl}/`,
			authentication: 'clientCredentials',
			clientId: sandbox.clientId,
			clientSecret: sandbox.clientSecret,
		});
		expect(good.status).toBe('OK');
		expect(sandbox.tokensMinted).toBe(minted + 1);

		const bad = await testCredential('affiliatePartnerApi', {
			baseUrl: sandbox.partnerUrl,
			authentication: 'clientCredentials',
			clientId: sandbox.clientId,
			clientSecret: 'notTheSecret999',
		});
		expect(bad.status).toBe('Error');
		expect(bad.message).toMatch(/client ID or client secret was refused/);
		// The service's own words inside ours, without their full stop.
		if (!onN8nLine1) expect(bad.message).toContain('was refused (Client authentication failed). Check both in the credential.');
		expect(everythingVisible(bad)).not.toContain('notTheSecret999');
		expect(sandbox.tokensMinted).toBe(minted + 1);
	});

	test('partner client credentials: an unreachable Base URL is named, with what to check', async () => {
		const result = await testCredential('affiliatePartnerApi', {
			baseUrl: 'http://127.0.0.1:9',
			authentication: 'clientCredentials',
			clientId: sandbox.clientId,
			clientSecret: sandbox.clientSecret,
		});
		expect(result).toEqual({
			status: 'Error',
			message: 'Could not reach the token endpoint http://127.0.0.1:9/token/: the connection was refused. Check the Base URL of the credential, and that n8n can reach the service.',
		});
	});

	test('click public key: good passes with limit=1, bad is refused', async () => {
		const good = await testCredential('clickStatisticsApi', { baseUrl: sandbox.clickUrl, publicKey: sandbox.publicKey });
		expect(good.status).toBe('OK');
		expect(sandbox.requests.at(-1)).toMatchObject({ path: '/v2/api/stats/click', rawQuery: 'limit=1', status: 200 });

		const bad = await testCredential('clickStatisticsApi', { baseUrl: sandbox.clickUrl, publicKey: 'WrongKey42' });
		expect(bad).toEqual({ status: 'Error', message: refusedText('The public key was refused. Check it in your account settings.', 401) });
		expect(sandbox.requests.at(-1)?.status).toBe(401);
		expect(everythingVisible(bad)).not.toContain('WrongKey42');
	});
});

describe('client-credentials token', () => {
	test('is minted once with the documented request, reused across executions, re-minted after a 401', async () => {
		const credentials = partnerCredential(sandbox, {
			authentication: 'clientCredentials',
			accessToken: '',
			clientId: sandbox.clientId,
			clientSecret: sandbox.clientSecret,
			scopes: 'public_data  lost_orders',
		});
		const id = credentials.affiliatePartnerApi.id as string;
		const minted = sandbox.tokensMinted;

		const first = await probe(credentials, { path: '/currencies/' });
		expect(first.error).toBeUndefined();
		expect(sandbox.tokensMinted).toBe(minted + 1);
		const tokenRequest = sandbox.requests.find((request) => request.path === '/token/');
		expect(tokenRequest?.method).toBe('POST');
		const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64');
		expect(tokenRequest?.headers.authorization).toBe(`Basic ${basic}`);
		const stored = credentialsHelper.storedAccessToken(id);
		expect(stored).toMatch(/\w{8,}/);

		// A second and third execution use the stored token.
		await probe(credentials, { path: '/currencies/' });
		await probe(credentials, { path: '/websites/regions/' });
		expect(sandbox.tokensMinted).toBe(minted + 1);
		const bearerUsed = sandbox.requests
			.filter((request) => request.path !== '/token/')
			.map((request) => request.headers.authorization);
		expect(new Set(bearerUsed)).toEqual(new Set([`Bearer ${stored}`]));

		// The service expires the token: the next request answers 401, n8n mints again and resends.
		sandbox.expireTokens();
		sandbox.resetRequests();
		const afterExpiry = await probe(credentials, { path: '/currencies/' });
		expect(afterExpiry.error).toBeUndefined();
		expect(sandbox.tokensMinted).toBe(minted + 2);
		expect(sandbox.requests.map((request) => `${request.path} ${request.status}`)).toEqual([
			...refusedOnce('/currencies/ 401'),
			'/token/ 200',
			'/currencies/ 200',
		]);
		expect(credentialsHelper.storedAccessToken(id)).not.toBe(stored);
		secrets.push(stored, credentialsHelper.storedAccessToken(id));
	});

	test('a multipart POST is sent again, whole, after the token is refreshed', async () => {
		const credentials = partnerCredential(sandbox, {
			authentication: 'clientCredentials',
			clientId: sandbox.clientId,
			clientSecret: sandbox.clientSecret,
		});
		await probe(credentials, { path: '/currencies/' });
		sandbox.expireTokens();
		sandbox.resetRequests();
		const program = sandbox.data.programs[0];
		const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
		const result = await probe(credentials, {
			method: 'POST',
			path: '/appeals/create/',
			multipart: {
				fields: { advcampaign: String(program.id), order_id: 'ORDER-REFRESH-1', comment: 'after refresh' },
				file: { name: 'receipt.pdf', type: 'application/pdf', base64: pdf.toString('base64') },
			},
		});
		expect(result.error).toBeUndefined();
		const creates = sandbox.requests.filter((request) => request.path === '/appeals/create/');
		expect(creates.map((request) => Math.floor(request.status / 100))).toEqual([...refusedOnce(4), 2]);
		expect(creates[0].status).toBe(401);
		expect(creates.at(-1)?.multipart?.fields).toMatchObject({ order_id: 'ORDER-REFRESH-1', comment: 'after refresh' });
		expect(creates.at(-1)?.multipart?.files.receipt).toMatchObject({ filename: 'receipt.pdf', contentType: 'application/pdf' });
		expect(creates.at(-1)?.multipart?.files.receipt.bytes.equals(pdf)).toBe(true);
	});
});

describe('base URL handling', () => {
	test('a trailing slash is tolerated and partner paths always end with /', async () => {
		const credentials = partnerCredential(sandbox, { baseUrl: `${sandbox.partnerUrl}//` });
		const result = await probe(credentials, { path: '/languages/en' });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.at(-1)).toMatchObject({ path: '/languages/en/', status: 200 });
	});

	test('a path prefix in the base URL is kept, for both interfaces', async () => {
		// A gateway that serves the service under /gateway/v1, as a corporate proxy might.
		const gateway = createServer((request, response) => {
			const target = request.url!.replace(/^\/gateway\/v1/, '');
			const upstream = (request.headers.authorization ?? '').includes(sandbox.publicKey) ? sandbox.clickUrl : sandbox.partnerUrl;
			const forwarded = httpRequest(`${upstream}${target}`, { method: request.method, headers: request.headers }, (reply) => {
				response.writeHead(reply.statusCode ?? 502, reply.headers);
				reply.pipe(response);
			});
			request.pipe(forwarded);
		});
		await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
		const base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/gateway/v1/`;
		try {
			const partner = await probe(partnerCredential(sandbox, { baseUrl: base }), { path: '/traffic/' });
			expect(partner.error).toBeUndefined();
			const click = await probe(clickCredential(sandbox, { baseUrl: base }), { api: 'click', path: '/v2/api/stats/click', qs: { limit: 1 } });
			expect(click.error).toBeUndefined();
			expect(sandbox.requests.map((request) => `${request.path} ${request.status}`)).toEqual([
				'/traffic/ 200',
				'/v2/api/stats/click 200',
			]);
		} finally {
			await new Promise((resolve) => gateway.close(resolve));
		}
	});

	test('repeated parameters go out as k=1&k=2', async () => {
		const credentials = partnerCredential(sandbox);
		const ids = sandbox.data.programs.slice(0, 2).map((program) => program.id);
		await probe(credentials, { path: '/categories/', qs: { campaign: ids, limit: 5 } });
		expect(sandbox.requests.at(-1)?.rawQuery).toBe(`campaign=${ids[0]}&campaign=${ids[1]}&limit=5`);
	});

	test('a partner token pasted with "Bearer" is refused before any request, in the same words', async () => {
		const result = await probe(partnerCredential(sandbox, { accessToken: `Bearer ${sandbox.accessToken}` }), { path: '/websites/kinds/' });
		expect(result.error?.message).toMatch(/^The Access Token starts with "Bearer": paste the access token alone/);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('a click key that is not alphanumeric is refused before any request', async () => {
		const result = await probe(clickCredential(sandbox, { publicKey: 'Bearer abc123' }), {
			api: 'click',
			path: '/v2/api/stats/click',
		});
		expect(result.error?.message).toMatch(/^The Public Key starts with "Bearer": paste the public key alone/);
		expect(everythingVisible(result.error)).not.toContain('abc123');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('every error shape becomes a readable NodeApiError without secrets', () => {
	test('partner 400 {field: [message]} names the field', async () => {
		const result = await probe(partnerCredential(sandbox), { path: '/lost_orders/', qs: { start_date: '31.02.2026' } });
		expect(result.error?.message).toBe('The service refused "Date From": Invalid date format, use DD.MM.YYYY.');
		expect(result.error?.description).toMatch(/sent as start_date in GET \/lost_orders\//);
		expect(result.error?.httpCode).toBe('400');
		expectNoSecrets(result.error);
	});

	test('click 400 {errors: [{meta: {property}}]} names the property', async () => {
		const result = await probe(clickCredential(sandbox), { api: 'click', path: '/v2/api/stats/click', qs: { dateFrom: '2026-01-01' } });
		expect(result.error?.message).toBe('The service refused "Date From": dateFrom must be used together with dateTo');
		expect(result.error?.httpCode).toBe('400');
		expectNoSecrets(result.error);
	});

	test('401 says the credentials were refused, for both interfaces', async () => {
		const partner = await probe(partnerCredential(sandbox, { accessToken: 'expiredToken777' }), { path: '/currencies/' });
		expect(partner.error?.message).toBe('The Affiliate Partner API credentials were refused (HTTP 401)');
		expect(everythingVisible(partner.error)).not.toContain('expiredToken777');
		const click = await probe(clickCredential(sandbox, { publicKey: 'NotTheKey1' }), { api: 'click', path: '/v2/api/stats/click' });
		expect(click.error?.message).toBe('The Click Statistics API credentials were refused (HTTP 401)');
		expect(click.error?.description).toMatch(/public key/);
		expect(everythingVisible(click.error)).not.toContain('NotTheKey1');
	});

	test('403 names the right the operation needs, and the agreement for lost orders', async () => {
		const publicOnly = partnerCredential(sandbox, { accessToken: sandbox.tokens.publicDataOnly });
		const lostOrders = await probe(publicOnly, { path: '/lost_orders/' });
		expect(lostOrders.error?.message).toMatch(/needs the "lost_orders" right/);
		expect(lostOrders.error?.description).toMatch(/user agreement/);
		const landings = await probe(publicOnly, { path: `/landings/${sandbox.data.programs[0].id}/` });
		expect(landings.error?.message).toMatch(/needs the "landings" right/);
		expect(landings.error?.description).not.toMatch(/agreement/);

		const noManage = partnerCredential(sandbox, { accessToken: sandbox.tokens.noManageLostOrders });
		const create = await probe(noManage, {
			method: 'POST',
			path: '/lost_orders/create/',
			multipart: { fields: { advcampaign: String(sandbox.data.programs[0].id), order_id: 'X1' } },
		});
		expect(create.error?.message).toMatch(/needs the "manage_lost_orders" right/);

		const noAgreement = partnerCredential(sandbox, { accessToken: sandbox.tokens.agreementNotAccepted });
		const appeals = await probe(noAgreement, { path: '/appeals/' });
		expect(appeals.error?.message).toMatch(/user agreement of the lost orders tool has not been accepted/);
		for (const result of [lostOrders, landings, create, appeals]) expectNoSecrets(result.error);
	});

	test('404 {detail} and 500 are readable', async () => {
		const notFound = await probe(partnerCredential(sandbox), { path: '/lost_orders/987654321/' });
		expect(notFound.error?.message).toMatch(/^Not found \(HTTP 404\)/);
		sandbox.injectFault({ kind: 'status', status: 500, count: 1 });
		const failed = await probe(partnerCredential(sandbox), { path: '/currencies/' });
		expect(failed.error?.message).toMatch(/^The service failed \(HTTP 500\)/);
		expect(sandbox.requests).toHaveLength(2);
		expectNoSecrets(failed.error);
	});

	test('with Continue On Fail the error becomes an item paired with its input', async () => {
		const result = await probe(partnerCredential(sandbox, { accessToken: 'badToken5555' }), {
			path: '/currencies/',
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toBe('The Affiliate Partner API credentials were refused (HTTP 401)');
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(JSON.stringify(result.items)).not.toContain('badToken5555');
	});
});

describe('retries', () => {
	test('a GET is retried on 503, honouring Retry-After', async () => {
		sandbox.injectFault({ kind: 'status', status: 503, retryAfter: 1, count: 2, api: 'partner' });
		const result = await probe(partnerCredential(sandbox), { path: '/currencies/' });
		expect(result.error).toBeUndefined();
		const times = sandbox.requests.map((request) => request.time);
		expect(sandbox.requests.map((request) => request.status)).toEqual([503, 503, 200]);
		expect(times[1] - times[0]).toBeGreaterThanOrEqual(1000);
		expect(times[2] - times[1]).toBeGreaterThanOrEqual(1000);
	});

	test('a click GET is retried on 429 and on a connection reset', async () => {
		sandbox.injectFault({ kind: 'status', status: 429, retryAfter: 1, count: 1, api: 'click' });
		sandbox.injectFault({ kind: 'reset', count: 1, api: 'click' });
		const result = await probe(clickCredential(sandbox), { api: 'click', path: '/v2/api/stats/click', qs: { limit: 5 } });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.status).sort()).toEqual([0, 200, 429]);
	});

	test('retries stop after 5 attempts with a message that says so', async () => {
		sandbox.injectFault({ kind: 'status', status: 502, retryAfter: 0, api: 'partner' });
		const result = await probe(partnerCredential(sandbox), { path: '/currencies/' });
		expect(sandbox.requests).toHaveLength(5);
		expect(result.error?.message).toMatch(/^The service failed \(HTTP 502\) on GET \/currencies\/ after 5 attempts/);
	});

	test('a POST is never retried, on 503 or on a reset', async () => {
		const program = sandbox.data.programs[0];
		const before = sandbox.data.appeals.length;
		for (const fault of [
			{ kind: 'status' as const, status: 503 as const, retryAfter: 0 },
			{ kind: 'reset' as const },
		]) {
			sandbox.clearFaults();
			sandbox.resetRequests();
			sandbox.injectFault({ ...fault, method: 'POST', count: 3 });
			const result = await probe(partnerCredential(sandbox), {
				method: 'POST',
				path: '/appeals/create/',
				multipart: { fields: { advcampaign: String(program.id), order_id: 'NO-RETRY-1' } },
			});
			expect(result.error).toBeDefined();
			expect(sandbox.requests).toHaveLength(1);
		}
		expect(sandbox.data.appeals.length).toBe(before);
	});
});
