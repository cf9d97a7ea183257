// The three trigger examples in the live n8n at once (click-trigger.json, claim-decisions.json,
// declined-conversions.json), each waiting for its next one-minute poll. A round after the
// activation makes its changes once the first polls are over; a round across a restart gets the
// changes made while n8n was down, and each trigger must emit those once, and nothing it emitted
// before. Slack messages are told apart by their `ts`, so they are kept across rounds: an execution
// of the seeded conversions may come between two rounds.
import { appendFileSync } from 'node:fs';

import { requireFromRuntime } from '../n8n-runtime/runtime.mjs';
import { checkClaimTrigger, decideTwoClaims } from './claimTrigger.mjs';
import { checkConversionTrigger, decideWhileDown, makePendingConversions } from './conversionTrigger.mjs';
import { checkTrigger, insertTriggerClicks } from './trigger.mjs';

/** Made before the first start: the pending conversions the conversion trigger's rounds decide. */
export async function liveTriggers({ runtime, sandbox, outbound, capturedFile, results, log }) {
	const pending = await makePendingConversions(sandbox);
	const flatted = requireFromRuntime(runtime, 'flatted');
	const seen = { click: new Set(), claim: new Set(), conversion: new Set(), clicksEmitted: new Set(), conversionEvents: new Set() };
	return {
		async check(api, round, whileDown = {}) {
			const context = { api, sandbox, outbound, flatted, log };
			const [click, claim, conversion] = await Promise.all([
				checkTrigger({ ...context, checked: seen.click, emittedBefore: new Set(seen.clicksEmitted), madeWhileDown: whileDown.click }),
				checkClaimTrigger({ ...context, checked: seen.claim, madeWhileDown: whileDown.claim }),
				checkConversionTrigger({ ...context, pending, checked: seen.conversion, emitted: seen.conversionEvents, madeWhileDown: whileDown.conversion }),
			]);
			for (const id of click.emitted) seen.clicksEmitted.add(id);
			for (const [file, { summary, capture }] of [['click-trigger.json', click], ['claim-decisions.json', claim], ['declined-conversions.json', conversion]]) {
				appendFileSync(capturedFile, `## ${file} (${round})\n\n\`\`\`\n${capture}\n\`\`\`\n\n`);
				results.push(`${file}, ${round}: ${summary}`);
				log(summary);
			}
		},
		/** While n8n is stopped: clicks inserted, claims decided, a conversion declined and one approved. */
		async changeWhileDown() {
			return { click: await insertTriggerClicks(sandbox), claim: await decideTwoClaims(sandbox), conversion: await decideWhileDown(sandbox, pending) };
		},
	};
}
