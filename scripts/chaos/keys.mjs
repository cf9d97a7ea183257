// The key of each change the crash test counts, as its ground truth names it (changes.mjs), as the
// executions deliver it (ledger.mjs), and as a poll read it in an answer of the service (the
// watching proxy, proxy.mjs), so that a loss can be matched to the poll that read the change.

export const clickKey = (item) => `click ${item.id}@${item.updatedAt}`;
export const claimKeys = {
	created: (id) => `lostOrderCreated ${id}`,
	decided: (id, status) => `lostOrderStatusChanged ${id} ${status}`,
};

/** The keys of the changes an answer of a service holds: click items, or lost-order claims as listed or fetched by ID. */
export function answerKeys(api, body) {
	let parsed;
	try {
		parsed = JSON.parse(String(body));
	} catch {
		return [];
	}
	if (api === 'click') return (Array.isArray(parsed?.data) ? parsed.data : []).filter((item) => item?.id !== undefined).map(clickKey);
	const records = Array.isArray(parsed?.results) ? parsed.results : parsed?.id !== undefined ? [parsed] : [];
	return records.flatMap((claim) => [claimKeys.created(claim.id), ...(claim.status && claim.status !== 'processing' ? [claimKeys.decided(claim.id, claim.status)] : [])]);
}
