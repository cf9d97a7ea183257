// Deciding claims over time, as the network does: PATCH /_sandbox/claims/{lost_orders|appeals}/{id}
// (docs/sandbox.md). Only the fields a decision changes may be set, to values of spec section 3.
import { NotFoundError } from '../click/clickStore';
import type { SandboxState } from '../state';

const STATUSES = ['accepted', 'processing', 'rejected'];
const APPEAL_STATUSES = ['resolved', 'processing'];
const DECIDED_FIELDS = ['status', 'appeal_status', 'reject_reason', 'reject_comment', 'reward'];

export type ClaimList = 'lost_orders' | 'appeals';

export function decideClaim(state: SandboxState, list: ClaimList, id: number, patch: Record<string, unknown>) {
	const claims: Array<Record<string, unknown> & { id: number }> =
		list === 'lost_orders' ? (state.data.lostOrders as never) : (state.data.appeals as never);
	const claim = claims.find((candidate) => candidate.id === id);
	if (!claim) throw new NotFoundError(`no ${list === 'lost_orders' ? 'lost order' : 'appeal claim'} ${id}`);
	const unknown = Object.keys(patch).filter((field) => !DECIDED_FIELDS.includes(field));
	if (unknown.length) throw new Error(`only ${DECIDED_FIELDS.join(', ')} can be set, not ${unknown.join(', ')}`);
	if (patch.status !== undefined && !STATUSES.includes(String(patch.status))) throw new Error(`status must be one of ${STATUSES.join(', ')}`);
	if (patch.appeal_status !== undefined && !APPEAL_STATUSES.includes(String(patch.appeal_status))) {
		throw new Error(`appeal_status must be one of ${APPEAL_STATUSES.join(', ')}`);
	}
	if (list === 'appeals' && (patch.reject_reason !== undefined || patch.reject_comment !== undefined)) {
		throw new Error('appeal claims have no reject_reason or reject_comment (spec 2.2)');
	}
	Object.assign(claim, patch);
	return claim;
}
