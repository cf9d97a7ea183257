// Real HTTP against a running sandbox, shared by the sandbox's own test suites.

import type { Sandbox } from '../../sandbox/server';

export interface Res {
	status: number;
	body: any;
	text: string;
	headers: Headers;
}

export async function call(url: string, init: RequestInit = {}): Promise<Res> {
	const res = await fetch(url, init);
	const text = await res.text();
	let body: any;
	try {
		body = text ? JSON.parse(text) : undefined;
	} catch {
		body = undefined;
	}
	return { status: res.status, body, text, headers: res.headers };
}

export interface PartnerOptions {
	token?: string | null;
	method?: string;
	body?: BodyInit;
	headers?: Record<string, string>;
	redirect?: RequestRedirect;
}

/** Clients of the sandbox returned by `sandbox()`, read at call time (the suites start it in beforeAll). */
export function sandboxHttp(sandbox: () => Sandbox) {
	return {
		partner(path: string, opts: PartnerOptions = {}) {
			const sb = sandbox();
			const token = opts.token === undefined ? sb.accessToken : opts.token;
			const headers: Record<string, string> = { ...(opts.headers ?? {}) };
			if (token !== null) headers.Authorization = `Bearer ${token}`;
			return call(sb.partnerUrl + path, { method: opts.method ?? 'GET', headers, body: opts.body, redirect: opts.redirect });
		},

		click(query: string, key: string | null = sandbox().publicKey) {
			const headers: Record<string, string> = { 'Content-Type': 'application/json' };
			if (key !== null) headers.Authorization = `Bearer ${key}`;
			return call(`${sandbox().clickUrl}/v2/api/stats/click${query ? `?${query}` : ''}`, { headers });
		},

		control(path: string, method = 'GET', body?: unknown, base = sandbox().partnerUrl) {
			return call(`${base}/_sandbox/${path}`, {
				method,
				headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
		},
	};
}

export function form(fields: Record<string, string>, receipt?: { bytes: Buffer; name: string; type: string }): FormData {
	const fd = new FormData();
	for (const [k, v] of Object.entries(fields)) fd.append(k, v);
	if (receipt) fd.append('receipt', new Blob([new Uint8Array(receipt.bytes)], { type: receipt.type }), receipt.name);
	return fd;
}
