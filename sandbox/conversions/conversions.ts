// The conversions of both services and what their reads keep (the click service's issued cursors).

import type { ClickCatalog, Named, Program } from '../types';
import { CursorBook } from './clickActions';
import { PartnerActionStore } from './partnerActions';
import { seedPartnerActions } from './seedPartnerActions';
import { seedTakeadsActions } from './seedTakeads';
import { TakeadsStore } from './takeadsActions';

export class Conversions {
	readonly takeads: TakeadsStore;
	readonly partner: PartnerActionStore;
	readonly cursors = new CursorBook();
	nextPartnerId: number;
	nextTakeadsNumericId: number;

	constructor(seed: number, partnerStartMs: number, clickStartMs: number, programs: Program[], websites: Named[], clickCatalog: ClickCatalog) {
		this.takeads = new TakeadsStore(seedTakeadsActions(seed, clickStartMs, clickCatalog));
		this.partner = new PartnerActionStore(seedPartnerActions(seed, partnerStartMs, programs, websites));
		this.nextPartnerId = Math.max(0, ...this.partner.items.map((a) => a.base.id)) + 1;
		this.nextTakeadsNumericId = Math.max(0, ...this.takeads.items.map((a) => a.base.actionNumericId)) + 1;
	}
}
