// Partner interface routing: path match -> authentication -> method -> scope -> user agreement -> handler.

import { partnerError, Reply } from '../reply';
import type { RequestContext } from '../state';
import type { Scope } from '../tokens';
import { getAdSpace, getAdSpaceV2, listAdSpaces, listAdSpacesV2 } from './adSpaces';
import { createAppeal, getAppeal, listAppeals } from './appeals';
import { getAdSpaceCoupon, getCoupon, getCouponCategory, listAdSpaceCoupons, listCouponCategories, listCoupons } from './coupons';
import { createDeeplinks } from './deeplinks';
import { listLandings } from './landings';
import { createLostOrder, getLostOrder, listLostOrders } from './lostOrders';
import { paymentsInfo } from './paymentsInfo';
import { attachProgram, detachProgram, getAdSpaceProgram, listAdSpacePrograms } from './programs';
import { REPORT_PATH, statisticsReport } from './reports';
import { listActions } from './statisticsActions';
import * as ref from './reference';
import { token } from './token';

interface Route {
	method: 'GET' | 'POST';
	pattern: RegExp;
	scope: Scope;
	/** Lost-orders tool endpoints need the tool's user agreement accepted. */
	agreement?: boolean;
	handle(ctx: RequestContext): Reply;
}

const ROUTES: Route[] = [
	{ method: 'GET', pattern: /^\/lost_orders\/$/, scope: 'lost_orders', agreement: true, handle: listLostOrders },
	{ method: 'POST', pattern: /^\/lost_orders\/create\/$/, scope: 'manage_lost_orders', agreement: true, handle: createLostOrder },
	{ method: 'GET', pattern: /^\/lost_orders\/payments_info\/$/, scope: 'lost_orders', agreement: true, handle: paymentsInfo },
	{ method: 'GET', pattern: /^\/lost_orders\/(?<id>\d+)\/$/, scope: 'lost_orders', agreement: true, handle: getLostOrder },
	{ method: 'GET', pattern: /^\/appeals\/$/, scope: 'lost_orders', agreement: true, handle: listAppeals },
	{ method: 'POST', pattern: /^\/appeals\/create\/$/, scope: 'lost_orders', agreement: true, handle: createAppeal },
	{ method: 'GET', pattern: /^\/appeals\/(?<id>\d+)\/$/, scope: 'lost_orders', agreement: true, handle: getAppeal },
	{ method: 'GET', pattern: /^\/landings\/(?<c_id>\d+)\/$/, scope: 'landings', handle: listLandings },
	{ method: 'GET', pattern: /^\/landings\/(?<c_id>\d+)\/website\/(?<w_id>\d+)\/$/, scope: 'landings', handle: listLandings },
	{ method: 'GET', pattern: /^\/websites\/kinds\/$/, scope: 'public_data', handle: ref.websiteKinds },
	{ method: 'GET', pattern: /^\/websites\/regions\/$/, scope: 'public_data', handle: ref.regions },
	{ method: 'GET', pattern: /^\/categories\/$/, scope: 'public_data', handle: ref.categories },
	{ method: 'GET', pattern: /^\/categories\/advcampaign\/(?<id>\d+)\/$/, scope: 'public_data', handle: ref.programCategories },
	{ method: 'GET', pattern: /^\/categories\/(?<id>\d+)\/$/, scope: 'public_data', handle: ref.category },
	{ method: 'GET', pattern: /^\/languages\/$/, scope: 'public_data', handle: ref.languages },
	{ method: 'GET', pattern: /^\/languages\/(?<code>[A-Za-z-]+)\/$/, scope: 'public_data', handle: ref.language },
	{ method: 'GET', pattern: /^\/currencies\/$/, scope: 'public_data', handle: ref.currencies },
	{ method: 'GET', pattern: /^\/currencies\/rate\/$/, scope: 'public_data', handle: ref.currencyRate },
	{ method: 'GET', pattern: /^\/traffic\/$/, scope: 'public_data', handle: ref.traffic },
	{ method: 'GET', pattern: /^\/statistics\/actions\/$/, scope: 'statistics', handle: listActions },
	{ method: 'GET', pattern: REPORT_PATH, scope: 'statistics', handle: statisticsReport },
	{ method: 'GET', pattern: /^\/websites\/v2\/$/, scope: 'websites', handle: listAdSpacesV2 },
	{ method: 'GET', pattern: /^\/websites\/v2\/(?<id>\d+)\/$/, scope: 'websites', handle: getAdSpaceV2 },
	{ method: 'GET', pattern: /^\/websites\/$/, scope: 'websites', handle: listAdSpaces },
	{ method: 'GET', pattern: /^\/websites\/(?<id>\d+)\/$/, scope: 'websites', handle: getAdSpace },
	{ method: 'GET', pattern: /^\/deeplink\/(?<w_id>\d+)\/advcampaign\/(?<c_id>\d+)\/$/, scope: 'deeplink_generator', handle: createDeeplinks },
	{ method: 'GET', pattern: /^\/advcampaigns\/website\/(?<w_id>\d+)\/$/, scope: 'advcampaigns_for_website', handle: listAdSpacePrograms },
	{ method: 'GET', pattern: /^\/advcampaigns\/(?<c_id>\d+)\/website\/(?<w_id>\d+)\/$/, scope: 'advcampaigns_for_website', handle: getAdSpaceProgram },
	{ method: 'POST', pattern: /^\/advcampaigns\/(?<c_id>\d+)\/attach\/(?<w_id>\d+)\/$/, scope: 'manage_advcampaigns', handle: attachProgram },
	{ method: 'POST', pattern: /^\/advcampaigns\/(?<c_id>\d+)\/detach\/(?<w_id>\d+)\/$/, scope: 'manage_advcampaigns', handle: detachProgram },
	{ method: 'GET', pattern: /^\/coupons\/website\/(?<w_id>\d+)\/$/, scope: 'coupons_for_website', handle: listAdSpaceCoupons },
	{ method: 'GET', pattern: /^\/coupons\/(?<id>\d+)\/website\/(?<w_id>\d+)\/$/, scope: 'coupons_for_website', handle: getAdSpaceCoupon },
	{ method: 'GET', pattern: /^\/coupons\/categories\/$/, scope: 'public_data', handle: listCouponCategories },
	{ method: 'GET', pattern: /^\/coupons\/categories\/(?<id>\d+)\/$/, scope: 'public_data', handle: getCouponCategory },
	{ method: 'GET', pattern: /^\/coupons\/$/, scope: 'coupons', handle: listCoupons },
	{ method: 'GET', pattern: /^\/coupons\/(?<id>\d+)\/$/, scope: 'coupons', handle: getCoupon },
];

export function routePartner(ctx: RequestContext): Reply {
	if (ctx.path === '/token/') {
		if (ctx.method !== 'POST') return partnerError.methodNotAllowed(ctx.method, ['POST']);
		return token(ctx);
	}
	const matches = ROUTES.filter((r) => r.pattern.test(ctx.path));
	if (!matches.length) return partnerError.notFound();

	const m = /^Bearer\s+(\S+)\s*$/i.exec(String(ctx.headers.authorization ?? ''));
	const info = m ? ctx.state.tokens.lookup(m[1], ctx.state.now().getTime()) : undefined;
	if (!info) return partnerError.invalidToken();

	const route = matches.find((r) => r.method === ctx.method);
	if (!route) return partnerError.methodNotAllowed(ctx.method, matches.map((r) => r.method));
	if (!info.scopes.has(route.scope)) return partnerError.insufficientScope();
	if (route.agreement && !info.agreementAccepted) return partnerError.agreementNotAccepted();

	ctx.token = info;
	ctx.params = { ...(route.pattern.exec(ctx.path)?.groups ?? {}) };
	return route.handle(ctx);
}
