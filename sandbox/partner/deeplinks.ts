// GET /deeplink/{w_id}/advcampaign/{c_id}/: one link per ulp, in request order
// (../shared/spec/published-api-facts.md, section 3). The answer's shape is the config key
// deeplinkShape: "objects" as the docs show it, "strings" as a 2024 client's test body (docs/sandbox.md).

import { json, partnerError, Reply } from '../reply';
import type { RequestContext } from '../state';
import { FieldErrors, MSG, last } from './params';

/** The docs' limit of links per request. */
export const MAX_ULP_PER_REQUEST = 200;

const SUB_ID_LIMITS: Array<[string, number]> = [
	['subid', 50],
	['subid1', 50],
	['subid2', 50],
	['subid3', 50],
	['subid4', 120],
];

// Django's ProhibitNullCharactersValidator, for a value holding a NUL (%00 as sent) or the text "%00".
const NULL_CHARACTERS = 'Null characters are not allowed.';
const holdsNul = (value: string) => value.includes('\u0000') || value.includes('%00');

function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}

function checkUlps(ulps: string[], errors: FieldErrors): void {
	if (ulps.length === 0) errors.add('ulp', MSG.required);
	else if (ulps.includes('')) errors.add('ulp', MSG.blank);
	if (ulps.length > MAX_ULP_PER_REQUEST) errors.add('ulp', `Ensure this field has no more than ${MAX_ULP_PER_REQUEST} elements.`);
	if (ulps.some(holdsNul)) errors.add('ulp', NULL_CHARACTERS);
	else if (ulps.some((ulp) => ulp !== '' && !isHttpUrl(ulp))) errors.add('ulp', 'Enter a valid URL.');
}

function checkSubIds(query: URLSearchParams, errors: FieldErrors): Record<string, string> {
	const subIds: Record<string, string> = {};
	for (const [name, max] of SUB_ID_LIMITS) {
		const value = last(query, name);
		if (value === undefined || value === '') continue;
		if ([...value].length > max) errors.add(name, MSG.maxLength(max));
		if (holdsNul(value)) errors.add(name, NULL_CHARACTERS);
		subIds[name] = value;
	}
	return subIds;
}

/** 30 hex digits from a text, the same every time (FNV-1a, four rounds with different seeds). */
function hex30(text: string): string {
	let out = '';
	for (let round = 0; out.length < 30; round++) {
		let h = (0x811c9dc5 ^ Math.imul(round + 1, 0x9e3779b1)) >>> 0;
		for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
		out += h.toString(16).padStart(8, '0');
	}
	return out.slice(0, 30);
}

/** The link of one ulp: the goto hash of ad space and program, the sub IDs, then the target. */
export function deeplinkOf(adSpaceId: number, programId: number, subIds: Record<string, string>, ulp: string): string {
	const query = new URLSearchParams(subIds);
	query.set('ulp', ulp);
	return `https://ad.admitad.com/goto/${hex30(`${adSpaceId}:${programId}`)}/?${query.toString()}`;
}

export function createDeeplinks(ctx: RequestContext): Reply {
	const { state } = ctx;
	const adSpaceId = Number(ctx.params.w_id);
	const programId = Number(ctx.params.c_id);
	// The record shows no error body for an unknown ad space or program: a 404, as for every path ID here.
	if (!state.conversions.adSpaces.some((adSpace) => adSpace.id === adSpaceId)) return partnerError.notFound();
	if (!state.data.programs.some((program) => program.id === programId)) return partnerError.notFound();

	const errors = new FieldErrors();
	const ulps = ctx.query.getAll('ulp');
	checkUlps(ulps, errors);
	const subIds = checkSubIds(ctx.query, errors);
	if (errors.any) return partnerError.validation(errors.errors);

	const links = ulps.map((ulp) => deeplinkOf(adSpaceId, programId, subIds, ulp));
	// Only AliExpress programs fill is_affiliate_product (section 3); none is seeded, so it is null.
	if (state.config.deeplinkShape === 'strings') return json(200, links);
	return json(200, links.map((link) => ({ link, is_affiliate_product: null })));
}
