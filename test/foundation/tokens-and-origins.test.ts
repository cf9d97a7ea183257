// One minted token for many executions, minted tokens kept secret, and credentials kept on their
// origin (docs/guarantees.md). Through n8n-core against the sandbox, with a token
// endpoint that answers in 1 s and a second local server on another port.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INodeCredentials, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox/server';
import { credentialsHelper, runNode } from '../harness/run';
import { useSandbox } from '../harness/sandboxFixture';
import { clickCredential, everythingVisible, partnerCredential } from './helpers';

const sandboxOf = useSandbox({ clickItems: 2000, clickDays: 3 }, { partnerLimitCap: 100, latencyMs: 0, tokenLatencyMs: 0 });
let sandbox: Sandbox;
beforeEach(() => {
	sandbox = sandboxOf();
});

const clientCredentials = (overrides: Record<string, unknown> = {}) =>
	partnerCredential(sandbox, {
		authentication: 'clientCredentials',
		accessToken: '',
		clientId: sandbox.clientId,
		clientSecret: sandbox.clientSecret,
		maxRequestsPerSecond: 50,
		...overrides,
	});
const partner = (credentials: INodeCredentials, parameters: INodeParameters) =>
	runNode({ type: 'affiliatePartner', parameters, credentials });
const allLostOrders = { resource: 'lostOrder', operation: 'getMany', returnAll: true };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A local server on another port, recording what reaches it. */
async function otherOrigin(handler?: (request: { url?: string; headers: IncomingHttpHeaders }, respond: (status: number, body: string) => void) => void) {
	const received: Array<{ url?: string; headers: IncomingHttpHeaders }> = [];
	const server: Server = createServer((request, response) => {
		received.push({ url: request.url, headers: request.headers });
		const respond = (status: number, body: string) => {
			response.writeHead(status, { 'Content-Type': 'application/json' });
			response.end(body);
		};
		if (handler) handler(request, respond);
		else respond(200, '{"results": [], "_meta": {"count": 0, "limit": 20, "offset": 0}}');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('one token for many executions', () => {
	test('20 executions starting together with a token endpoint that answers in 1 s mint one token', async () => {
		sandbox.configure({ tokenLatencyMs: 1000 });
		const credentials = clientCredentials();
		const minted = sandbox.tokensMinted;
		const runs = await Promise.all(
			Array.from({ length: 20 }, () => partner(credentials, { resource: 'currency', operation: 'getMany', returnAll: true })),
		);
		expect(runs.map((run) => run.error)).toEqual(Array(20).fill(undefined));
		expect(runs.every((run) => run.items.length === sandbox.data.currencies.length)).toBe(true);
		expect(sandbox.tokensMinted - minted).toBeLessThanOrEqual(2);
		expect(sandbox.tokensMinted - minted).toBe(1);
	});

	test('an expiry during a 12-page Return All: the pages in flight share one refresh, and the list is complete', async () => {
		const credentials = clientCredentials({ maxRequestsPerSecond: 10 });
		await partner(credentials, { resource: 'currency', operation: 'getMany', returnAll: true });
		sandbox.configure({ tokenLatencyMs: 1000, latencyMs: 100 });
		sandbox.resetRequests();
		const minted = sandbox.tokensMinted;
		const run = partner(credentials, allLostOrders);
		// The first page is back and the next ones are in flight when the service expires the token.
		while (!sandbox.requests.some((request) => request.status === 200)) await sleep(10);
		sandbox.expireTokens();
		const result = await run;
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual(sandbox.data.lostOrders.map((order) => order.id));
		const pages = sandbox.requests.filter((request) => request.path === '/lost_orders/');
		expect(new Set(pages.map((request) => request.query.offset[0])).size).toBeGreaterThanOrEqual(11);
		expect(pages.some((request) => request.status === 401)).toBe(true);
		expect(sandbox.tokensMinted - minted).toBeLessThanOrEqual(2);
	});

	test('a minted token the service echoes in an error is redacted', async () => {
		// A gateway that hands /token/ to the sandbox and answers everything else with a 400 that
		// quotes the bearer token without its "Bearer" prefix.
		const echo = createServer((request, response) => {
			if (request.url?.startsWith('/token/')) {
				const forwarded = httpRequest(`${sandbox.partnerUrl}${request.url}`, { method: request.method, headers: request.headers }, (reply) => {
					response.writeHead(reply.statusCode ?? 502, reply.headers);
					reply.pipe(response);
				});
				request.pipe(forwarded);
				return;
			}
			const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
			response.writeHead(400, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ token: [`The token ${token} may not list currencies.`] }));
		});
		await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
		try {
			const credentials = clientCredentials({ baseUrl: `http://127.0.0.1:${(echo.address() as AddressInfo).port}` });
			const result = await partner(credentials, { resource: 'currency', operation: 'getMany', returnAll: true });
			const minted = credentialsHelper.storedAccessToken(credentials.affiliatePartnerApi.id as string);
			expect(minted).toMatch(/\w{8,}/);
			expect(result.error?.message).toMatch(/The service refused "token": The token \*\*\* may not list currencies/);
			expect(everythingVisible(result.error)).not.toContain(minted);
			expect(everythingVisible(result.error)).not.toContain(sandbox.clientSecret);
		} finally {
			await new Promise((resolve) => echo.close(resolve));
		}
	});
});

describe('credentials stay on their origin', () => {
	test('a partner GET redirected to another origin is refused, naming it; nothing reaches it', async () => {
		const other = await otherOrigin();
		try {
			sandbox.injectFault({ kind: 'redirect', location: `${other.url}/lost_orders/`, pathPrefix: '/lost_orders/' });
			const result = await partner(partnerCredential(sandbox), allLostOrders);
			expect(result.items).toEqual([]);
			expect(result.error?.message).toBe(`GET /lost_orders/ was redirected to ${other.url} (HTTP 302), which was not followed`);
			expect(result.error?.description).toMatch(/never sent to another origin than its Base URL/);
			expect(other.received).toEqual([]);
			expect(sandbox.requests).toHaveLength(1);
		} finally {
			await other.close();
		}
	});

	test('the click report redirected to another origin keeps its key at home', async () => {
		const other = await otherOrigin();
		try {
			sandbox.injectFault({ kind: 'redirect', status: 307, location: `${other.url}/v2/api/stats/click`, api: 'click' });
			const result = await runNode({
				type: 'clickReport',
				parameters: { operation: 'getMany', returnAll: true },
				credentials: clickCredential(sandbox),
			});
			expect(result.error?.message).toMatch(/^GET \/v2\/api\/stats\/click was redirected to http:\/\/127\.0\.0\.1:\d+ \(HTTP 307\), which was not followed$/);
			expect(other.received).toEqual([]);
			expect(everythingVisible(result.error)).not.toContain(sandbox.publicKey);
		} finally {
			await other.close();
		}
	});

	test('a token endpoint that redirects elsewhere gets no client secret sent after it', async () => {
		const other = await otherOrigin();
		try {
			sandbox.injectFault({ kind: 'redirect', status: 307, location: `${other.url}/token/`, pathPrefix: '/token/' });
			const result = await partner(clientCredentials({ clientId: 'redirected-client' }), { resource: 'currency', operation: 'getMany', returnAll: true });
			expect(result.error?.message).toMatch(/The token endpoint .*\/token\/ redirected to http:\/\/127\.0\.0\.1:\d+ \(HTTP 307\)/);
			expect(other.received).toEqual([]);
			expect(everythingVisible(result.error)).not.toContain(sandbox.clientSecret);
		} finally {
			await other.close();
		}
	});

	test('a redirect within the same origin is followed, with the credential', async () => {
		sandbox.injectFault({ kind: 'redirect', status: 301, location: '/currencies/?limit=500&offset=0', pathPrefix: '/currencies', count: 1 });
		const result = await partner(partnerCredential(sandbox), { resource: 'currency', operation: 'getMany', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.code)).toEqual(sandbox.data.currencies.map((currency) => currency.code));
		expect(sandbox.requests.map((request) => request.status)).toEqual([301, 200]);
		expect(sandbox.requests[1].headers.authorization).toBe(`Bearer ${sandbox.accessToken}`);
	});
});
