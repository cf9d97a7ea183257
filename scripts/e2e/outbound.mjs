// Stand-ins for Google Sheets and Slack, reached by the real n8n nodes through an HTTPS proxy.
//
// n8n sends its outbound requests through HTTPS_PROXY (proxy-from-env; NO_PROXY keeps the
// sandbox on 127.0.0.1 direct). This proxy answers CONNECT for sheets.googleapis.com and
// slack.com itself: it ends TLS with a certificate of a throw-away CA that n8n trusts through
// NODE_EXTRA_CA_CERTS, and hands the decrypted requests to small fakes of the two APIs. So the
// Google Sheets and Slack nodes run unchanged, with their own request building, and the test
// reads exactly what they sent. Any other host is refused and recorded.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';

import { FakeSpreadsheet } from './fakeSheets.mjs';

const HOSTS = ['sheets.googleapis.com', 'slack.com'];

/** A CA and one certificate for the stand-in hosts, made with openssl in a scratch folder. */
function makeCertificates() {
	const dir = mkdtempSync(join(tmpdir(), 'n8n-affiliate-outbound-'));
	const openssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
	openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2',
		'-subj', '/CN=n8n-affiliate e2e stand-in CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
	openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'host.key', '-out', 'host.csr', '-subj', '/CN=e2e stand-in');
	const extensions = join(dir, 'host.ext');
	execFileSync('sh', ['-c', `printf '%s\\n' 'subjectAltName=${HOSTS.map((h) => `DNS:${h}`).join(',')}' 'basicConstraints=CA:FALSE' 'extendedKeyUsage=serverAuth' > host.ext`], { cwd: dir });
	openssl('x509', '-req', '-in', 'host.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'host.pem', '-days', '2', '-extfile', extensions);
	return { dir, caFile: join(dir, 'ca.pem'), key: readFileSync(join(dir, 'host.key')), cert: readFileSync(join(dir, 'host.pem')) };
}

function readBody(req) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

function reply(res, status, body) {
	res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

/** Slack's Web API, the one method the examples call. */
function slackApi(state, request, res) {
	if (request.method === 'POST' && request.path === '/api/chat.postMessage') {
		const body = request.json ?? Object.fromEntries(new URLSearchParams(request.body));
		const ts = `${Math.floor(Date.now() / 1000)}.${String(state.messages.length + 1).padStart(6, '0')}`;
		state.messages.push({ channel: body.channel, text: body.text, blocks: body.blocks, ts });
		return reply(res, 200, { ok: true, channel: 'C0AFFILIATE', ts, message: { type: 'message', text: body.text, ts } });
	}
	return reply(res, 404, { ok: false, error: 'unknown_method' });
}

/**
 * Starts the proxy on 127.0.0.1. Returns the environment n8n needs, the recorded traffic, the
 * fake spreadsheet and Slack messages, and `close()`.
 */
export async function startOutbound({ port = 0 } = {}) {
	const certificates = makeCertificates();
	const secureContext = tls.createSecureContext({ key: certificates.key, cert: certificates.cert });
	const state = { requests: [], refused: [], messages: [], sheet: new FakeSpreadsheet() };

	const api = http.createServer(async (req, res) => {
		const host = String(req.headers.host ?? '').replace(/:\d+$/, '');
		const url = new URL(req.url, `https://${host}`);
		const body = await readBody(req);
		let json;
		try {
			json = body ? JSON.parse(body) : undefined;
		} catch {
			json = undefined;
		}
		const request = { host, method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, json, authorization: req.headers.authorization };
		state.requests.push(request);
		try {
			if (host === 'slack.com') return slackApi(state, request, res);
			const answer = state.sheet.handle(request);
			return reply(res, answer.status, answer.body);
		} catch (error) {
			return reply(res, 500, { error: { code: 500, message: `stand-in: ${error.message}` } });
		}
	});

	const proxy = http.createServer((req, res) => {
		state.refused.push(`${req.method} ${req.url}`);
		res.writeHead(403).end('only CONNECT to the stand-in hosts');
	});
	const tunnels = new Set();
	proxy.on('connect', (req, socket, head) => {
		tunnels.add(socket);
		socket.on('close', () => tunnels.delete(socket));
		const [host] = String(req.url).split(':');
		if (!HOSTS.includes(host)) {
			state.refused.push(`CONNECT ${req.url}`);
			socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
			return;
		}
		socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
		if (head?.length) socket.unshift(head);
		const secure = new tls.TLSSocket(socket, { isServer: true, secureContext });
		secure.on('error', () => socket.destroy());
		api.emit('connection', secure);
	});
	await new Promise((resolve) => proxy.listen(port, '127.0.0.1', resolve));
	const proxyUrl = `http://127.0.0.1:${proxy.address().port}`;

	return {
		state,
		env: {
			HTTPS_PROXY: proxyUrl,
			HTTP_PROXY: proxyUrl,
			NO_PROXY: '127.0.0.1,localhost',
			NODE_EXTRA_CA_CERTS: certificates.caFile,
		},
		close: async () => {
			for (const socket of tunnels) socket.destroy();
			proxy.closeAllConnections();
			await new Promise((resolve) => proxy.close(resolve));
			rmSync(certificates.dir, { recursive: true, force: true });
		},
	};
}
