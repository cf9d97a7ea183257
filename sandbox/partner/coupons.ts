// GET /coupons/website/{w_id}/, /coupons/{id}/website/{w_id}/, /coupons/, /coupons/{id}/ and the
// coupon categories (../shared/spec/published-api-facts.md section 5): {results, _meta} pages as
// every partner list, every filter of the facts' parameter table, the ad-space item with its promo
// code and links, the catalogue item without them. Choices where the record is silent: docs/sandbox.md.

import { json, partnerError, Reply } from '../reply';
import type { SandboxState, RequestContext } from '../state';
import { addCoupons, seedCoupons, type CouponCatalog, type SeedCoupon } from './couponSeed';
import { gotolink } from './landings';
import { choiceParam, dmyParam, integerList, orderBy } from './ordering';
import { FieldErrors, integerParam, last, pageParams, paginate } from './params';

/** Seeded at the first coupon read of a sandbox, from its seed, programs and clock. */
const catalogs = new WeakMap<SandboxState, CouponCatalog>();

function catalogOf(state: SandboxState): CouponCatalog {
	let catalog = catalogs.get(state);
	if (!catalog) {
		catalog = seedCoupons(state.seed, state.data.programs, state.now().getTime());
		catalogs.set(state, catalog);
	}
	return catalog;
}

/** The most coupons one control request adds: a bound on the sandbox's memory, far above what a test or the bench needs. */
const MOST_ADDED_AT_ONCE = 100_000;

/** POST /_sandbox/coupons/partner `{"count": n}`: n more coupons, listed for every ad space and in the catalogue at once. */
export function addPartnerCoupons(state: SandboxState, input: unknown): { added: number; total: number } {
	const count = (input as { count?: unknown } | null)?.count;
	if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MOST_ADDED_AT_ONCE) {
		throw new Error(`body must be {"count": <an integer from 1 to ${MOST_ADDED_AT_ONCE}>}`);
	}
	const catalog = catalogOf(state);
	const added = addCoupons(catalog, state.seed, state.data.programs, state.now().getTime(), count as number);
	return { added: added.length, total: catalog.coupons.length };
}

/** "НЕ НУЖЕН" ("not needed"): the promo code of a deal-type coupon in the facts' real body. */
export const NO_CODE_NEEDED = 'НЕ НУЖЕН';

/** The catalogue item: every field of the facts' table but the ad space's promo code and links. */
function catalogueItem(c: SeedCoupon) {
	return {
		id: c.id,
		name: c.name,
		short_name: c.short_name,
		description: c.description,
		status: c.status,
		rating: c.rating,
		campaign: { ...c.campaign },
		exclusive: c.exclusive,
		is_unique: c.is_unique,
		is_personal: c.is_personal,
		date_start: c.date_start,
		date_end: c.date_end,
		regions: [...c.regions],
		discount: c.discount,
		types: c.types.map((t) => ({ ...t })),
		categories: c.categories.map((x) => ({ ...x })),
		image: c.image,
		species: c.species,
		language: c.language,
	};
}

function adSpaceItem(coupon: SeedCoupon, websiteId: number) {
	const link = gotolink(coupon.campaign.id, websiteId, `c${coupon.id}`).replace('/g/', '/c/');
	return {
		...catalogueItem(coupon),
		promocode: coupon.species === 'action' ? NO_CODE_NEEDED : coupon.code,
		goto_link: link,
		frameset_link: coupon.framed ? link.replace('/c/', '/f/') : '',
	};
}

const ORDER_KEYS = {
	name: (c: SeedCoupon) => c.name,
	rating: (c: SeedCoupon) => Number(c.rating),
	date_start: (c: SeedCoupon) => c.date_start,
	date_end: (c: SeedCoupon) => c.date_end,
};

/** The coupons the query's filters keep, in its order; every malformed parameter is a field error. */
function filtered(ctx: RequestContext, errors: FieldErrors): SeedCoupon[] {
	const { query } = ctx;
	const programs = integerList(query, 'campaign', errors);
	const category = integerParam(query, 'category', errors);
	const programCategory = integerParam(query, 'campaign_category', errors);
	const type = integerParam(query, 'type', errors);
	const search = last(query, 'search')?.trim().toLowerCase() || undefined;
	const from = dmyParam(query, 'date_start', errors);
	const to = dmyParam(query, 'date_end', errors);
	const region = last(query, 'region')?.trim() || undefined;
	const language = choiceParam(query, 'language', ctx.state.data.languages.map((l) => l.language_code), errors);
	const order = orderBy(query, ORDER_KEYS, { key: (c) => c.id, sign: 1 }, (c) => c.id, errors);
	const programCategories = new Map(ctx.state.data.programs.map((p) => [p.id, p.categoryIds]));
	return catalogOf(ctx.state)
		.coupons.filter(
			(c) =>
				(!programs || programs.includes(c.campaign.id)) &&
				(category === undefined || c.categories.some((x) => x.id === category)) &&
				(programCategory === undefined || (programCategories.get(c.campaign.id) ?? []).includes(programCategory)) &&
				(type === undefined || c.types.some((x) => x.id === type)) &&
				(search === undefined || [c.name, c.description, c.campaign.name].some((text) => text.toLowerCase().includes(search))) &&
				(from === undefined || c.date_start.slice(0, 10) >= from) &&
				(to === undefined || (c.date_end !== null && c.date_end.slice(0, 10) <= to)) &&
				(region === undefined || c.regions.includes(region.toUpperCase())) &&
				(language === undefined || c.language === language),
		)
		.sort(order);
}

function knownAdSpace(ctx: RequestContext): number | undefined {
	const id = Number(ctx.params.w_id);
	return ctx.state.conversions.adSpaces.some((a) => a.id === id) ? id : undefined;
}

function listed(ctx: RequestContext, item: (coupon: SeedCoupon) => object): Reply {
	const errors = new FieldErrors();
	const found = filtered(ctx, errors);
	const page = pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	return json(200, paginate(found.map(item), page));
}

export function listAdSpaceCoupons(ctx: RequestContext): Reply {
	const websiteId = knownAdSpace(ctx);
	if (websiteId === undefined) return partnerError.notFound();
	return listed(ctx, (coupon) => adSpaceItem(coupon, websiteId));
}

export function listCoupons(ctx: RequestContext): Reply {
	return listed(ctx, catalogueItem);
}

const couponById = (ctx: RequestContext) => catalogOf(ctx.state).coupons.find((c) => c.id === Number(ctx.params.id));

export function getAdSpaceCoupon(ctx: RequestContext): Reply {
	const websiteId = knownAdSpace(ctx);
	const coupon = couponById(ctx);
	return websiteId !== undefined && coupon ? json(200, adSpaceItem(coupon, websiteId)) : partnerError.notFound();
}

export function getCoupon(ctx: RequestContext): Reply {
	const coupon = couponById(ctx);
	return coupon ? json(200, catalogueItem(coupon)) : partnerError.notFound();
}

export function listCouponCategories(ctx: RequestContext): Reply {
	const errors = new FieldErrors();
	const page = pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	return json(200, paginate(catalogOf(ctx.state).categories.map((c) => ({ ...c })), page));
}

export function getCouponCategory(ctx: RequestContext): Reply {
	const category = catalogOf(ctx.state).categories.find((c) => c.id === Number(ctx.params.id));
	return category ? json(200, { ...category }) : partnerError.notFound();
}
