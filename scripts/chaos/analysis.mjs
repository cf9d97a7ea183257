// What a mode's run shows: where the kills landed, and per trigger the changes promised and how
// each was delivered, with each loss explained or not. Pure: from the lives, the ground truth and
// the executions read back.

const POLL_INTERVAL_MS = 10_000;
const createdAt = (execution) => Date.parse(execution.createdAt ?? execution.startedAt);

/**
 * Emits that never became an execution: a kill landed between n8n saving the trigger's new state
 * and creating the execution (n8n's defaults save the state first, without waiting).
 */
export function emitsWithoutExecution(lives, executions) {
	const lost = [];
	for (const life of lives) {
		if (!life.killedAt) continue;
		const lastByTrigger = new Map();
		for (const emit of life.emits) lastByTrigger.set(emit.trigger, emit);
		for (const [trigger, emit] of lastByTrigger) {
			const became = executions.some((e) => e.trigger === trigger && createdAt(e) >= emit.at - 50 && createdAt(e) <= life.killedAt + 1000);
			if (!became) lost.push({ trigger, life: life.number, at: emit.at, killMsAfter: life.killedAt - emit.at });
		}
	}
	return lost;
}

/** Whether n8n ran, ready and unkilled, for `spanMs` at a stretch between two times. */
function ranBetween(lives, from, to, spanMs) {
	return lives.some((life) => {
		if (!life.readyAt) return false;
		const start = Math.max(from, life.readyAt);
		const end = Math.min(to, life.killedAt ?? Number.POSITIVE_INFINITY);
		return end - start >= spanMs;
	});
}

/**
 * Sorts the changes never delivered: a click version superseded while n8n was not polling
 * (`coalesced`), one made before an emit that a kill kept from becoming an execution
 * (`emitWindow`), and the rest, which nothing explains (`unexplained`).
 */
export function explainLosses(counts, trigger, lives, lostEmits, truth, executions) {
	const coalesced = [];
	const emitWindow = [];
	const unexplained = [];
	for (const entry of counts.never) {
		const { change } = entry;
		// The first emit after the change that never became an execution, with no execution of the
		// trigger in between that a poll started after the change could have made.
		const window = lostEmits.find(
			(emit) =>
				emit.trigger === trigger &&
				emit.at >= change.madeAt &&
				!executions.some((e) => e.trigger === trigger && createdAt(e) >= change.madeAt + POLL_INTERVAL_MS + 2000 && createdAt(e) < emit.at),
		);
		if (window) {
			emitWindow.push({ ...entry, window });
			continue;
		}
		// No poll could see it: n8n was never up for a whole poll interval before it was superseded.
		const successor = change.supersededBy && truth.get(change.supersededBy);
		if (successor && !ranBetween(lives, change.madeAt, successor.madeAt, POLL_INTERVAL_MS + 2000)) {
			coalesced.push(entry);
			continue;
		}
		unexplained.push(entry);
	}
	return { coalesced, emitWindow, unexplained };
}

/** Duplicates that no kill explains: every copy delivered by executions of one life, none crashed. */
export function unexplainedDuplicates(counts, lives) {
	const lifeOf = (execution) => lives.findLast((life) => life.spawnedAt <= createdAt(execution))?.number;
	return counts.twice.filter((entry) => {
		if (entry.executions.some((e) => e.status === 'crashed')) return false;
		return new Set(entry.executions.map(lifeOf)).size === 1;
	});
}

export function killSummary(lives) {
	const killed = lives.filter((life) => life.killedAt && life.moment !== 'cleanup');
	const byMoment = {};
	for (const life of killed) byMoment[life.moment] = (byMoment[life.moment] ?? 0) + 1;
	const afterEmit = killed.filter((life) => life.msSinceEmit !== undefined && life.msSinceEmit <= 300).length;
	const startFailures = lives.filter((life) => life.startFailure).map((life) => life.startFailure.trim());
	return { count: killed.length, byMoment, withinMsOfEmit: afterEmit, timedOut: killed.filter((life) => life.timedOut).length, startFailures };
}
