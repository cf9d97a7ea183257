// Seeded views and clicks per day, ad space and program over the seeded days, for the aggregated
// reports (/statistics/dates/ and the others): the actions give the rest of their figures.

import { DAY_MS, formatYmd, startOfUtcDay } from '../dates';
import { derivedRng } from '../prng';
import type { Named, Program } from '../types';
import { KEYWORDS, SUB_IDS } from './seedPartnerActions';
import { SEEDED_DAYS } from './seedTimes';

/** What a report row can be grouped and filtered by, for a day of traffic and an action alike. */
export interface ReportDims {
	/** YYYY-MM-DD */
	day: string;
	website: Named;
	program: Named;
	subid: string | null;
	subid1: string | null;
	subid2: string | null;
	subid3: string | null;
	subid4: string | null;
	source: 'g' | 'y' | null;
	keyword: string | null;
}

export interface TrafficDay extends ReportDims {
	program: Program;
	views: number;
	clicks: number;
}

export function seedTraffic(seed: number, startMs: number, programs: Program[], websites: Named[]): TrafficDay[] {
	const rng = derivedRng(seed, 23);
	const today = startOfUtcDay(startMs);
	const out: TrafficDay[] = [];
	for (let d = SEEDED_DAYS; d >= 0; d--) {
		for (const website of websites) {
			for (const program of programs) {
				if (rng.chance(0.3)) continue;
				const views = rng.int(50, 5000);
				const search = rng.chance(0.3);
				out.push({
					day: formatYmd(today - d * DAY_MS),
					website,
					program,
					subid: rng.chance(0.7) ? rng.pick(SUB_IDS) : null,
					subid1: rng.chance(0.3) ? rng.pick(['a', 'b', 'c']) : null,
					subid2: rng.chance(0.2) ? rng.pick(['x', 'y']) : null,
					subid3: rng.chance(0.1) ? 'campaign-3' : null,
					subid4: rng.chance(0.1) ? 'user-4' : null,
					source: search ? rng.pick(['g', 'y'] as const) : null,
					keyword: search ? rng.pick(KEYWORDS) : null,
					views,
					clicks: Math.floor(views * (0.01 + rng.next() * 0.1)),
				});
			}
		}
	}
	return out;
}
