// 1,000 URLs to affiliate links, one input item each (a sheet's rows) and all in one item: Deeplink → Create of the
// Affiliate Partner node (200 URLs a request, the partner service's 600 per minute on) and
// Link → Resolve of the Click Report (100 a request, the click service's 3 per second and 100 per
// 5 minutes on), each against its floor; beside Deeplink → Create, n8n's HTTP Request node as a
// user without this package would do it: one request per URL at the same pace (linkWorkflows.ts).
import { portsFor, startBenchSandbox, urls } from './benchSandbox';
import { log } from './common';
import type { ParameterReads } from './linkFloor';
import { cursorFloorMs, physicalFloorMs, windowFloorMs } from './floors';
import { answerTimeMs, measureShapes, type CaseTemplate, type LinkCase } from './linkMeasure';
import type { LinkNodeTask } from './linkRunners';
import { deeplinkWorkflow } from './linkWorkflows';
import { httpNodeColumn } from './returnAll';
import { setPauseForLimits } from './runs';
import { smoke } from './scenarios';

export type { LinkCase } from './linkMeasure';

/** The seeded ad space and program (sandbox seed 1) the deeplinks are made for. */
const AD_SPACE = '1021';
const PROGRAM = '6115';
/** The partner service's 600 per minute, the credential at 10 per second. */
const PARTNER_RATE = 10;
/** The click service's real limits. */
const CLICK_RATE = 3;
const CLICK_PER_5_MIN = 100;
const RESOLVE_PATH = '/v1/product/monetize-api/v2/resolve';
/** The URLs per request of each operation (nodes/shared/deeplinks, nodes/shared/linkResolve). */
const DEEPLINKS_PER_REQUEST = 200;
const RESOLVES_PER_REQUEST = 100;
/**
 * What each operation reads through getNodeParameter, as its code does (for n8n's per-item floor,
 * linkFloor.ts): Resource and Operation once (nodes/shared/routing), then for each item
 * nodes/AffiliatePartner/actions/deeplink/create.operation.ts and
 * nodes/ClickReport/actions/link/resolve.operation.ts, their readItem.
 */
const ROUTING = ['resource', 'operation'];
const DEEPLINK_READS: ParameterReads = {
	once: ROUTING,
	perItem: [{ name: 'adSpaceId' }, { name: 'programId' }, { name: 'urls' }, { name: 'subIds', fallback: {} }],
	urls: 'urls',
};
const RESOLVE_READS: ParameterReads = {
	once: ROUTING,
	perItem: [
		{ name: 'options', fallback: {} },
		{ name: 'urls', fallback: '' },
		{ name: 'subId', fallback: '' },
	],
	urls: 'urls',
};

/** The smoke run leaves Link → Resolve out: it runs the same runner as Deeplink → Create, and each worker costs seconds. */
export const linkSizes = smoke
	? { urls: 1_000, deeplinkLatenciesMs: [50], resolveLatenciesMs: [], inOneItem: [false] }
	: { urls: 1_000, deeplinkLatenciesMs: [50, 200], resolveLatenciesMs: [50, 200], inOneItem: [false, true] };

const suffix = smoke ? 's' : 'f';
const deeplinkWorkflowId = (latencyMs: number) => `bdl${latencyMs}${suffix}`.padEnd(16, '0').slice(0, 16);
const targetUrls = (count: number, hosts: string[]) => Array.from({ length: count }, (_, i) => `https://${hosts[i % hosts.length]}/product/${i + 1}?size=m,l`);
const deeplinkUrls = () => targetUrls(linkSizes.urls, ['shop.example']);
/** Hosts the sandbox's resolve covers (sandbox/click/resolve.ts), so every URL gets a link. */
const resolveUrls = () => targetUrls(linkSizes.urls, ['shop-one.example', 'fashion-two.example', 'travel-three.example', 'electro4.example']);

/** The HTTP Request workflows of these cases, built before the sandboxes start (their ports are fixed), imported with the others at once. */
export async function linkWorkflows(keys: { accessToken: string }): Promise<Array<{ id: string }>> {
	const { partnerUrl } = urls(await portsFor('links'));
	return linkSizes.deeplinkLatenciesMs.map(
		(latencyMs) =>
			deeplinkWorkflow(deeplinkWorkflowId(latencyMs), {
				partnerUrl,
				accessToken: keys.accessToken,
				rate: PARTNER_RATE,
				adSpaceId: AD_SPACE,
				programId: PROGRAM,
				urls: deeplinkUrls(),
			}) as { id: string },
	);
}

/** Deeplink → Create at each latency, each in a fresh sandbox: the HTTP Request node's 1,000 requests fill the partner service's minute. */
async function deeplinkCases(): Promise<LinkCase[]> {
	const cases: LinkCase[] = [];
	const targets = deeplinkUrls();
	for (const latencyMs of linkSizes.deeplinkLatenciesMs) {
		const sandbox = await startBenchSandbox({ seed: 1, ...(await portsFor('links')) });
		try {
			await sandbox.client.configure({ latencyMs, rateLimits: true, clickRequestsPer5Min: 1e9 });
			setPauseForLimits(true);
			const { partnerUrl, accessToken } = sandbox.state;
			const batch = new URLSearchParams(targets.slice(0, DEEPLINKS_PER_REQUEST).map((url): [string, string] => ['ulp', url]));
			const path = `/deeplink/${AD_SPACE}/advcampaign/${PROGRAM}/`;
			const answerMs = await answerTimeMs(() => fetch(`${partnerUrl}${path}?${batch}`, { headers: { Authorization: `Bearer ${accessToken}` } }), 200);
			const requests = Math.ceil(targets.length / DEEPLINKS_PER_REQUEST);
			const template: CaseTemplate = {
				operation: 'deeplink',
				label: `Deeplink → Create: ${targets.length.toLocaleString('en-US')} URLs, ${latencyMs} ms (answers in ${Math.round(answerMs)} ms), ${PARTNER_RATE}/s`,
				urls: targets.length,
				perRequest: DEEPLINKS_PER_REQUEST,
				latencyMs: answerMs,
				rate: PARTNER_RATE,
				realLimits: '600/min on',
				floorMs: physicalFloorMs(requests, answerMs, PARTNER_RATE),
				oneAtATimeFloorMs: cursorFloorMs(requests, answerMs, PARTNER_RATE),
				httpFloorMs: physicalFloorMs(targets.length, latencyMs, PARTNER_RATE),
			};
			const node: LinkNodeTask = {
				kind: 'linkNode',
				service: 'partner',
				url: partnerUrl,
				key: accessToken,
				rate: PARTNER_RATE,
				type: 'affiliatePartner',
				typeVersion: 1.3,
				parameters: { resource: 'deeplink', operation: 'create', adSpaceId: AD_SPACE, programId: PROGRAM, subIds: {} },
				urls: targets,
				linkField: 'link',
				reads: DEEPLINK_READS,
			};
			const workflow = httpNodeColumn.n8n
				? (deeplinkWorkflow(deeplinkWorkflowId(latencyMs), { partnerUrl, accessToken, rate: PARTNER_RATE, adSpaceId: AD_SPACE, programId: PROGRAM, urls: targets }) as { id: string })
				: undefined;
			log(`deeplinks: ${targets.length} URLs in ${requests} requests, floor ${(template.floorMs / 1000).toFixed(2)} s`);
			cases.push(...(await measureShapes(template, linkSizes, sandbox, node, workflow)));
		} finally {
			await sandbox.stop();
		}
	}
	return cases;
}

/** Link → Resolve at each latency with both of the click service's limits on, each in a fresh sandbox (a fresh 5-minute window). */
async function resolveCases(): Promise<LinkCase[]> {
	const cases: LinkCase[] = [];
	const targets = resolveUrls();
	for (const latencyMs of linkSizes.resolveLatenciesMs) {
		const sandbox = await startBenchSandbox({ seed: 1, ...(await portsFor('links')) });
		try {
			await sandbox.client.configure({ latencyMs, rateLimits: true, clickRequestsPerSecond: CLICK_RATE, clickRequestsPer5Min: CLICK_PER_5_MIN });
			setPauseForLimits(true);
			const { clickUrl, publicKey } = sandbox.state;
			const body = JSON.stringify({ iris: targets.slice(0, RESOLVES_PER_REQUEST), withImages: false });
			const headers = { Authorization: `Bearer ${publicKey}`, 'Content-Type': 'application/json' };
			const answerMs = await answerTimeMs(() => fetch(`${clickUrl}${RESOLVE_PATH}`, { method: 'PUT', headers, body }), 400);
			const requests = Math.ceil(targets.length / RESOLVES_PER_REQUEST);
			const template: CaseTemplate = {
				operation: 'resolve',
				label: `Link → Resolve: ${targets.length.toLocaleString('en-US')} URLs, ${latencyMs} ms (answers in ${Math.round(answerMs)} ms), ${CLICK_RATE}/s`,
				urls: targets.length,
				perRequest: RESOLVES_PER_REQUEST,
				latencyMs: answerMs,
				rate: CLICK_RATE,
				realLimits: '3/s and 100/5 min on',
				floorMs: windowFloorMs(requests, answerMs, CLICK_RATE, CLICK_PER_5_MIN, 300_000),
				oneAtATimeFloorMs: cursorFloorMs(requests, answerMs, CLICK_RATE),
				httpFloorMs: windowFloorMs(targets.length, latencyMs, CLICK_RATE, CLICK_PER_5_MIN, 300_000),
			};
			// Not run: one request per URL under 100 per 5 minutes takes the better part of an hour.
			template.httpNote = `not run: one request per URL takes at least ${(template.httpFloorMs / 60_000).toFixed(0)} min under 100 per 5 minutes`;
			const node: LinkNodeTask = {
				kind: 'linkNode',
				service: 'click',
				url: clickUrl,
				key: publicKey,
				rate: CLICK_RATE,
				maxRequestsPer5Minutes: CLICK_PER_5_MIN,
				type: 'clickReport',
				typeVersion: 1.2,
				parameters: { resource: 'link', operation: 'resolve', subId: '', options: {} },
				urls: targets,
				linkField: 'trackingLink',
				reads: RESOLVE_READS,
			};
			log(`link resolve: ${targets.length} URLs in ${requests} requests, floor ${(template.floorMs / 1000).toFixed(2)} s`);
			cases.push(...(await measureShapes(template, linkSizes, sandbox, node)));
		} finally {
			await sandbox.stop();
		}
	}
	return cases;
}

/** Both link operations, Deeplink → Create first. */
export async function linkCases(): Promise<LinkCase[]> {
	return [...(await deeplinkCases()), ...(await resolveCases())];
}
