/**
 * Class A: every operation under fuzz, in the plan's order (the plan spreads each field kind's
 * values over the fields in this order, and the seeded picks draw from it: reordering it changes
 * the plan). The Affiliate Partner node's 18 operations and its dropdowns (operationsPartner.ts),
 * the Click Report and both triggers' poll (operationsClickAndTriggers.ts), its Report and Ad Space
 * operations and their dropdowns (operationsStatistics.ts), the Click Report's actions
 * (operationsClickActions.ts), and, added last, the Action operation, the claims at 1.3 and the
 * trigger's conversion events (operationsConversions.ts), then the links (operationsLinks.ts) and the
 * programs and coupons (operationsCoupons.ts); what an operation is: operation.ts.
 * coverage.ts checks that this covers every operation of the node.
 */
import { lookup } from './named';
import type { Operation } from './operation';
import { CLICK_ACTION_OPERATIONS } from './operationsClickActions';
import { CLICK_AND_TRIGGER_OPERATIONS } from './operationsClickAndTriggers';
import { CONVERSION_OPERATIONS } from './operationsConversions';
import { COUPON_OPERATIONS } from './operationsCoupons';
import { LINK_OPERATIONS } from './operationsLinks';
import { PARTNER_DROPDOWNS, PARTNER_OPERATIONS } from './operationsPartner';
import { STATISTICS_OPERATIONS } from './operationsStatistics';

export const OPERATIONS: Operation[] = [...PARTNER_OPERATIONS, ...CLICK_AND_TRIGGER_OPERATIONS, ...PARTNER_DROPDOWNS, ...STATISTICS_OPERATIONS, ...CLICK_ACTION_OPERATIONS, ...CONVERSION_OPERATIONS, ...LINK_OPERATIONS, ...COUPON_OPERATIONS];

export const operationNamed = lookup(OPERATIONS, 'fuzz operation');
