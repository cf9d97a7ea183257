/**
 * What the conversion events need to know of each service's actions: the key, the status, the
 * stamp of the last change and of creation, and how a read from a stamp on is asked for
 * (docs/nodes.md, "Conversion events"). Partner stamps carry no zone (published-api-facts.md,
 * section A): they are compared and shifted as wall-clock times, never converted.
 */
import type { IDataObject } from 'n8n-workflow';

import { toServiceDateTime } from '../partnerActions/serviceTime';

export type ConversionService = 'partner' | 'click';

export interface ConversionProfile {
	service: ConversionService;
	/** The action's key field. */
	key: string;
	/** The field whose change is an event. */
	status: string;
	/** The stamp of the action's last change, as milliseconds on the service's clock (wall clock for partner). */
	changedAt: (action: IDataObject) => number | undefined;
	/** When the action was created, on the same clock. */
	createdAt: (action: IDataObject) => number | undefined;
	/** The query that reads every action changed at or after `fromMs`. */
	changedSince: (fromMs: number) => IDataObject;
	/** The stamp as the service writes it, for the event key. */
	stampText: (action: IDataObject) => string;
	/** How far the service's clock may stand from n8n's: partner stamps are wall-clock times in an unknown zone. */
	clockMarginMs: number;
}

const HOUR = 3_600_000;

/** `YYYY-MM-DD HH:MM:SS` (or `YYYY-MM-DD`) read as if it were UTC: arithmetic on the wall clock. */
function wallClockMs(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2}))?$/.exec(value.trim());
	if (!match) return undefined;
	const [year, month, day, hour = '0', minute = '0', second = '0'] = match.slice(1);
	const ms = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second);
	return Number.isNaN(ms) ? undefined : ms;
}

function wallClockOf(ms: number) {
	const date = new Date(ms);
	return {
		year: date.getUTCFullYear(),
		month: date.getUTCMonth() + 1,
		day: date.getUTCDate(),
		hour: date.getUTCHours(),
		minute: date.getUTCMinutes(),
		second: date.getUTCSeconds(),
	};
}

function isoMs(value: unknown): number | undefined {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

export const PARTNER_CONVERSIONS: ConversionProfile = {
	service: 'partner',
	key: 'id',
	status: 'status',
	changedAt: (action) => wallClockMs(action.status_updated),
	createdAt: (action) => wallClockMs(action.action_date),
	changedSince: (fromMs) => ({ status_updated_start: toServiceDateTime(wallClockOf(fromMs)) }),
	stampText: (action) => String(action.status_updated),
	// Zones run from UTC-12 to UTC+14.
	clockMarginMs: 14 * HOUR,
};

export const CLICK_CONVERSIONS: ConversionProfile = {
	service: 'click',
	key: 'actionId',
	status: 'status',
	changedAt: (action) => isoMs(action.updatedAt),
	createdAt: (action) => isoMs(action.createdAt),
	changedSince: (fromMs) => ({ updatedAtFrom: new Date(fromMs).toISOString() }),
	stampText: (action) => String(action.updatedAt),
	clockMarginMs: HOUR,
};
