// A proxy on 127.0.0.1 between n8n and the sandbox, so that the crash test sees every request of
// the triggers as it happens: it can kill n8n while a read is answered, or just after.
import { createServer } from 'node:http';

/**
 * `hold(request)` may return a promise: the answer waits for it (the test kills n8n meanwhile).
 * `answered(request)` is told once an answer is sent, with its status and body.
 */
export async function startProxy({ partnerTarget, clickTarget, partnerPort, clickPort, hold = () => undefined, answered = () => {} }) {
	const servers = [];
	const listen = (api, target, port) =>
		new Promise((resolvePromise, reject) => {
			const server = createServer(async (request, response) => {
				const chunks = [];
				for await (const chunk of request) chunks.push(chunk);
				const info = { api, method: request.method, path: request.url, at: Date.now() };
				try {
					await hold(info);
					const headers = { ...request.headers };
					delete headers.host;
					delete headers['content-length'];
					const upstream = await fetch(`${target}${request.url}`, {
						method: request.method,
						headers,
						body: chunks.length ? Buffer.concat(chunks) : undefined,
					});
					const body = Buffer.from(await upstream.arrayBuffer());
					const passed = {};
					for (const [name, value] of upstream.headers) if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) passed[name] = value;
					response.writeHead(upstream.status, passed);
					response.end(body, () => answered({ ...info, status: upstream.status, body }));
				} catch (error) {
					if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
					response.end(JSON.stringify({ error: String(error.message) }));
				}
			});
			server.keepAliveTimeout = 1000;
			server.on('error', reject);
			server.listen(port, '127.0.0.1', () => resolvePromise(server));
			servers.push(server);
		});
	await listen('partner', partnerTarget, partnerPort);
	await listen('click', clickTarget, clickPort);
	return {
		partnerUrl: `http://127.0.0.1:${partnerPort}`,
		clickUrl: `http://127.0.0.1:${clickPort}`,
		stop: () => Promise.all(servers.map((server) => new Promise((resolvePromise) => (server.closeAllConnections(), server.close(resolvePromise))))),
	};
}

/**
 * Holds one chosen request of the triggers, or every request once the gate is closed, until
 * `release()`: the test kills n8n meanwhile.
 */
export function readHolder({ timeoutMs = 30_000 } = {}) {
	let armed;
	let gateClosed = false;
	const waiting = [];
	return {
		hold(info) {
			if (gateClosed) return new Promise((resolvePromise) => waiting.push(resolvePromise));
			if (!armed || armed.skip-- > 0) return undefined;
			const { resolve } = armed;
			armed = undefined;
			resolve(info);
			return new Promise((resolvePromise) => waiting.push(resolvePromise));
		},
		/** Resolves with the request held: the one after `skip` more, or undefined after the timeout. */
		arm(skip) {
			return new Promise((resolvePromise) => {
				const mine = { skip, resolve: resolvePromise };
				armed = mine;
				setTimeout(() => {
					if (armed !== mine) return;
					armed = undefined;
					resolvePromise(undefined);
				}, timeoutMs);
			});
		},
		/** Holds every request from now on, until `release()`. */
		closeGate() {
			gateClosed = true;
		},
		release() {
			gateClosed = false;
			for (const resolvePromise of waiting.splice(0)) resolvePromise();
		},
	};
}
