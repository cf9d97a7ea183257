// The Affiliate Partner Trigger's section of the report: requests per poll against the watched and
// the open claims, from claimTrigger.ts.
import type { ClaimTriggerResult } from './claimTrigger';

const n = (value: number) => value.toLocaleString('en-US');

export function claimTriggerTables(results: ClaimTriggerResult[]): string[] {
	const decisions = results[0]?.polls.map((poll) => poll.decided) ?? [];
	const column = (decided: number, index: number) =>
		decided === 0 ? (index === 0 ? 'Idle' : 'Idle again') : `${decided} decision${decided > 1 ? 's' : ''}`;
	const lines = [
		"All four events, through n8n-core's PollContext against the sandbox (seed 1; its lost orders spread over the last year, so a watch window holds its share of them). Before the trigger's first poll, all but `open` of the window's open lost orders are accepted with their appeals resolved. Then a poll after each round of decisions: the oldest open lost orders rejected with their appeals resolved, so that each one leaves every open read of the trigger (the costliest decision; a lost order whose appeal stays open is seen in the open-appeal read at no cost). Requests counted by the sandbox; they do not depend on the machine.",
		'',
		`| Watch Days | Watched: lost orders / appeals | Open: lost orders / appeals | First poll (full read) | ${decisions.map(column).join(' | ')} | State after the last poll |`,
		`|---|---|---|---|${decisions.map(() => '---|').join('')}---|`,
	];
	for (const r of results) {
		const emittedRight = r.polls.every((poll) => poll.emitted === poll.decided);
		lines.push(
			`| ${r.watchDays} | ${n(r.watched.lostOrders)} / ${n(r.watched.appeals)} | ${n(r.openLostOrders)} / ${n(r.openAppeals)} | ${r.firstPoll.requests} | ${r.polls.map((poll) => `${poll.requests}`).join(' | ')} | ${n(Math.round(r.stateBytes / 1024))} KB (${Math.round(r.stateBytes / (r.watched.lostOrders + r.watched.appeals))} B a claim)${emittedRight ? '' : ' ⚠ events ≠ decisions'} |`,
		);
	}
	const reference = results.find((r) => r.watched.lostOrders + r.watched.appeals <= 1_700 && r.openLostOrders <= 500);
	if (reference) {
		const idle = reference.polls[0].requests;
		lines.push(
			'',
			`Every poll emitted exactly one event per decision${results.every((r) => r.polls.every((poll) => poll.emitted === poll.decided)) ? '' : ' — **except where marked**'}. Targets at ${n(reference.watched.lostOrders + reference.watched.appeals)} watched claims, ${n(reference.openLostOrders)} of the lost orders open: idle poll ${idle} requests (at most 6: ${idle <= 6 ? 'met' : '**missed**'}); state ${n(Math.round(reference.stateBytes / 1024))} KB (under 256 KB: ${reference.stateBytes < 256 * 1024 ? 'met' : '**missed**'}).`,
		);
	}
	return lines;
}
