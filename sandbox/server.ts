// Starts the two simulated interfaces (partner and click statistics) on local HTTP servers.

import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routeClick } from './click/clickReport';
import { CONTROL_PREFIX, handleControl } from './control';
import { redirectReply, spoilReply, statusFaultReply } from './faultReplies';
import { routePartner } from './partner/router';
import { clickError, json, partnerError, Reply } from './reply';
import { applyShift } from './shift';
import { RequestContext, SandboxState } from './state';
import type {
	Api,
	ClickItem,
	FaultSpec,
	PartnerData,
	RecordedRequest,
	SandboxAddress,
	SandboxConfig,
	SandboxOptions,
} from './types';

export * from './types';

export interface Sandbox extends SandboxAddress {
	readonly requests: RecordedRequest[];
	resetRequests(): void;
	readonly config: Readonly<SandboxConfig>;
	configure(patch: Partial<SandboxConfig>): void;
	injectFault(fault: FaultSpec): void;
	/** The active faults as given, with the uses left (null: until cleared). */
	listFaults(): Array<FaultSpec & { remaining: number | null }>;
	clearFaults(): void;
	expireTokens(): void;
	readonly tokensMinted: number;
	clicks: {
		insert(items: Partial<ClickItem>[]): ClickItem[];
		update(id: string, patch?: Partial<ClickItem>): ClickItem;
		all(): ClickItem[];
	};
	data: PartnerData;
	close(): Promise<void>;
}

const MAX_BODY_BYTES = 25 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) reject(new Error('body too large'));
			else chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

/**
 * `date`: the answering service's clock, sent as the Date header. Node would otherwise stamp the real
 * process clock, which knows neither a service's clock offset nor a test's faked Date.
 */
function send(res: ServerResponse, reply: Reply, date?: Date): void {
	const payload = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
	res.writeHead(reply.status, {
		...(date ? { Date: date.toUTCString() } : {}),
		...(payload && reply.text === undefined ? { 'Content-Type': 'application/json' } : {}),
		'Content-Length': Buffer.byteLength(payload),
		...reply.headers,
	});
	res.end(payload);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rate limits of the real services, when enabled: partner 503 error_code 4, click 429 with Retry-After. */
function rateLimitReply(state: SandboxState, api: Api): Reply | undefined {
	const { config } = state;
	if (!config.rateLimits) return undefined;
	const nowMs = state.now().getTime();
	if (api === 'partner') {
		return state.rateLimits.partner(nowMs, config.partnerRequestsPerMinute) ? undefined : partnerError.requestLimitExceeded();
	}
	const retryAfter = state.rateLimits.click(nowMs, config.clickRequestsPerSecond, config.clickRequestsPer5Min);
	return retryAfter === undefined ? undefined : clickError(429, { 'Retry-After': String(retryAfter) });
}

async function handleApi(state: SandboxState, api: Api, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
	const method = (req.method ?? 'GET').toUpperCase();
	const query: Record<string, string[]> = {};
	for (const [k, v] of url.searchParams) (query[k] ??= []).push(v);
	const record: RecordedRequest = {
		api,
		method,
		path: url.pathname,
		rawQuery: url.search.replace(/^\?/, ''),
		query,
		headers: { ...req.headers },
		status: 0,
		time: state.now().getTime(),
	};
	state.requests.push(record);
	const answer = (reply: Reply) => send(res, reply, state.clockOf(api));

	let body: Buffer;
	try {
		body = await readBody(req);
	} catch {
		record.status = 413;
		answer(api === 'partner' ? json(413, { detail: 'Request body too large.' }) : clickError(413));
		return;
	}
	if (state.config.latencyMs > 0) await sleep(state.config.latencyMs);
	const isTokenRequest = api === 'partner' && method === 'POST' && url.pathname === '/token/';
	if (isTokenRequest && state.config.tokenLatencyMs > 0) await sleep(state.config.tokenLatencyMs);

	const request = { api, method, path: url.pathname, query: url.searchParams };
	const fault = state.faults.take(request);
	if (fault?.kind === 'reset') {
		// Recorded with status 0: the client sees the connection drop without any answer.
		req.socket.destroy();
		return;
	}
	if (fault?.kind === 'expireCursor') state.conversions.cursors.expire(url.searchParams.get('next') ?? '');
	let reply: Reply;
	if (fault?.kind === 'status') {
		reply = statusFaultReply(api, fault);
	} else if (fault?.kind === 'redirect') {
		// Same origin as the client sees it: the Host it asked for.
		const origin = req.headers.host ? `http://${req.headers.host}` : api === 'partner' ? state.partnerUrl : state.clickUrl;
		reply = redirectReply(fault, origin);
	} else {
		reply = rateLimitReply(state, api) ?? route(state, api, method, url, req, body, record);
		if (fault?.kind === 'body') reply = spoilReply(reply, fault);
	}
	record.status = reply.status;
	answer(reply);
	// The answer is out; the data moves before the client can ask for the next page.
	if (fault?.kind === 'shift' && reply.status >= 200 && reply.status < 300) applyShift(state, fault, request);
}

function route(
	state: SandboxState,
	api: Api,
	method: string,
	url: URL,
	req: IncomingMessage,
	body: Buffer,
	record: RecordedRequest,
): Reply {
	const ctx: RequestContext = {
		state,
		method,
		path: url.pathname,
		params: {},
		query: url.searchParams,
		headers: req.headers,
		body,
		record,
	};
	try {
		return api === 'partner' ? routePartner(ctx) : routeClick(ctx);
	} catch (e) {
		// A bug in the sandbox must still answer in the interface's error shape (and be visible).
		console.error('[sandbox] handler error', e);
		return api === 'partner' ? partnerError.internal() : clickError(500);
	}
}

/**
 * A deeplink request carries up to 200 target URLs in its query (published-api-facts.md, section
 * 3): 200 product URLs of 100 characters make a request line of 28 KB, over Node's default 16 KB
 * head, which would answer 431 where the service documents the request as valid.
 */
const MAX_REQUEST_HEAD_BYTES = 256 * 1024;

/**
 * Node closes an idle keep-alive socket after 5 s, the moment a client may be reusing it, and on a
 * loaded machine the client's request then fails with ECONNRESET. Clients close idle sockets first
 * when the server waits longer than they do.
 */
const IDLE_SOCKET_MS = 65_000;

function makeServer(state: SandboxState, api: Api): Server {
	return createServer({ maxHeaderSize: MAX_REQUEST_HEAD_BYTES, keepAliveTimeout: IDLE_SOCKET_MS }, (req, res) => {
		const url = new URL(req.url ?? '/', 'http://sandbox.local');
		if (url.pathname.startsWith(CONTROL_PREFIX)) {
			readBody(req)
				.then((body) => send(res, handleControl(state, (req.method ?? 'GET').toUpperCase(), url.pathname, url.searchParams, body)))
				.catch(() => send(res, json(400, { error: 'could not read body' })));
			return;
		}
		handleApi(state, api, req, res, url).catch((e) => {
			console.error('[sandbox] request error', e);
			if (!res.headersSent) send(res, json(500, {}), state.clockOf(api));
		});
	});
}

function listen(server: Server, port: number, host: string): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve((server.address() as AddressInfo).port);
		});
	});
}

function closeServer(server: Server): Promise<void> {
	return new Promise((resolve) => {
		server.close(() => resolve());
		// Keep-alive sockets of clients would otherwise hold close() open.
		server.closeAllConnections();
	});
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const state = new SandboxState(options);
	const host = options.host ?? '127.0.0.1';
	const partnerServer = makeServer(state, 'partner');
	const clickServer = makeServer(state, 'click');
	const urlHost = host.includes(':') ? `[${host}]` : host;
	try {
		state.partnerUrl = `http://${urlHost}:${await listen(partnerServer, options.partnerPort ?? 0, host)}`;
		state.clickUrl = `http://${urlHost}:${await listen(clickServer, options.clickPort ?? 0, host)}`;
	} catch (e) {
		await Promise.all([closeServer(partnerServer), closeServer(clickServer)]);
		throw e;
	}

	return {
		partnerUrl: state.partnerUrl,
		clickUrl: state.clickUrl,
		accessToken: state.accessToken,
		tokens: { ...state.staticTokens },
		clientId: state.clientId,
		clientSecret: state.clientSecret,
		publicKey: state.publicKey,
		get requests() {
			return state.requests;
		},
		resetRequests: () => {
			state.requests.length = 0;
		},
		get config() {
			return { ...state.config };
		},
		configure: (patch) => state.configure(patch),
		injectFault: (fault) => state.faults.add(fault),
		listFaults: () => state.faults.list(),
		clearFaults: () => state.faults.clear(),
		expireTokens: () => {
			state.tokens.expireMinted();
		},
		get tokensMinted() {
			return state.tokens.minted;
		},
		clicks: {
			insert: (items) => state.clicks.insert(items),
			update: (id, patch) => state.clicks.update(id, patch),
			all: () => state.clicks.all(),
		},
		data: state.data,
		close: async () => {
			await Promise.all([closeServer(partnerServer), closeServer(clickServer)]);
		},
	};
}
