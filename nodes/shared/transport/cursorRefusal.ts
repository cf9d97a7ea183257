import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { describeBody, readServerProblems } from './answers';
import { describeProblems } from './errors';
import type { HttpFailure, Redactor } from './errors';

export const NOTHING_OUTPUT = 'Nothing was output, so that no record is missing or doubled.';

/** A cursor as an error shows it: no secret, but opaque and possibly long, so cut to 60 characters. */
export const shownCursor = (cursor: string) => JSON.stringify(cursor.length > 60 ? `${cursor.slice(0, 60)}…` : cursor);

/** The page of a cursor read that was refused, and the cursor it was asked with. */
export interface RefusedPage {
	/** `GET /v3/api/stats/action` */
	label: string;
	/** 2 or more: the first page is asked without a cursor. */
	page: number;
	cursor: string;
	itemIndex?: number;
}

/**
 * A 400 to a page asked with a cursor. The page before was taken with the same filters, so what the
 * service refused is the cursor (one that expired, or that it no longer accepts): the error names the
 * request and the page, not a field to fix. A 400 is never retried (retry.ts); a new read starts
 * without a cursor, so running again is the way on.
 */
export function refusedCursorError(node: INode, refused: RefusedPage, failure: HttpFailure, redactor: Redactor): NodeApiError {
	const said = describeProblems(readServerProblems(failure.body));
	const { label, page, cursor } = refused;
	const body = typeof failure.body === 'string' ? describeBody(failure.body) : failure.body;
	const response = { status: failure.status, method: failure.method, path: failure.path, page, next: shownCursor(cursor), body: body as IDataObject };
	return new NodeApiError(node, redactor.value(response) as unknown as JsonObject, {
		message: redactor.text(
			`${label} refused page ${page}, asked with the cursor ${shownCursor(cursor)} from "meta.next" of page ${page - 1} (HTTP 400)${said ? `: ${said}` : ''}`,
		),
		description: redactor.text(
			`The service no longer takes that cursor: it may have expired. ${NOTHING_OUTPUT} Run the workflow again (a trigger's next poll does): a new read starts at the first page, without a cursor.`,
		),
		httpCode: String(failure.status),
		itemIndex: refused.itemIndex,
	});
}
