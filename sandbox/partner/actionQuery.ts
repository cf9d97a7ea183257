// The filters of GET /statistics/actions/ (../shared/spec/published-api-facts.md section 1).
// Where the record is silent the sandbox's choice is in docs/sandbox.md: the status filter takes the
// names and the integers 1 (pending), 2 (approved), 3 (declined); status_updated_* take a time or not.

import { parseDmy } from '../dates';
import { PARTNER_STATUSES, type PartnerView } from '../conversions/partnerActions';
import { FieldErrors, integerParam, last } from './params';
import { choiceParam, dmyParam, integerList } from './ordering';

/** The integers Admitad's own Python client sends (1, 2, 3), mapped to the names (our choice). */
export const STATUS_NUMBERS: Record<string, string> = { '1': 'pending', '2': 'approved', '3': 'declined' };
const SUBIDS = ['subid', 'subid1', 'subid2', 'subid3', 'subid4'] as const;

/** `%d.%m.%Y %H:%M:%S`, or `%d.%m.%Y` alone (as one client sends it): the start or the end of that day. */
export function parseDmyTime(raw: string, endOfDay: boolean): string | undefined {
	const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?: (\d{1,2}):(\d{1,2}):(\d{1,2}))?$/.exec(raw.trim());
	if (!m) return undefined;
	const ymd = parseDmy(`${m[1]}.${m[2]}.${m[3]}`);
	if (!ymd) return undefined;
	if (m[4] === undefined) return `${ymd} ${endOfDay ? '23:59:59' : '00:00:00'}`;
	const [h, min, s] = [m[4], m[5], m[6]].map(Number);
	if (h > 23 || min > 59 || s > 59) return undefined;
	return `${ymd} ${[h, min, s].map((n) => String(n).padStart(2, '0')).join(':')}`;
}

export type ActionFilter = (v: PartnerView) => boolean;

export function parseActionFilter(query: URLSearchParams, errors: FieldErrors): ActionFilter {
	const date = (name: string) => dmyParam(query, name, errors);
	const instant = (name: string, endOfDay: boolean) => {
		const raw = last(query, name);
		if (raw === undefined || raw === '') return undefined;
		const spaced = parseDmyTime(raw, endOfDay);
		if (!spaced) errors.add(name, 'Invalid date format, use DD.MM.YYYY HH:MM:SS or DD.MM.YYYY.');
		return spaced;
	};
	const text = (name: string) => {
		const raw = last(query, name);
		return raw === undefined || raw === '' ? undefined : raw;
	};
	const [dateStart, dateEnd] = [date('date_start'), date('date_end')];
	const [closingStart, closingEnd] = [date('closing_date_start'), date('closing_date_end')];
	const [updatedStart, updatedEnd] = [instant('status_updated_start', false), instant('status_updated_end', true)];
	const websites = integerList(query, 'website', errors);
	const campaigns = integerList(query, 'campaign', errors);
	const subids = SUBIDS.map((name) => [name, text(name)] as const).filter(([, v]) => v !== undefined);
	const source = choiceParam(query, 'source', ['g', 'y'], errors);
	const rawStatus = choiceParam(query, 'status', [...PARTNER_STATUSES, ...Object.keys(STATUS_NUMBERS)], errors);
	const status = rawStatus === undefined ? undefined : (STATUS_NUMBERS[rawStatus] ?? rawStatus);
	const keyword = text('keyword');
	const action = text('action');
	const actionId = integerParam(query, 'action_id', errors);
	const actionType = choiceParam(query, 'action_type', ['sale', 'lead'], errors);
	const processed = choiceParam(query, 'processed', ['0', '1'], errors);
	const paid = choiceParam(query, 'paid', ['0', '1'], errors);
	return (v) => {
		const i = v.item as Record<string, unknown>;
		const day = v.base.action_date.slice(0, 10);
		const updated = String(i.status_updated);
		return (
			(dateStart === undefined || day >= dateStart) &&
			(dateEnd === undefined || day <= dateEnd) &&
			(closingStart === undefined || v.base.closing_date >= closingStart) &&
			(closingEnd === undefined || v.base.closing_date <= closingEnd) &&
			(updatedStart === undefined || updated >= updatedStart) &&
			(updatedEnd === undefined || updated <= updatedEnd) &&
			(websites === undefined || websites.includes(v.base.website_id)) &&
			(campaigns === undefined || campaigns.includes(v.base.advcampaign_id)) &&
			subids.every(([name, value]) => v.base[name] === value) &&
			(source === undefined || v.base.source === source) &&
			(status === undefined || v.status === status) &&
			(keyword === undefined || v.base.keyword === keyword) &&
			(action === undefined || v.base.action === action) &&
			(actionId === undefined || v.base.id === actionId) &&
			(actionType === undefined || v.base.action_type === actionType) &&
			(processed === undefined || i.processed === Number(processed)) &&
			(paid === undefined || v.paid === Number(paid))
		);
	};
}
