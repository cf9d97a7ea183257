// The changes the crash test makes in the sandbox, about one a second, and the ground truth: every
// change a trigger promises to emit, by the key the ledger reads back from the executions.
//   clicks: a new click item, or a new version of one made at least 2 minutes earlier;
//   claims: a new lost-order claim, or the decision of one created at least a minute earlier;
//   conversions: new actions, or status moves of them, and the sandbox's own (conversions.mjs).
// A click or claim version is changed once at most, an action a minute after its last change, so
// that no poll can see a version superseded, unless n8n is down for that long (the ledger checks). A request whose answer
// is lost may still have been applied: the sandbox is then read back, and what it holds that the
// truth lacks is added (also once at the end), so the ground truth is what the sandbox did.
import { Rng } from '../../sandbox/dist/prng.js';
import { sleep } from '../e2e/executions.mjs';
import { conversionWatch } from './conversions.mjs';
import { CONVERSION_SOURCES, claimKeys, clickKey } from './keys.mjs';
import { STREAMS } from './setup.mjs';

const UPDATE_AFTER_MS = 120_000;
const DECIDE_AFTER_MS = 60_000;
/** Seeded: a website and a program of the sandbox's data. */
const CLAIM_FORM = { advcampaign: '6115', website: '1021', order_price: '25' };

const ddmmyyyy = (date) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

export function changeMaker({ sandbox, seed, log }) {
	const rng = new Rng(seed);
	/** key → { trigger, madeAt, supersededBy? } */
	const truth = new Map();
	const clicks = [];
	const claims = [];
	let running = false;
	let loop;
	let counter = 0;
	const subId = `crash-${seed}`;
	const orderPrefix = `CRASH-${seed}-`;
	const failures = [];
	/** When the first change whose answer was lost (not yet read back) was asked for: what readBack finds was made after it. */
	let unansweredSince;

	const promise = (key, trigger, extra = {}) => truth.set(key, { trigger, madeAt: Date.now(), ...extra });
	const conversions = STREAMS.filter((stream) => stream.conversions).map((stream) =>
		conversionWatch({ sandbox, source: CONVERSION_SOURCES[stream.conversions], stream: stream.name, rng, seed, promise, truth }),
	);

	let secrets;
	async function createClaim() {
		const { accessToken, partnerUrl } = (secrets ??= await sandbox.state());
		const form = new FormData();
		const today = new Date().toISOString().slice(0, 10);
		for (const [name, value] of Object.entries({ ...CLAIM_FORM, order_id: `${orderPrefix}${++counter}`, order_date: ddmmyyyy(today) })) form.append(name, value);
		const response = await fetch(`${partnerUrl}/lost_orders/create/`, { method: 'POST', body: form, headers: { authorization: `Bearer ${accessToken}` } });
		if (response.status !== 201) throw new Error(`creating a claim: HTTP ${response.status} ${await response.text()}`);
		addClaim(await response.json());
	}

	function addClaim(claim) {
		claims.push({ id: claim.id, at: Date.now() });
		promise(claimKeys.created(claim.id), 'claim', { claimId: claim.id });
	}

	async function decideClaim(claim) {
		const status = rng.chance(0.5) ? 'accepted' : 'rejected';
		await sandbox.decideClaim('lost_orders', claim.id, status === 'accepted' ? { status, reward: 4.5 } : { status, reject_reason: 'order_cancelled' });
		addDecision(claim, status);
	}

	function addDecision(claim, status) {
		claim.decided = status;
		promise(claimKeys.decided(claim.id, status), 'claim', { claimId: claim.id, status });
	}

	async function insertClick() {
		const [item] = await sandbox.insertClicks([{ merchantId: 49_997, merchantName: 'Crash Test Merchant', subId, count: rng.int(1, 9), date: new Date().toISOString().slice(0, 10) }]);
		addClick(item);
	}

	function addClick(item) {
		clicks.push({ id: item.id, count: item.count, key: clickKey(item), at: Date.now() });
		promise(clickKey(item), 'click');
	}

	async function updateClick(click) {
		const askedAt = Date.now();
		addVersion(click, await sandbox.updateClick(click.id, { count: click.count + 1 }), askedAt);
	}

	/** `since`: the earliest moment the new version could be read (its update was asked for then). */
	function addVersion(click, item, since) {
		click.updated = true;
		truth.get(click.key).supersededBy = clickKey(item);
		promise(clickKey(item), 'click', { supersedes: click.key, since });
		click.key = clickKey(item);
		click.count = item.count;
	}

	/** Adds what the sandbox holds and the truth lacks: the effect of requests whose answer was lost. */
	async function readBack() {
		const today = new Date().toISOString().slice(0, 10);
		const { data } = await sandbox.click({ dateFrom: today, dateTo: today, subId, limit: 500 });
		let found = 0;
		for (const item of data) {
			const known = clicks.find((click) => click.id === item.id);
			if (!known) (addClick(item), found++);
			else if (known.key !== clickKey(item)) (addVersion(known, item, unansweredSince), found++);
		}
		const records = await sandbox.partnerRecords('/lost_orders/', { start_date: ddmmyyyy(today) });
		for (const record of records.filter((r) => String(r.order_id).startsWith(orderPrefix))) {
			let known = claims.find((claim) => claim.id === record.id);
			if (!known) (addClaim(record), (known = claims.at(-1)), found++);
			if (record.status !== 'processing' && known.decided !== record.status) (addDecision(known, record.status), found++);
		}
		unansweredSince = undefined;
		return found;
	}

	async function makeOne() {
		const now = Date.now();
		const roll = rng.next();
		const decidable = claims.find((claim) => !claim.decided && now - claim.at >= DECIDE_AFTER_MS);
		const updatable = clicks.find((click) => !click.updated && now - click.at >= UPDATE_AFTER_MS);
		if (roll < 0.2 && decidable) return await decideClaim(decidable);
		if (roll < 0.35 && updatable) return await updateClick(updatable);
		if (roll < 0.55) return await createClaim();
		if (roll < 0.75) return await insertClick();
		return await rng.pick(conversions).makeSome();
	}

	return {
		truth,
		/** A new click item, a new claim and a new action of each service, now: a change of each stream. */
		async makeOneOfEach() {
			await insertClick();
			await createClaim();
			for (const watch of conversions) await watch.createOne();
		},
		/** The conversions' truth, from what the activation poll read (in `lives`, the watching proxy's record) on. */
		watchConversions: (lives) => Promise.all(conversions.map((watch) => watch.start(lives))),
		/** The conversions' last read, once n8n has stopped (conversions.mjs). */
		finish: (endAt) => Promise.all(conversions.map((watch) => watch.finish(endAt))),
		start() {
			running = true;
			loop = (async () => {
				while (running) {
					const askedAt = Date.now();
					try {
						await makeOne();
					} catch (error) {
						unansweredSince ??= askedAt;
						failures.push(`${error.message}${error.cause ? ` (${error.cause.code ?? error.cause.message})` : ''}`);
						try {
							await readBack();
						} catch {
							// read back again after the next failure, and at the end
						}
					}
					await sleep(rng.int(700, 1300));
				}
			})();
		},
		failures,
		/** Stops, and reads back once more: what the truth still lacks was made without an answer. */
		async stop() {
			running = false;
			await loop;
			return await readBack();
		},
	};
}
