/**
 * What the trigger keeps in the workflow's static data between polls: every watched claim's
 * status, appeal status and day of creation, compact (about 45 bytes a claim), and when it last
 * polled and read each kind in full. Claims created before the watch window are forgotten.
 */
import type { ClaimKind, Remembered } from './claims';
import { CLAIM_KINDS } from './claims';

const FORMAT = 1;

export interface TriggerState {
	/** The filters and watch window the memory was made with; other settings start a new memory. */
	scope: string;
	/** Per kind, from the kind's first full read on: claim ID → what is remembered of it. */
	claims: Partial<Record<ClaimKind, Map<string, Remembered>>>;
	/** The first day watched (`YYYY-MM-DD`) when the state was committed. */
	watchFrom: string;
	/** When the poll that committed the state started, by n8n's clock. */
	polledAt: number;
	/** When each kind was last read in full. */
	sweptAt: Partial<Record<ClaimKind, number>>;
}

/** As stored: `status|appeal_status|YYYY-MM-DD` per claim ID. */
interface StoredState {
	format: number;
	scope: string;
	claims: Partial<Record<ClaimKind, Record<string, string>>>;
	watchFrom: string;
	polledAt: number;
	sweptAt: Partial<Record<ClaimKind, number>>;
	/** Counts the states written (`withPollMemory`); a state stored before it existed reads as 0. */
	seq?: number;
}

function unpack(stored: Record<string, string>): Map<string, Remembered> {
	const claims = new Map<string, Remembered>();
	for (const [id, packed] of Object.entries(stored)) {
		const [status, appealStatus, createdDay] = packed.split('|');
		claims.set(id, { status, appealStatus, createdDay });
	}
	return claims;
}

/** The state committed by the last poll, or undefined before the first one (or when unreadable). */
export function readState(raw: unknown): TriggerState | undefined {
	const stored = raw as StoredState | undefined;
	if (!stored || stored.format !== FORMAT || typeof stored.scope !== 'string' || typeof stored.polledAt !== 'number') {
		return undefined;
	}
	const claims: TriggerState['claims'] = {};
	for (const kind of CLAIM_KINDS) {
		const kindClaims = stored.claims?.[kind];
		if (kindClaims && typeof kindClaims === 'object') claims[kind] = unpack(kindClaims);
	}
	return { scope: stored.scope, claims, watchFrom: String(stored.watchFrom), polledAt: stored.polledAt, sweptAt: { ...stored.sweptAt } };
}

/** The state as stored, without its `seq`: the poll's runner numbers it. */
export function storeState(state: TriggerState): StoredState {
	const claims: StoredState['claims'] = {};
	for (const kind of CLAIM_KINDS) {
		const kindClaims = state.claims[kind];
		if (!kindClaims) continue;
		claims[kind] = Object.fromEntries(
			[...kindClaims].map(([id, claim]) => [id, `${claim.status}|${claim.appealStatus}|${claim.createdDay}`]),
		);
	}
	return { format: FORMAT, scope: state.scope, claims, watchFrom: state.watchFrom, polledAt: state.polledAt, sweptAt: state.sweptAt };
}
