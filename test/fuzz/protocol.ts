/** What the fuzz worker tells the parent, one line each on its stdout: `@@fuzz {json}`. */

export const LINE_PREFIX = '@@fuzz ';

export type ViolationKind =
	| 'wrong-output'
	| 'sent-not-as-given'
	| 'accepted-invalid-input'
	| 'sent-invalid-input'
	| 'refusal-not-naming-a-field'
	| 'failure-not-naming-the-request'
	| 'not-an-n8n-error'
	| 'equivalent-answer-failed'
	| 'secret-visible'
	| 'input-echoed-in-full'
	| 'too-many-requests'
	| 'case-timeout'
	| 'process-crashed'
	| 'process-blocked'
	| 'baseline-failed'
	| 'unhandled-rejection'
	| 'not-covered'
	| 'not-run';

export interface Violation {
	kind: ViolationKind;
	/** The case, or `(worker)` for what belongs to none. */
	caseId: string;
	detail: string;
}

/**
 * How a case ended, for the counts per class. `not-run`: the case did not test what it says (a
 * class B rewrite that changed no answer); the run fails on it as on a violation.
 */
export type Verdict = 'succeeded-equal' | 'succeeded-other' | 'failed-loudly' | 'violation' | 'not-run';

export interface CaseReport {
	id: string;
	verdict: Verdict;
	violations: Violation[];
	ms: number;
	requests: number;
	/** Lines n8n's logger was given during the case (all were searched for secrets). */
	logLines: number;
	/** A line about what happened: the error's message, or the number of items. */
	summary: string;
}

export type WorkerEvent =
	| { t: 'ready' }
	| { t: 'hb' }
	| { t: 'start'; id: string }
	| { t: 'end'; report: CaseReport }
	| { t: 'violation'; violation: Violation }
	| { t: 'done' };

/** The one line the parent sends a ready worker on its stdin. */
export interface WorkOrder {
	ids: string[];
	concurrency: number;
	/** Also check that the catalogues cover every operation of the node. */
	coverage: boolean;
}
