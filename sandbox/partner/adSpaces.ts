// GET /websites/v2/ and /websites/ with their single-object reads (../shared/spec/published-api-facts.md
// section 6). /websites/v2/ answers a bare array (the docs) or {results, _meta} pages (Admitad's
// Python client's mock), as the config key websitesV2Envelope says (docs/sandbox.md).

import { json, partnerError, Reply } from '../reply';
import type { RequestContext } from '../state';
import type { AdSpace } from './adSpaceSeed';
import { choiceParam } from './ordering';
import { FieldErrors, pageParams, paginate } from './params';
import { renderCategory } from './reference';

const STATUSES = ['new', 'active', 'suspended', 'pending', 'declined'];
const CAMPAIGN_STATUSES = ['pending', 'active', 'declined', 'disabled'];

function v2Item(a: AdSpace) {
	return {
		id: a.id,
		name: a.name,
		status: a.status,
		kind: a.kind,
		site_url: a.site_url,
		verification_code: a.verification_code,
		creation_date: a.creation_date,
		validation_passed: a.validation_passed,
		is_old: a.is_old,
		account_id: a.account_id,
		is_lite: a.is_lite,
	};
}

function v1Item(ctx: RequestContext, a: AdSpace) {
	const categories = ctx.state.data.categories;
	return {
		id: a.id,
		name: a.name,
		status: a.status,
		kind: a.kind,
		site_url: a.site_url,
		description: a.description,
		creation_date: a.creation_date,
		verification_code: a.verification_code,
		validation_passed: a.validation_passed,
		is_old: a.is_old,
		account_id: a.account_id,
		mailing_targeting: a.mailing_targeting,
		db_size: null,
		collecting_method: null,
		adservice: a.adservice,
		regions: a.regions.map((region) => ({ region, id: ctx.state.data.regions.indexOf(region) + 1 })),
		categories: a.categoryIds.flatMap((id) => {
			const category = categories.find((c) => c.id === id);
			return category ? [renderCategory(category, 'en', categories)] : [];
		}),
	};
}

function filtered(ctx: RequestContext, errors: FieldErrors): AdSpace[] {
	const status = choiceParam(ctx.query, 'status', STATUSES, errors);
	const campaignStatus = choiceParam(ctx.query, 'campaign_status', CAMPAIGN_STATUSES, errors);
	return ctx.state.conversions.adSpaces.filter(
		(a) => (status === undefined || a.status === status) && (campaignStatus === undefined || a.campaign_status === campaignStatus),
	);
}

export function listAdSpacesV2(ctx: RequestContext): Reply {
	const errors = new FieldErrors();
	const found = filtered(ctx, errors);
	const paged = ctx.state.config.websitesV2Envelope === 'results';
	const page = paged ? pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors) : undefined;
	if (errors.any) return partnerError.validation(errors.errors);
	const items = found.map(v2Item);
	return json(200, page ? paginate(items, page) : items);
}

export function listAdSpaces(ctx: RequestContext): Reply {
	const errors = new FieldErrors();
	const found = filtered(ctx, errors);
	const page = pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	return json(200, paginate(found.map((a) => v1Item(ctx, a)), page));
}

const byId = (ctx: RequestContext) => ctx.state.conversions.adSpaces.find((a) => a.id === Number(ctx.params.id));

export function getAdSpaceV2(ctx: RequestContext): Reply {
	const found = byId(ctx);
	return found ? json(200, v2Item(found)) : partnerError.notFound();
}

export function getAdSpace(ctx: RequestContext): Reply {
	const found = byId(ctx);
	return found ? json(200, v1Item(ctx, found)) : partnerError.notFound();
}
