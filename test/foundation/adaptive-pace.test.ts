// Several n8n instances sharing one click key, in simulated time (paceSimulation.ts): the
// transport's own PaceSchedule against the sandbox's own sliding windows. The same with real
// processes and real HTTP: adaptive-pace.processes.alone.test.ts.
import { simulateSharedKey, type SharedKeyOutcome } from './paceSimulation';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const describeRun = (label: string, o: SharedKeyOutcome) =>
	`${label}: ${o.sent} sent, ${o.refused} refused (${percent(o.refusedShare)}), ${percent(o.throughputShare)} of the limit; final shares ${o.finalShares.map((s) => `1/${Math.round(1 / s)}`).join(', ')}`;

describe('instances sharing a click key, simulated', () => {
	test('3/s for 2 minutes: alone nothing is refused; 3 instances under 5% refused and over 85% of the limit', () => {
		const lines: string[] = [];
		const outcomes = [1, 2, 3, 4].map((instances) => {
			const outcome = simulateSharedKey({ instances, durationMs: 120_000, perSecond: 3, per5Minutes: 1e9, credential: { requestsPerSecond: 3 } });
			lines.push(describeRun(`${instances} instance${instances > 1 ? 's' : ''}`, outcome));
			return outcome;
		});
		console.log(`one click key at 3/s, 2 simulated minutes:\n${lines.join('\n')}`);
		expect(outcomes[0].refused).toBe(0);
		expect(outcomes[0].throughputShare).toBeGreaterThan(0.9);
		expect(outcomes[2].refusedShare).toBeLessThan(0.05);
		expect(outcomes[2].throughputShare).toBeGreaterThanOrEqual(0.85);
		for (const outcome of outcomes) expect(outcome.throughputShare).toBeGreaterThan(0.7);
	});

	test('3/s and 100 per 5 minutes for 30 minutes: the window shared without stalling, under 5% refused up to 3 instances', () => {
		const lines: string[] = [];
		const window = { requests: 100, windowMs: 300_000 };
		const outcomes = [1, 2, 3, 4].map((instances) => {
			const outcome = simulateSharedKey({ instances, durationMs: 30 * 60_000, perSecond: 3, per5Minutes: 100, credential: { requestsPerSecond: 3, window } });
			lines.push(describeRun(`${instances} instance${instances > 1 ? 's' : ''}`, outcome));
			return outcome;
		});
		console.log(`one click key at 3/s and 100 per 5 minutes, 30 simulated minutes:\n${lines.join('\n')}`);
		expect(outcomes[0].refused).toBe(0);
		for (const outcome of outcomes.slice(0, 3)) expect(outcome.refusedShare).toBeLessThan(0.05);
		for (const outcome of outcomes) expect(outcome.throughputShare).toBeGreaterThan(0.65);
	});
});
