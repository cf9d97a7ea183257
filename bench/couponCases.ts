// Return All of the coupon and merchant lists against the floor, a sequential loop and n8n's own
// HTTP Request node, as conversionCases.ts measures the conversion lists: the Affiliate Partner
// node's Coupon → Get Many of an ad space (a partner list, pages overlapping by one record) and
// the Click Report's Merchant → Get Many and Coupon → Get Many (cursor lists over `meta.next`).
import { portsFor, startBenchSandbox, urls, type BenchSandbox } from './benchSandbox';
import { cursorListCase, partnerListCase } from './conversionCases';
import { cursorWorkflow, partnerWorkflow } from './httpRequestWorkflows';
import type { ReturnAllCase } from './returnAll';
import { smoke } from './scenarios';

/**
 * The seed holds 54 partner coupons (9 for each of 6 programs, sandbox/partner/couponSeed.ts), one
 * page of 500: the sandbox adds 2,400 more (POST /_sandbox/coupons/partner), so
 * that an ad space's 2,454 take 5 pages of 500. 1,250 merchants and 1,600 click coupons
 * (sandbox/click/monetizeSeed.ts) are 3 and 4 pages of 500.
 */
export const couponSizes = smoke
	? { addedPartnerCoupons: 2_400, partnerLatenciesMs: [200], clickCases: [{ latencyMs: 50, rate: 20 }] }
	: {
			addedPartnerCoupons: 2_400,
			partnerLatenciesMs: [200, 50],
			clickCases: [
				{ latencyMs: 50, rate: 3 },
				{ latencyMs: 200, rate: 20 },
			],
		};
/** Pages of 500, the sandbox's partnerLimitCap (docs/sandbox.md; the service's own maximum is not shown, facts 13). */
const PARTNER_PAGE = 500;

const AD_SPACE = '1021';
const PARTNER_COUPONS_PATH = `/coupons/website/${AD_SPACE}/`;
const PARTNER_RATE = 10;
/** The click service's monetize lists, their node parameters and the field that tells one record from another. */
const CLICK_LISTS = [
	{ name: 'merchants', resource: 'merchant', path: '/v1/product/monetize-api/v2/merchant', keyField: 'merchantId' },
	{ name: 'coupons', resource: 'coupon', path: '/v1/product/monetize-api/v1/coupon', keyField: 'couponId' },
] as const;
type ClickList = (typeof CLICK_LISTS)[number];
/** The smoke run reads the merchants only: the coupons take the same path, and each worker costs seconds. */
const clickLists = smoke ? CLICK_LISTS.slice(0, 1) : CLICK_LISTS;

const suffix = smoke ? 's' : 'f';
const workflowId = (name: string) => `${name}${suffix}`.padEnd(16, '0').slice(0, 16);
const partnerCouponsWorkflowId = (latencyMs: number) => workflowId(`bpc${latencyMs}c${PARTNER_PAGE}`);
const clickListWorkflowId = (list: ClickList, latencyMs: number, rate: number) => workflowId(`b${list.name.slice(0, 2)}${latencyMs}r${rate}`);

/** The HTTP Request workflows of these cases, built before the sandbox starts (its ports are fixed), imported with the others at once. */
export async function couponWorkflows(keys: { publicKey: string; accessToken: string }): Promise<Array<{ id: string }>> {
	const { partnerUrl, clickUrl } = urls(await portsFor('coupons'));
	const workflows: object[] = [];
	for (const latencyMs of couponSizes.partnerLatenciesMs) {
		workflows.push(partnerWorkflow(partnerCouponsWorkflowId(latencyMs), { partnerUrl, accessToken: keys.accessToken, rate: PARTNER_RATE, path: PARTNER_COUPONS_PATH }));
	}
	for (const list of clickLists) {
		for (const c of couponSizes.clickCases) {
			workflows.push(cursorWorkflow(clickListWorkflowId(list, c.latencyMs, c.rate), { url: `${clickUrl}${list.path}`, authorization: `Bearer ${keys.publicKey}`, rate: c.rate }));
		}
	}
	return workflows as Array<{ id: string }>;
}

/** Every record of a cursor list, 500 a page, with the sandbox's own key. */
async function cursorRecordCount(sandbox: BenchSandbox, path: string): Promise<number> {
	let count = 0;
	let next: string | null | undefined;
	do {
		const page = await sandbox.client.click<{ meta: { next?: string | null }; data: unknown[] }>(next ? { limit: 500, next } : { limit: 500 }, path);
		count += page.data.length;
		next = page.meta.next;
	} while (next);
	return count;
}

/** Partner coupons of an ad space, then the click service's merchants and coupons, in one sandbox. */
export async function couponCases(): Promise<ReturnAllCase[]> {
	const sandbox = await startBenchSandbox({ seed: 1, clickItems: 10, clickDays: 1, ...(await portsFor('coupons')) });
	const cases: ReturnAllCase[] = [];
	try {
		await sandbox.client.addPartnerCoupons(couponSizes.addedPartnerCoupons);
		for (const latencyMs of couponSizes.partnerLatenciesMs) {
			const what = {
				group: 'partnerCoupons' as const,
				label: `coupons of ad space ${AD_SPACE}`,
				path: PARTNER_COUPONS_PATH,
				parameters: { resource: 'coupon', operation: 'getMany', source: 'adSpace', adSpaceId: AD_SPACE, filters: {}, options: {} },
				keyFields: ['id'],
				workflowId: partnerCouponsWorkflowId(latencyMs),
				typeVersion: 1.3,
			};
			cases.push(await partnerListCase(sandbox, what, latencyMs, PARTNER_PAGE));
		}
		for (const list of clickLists) {
			// Counted with no latency and no limits: the requests of the count stay out of the limits' windows.
			await sandbox.client.configure({ latencyMs: 0, rateLimits: false });
			const items = await cursorRecordCount(sandbox, list.path);
			for (const c of couponSizes.clickCases) {
				const what = {
					group: 'clickCursorList' as const,
					label: `click ${list.name}`,
					path: list.path,
					items,
					parameters: { resource: list.resource, operation: 'getMany', filters: {} },
					keyFields: [list.keyField],
					workflowId: clickListWorkflowId(list, c.latencyMs, c.rate),
				};
				cases.push(await cursorListCase(sandbox, what, c.latencyMs, c.rate));
			}
		}
	} finally {
		await sandbox.stop();
	}
	return cases;
}
