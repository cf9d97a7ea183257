/**
 * The checks every fuzz case gets, whatever its class: no secret in the output, the error or the
 * logs; no long input echoed in full; no runaway requests; an n8n error when it fails; and how an
 * output is compared with the undisturbed run's. The class checks are in caseA.ts and caseB.ts.
 */
import { EXTRA_FIELD } from './answerFamily';
import type { FuzzCase } from './plan';
import type { Verdict, Violation } from './protocol';
import type { Attempt } from './stage';

/** Requests one case may send: class A needs a few, class B at most 3 reads of a few pages, 5 attempts each. */
export const BUDGET = { A: 100, B: 400 };
const N8N_ERRORS = new Set(['NodeOperationError', 'NodeApiError']);
/** A long input may be quoted in part; this much of it in one piece is an echo. */
const ECHO_CHARACTERS = 300;

export const clip = (text: string, length = 160) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** How a case was judged: its report without the id and the time. */
export interface Judged {
	verdict: Verdict;
	violations: Violation[];
	requests: number;
	summary: string;
	logLines?: number;
}

export type Note = (kind: Violation['kind'], detail: string) => void;

/** A case's violations, and the function that notes one. */
export function violationsOf(caseId: string): { violations: Violation[]; violation: Note } {
	const violations: Violation[] = [];
	return { violations, violation: (kind, detail) => violations.push({ kind, caseId, detail }) };
}

export function verdictOf(violations: Violation[], fallback: Verdict): Verdict {
	return violations.length ? 'violation' : fallback;
}

export function commonChecks(c: FuzzCase, run: Attempt, logs: string[], secrets: string[], longs: string[], violation: Note) {
	const seen = { output: JSON.stringify(run.execution.output), error: run.execution.error?.visible ?? '', logs: logs.join('\n') };
	for (const secret of [...secrets, ...run.minted].filter((value) => value && value.length >= 8)) {
		for (const [where, text] of Object.entries(seen)) {
			if (text.includes(secret)) violation('secret-visible', `a secret (${secret.slice(0, 3)}…) is in the ${where}`);
		}
	}
	// The error's node carries the parameters as given: what counts is what the error says.
	const says = run.execution.error?.says ?? '';
	for (const long of longs) {
		if (says.includes(long.slice(0, ECHO_CHARACTERS))) violation('input-echoed-in-full', `the ${long.length}-character input is repeated in the error's message or description (${says.length} characters)`);
	}
	const requests = run.route.traffic.requests;
	const budget = BUDGET[c.cls];
	if (requests > budget) violation('too-many-requests', `${requests} requests (budget ${budget}, then the proxy refused them); the first: ${clip(run.route.traffic.sent[0] ?? '')}`);
	const error = run.execution.error;
	if (error && !N8N_ERRORS.has(error.name)) violation('not-an-n8n-error', `${error.name}: ${clip(error.message, 300)}`);
}

/** Keys in order, the fuzzer's extra fields left out, and (with `keyAsText`) that record key as text. */
function canonicalJson(value: unknown, keyAsText?: string, depth = 0): unknown {
	if (Array.isArray(value)) return value.map((entry) => canonicalJson(entry, keyAsText, depth + 1));
	if (value === null || typeof value !== 'object') return value;
	const entries = Object.entries(value as Record<string, unknown>)
		.filter(([key]) => !key.includes(EXTRA_FIELD))
		.map(([key, entry]): [string, unknown] => [key, depth === 1 && key === keyAsText && entry !== undefined ? String(entry) : canonicalJson(entry, keyAsText, depth + 1)])
		.sort(([a], [b]) => (a < b ? -1 : 1));
	return Object.fromEntries(entries);
}

/** Why two outputs differ, in a line; undefined when they do not. */
export function difference(actual: unknown[], expected: unknown[], keyAsText?: string): string | undefined {
	const a = canonicalJson(actual, keyAsText) as unknown[];
	const b = canonicalJson(expected, keyAsText) as unknown[];
	if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
	const index = a.findIndex((entry, at) => JSON.stringify(entry) !== JSON.stringify(b[at]));
	const at = index < 0 ? Math.min(a.length, b.length) : index;
	return `${a.length} items where the undisturbed run gave ${b.length}; item ${at}: ${clip(JSON.stringify(a[at]) ?? 'none')} instead of ${clip(JSON.stringify(b[at]) ?? 'none')}`;
}
