// A sandbox on a clock the test moves, with readers of both services' action lists: shared by the
// suites of the conversions over time.

import { SandboxClient } from '../../sandbox/client';
import { useSandbox } from '../harness/sandboxFixture';
import { call } from './http';

export const START = Date.parse('2026-03-15T14:30:00.000Z');
export const MINUTE = 60_000;
export const DAY = 86_400_000;
export type Action = Record<string, any>;

export function useMovingClock() {
	const clock = { ms: START };
	const sandbox = useSandbox({ now: () => new Date(clock.ms), clickItems: 200 }, { rateLimits: false });
	beforeEach(() => {
		clock.ms = START;
	});
	const auth = (token: string | null): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});
	return {
		clock,
		sandbox,
		client: () => new SandboxClient(sandbox()),
		/** GET /v3/api/stats/action of the click service, with its key unless another (or none) is given. */
		clickActions: (query: string, key: string | null = sandbox().publicKey) =>
			call(`${sandbox().clickUrl}/v3/api/stats/action${query ? `?${query}` : ''}`, { headers: auth(key) }),
		partnerActions: (query: string) => call(`${sandbox().partnerUrl}/statistics/actions/?${query}`, { headers: auth(sandbox().accessToken) }),
	};
}
