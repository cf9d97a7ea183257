// What a mode's run shows: where the kills landed, and per trigger the changes promised and how
// each was delivered, with each loss explained or not. Pure: from the lives, the ground truth and
// the executions read back.

const createdAt = (execution) => Date.parse(execution.createdAt ?? execution.startedAt);

/** The service each trigger reads: its answers are the ones its polls read. */
const API_OF = { click: 'click', claim: 'partner' };
/** Answers further apart than this belong to two polls (the triggers poll every 10 s; a poll's reads follow one another). */
const POLL_GAP_MS = 2500;
/** The longest a poll takes from its last answer to its emit. */
const ANSWER_TO_EMIT_MS = 5000;

/**
 * The polls of a trigger, in every life: the answers of its service grouped where they are
 * `POLL_GAP_MS` apart, each with the changes they held (`keys`), the emit that followed within
 * `ANSWER_TO_EMIT_MS` (`emit`), or whether a kill came first (`cut`: the poll never finished).
 */
export function pollsOf(lives, trigger) {
	const polls = [];
	for (const life of lives) {
		const answers = (life.answers ?? []).filter((answer) => answer.api === API_OF[trigger]).sort((a, b) => a.at - b.at);
		const groups = [];
		for (const answer of answers) {
			const last = groups.at(-1);
			if (last && answer.at - last.lastAt < POLL_GAP_MS) (last.lastAt = answer.at, answer.keys.forEach((key) => last.keys.add(key)));
			else groups.push({ life: life.number, firstAt: answer.at, lastAt: answer.at, keys: new Set(answer.keys), reads: [] });
			groups.at(-1).reads.push({ path: answer.path ?? '', at: answer.at });
		}
		groups.forEach((poll, index) => {
			const until = Math.min(poll.lastAt + ANSWER_TO_EMIT_MS, groups[index + 1]?.firstAt ?? Number.POSITIVE_INFINITY);
			poll.emit = life.emits.find((emit) => emit.trigger === trigger && emit.at >= poll.lastAt && emit.at <= until);
			poll.cut = !poll.emit && life.killedAt !== undefined && life.killedAt <= until;
			polls.push(poll);
		});
	}
	return polls;
}

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

/**
 * Whether a poll that finished read the list (`listPath`; any list of the trigger when empty)
 * between two times: the time of that list's own answer counts, not the poll's first answer (a
 * poll reads the claims first, and may read the actions only after a version was replaced).
 */
const listReadBetween = (polls, listPath, from, to) =>
	polls.some((poll) => !poll.cut && poll.reads.some((read) => read.path.startsWith(listPath) && read.at >= from && read.at <= to));

/**
 * Sorts the changes never delivered: a version superseded before any poll that counted read the
 * list it is in (`coalesced`: n8n was down or starting, its polls were cut short by kills, or a
 * kill lost their emit; with durable cursors such a poll committed nothing), one whose first
 * finished read was by a poll whose emit a kill kept from becoming an execution (`emitWindow`:
 * that emit held it, and on n8n's defaults the state saved with it had moved past it), and the
 * rest, which nothing explains (`unexplained`): among them a change that a finished poll read
 * and then neither emitted into an execution nor lost in n8n's window, and a version that a read
 * of its list should have held and did not. `listPath`: the list the changes are in, when the
 * trigger's polls read several.
 */
export function explainLosses(counts, trigger, lives, lostEmits, truth, listPath = '') {
	const coalesced = [];
	const emitWindow = [];
	const unexplained = [];
	const polls = pollsOf(lives, trigger);
	const lostEmitOf = (poll) => poll.emit && lostEmits.find((emit) => emit.trigger === trigger && emit.at === poll.emit.at);
	const counted = polls.filter((poll) => !poll.cut && !lostEmitOf(poll));
	for (const entry of counts.never) {
		const successor = entry.change.supersededBy && truth.get(entry.change.supersededBy);
		// A read answered after the successor could exist may hold it instead: only one answered
		// before then had to hold this version (`since`: the successor's earliest moment).
		if (successor && !listReadBetween(counted, listPath, entry.change.madeAt, successor.since ?? successor.madeAt)) {
			coalesced.push(entry);
			continue;
		}
		const firstRead = polls.find((poll) => !poll.cut && poll.keys.has(entry.key));
		const window = firstRead && lostEmitOf(firstRead);
		if (window) emitWindow.push({ ...entry, window });
		else unexplained.push(entry);
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
