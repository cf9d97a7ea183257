// The workflows n8n's HTTP Request node runs in the bench, built the way a careful user would
// (BENCHMARKS.md, "How it is measured"): its pagination, one interval between requests, the 120-day
// windows through Loop Over Items, then Split Out.
export type Json = Record<string, unknown>;

function httpRequestNode(options: {
	url: string;
	authorization: string;
	query: Array<{ name: string; value: string }>;
	offsetExpression: string;
	completeExpression: string;
	intervalMs: number;
	/** The query parameter the pagination sets: `offset`, or `next` for a cursor. */
	pageParameter?: string;
}): Json {
	return {
		id: 'http',
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [600, 0],
		parameters: {
			method: 'GET',
			url: options.url,
			authentication: 'none',
			sendQuery: true,
			specifyQuery: 'keypair',
			queryParameters: { parameters: options.query },
			sendHeaders: true,
			specifyHeaders: 'keypair',
			headerParameters: { parameters: [{ name: 'Authorization', value: options.authorization }] },
			options: {
				pagination: {
					pagination: {
						paginationMode: 'updateAParameterInEachRequest',
						parameters: { parameters: [{ type: 'qs', name: options.pageParameter ?? 'offset', value: options.offsetExpression }] },
						paginationCompleteWhen: 'other',
						completeExpression: options.completeExpression,
						requestInterval: options.intervalMs,
					},
				},
			},
		},
	};
}

export const splitOut = (id: string, name: string, field: string, x: number): Json => ({
	id,
	name,
	type: 'n8n-nodes-base.splitOut',
	typeVersion: 1,
	position: [x, 0],
	parameters: { fieldToSplitOut: field, include: 'noOtherFields', options: {} },
});

function chain(names: string[]): Json {
	const connections: Json = {};
	for (let i = 0; i + 1 < names.length; i++) connections[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	return connections;
}

export function workflow(id: string, name: string, nodes: Json[]): Json {
	return {
		id,
		name,
		active: false,
		nodes,
		connections: chain(nodes.map((node) => node.name as string)),
		settings: { executionOrder: 'v1' },
	};
}

export const manualTrigger: Json = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/**
 * The click report the way a careful user builds it with the HTTP Request node: one item per
 * 120-day window, read one window after the other through Loop Over Items with a Wait of one
 * request interval between windows; offset pagination by `$pageCount`, Interval Between Requests
 * = 1000 / rate ms, done when `meta.offset + data.length` reaches `meta.total` (no extra empty
 * page), then Split Out `data`. (Given the windows as plain input items, the node runs them
 * concurrently, doubling the pace: the real 3/s limit answered 429, and the node returned the
 * 429 body as a page and reported success with items missing. Without the Wait, the next window's
 * first request follows the last one at once and meets a 429 the same way.)
 */
export function clickWorkflow(
	id: string,
	options: { clickUrl: string; publicKey: string; rate: number; windows: Array<{ from: string; to: string }> },
): Json {
	const nodes: Json[] = [
		manualTrigger,
		{
			id: 'windows',
			name: 'Windows',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [200, 0],
			parameters: {
				mode: 'raw',
				jsonOutput: JSON.stringify({ windows: options.windows.map((w) => ({ dateFrom: w.from, dateTo: w.to })) }),
				options: {},
			},
		},
		splitOut('splitWindows', 'Split Out Windows', 'windows', 400),
		{
			id: 'loop',
			name: 'Loop Over Items',
			type: 'n8n-nodes-base.splitInBatches',
			typeVersion: 3,
			position: [500, 0],
			parameters: { batchSize: 1, options: {} },
		},
		httpRequestNode({
			url: `${options.clickUrl}/v2/api/stats/click`,
			authorization: `Bearer ${options.publicKey}`,
			query: [
				{ name: 'dateFrom', value: '={{ $json.dateFrom }}' },
				{ name: 'dateTo', value: '={{ $json.dateTo }}' },
				{ name: 'limit', value: '500' },
			],
			offsetExpression: '={{ $pageCount * 500 }}',
			completeExpression: '={{ $response.body.meta.offset + $response.body.data.length >= $response.body.meta.total }}',
			intervalMs: Math.ceil(1000 / options.rate),
		}),
		{
			// The HTTP Request node's interval is only between the pages of one item: without a pause
			// here, the next window's first request follows the previous window's last one at once.
			id: 'wait',
			name: 'Wait',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			position: [700, 200],
			parameters: { resume: 'timeInterval', amount: Math.ceil(100 / options.rate) / 100, unit: 'seconds' },
		},
		splitOut('splitData', 'Split Out Data', 'data', 800),
	];
	const to = (node: string) => ({ node, type: 'main', index: 0 });
	return {
		id,
		name: `bench ${id}`,
		active: false,
		nodes,
		connections: {
			Start: { main: [[to('Windows')]] },
			Windows: { main: [[to('Split Out Windows')]] },
			'Split Out Windows': { main: [[to('Loop Over Items')]] },
			// Output 0 is "done" (everything the loop collected), output 1 is "loop".
			'Loop Over Items': { main: [[to('Split Out Data')], [to('HTTP Request')]] },
			'HTTP Request': { main: [[to('Wait')]] },
			Wait: { main: [[to('Loop Over Items')]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * A partner list (lost orders, actions, a report) with the HTTP Request node: the offset advances
 * by what the previous page really returned (the server may cap `limit`), done when it reaches
 * `_meta.count`.
 */
export function partnerWorkflow(
	id: string,
	options: { partnerUrl: string; accessToken: string; rate: number; path?: string; query?: Record<string, string> },
): Json {
	return workflow(id, `bench ${id}`, [
		manualTrigger,
		httpRequestNode({
			url: `${options.partnerUrl}${options.path ?? '/lost_orders/'}`,
			authorization: `Bearer ${options.accessToken}`,
			query: [...Object.entries(options.query ?? {}).map(([name, value]) => ({ name, value })), { name: 'limit', value: '500' }],
			offsetExpression: '={{ $pageCount === 0 ? 0 : $response.body._meta.offset + $response.body.results.length }}',
			completeExpression: '={{ $response.body._meta.offset + $response.body.results.length >= $response.body._meta.count }}',
			intervalMs: Math.ceil(1000 / options.rate),
		}),
		splitOut('splitData', 'Split Out Data', 'results', 800),
	]);
}

/**
 * A cursor list (the click service's actions, `{meta: {next}, data}`) with the HTTP Request node:
 * from the second page on, `next` is the previous page's `meta.next`; done when it is null.
 */
export function cursorWorkflow(id: string, options: { url: string; authorization: string; rate: number }): Json {
	return workflow(id, `bench ${id}`, [
		manualTrigger,
		httpRequestNode({
			url: options.url,
			authorization: options.authorization,
			query: [{ name: 'limit', value: '500' }],
			offsetExpression: '={{ $response.body.meta.next }}',
			completeExpression: '={{ !$response.body.meta.next }}',
			intervalMs: Math.ceil(1000 / options.rate),
			pageParameter: 'next',
		}),
		splitOut('splitData', 'Split Out Data', 'data', 800),
	]);
}
