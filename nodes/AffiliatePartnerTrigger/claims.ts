/** The two kinds of claims the trigger watches, their events, and how a claim is remembered. */
import type { IDataObject } from 'n8n-workflow';

export type ClaimKind = 'lostOrder' | 'appeal';

export const CLAIM_KINDS: ClaimKind[] = ['lostOrder', 'appeal'];

export type ClaimEventName = 'lostOrderCreated' | 'lostOrderStatusChanged' | 'appealCreated' | 'appealStatusChanged';

export const EVENTS: Record<ClaimEventName, { kind: ClaimKind; change: 'created' | 'statusChanged' }> = {
	lostOrderCreated: { kind: 'lostOrder', change: 'created' },
	lostOrderStatusChanged: { kind: 'lostOrder', change: 'statusChanged' },
	appealCreated: { kind: 'appeal', change: 'created' },
	appealStatusChanged: { kind: 'appeal', change: 'statusChanged' },
};

export function eventName(kind: ClaimKind, change: 'created' | 'statusChanged'): ClaimEventName {
	return `${kind}${change === 'created' ? 'Created' : 'StatusChanged'}`;
}

/** The list each kind is read from (spec 4.2, 4.3). */
export const CLAIM_LISTS: Record<ClaimKind, { path: string; what: string }> = {
	lostOrder: { path: '/lost_orders/', what: 'a list of lost orders' },
	appeal: { path: '/appeals/', what: 'a list of appeal claims' },
};

/** What the trigger remembers of a claim: its status, its appeal status and the day it was created. */
export interface Remembered {
	status: string;
	appealStatus: string;
	/** `YYYY-MM-DD`, as the service stamps `date_created`. */
	createdDay: string;
}

/** A claim as the service returns it (spec 2.2). */
export type ClaimRecord = IDataObject & { id: number | string };

export function remember(record: ClaimRecord): Remembered {
	return {
		status: String(record.status ?? ''),
		appealStatus: String(record.appeal_status ?? ''),
		createdDay: String(record.date_created ?? '').slice(0, 10),
	};
}

/** New claims arrive as processing, and decisions move them out of it (spec 3). */
export const OPEN = 'processing';
