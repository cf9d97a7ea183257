// Injected faults: the next N (or a seeded random share of) matching API requests fail.

import type { Api, FaultSpec } from './types';
import type { Rng } from './prng';

const FAULT_STATUSES = [429, 500, 502, 503, 504];

interface ActiveFault {
	spec: FaultSpec;
	remaining: number; // Infinity when no count was given
}

/** Checks a fault spec coming from outside (HTTP control endpoint); throws Error with the reason. */
export function validateFault(input: unknown): FaultSpec {
	if (!input || typeof input !== 'object') throw new Error('fault must be an object');
	const f = input as Record<string, unknown>;
	if (f.kind !== 'status' && f.kind !== 'reset') throw new Error('kind must be "status" or "reset"');
	if (f.kind === 'status' && !FAULT_STATUSES.includes(f.status as number))
		throw new Error(`status must be one of ${FAULT_STATUSES.join(', ')}`);
	if (f.retryAfter !== undefined && (typeof f.retryAfter !== 'number' || f.retryAfter < 0))
		throw new Error('retryAfter must be a number of seconds');
	if (f.count !== undefined && (!Number.isInteger(f.count) || (f.count as number) < 1))
		throw new Error('count must be a positive integer');
	if (f.rate !== undefined && (typeof f.rate !== 'number' || f.rate < 0 || f.rate > 1))
		throw new Error('rate must be between 0 and 1');
	if (f.api !== undefined && f.api !== 'partner' && f.api !== 'click') throw new Error('api must be partner or click');
	if (f.method !== undefined && typeof f.method !== 'string') throw new Error('method must be a string');
	if (f.pathPrefix !== undefined && typeof f.pathPrefix !== 'string') throw new Error('pathPrefix must be a string');
	return f as unknown as FaultSpec;
}

export class Faults {
	private active: ActiveFault[] = [];

	constructor(private readonly rng: Rng) {}

	add(spec: FaultSpec): void {
		const checked = validateFault(spec);
		this.active.push({ spec: { ...checked }, remaining: checked.count ?? Infinity });
	}

	clear(): void {
		this.active = [];
	}

	list(): Array<FaultSpec & { remaining: number | null }> {
		return this.active.map((f) => ({ ...f.spec, remaining: Number.isFinite(f.remaining) ? f.remaining : null }));
	}

	/** The fault to apply to this request, if any; consumes one use of it. First matching fault wins. */
	take(api: Api, method: string, path: string): FaultSpec | undefined {
		for (const fault of this.active) {
			const { spec } = fault;
			if (spec.api && spec.api !== api) continue;
			if (spec.method && spec.method.toUpperCase() !== method.toUpperCase()) continue;
			if (spec.pathPrefix && !path.startsWith(spec.pathPrefix)) continue;
			if (spec.rate !== undefined && !(this.rng.next() < spec.rate)) continue;
			fault.remaining--;
			if (fault.remaining <= 0) this.active = this.active.filter((f) => f !== fault);
			return spec;
		}
		return undefined;
	}
}
