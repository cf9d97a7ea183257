// A click 400 that names an entry of a list parameter (`languageCodes[0]`, `languageCodes.0`, as
// services that validate arrays write it) is named by its list, as the panel shows it: the
// refusal says "Language Codes", not a field the user cannot find. Through n8n-core and the fuzz
// proxy, which turns the sandbox's answer into the 400.
import { startProxy, type FuzzProxy } from '../fuzz/proxy';
import { addCredential, runNode } from '../harness/run';
import { COUPONS_PATH, useMonetizeSandbox } from './monetizeFixture';

const sandbox = useMonetizeSandbox();
let proxy: FuzzProxy;
beforeAll(async () => {
	proxy = await startProxy();
});
afterAll(async () => proxy.close());

test.each(['languageCodes[0]', 'languageCodes.0', 'languageCodes[]'])('a 400 naming %s names "Language Codes"', async (property) => {
	const refusing = proxy.open({
		upstream: sandbox().clickUrl,
		api: 'click',
		budget: 5,
		labels: 'query',
		rewrite: (answer) => ({ ...answer, status: 400, text: JSON.stringify({ errors: [{ status: '400', title: 'must be an ISO 639-1 code', code: '1000', meta: { property } }] }) }),
	});
	const credentials = addCredential('clickStatisticsApi', { baseUrl: refusing.baseUrl, publicKey: sandbox().publicKey, maxRequestsPerSecond: 1000 });
	const result = await runNode({
		type: 'clickReport',
		typeVersion: 1.2,
		parameters: { resource: 'coupon', operation: 'getMany', returnAll: false, limit: 5, filters: { languageCodes: 'en' } },
		credentials,
	});
	expect(result.items).toHaveLength(0);
	expect(result.error?.message).toBe('The service refused "Language Codes": must be an ISO 639-1 code');
	expect(sandbox().requests.map((request) => request.path)).toEqual([COUPONS_PATH]);
});
