/**
 * The fuzz proxy: one HTTP server on 127.0.0.1 between the nodes and the sandboxes. Each case gets
 * a route, a path prefix `/c/<n>` that its credential's Base URL carries: the proxy counts the
 * case's requests, forwards them to the case's sandbox (marked with the header `x-fuzz-case`, so
 * that the sandbox's request log tells the cases apart), and hands each GET or PUT answer (and a
 * POST's, on a route that reads with one: Route.rewritePosts) with a 2xx
 * status to the case's rewrite. Past the case's request budget it answers 400 itself, which no
 * node retries, so a runaway read stops.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Answer } from './answerFamily';

export interface Exchange {
	method: string;
	/** The path below the credential's Base URL, e.g. `/lost_orders/`. */
	path: string;
	query: URLSearchParams;
	label: string;
}

export interface Route {
	/** The sandbox's partner or click URL. */
	upstream: string;
	api: 'partner' | 'click';
	budget: number;
	labels: 'query' | 'ordinal';
	/** A rewritten answer, or undefined to pass it on as it came. */
	rewrite?: (answer: Answer, exchange: Exchange) => Answer | undefined;
	/** Keep every 2xx answer's JSON by label (an undisturbed run's answers, for rewrites that need them). */
	keepAnswers?: boolean;
	/** Hand POST answers to the rewrite too (a coupon search reads with a POST). */
	rewritePosts?: boolean;
}

export interface Traffic {
	requests: number;
	/** Every request, as sent: method, path and query. */
	sent: string[];
	/** The labels of the requests, in the order they first came. */
	labels: string[];
	answers: Map<string, { query: URLSearchParams; body: unknown }>;
}

export interface CaseRoute {
	baseUrl: string;
	/** The `x-fuzz-case` header value its requests reach the sandbox with. */
	marker: string;
	traffic: Traffic;
	route: Route;
}

/**
 * Query parameters that say which page, not which read, or follow n8n's clock (a conversion
 * trigger's status_updated_start): left out of labels so retries and re-reads match.
 */
const UNLABELLED = new Set(['limit', 'updatedAtFrom', 'updatedAtTo', 'status_updated_start']);

function queryLabel(path: string, query: URLSearchParams): string {
	const entries = [...query.entries()].filter(([name]) => !UNLABELLED.has(name)).sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
	return `${path}?${entries.map(([name, value]) => `${name}=${value}`).join('&')}`;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		stream.on('data', (chunk: Buffer) => chunks.push(chunk));
		stream.on('end', () => resolve(Buffer.concat(chunks)));
		stream.on('error', reject);
	});
}

function refuseOverBudget(api: 'partner' | 'click', response: ServerResponse) {
	const message = 'fuzz proxy: this case sent more requests than its budget';
	const body = api === 'partner' ? { detail: message } : { errors: [{ status: '400', title: message, code: '1000' }] };
	response.writeHead(400, { 'Content-Type': 'application/json' });
	response.end(JSON.stringify(body));
}

export interface FuzzProxy {
	url: string;
	open(route: Route): CaseRoute;
	close(): Promise<void>;
}

export async function startProxy(): Promise<FuzzProxy> {
	const routes = new Map<string, CaseRoute & { ordinals: Map<string, number> }>();
	let counter = 0;

	async function handle(request: IncomingMessage, response: ServerResponse) {
		const url = new URL(request.url ?? '/', 'http://proxy.local');
		const match = /^\/c\/(\d+)(\/.*)?$/.exec(url.pathname);
		const entry = match ? routes.get(match[1]) : undefined;
		if (!match || !entry) {
			response.writeHead(404, { 'Content-Type': 'application/json' });
			response.end('{"detail": "fuzz proxy: no such case"}');
			return;
		}
		const { route, traffic } = entry;
		const method = (request.method ?? 'GET').toUpperCase();
		const path = match[2] ?? '/';
		const body = await readAll(request);
		traffic.requests++;
		traffic.sent.push(`${method} ${path}${url.search}`);
		if (traffic.requests > route.budget) {
			refuseOverBudget(route.api, response);
			return;
		}
		const target = new URL(`${path}${url.search}`, route.upstream);
		let label = queryLabel(path, url.searchParams);
		if (route.labels === 'ordinal') {
			const key = `${path}${url.search}`;
			if (!entry.ordinals.has(key)) entry.ordinals.set(key, entry.ordinals.size + 1);
			label = `#${String(entry.ordinals.get(key)).padStart(3, '0')}`;
		}
		if (!traffic.labels.includes(label)) traffic.labels.push(label);

		const headers = { ...request.headers, host: target.host, 'x-fuzz-case': entry.marker };
		const upstream = httpRequest(target, { method, headers }, async (answer) => {
			const text = (await readAll(answer)).toString('utf8');
			const status = answer.statusCode ?? 502;
			const contentType = String(answer.headers['content-type'] ?? '');
			let sent: Answer = { status, contentType, text };
			// A PUT too: the click service's link resolve only reads (a POST's answer is left alone).
			if ((method === 'GET' || method === 'PUT' || (method === 'POST' && route.rewritePosts)) && status >= 200 && status < 300) {
				if (route.keepAnswers) {
					try {
						traffic.answers.set(label, { query: url.searchParams, body: JSON.parse(text) });
					} catch {
						// Not JSON: nothing to keep.
					}
				}
				sent = route.rewrite?.(sent, { method, path, query: url.searchParams, label }) ?? sent;
			}
			const outgoing: Record<string, string | string[]> = {};
			for (const [name, value] of Object.entries(answer.headers)) {
				if (value !== undefined && !['content-length', 'content-type', 'transfer-encoding', 'connection'].includes(name)) outgoing[name] = value;
			}
			if (sent.contentType) outgoing['content-type'] = sent.contentType;
			outgoing['content-length'] = String(Buffer.byteLength(sent.text));
			response.writeHead(sent.status, outgoing);
			response.end(sent.text);
		});
		upstream.on('error', () => {
			// The sandbox dropped the connection (a reset fault): so does the proxy.
			request.socket.destroy();
		});
		upstream.end(body);
	}

	// Request heads as large as the sandbox takes (sandbox/server.ts): a deeplink GET of 200 URLs is about 28 KB, over Node's default 16 KB.
	const server = createServer({ maxHeaderSize: 256 * 1024 }, (request, response) => {
		handle(request, response).catch(() => request.socket.destroy());
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		url,
		open(route) {
			const key = String(++counter);
			const entry = {
				baseUrl: `${url}/c/${key}`,
				marker: key,
				traffic: { requests: 0, sent: [], labels: [], answers: new Map() },
				route,
				ordinals: new Map<string, number>(),
			};
			routes.set(key, entry);
			return entry;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
