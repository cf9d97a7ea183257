/**
 * The answers of one program of an ad space and of joining or leaving it
 * (/work/shared/spec/published-api-facts.md, section 4): what is wrong with one, or undefined.
 */
import type { IDataObject } from 'n8n-workflow';

import type { AskedFor, RecordCheck } from '../transport';

const isObject = (value: unknown): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * GET /advcampaigns/{c_id}/website/{w_id}/ answers the program itself (the docs); Admitad's own
 * client's 2013 mock wraps it as `{results: [program]}`. Both are taken; this is the program.
 */
export function programOfAnswer(body: unknown): IDataObject {
	if (isObject(body) && !('id' in body) && Array.isArray(body.results)) return body.results[0] as IDataObject;
	return body as IDataObject;
}

/** The program asked for, in either shape, held to `check` as well (one item per action rate needs its rates). */
export function programAnswerViolation(programId: string, check?: RecordCheck) {
	return (body: unknown, asked: AskedFor): string | undefined => {
		if (!isObject(body)) return 'it is not a JSON object';
		if (!('id' in body) && Array.isArray(body.results) && body.results.length !== 1) {
			return `its "results" holds ${body.results.length} records, not the one program asked for`;
		}
		const program = programOfAnswer(body);
		if (!isObject(program)) return 'its "results" holds no program object';
		if (program.id !== Number(programId)) return `it is not the program ${programId}: its "id" is ${JSON.stringify(program.id)}`;
		return check?.(program, asked);
	};
}

export type Membership = 'join' | 'leave';

/** What each answers: `{message, success: "OK"}` (the docs) and `{message, success: "Deleted"}` (the 2013 mock only). */
const SUCCESS: Record<Membership, string> = { join: 'OK', leave: 'Deleted' };

const MAY_HAVE_HAPPENED: Record<Membership, string> = {
	join: 'the ad space may have joined the program all the same: check with Program → Get before joining again',
	leave: 'the ad space may have left the program all the same: check with Program → Get before leaving again',
};

/** The answer of POST …/attach/… or …/detach/…, which says whether it happened only through `success`. */
export function membershipAnswerViolation(membership: Membership) {
	return (body: unknown): string | undefined => {
		const expected = SUCCESS[membership];
		let wrong: string | undefined;
		if (!isObject(body)) wrong = 'it is not a JSON object';
		else if (body.success !== expected) wrong = `its "success" is ${JSON.stringify(body.success) ?? 'missing'}, not "${expected}"`;
		else if ('message' in body && typeof body.message !== 'string') wrong = `its "message" is ${JSON.stringify(body.message)}, not text`;
		return wrong === undefined ? undefined : `${wrong}; ${MAY_HAVE_HAPPENED[membership]}`;
	};
}
