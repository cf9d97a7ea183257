// What the client sees for a fault: error answers, proxy pages, redirects, and spoiled 2xx answers.

import { clickError, partnerError, partnerFault, Reply } from './reply';
import type { Api, FaultSpec } from './types';

type FaultOf<K extends FaultSpec['kind']> = Extract<FaultSpec, { kind: K }>;

/** Status lines as nginx words them in its own pages. */
const NGINX_STATUS_LINES: Record<number, string> = {
	301: '301 Moved Permanently',
	302: '302 Found',
	307: '307 Temporary Redirect',
	308: '308 Permanent Redirect',
	429: '429 Too Many Requests',
	500: '500 Internal Server Error',
	502: '502 Bad Gateway',
	503: '503 Service Temporarily Unavailable',
	504: '504 Gateway Time-out',
};

// nginx pads error pages so browsers show them instead of their own "friendly" page; it makes them a few hundred bytes.
const NGINX_PADDING = '<!-- a padding to disable MSIE and Chrome friendly error page -->\r\n'.repeat(6);

/** The page nginx sends itself for a status (byte for byte, CRLF line ends). */
export function nginxPage(status: number): string {
	const line = NGINX_STATUS_LINES[status] ?? String(status);
	return (
		`<html>\r\n<head><title>${line}</title></head>\r\n<body>\r\n<center><h1>${line}</h1></center>\r\n` +
		'<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n' +
		(status >= 400 ? NGINX_PADDING : '')
	);
}

/** A CDN's browser check or a captive portal: 200, HTML, nothing of the answer asked for. */
export const INTERSTITIAL_PAGE =
	'<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>' +
	'<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">' +
	'<meta name="viewport" content="width=device-width,initial-scale=1"></head><body><div class="main-wrapper" role="main">' +
	'<div class="main-content"><h1>Checking your browser before accessing the site.</h1>' +
	'<p>This process is automatic. Your browser will redirect to your requested content shortly.</p>' +
	'<noscript>Enable JavaScript and cookies to continue</noscript></div></div></body></html>';

const html = (status: number, page: string, headers: Record<string, string> = {}): Reply => ({
	status,
	text: page,
	headers: { 'Content-Type': 'text/html', ...headers },
});

export function statusFaultReply(api: Api, fault: FaultOf<'status'>): Reply {
	const retryAfter: Record<string, string> = fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
	if (fault.body === 'html') return html(fault.status, nginxPage(fault.status), retryAfter);
	if (fault.body === 'rateLimit') return { ...partnerError.requestLimitExceeded(fault.status), headers: retryAfter };
	// The click service always tells a throttled client when to come back; default to 1 s there.
	if (api === 'click' && fault.status === 429 && fault.retryAfter === undefined) retryAfter['Retry-After'] = '1';
	const reply = api === 'partner' ? partnerFault(fault.status) : clickError(fault.status);
	return { ...reply, headers: { ...reply.headers, ...retryAfter } };
}

/** A path is on the same server: made absolute with the origin the client used (nginx does the same). */
export function redirectReply(fault: FaultOf<'redirect'>, origin: string): Reply {
	const status = fault.status ?? 302;
	const location = fault.location.startsWith('/') ? origin + fault.location : fault.location;
	return html(status, nginxPage(status), { Location: location });
}

const MAIN_ARRAYS = ['results', 'data', 'order_info'];

/** The first half of the text, cut between characters: what a client reads before a proxy drops the connection. */
function firstHalf(text: string): string {
	const bytes = Buffer.from(text, 'utf8');
	let cut = Math.floor(bytes.length / 2);
	while (cut > 0 && (bytes[cut] & 0xc0) === 0x80) cut--;
	return bytes.subarray(0, cut).toString('utf8');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of `body` with `value` at `path` (object keys and array indices; the index just past an
 * array's end appends); unchanged when the path leads nowhere.
 */
function withValueAt(body: unknown, path: string[], value: unknown): unknown {
	const [step, ...rest] = path;
	if (step === undefined) return value;
	if (Array.isArray(body) && /^\d+$/.test(step)) {
		const index = Number(step);
		if (index === body.length && rest.length === 0) return [...body, value];
		if (index < body.length) return body.map((entry, at) => (at === index ? withValueAt(entry, rest, value) : entry));
	}
	if (isObject(body) && (step in body || rest.length === 0)) return { ...body, [step]: withValueAt(body[step], rest, value) };
	return body;
}

/** The handler's answer spoiled after the fact; a non-2xx answer or one without a body stays as it is. */
export function spoilReply(reply: Reply, fault: FaultOf<'body'>): Reply {
	if (reply.status < 200 || reply.status > 299 || reply.body === undefined) return reply;
	const json = (text: string): Reply => ({ ...reply, text, headers: { ...reply.headers, 'Content-Type': 'application/json' } });
	const real = JSON.stringify(reply.body);
	const body = reply.body;
	switch (fault.body) {
		case 'malformed':
			// A stray comma right after the opening bracket: no JSON parser accepts it.
			return json(`${real.slice(0, 1)},${real.slice(1)}`);
		case 'html':
			return html(reply.status, INTERSTITIAL_PAGE, reply.headers);
		case 'empty':
			return json('');
		case 'truncated':
			return json(firstHalf(real));
		case 'drop': {
			const key = fault.key ?? '';
			if (!isObject(body) || !(key in body)) return reply;
			const { [key]: _dropped, ...rest } = body;
			return { ...reply, body: rest };
		}
		case 'set':
			return { ...reply, body: withValueAt(body, (fault.key ?? '').split('.'), fault.value) };
		case 'dropItem':
		case 'repeatItem': {
			// The main array of an envelope, or the answer itself when it is a bare array (total=1, /websites/v2/).
			const key = isObject(body) ? MAIN_ARRAYS.find((k) => Array.isArray(body[k])) : undefined;
			const items = Array.isArray(body) ? body : key && isObject(body) ? (body[key] as unknown[]) : [];
			if ((!key && !Array.isArray(body)) || items.length < (fault.body === 'dropItem' ? 1 : 2)) return reply;
			// repeatItem: the first item again in the second's place, so one is listed twice and one is missing.
			const spoiled = fault.body === 'dropItem' ? items.slice(0, -1) : [items[0], items[0], ...items.slice(2)];
			return { ...reply, body: key ? { ...(body as Record<string, unknown>), [key]: spoiled } : spoiled };
		}
	}
}
