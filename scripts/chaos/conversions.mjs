// The conversions of the crash test, per service: actions the test creates and moves through their
// statuses in the sandbox (in bursts, a third of them written late), and the ground truth of every
// conversion change a trigger promises. The sandbox's seeded actions move on their own as its
// clock passes (docs/sandbox.md, "Conversions over time"), so the truth is the sandbox's own view of
// its actions, read about once a second: every version that differs from what the trigger's
// activation poll read (the watching proxy recorded that answer) is a change to emit.
import { sleep } from '../e2e/executions.mjs';
import { actionKeys, conversionKeys, versionOf } from './keys.mjs';

/** An action the test made is moved a minute after its creation, and again two minutes later, so that a poll sees each version. */
const MOVE_AFTER_MS = { created: 60_000, moved: 120_000 };
/** Late writes are stamped up to this long before they become visible: within the trigger's Late Update Minutes (15 by default). */
const LATEST_LATE_MS = 10 * 60_000;
const OBSERVE_EVERY_MS = 1000;
/** A version first seen this close to the end may not have been polled yet (polls every 10 s): not yet due. */
export const DUE_BEFORE_END_MS = 25_000;
/** Answers further apart than this belong to two polls (analysis.mjs). */
const POLL_GAP_MS = 2500;

/** The changes the activation poll read: the keys of its answers of the source's list (its first poll, in the first life that read it). */
export function activationRead(lives, source) {
	const isList = (answer) => answer.api === source.api && answer.path?.startsWith(source.path);
	const answers = lives.map((life) => (life.answers ?? []).filter(isList)).find((found) => found.length) ?? [];
	const read = new Set();
	for (const [index, answer] of answers.entries()) {
		if (index > 0 && answer.at - answers[index - 1].at >= POLL_GAP_MS) break;
		for (const key of answer.keys) read.add(key);
	}
	return read;
}

/** Stamps are the service's wall clock (`YYYY-MM-DD HH:MM:SS`, the sandbox's in UTC) or ISO times. */
const stampMs = (stamp) => Date.parse(/^\d{4}-\d{2}-\d{2} /.test(stamp) ? `${stamp.replace(' ', 'T')}Z` : stamp);

export function conversionWatch({ sandbox, source, stream, rng, seed, promise, truth }) {
	const orderPrefix = `CRASH-${seed}-A`;
	/** action id → { status, stamp, seenAt }: the latest version seen, and when its status was first seen. */
	const seen = new Map();
	const mine = new Set();
	/** action id → when the test last wrote it: not moved again before a read has seen that write (a slow read would let it be moved twice to one status). */
	const writtenAt = new Map();
	let counter = 0;
	/** When the last read of the sandbox's view began: a version first seen by the next read appeared after it. */
	let lastReadBegan;
	let observing = false;
	let loop;

	function promiseVersion(action, keys, before, since) {
		const version = versionOf(source, action);
		// A version the next one replaced: lost only if no poll could have read it (analysis.mjs, `coalesced`).
		const replaced = before && truth.get(conversionKeys.changed(version.id, before.status, before.stamp));
		if (replaced) replaced.supersededBy = keys.at(-1);
		for (const key of keys) promise(key, stream, { actionId: version.id, status: version.status, ...(since === undefined ? {} : { since }) });
	}

	/** One read of the sandbox's view: each new action and each new status becomes a promised change. */
	async function observe(baseline) {
		const now = Date.now();
		const since = lastReadBegan;
		const actions = await sandbox.actions(source.service);
		lastReadBegan = now;
		for (const action of actions) {
			const version = versionOf(source, action);
			const before = seen.get(version.id);
			if (String(action.order_id ?? '').startsWith(orderPrefix)) mine.add(version.id);
			if (before?.status === version.status) continue;
			seen.set(version.id, { ...version, seenAt: now });
			const keys = actionKeys(source, action);
			if (baseline) promiseVersion(action, keys.filter((key) => !baseline.has(key)));
			else if (!before) promiseVersion(action, keys);
			else promiseVersion(action, [conversionKeys.changed(version.id, version.status, version.stamp)], before, since);
		}
	}

	/** 30% late: stamped up to LATEST_LATE_MS before now, never before the action's last change (the trigger keeps the newer). */
	const lateBy = (sinceLastMs) => (rng.chance(0.3) && sinceLastMs > 3000 ? rng.int(1000, Math.min(LATEST_LATE_MS, sinceLastMs - 2000)) : 0);

	async function create(count) {
		const actions = Array.from({ length: count }, () => ({ order_id: `${orderPrefix}${++counter}`, subid: `crash-${seed}`, stampedAgoMs: lateBy(Number.POSITIVE_INFINITY) }));
		for (const action of await sandbox.createActions(source.service, actions)) mine.add(versionOf(source, action).id);
	}

	async function move(versions) {
		const now = Date.now();
		const updates = versions.map((version) => ({ id: version.id, status: rng.pick(source.moves[version.status]), stampedAgoMs: lateBy(now - stampMs(version.stamp)) }));
		for (const update of updates) writtenAt.set(update.id, now);
		await sandbox.changeActions(source.service, updates);
	}

	return {
		/** A new action now (the kill before the first committed poll). */
		createOne: () => create(1),
		/** A burst of one to three changes: new actions, or moves of the test's own actions (MOVE_AFTER_MS). */
		async makeSome() {
			const now = Date.now();
			const movable = [...mine].map((id) => seen.get(id)).filter((version) => version && source.moves[version.status] && now - Math.max(version.seenAt, writtenAt.get(version.id) ?? 0) >= MOVE_AFTER_MS[version.status === source.initial ? 'created' : 'moved']);
			if (movable.length && rng.chance(0.55)) return await move(movable.slice(0, rng.int(1, 3)));
			return await create(rng.int(1, 3));
		},
		/** From the activation poll's read (in the lives' record of answers) on: every version since is a change to emit. */
		async start(lives) {
			await observe(activationRead(lives, source));
			observing = true;
			loop = (async () => {
				while (observing) {
					await sleep(OBSERVE_EVERY_MS);
					await observe().catch(() => {}); // read again in a second
				}
			})();
		},
		/** The last read; a version first seen within DUE_BEFORE_END_MS of `endAt` counts only if delivered. */
		async finish(endAt) {
			observing = false;
			await loop;
			await observe();
			for (const change of truth.values()) if (change.trigger === stream && change.madeAt > endAt - DUE_BEFORE_END_MS) change.notYetDue = true;
		},
	};
}
