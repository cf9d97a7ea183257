// The key of each change the crash test counts, as its ground truth names it (changes.mjs,
// conversions.mjs), as the executions deliver it (ledger.mjs), and as a poll read it in an answer
// of the service (the watching proxy, proxy.mjs), so that a loss can be matched to the poll that
// read the change.

export const clickKey = (item) => `click ${item.id}@${item.updatedAt}`;
export const claimKeys = {
	created: (id) => `lostOrderCreated ${id}`,
	decided: (id, status) => `lostOrderStatusChanged ${id} ${status}`,
};

/** A conversion change's key is the eventKey the trigger gives it (nodes/shared/conversionWatch/decide.ts, conversionEventKey). */
export const conversionKeys = {
	created: (id) => `conversionCreated:${id}`,
	changed: (id, status, stamp) => `conversionStatusChanged:${id}:${status}:${stamp}`,
};

/**
 * Each service's actions as its trigger's conversion events read them: the list's path, its
 * records in an answer, the fields of the key, status and change stamp, and the status an action
 * is created in. The sandbox's control endpoints name the service (`/_sandbox/actions/<service>`).
 */
export const CONVERSION_SOURCES = {
	partner: {
		service: 'partner',
		api: 'partner',
		path: '/statistics/actions/',
		records: (body) => (Array.isArray(body?.results) ? body.results : []),
		key: 'id',
		status: 'status',
		stamp: 'status_updated',
		initial: 'pending',
		/**
		 * The moves the test makes, none back to a status the action had: the trigger compares with
		 * the status it remembers, so approved → stalled → approved, the middle one unseen, is no
		 * change to it. The sandbox moves its seeded actions on its own clock.
		 */
		moves: { pending: ['approved', 'approved', 'declined'], approved: ['approved_but_stalled'] },
	},
};

export const versionOf = (source, action) => ({ id: String(action[source.key]), status: String(action[source.status]), stamp: String(action[source.stamp]) });

/** The changes an action as read holds: its creation, and the status it reached when not the one it was created in. */
export function actionKeys(source, action) {
	const { id, status, stamp } = versionOf(source, action);
	return [conversionKeys.created(id), ...(status === source.initial ? [] : [conversionKeys.changed(id, status, stamp)])];
}

/** The conversion source whose list a request of `api` to `path` reads, if any. */
export const conversionSourceOf = (api, path = '') => Object.values(CONVERSION_SOURCES).find((source) => source.api === api && path.startsWith(source.path));

/** The keys of the changes an answer of a service holds: click items, actions, or lost-order claims as listed or fetched by ID. */
export function answerKeys(api, body, path = '') {
	let parsed;
	try {
		parsed = JSON.parse(String(body));
	} catch {
		return [];
	}
	const source = conversionSourceOf(api, path);
	if (source) return source.records(parsed).filter((action) => action?.[source.key] !== undefined).flatMap((action) => actionKeys(source, action));
	if (api === 'click') return (Array.isArray(parsed?.data) ? parsed.data : []).filter((item) => item?.id !== undefined).map(clickKey);
	const records = Array.isArray(parsed?.results) ? parsed.results : parsed?.id !== undefined ? [parsed] : [];
	return records.flatMap((claim) => [claimKeys.created(claim.id), ...(claim.status && claim.status !== 'processing' ? [claimKeys.decided(claim.id, claim.status)] : [])]);
}
