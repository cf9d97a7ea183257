/**
 * Class A: the operations that turn URLs into links or coupons, batched across items: Deeplink →
 * Create (a GET of up to 200 `ulp`), and Click Report 1.2's Link → Resolve (an idempotent PUT of
 * up to 100 iris) and Coupon → Search (a POST of up to 100). Each has an oracle that holds the run
 * to what it sent: never more URLs per request than the service takes, one request per share, one
 * output per URL, and each link made for its own URL (a shifted pairing shows).
 */
import { f, op, partnerNode, program, website, type OracleRun, type Operation } from './operation';

const DEEPLINKS_PER_REQUEST = 200;
const IRIS_PER_REQUEST = 100;

/** The URLs a run was given, as the node reads them: lines or an array's entries, trimmed, blank ones left out. */
function urlsGiven(value: unknown): string[] {
	const text = String(value ?? '');
	let list: unknown = text.split(/\r\n|\r|\n/);
	if (text.startsWith('={{')) {
		try {
			list = JSON.parse(text.slice(3, -2)) as unknown;
		} catch {
			list = [];
		}
	}
	return Array.isArray(list) ? list.map((entry) => String(entry).trim()).filter((entry) => entry !== '') : [];
}

const ulpsOf = (line: string) => new URL(line.replace(/^\w+ /, ''), 'http://fuzz.local').searchParams.getAll('ulp');

/** Deeplink → Create's oracle: ≤ 200 ulp a request, ⌈URLs / 200⌉ requests, one item per URL in order, each link's ulp its own URL. */
export function deeplinkOracle(run: OracleRun): string | undefined {
	const requests = run.sent.filter((line) => line.startsWith('GET /deeplink/'));
	const over = requests.find((line) => ulpsOf(line).length > DEEPLINKS_PER_REQUEST);
	if (over) return `a request sent ${ulpsOf(over).length} ulp, more than the ${DEEPLINKS_PER_REQUEST} the service takes`;
	// 200 product URLs make a request line of about 30 KB, which the service takes (docs/nodes.md, Deeplink): a 431 is the fuzzer's or the sandbox's own limit.
	if (/\bHTTP 431\b/.test(run.error ?? '')) return `a request head too large for the proxy or the sandbox: ${run.error}`;
	if (!run.ok) return undefined;
	const urls = urlsGiven(run.parameters.urls);
	if (requests.length !== Math.ceil(urls.length / DEEPLINKS_PER_REQUEST)) return `${requests.length} deeplink requests for ${urls.length} URLs`;
	const sent = requests.flatMap(ulpsOf);
	if (run.output.length !== urls.length) return `${run.output.length} items for ${urls.length} URLs`;
	for (const [index, item] of (run.output as Array<{ url: string; link: string }>).entries()) {
		if (item.url !== urls[index] || sent[index] !== urls[index]) return `item ${index} is for ${item.url} (sent ${sent[index]}) where URL ${index} is ${urls[index]}`;
		const ulp = new URL(item.link).searchParams.get('ulp');
		if (ulp !== item.url) return `item ${index}'s link was made for ${ulp}, not for its URL ${item.url}: a shifted pairing`;
	}
	return undefined;
}

/** Link → Resolve's oracle: ⌈URLs / 100⌉ requests, one item per URL in order, each tracking link made for its own URL. */
export function resolveOracle(run: OracleRun): string | undefined {
	if (!run.ok) return undefined;
	const urls = urlsGiven(run.parameters.urls);
	const requests = run.sent.filter((line) => /^(PUT|GET) \/v1\/product\/monetize-api\/v2\/resolve/.test(line));
	if (requests.length !== Math.ceil(urls.length / IRIS_PER_REQUEST)) return `${requests.length} resolve requests for ${urls.length} URLs`;
	if (run.output.length !== urls.length) return `${run.output.length} items for ${urls.length} URLs`;
	for (const [index, item] of (run.output as Array<{ url: string; trackingLink: string | null }>).entries()) {
		if (item.url !== urls[index]) return `item ${index} is for ${item.url} where URL ${index} is ${urls[index]}`;
		const target = item.trackingLink === null ? null : new URL(item.trackingLink).searchParams.get('url');
		if (target !== null && new URL(target).href !== new URL(item.url).href) return `item ${index}'s link was made for ${target}, not for its URL ${item.url}`;
	}
	return undefined;
}

/** Coupon → Search's oracle: ⌈URLs / 100⌉ POSTs (never one more: a POST is not retried), each coupon for a URL given. */
export function searchOracle(run: OracleRun): string | undefined {
	const urls = urlsGiven(run.parameters.iris);
	const posts = run.sent.filter((line) => line.startsWith('POST /v1/product/monetize-api/v1/coupon/search'));
	if (posts.length > Math.ceil(urls.length / IRIS_PER_REQUEST)) return `${posts.length} searches (POSTs) for ${urls.length} URLs`;
	if (!run.ok) return undefined;
	if (posts.length !== Math.ceil(urls.length / IRIS_PER_REQUEST)) return `${posts.length} searches for ${urls.length} URLs`;
	const stranger = (run.output as Array<{ iri: string }>).find((item) => !urls.some((url) => new URL(url).href === new URL(item.iri).href));
	return stranger ? `a coupon for ${stranger.iri}, which was not asked for` : undefined;
}

const CLICK_1_2 = { kind: 'node', type: 'clickReport', typeVersion: 1.2 } as const;
const RESOLVE_URLS = 'https://shop-one.example/product/1?colour=red\nhttps://www.fashion-two.example/dress/2';

export const LINK_OPERATIONS: Operation[] = [
	{
		name: 'deeplink.create',
		covers: 'deeplink.create',
		runner: partnerNode(),
		api: 'partner',
		base: (world) =>
			op('deeplink', 'create', { adSpaceId: website(world), programId: program(world, 0), urls: 'https://shop.example/product/1\nhttps://shop.example/product/2?size=40', subIds: { subId: 'newsletter', subId4: 'user-4' } }),
		fields: [
			f('adSpaceId', 'id'),
			f('programId', 'id'),
			f('urls', 'targetUrls'),
			f('subIds.subId', 'deeplinkSubId'),
			f('subIds.subId1', 'deeplinkSubId', { sample: () => 'a' }),
			f('subIds.subId4', 'deeplinkSubId4'),
		],
		oracle: deeplinkOracle,
	},
	{
		name: 'link.resolve',
		covers: 'clickReport:link.resolve',
		runner: CLICK_1_2,
		api: 'click',
		base: () => op('link', 'resolve', { urls: RESOLVE_URLS, subId: 'news_1' }),
		fields: [f('urls', 'targetUrls'), f('subId', 'clickSubId'), f('options.withImages', 'optBool'), f('options.leftOutUrls', 'optChoice', { sample: () => 'fail' })],
		oracle: resolveOracle,
	},
	{
		name: 'clickCoupon.search',
		covers: 'clickReport:coupon.search',
		runner: CLICK_1_2,
		api: 'click',
		base: (world) => op('coupon', 'search', { iris: world.shopUrls.slice(0, 6).join('\n'), subId: 'news_1' }),
		fields: [
			f('iris', 'targetUrls'),
			f('subId', 'clickSubId'),
			f('filters.languageCodes', 'codeList', { sample: () => 'en' }),
			f('filters.categoryIds', 'idList', { sample: () => '1' }),
			f('options.leftOutUrls', 'optChoice', { sample: () => 'fail' }),
		],
		oracle: searchOracle,
	},
];
