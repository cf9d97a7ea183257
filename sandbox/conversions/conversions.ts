// The statistics data of both services: the actions, what their reads keep (the click service's
// issued cursors), the reports' traffic and the ad spaces in full.

import { derivedRng } from '../prng';
import { AdSpace, seedAdSpaces } from '../partner/adSpaceSeed';
import type { ClickCatalog, Named, Program } from '../types';
import { BuiltReports } from '../partner/builtReports';
import { CursorBook } from './clickActions';
import { PartnerActionStore } from './partnerActions';
import { seedPartnerActions } from './seedPartnerActions';
import { seedTakeadsActions } from './seedTakeads';
import { seedTraffic, type TrafficDay } from './seedTraffic';
import { TakeadsStore } from './takeadsActions';

export class Conversions {
	readonly takeads: TakeadsStore;
	readonly partner: PartnerActionStore;
	readonly cursors = new CursorBook();
	/** The reports built last, each for the actions as they were then (partner/builtReports.ts). */
	readonly builtReports = new BuiltReports<Array<Record<string, unknown>>>();
	/** Views and clicks per day, ad space and program: the reports' traffic. */
	readonly traffic: TrafficDay[];
	/** The ad spaces in full, for /websites/ and /websites/v2/. */
	readonly adSpaces: AdSpace[];
	/** Draws the fields that actions created by the control endpoints are not given. */
	readonly rng;
	nextPartnerId: number;
	nextTakeadsNumericId: number;

	constructor(
		seed: number,
		partnerStartMs: number,
		clickStartMs: number,
		readonly programs: Program[],
		readonly websites: Named[],
		readonly clickCatalog: ClickCatalog,
	) {
		this.rng = derivedRng(seed, 22);
		this.traffic = seedTraffic(seed, partnerStartMs, programs, websites);
		this.adSpaces = seedAdSpaces(websites, partnerStartMs);
		this.takeads = new TakeadsStore(seedTakeadsActions(seed, clickStartMs, clickCatalog));
		this.partner = new PartnerActionStore(seedPartnerActions(seed, partnerStartMs, programs, websites));
		this.nextPartnerId = Math.max(0, ...this.partner.items.map((a) => a.base.id)) + 1;
		this.nextTakeadsNumericId = Math.max(0, ...this.takeads.items.map((a) => a.base.actionNumericId)) + 1;
	}
}
