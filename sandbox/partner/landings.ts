// GET /landings/{c_id}/ and /landings/{c_id}/website/{w_id}/

import { json, partnerError, Reply } from '../reply';
import type { RequestContext } from '../state';
import { FieldErrors, pageParams, paginate } from './params';

export function listLandings(ctx: RequestContext): Reply {
	const { data, config } = ctx.state;
	const programId = Number(ctx.params.c_id);
	const landings = data.landings[programId];
	if (!data.programs.some((p) => p.id === programId) || !landings) return partnerError.notFound();
	const websiteId = ctx.params.w_id === undefined ? undefined : Number(ctx.params.w_id);
	if (websiteId !== undefined && !data.websites.some((w) => w.id === websiteId)) return partnerError.notFound();

	const errors = new FieldErrors();
	const page = pageParams(ctx.query, config.partnerLimitCap, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	const items =
		websiteId === undefined
			? landings.map((l) => ({ ...l }))
			: landings.map((l) => ({ ...l, gotolink: gotolink(programId, websiteId, l.id) }));
	return json(200, paginate(items, page));
}

/** Deterministic tracking link per (program, ad space, landing). */
export function gotolink(programId: number, websiteId: number, landingId: string): string {
	let h = 0x811c9dc5;
	for (const ch of `${programId}:${websiteId}:${landingId}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
	const hash = (h.toString(16).padStart(8, '0') + programId.toString(16) + websiteId.toString(16)).padEnd(16, '0');
	return `https://go.sandbox.example/g/${hash}/?i=5&landing=${landingId}`;
}
