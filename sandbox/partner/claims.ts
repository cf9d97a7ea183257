// Shared by lost orders and appeal claims: list filters and the multipart create form.

import { parseDmy } from '../dates';
import { boundaryOf, detectFileType, MultipartForm, parseMultipart } from '../multipart';
import { json, Reply } from '../reply';
import type { RequestContext } from '../state';
import type { AppealStatus, ClaimStatus, Named, Program } from '../types';
import { FieldErrors, integerParam, last, MSG, parseFloatStrict, parseInteger } from './params';

export const CLAIM_STATUSES = ['accepted', 'processing', 'rejected'];
export const APPEAL_STATUSES = ['resolved', 'processing'];

interface ClaimLike {
	website: Named;
	advcampaign: Named;
	status: ClaimStatus;
	date_created: string;
	appeal_id: string;
	appeal_status: string;
}

export type ClaimFilter = (claim: ClaimLike) => boolean;

/** The filters of GET /lost_orders/ and /appeals/ as given; absent or empty ones are undefined. */
export interface ClaimQuery {
	advcampaign?: number;
	website?: number;
	status?: ClaimStatus;
	appealStatus?: AppealStatus;
	/** YYYY-MM-DD, inclusive bounds of the creation day. */
	startDate?: string;
	endDate?: string;
	appealId?: string;
}

export function parseClaimQuery(query: URLSearchParams, errors: FieldErrors): ClaimQuery {
	const choice = (name: string, allowed: string[]) => {
		const raw = last(query, name);
		if (raw === undefined || raw === '') return undefined;
		if (!allowed.includes(raw)) errors.add(name, MSG.choice(raw));
		return raw;
	};
	const date = (name: string) => {
		const raw = last(query, name);
		if (raw === undefined || raw === '') return undefined;
		const ymd = parseDmy(raw);
		if (!ymd) errors.add(name, MSG.date);
		return ymd;
	};
	return {
		advcampaign: integerParam(query, 'advcampaign', errors),
		website: integerParam(query, 'website', errors),
		status: choice('status', CLAIM_STATUSES) as ClaimStatus | undefined,
		appealStatus: choice('appeal_status', APPEAL_STATUSES) as AppealStatus | undefined,
		startDate: date('start_date'),
		endDate: date('end_date'),
		appealId: last(query, 'appeal_id') || undefined,
	};
}

/** Parses the filters of GET /lost_orders/ and /appeals/ into one predicate. */
export function claimFilter(query: URLSearchParams, errors: FieldErrors): ClaimFilter {
	return claimMatcher(parseClaimQuery(query, errors));
}

export function claimMatcher(q: ClaimQuery): ClaimFilter {
	return (c) =>
		(q.advcampaign === undefined || c.advcampaign.id === q.advcampaign) &&
		(q.website === undefined || c.website.id === q.website) &&
		(q.status === undefined || c.status === q.status) &&
		(q.appealStatus === undefined || c.appeal_status === q.appealStatus) &&
		// start_date/end_date bound the creation day, both inclusive.
		(q.startDate === undefined || c.date_created.slice(0, 10) >= q.startDate) &&
		(q.endDate === undefined || c.date_created.slice(0, 10) <= q.endDate) &&
		(q.appealId === undefined || c.appeal_id === q.appealId);
}

/** Reads the multipart body (recording it) or answers 415/400 like DRF's parsers. */
export function readForm(ctx: RequestContext): MultipartForm | Reply {
	const contentType = String(ctx.headers['content-type'] ?? '');
	if (!/^multipart\/form-data\b/i.test(contentType)) {
		return json(415, { detail: `Unsupported media type "${contentType}" in request.` });
	}
	const boundary = boundaryOf(contentType);
	if (!boundary) return json(400, { detail: 'Multipart form parse error - Invalid boundary in multipart: None' });
	let form: MultipartForm;
	try {
		form = parseMultipart(ctx.body, boundary);
	} catch (e) {
		return json(400, { detail: `Multipart form parse error - ${(e as Error).message}` });
	}
	ctx.record.multipart = {
		fields: { ...form.fields },
		files: Object.fromEntries(
			Object.entries(form.files).map(([name, f]) => [
				name,
				{ filename: f.filename, contentType: f.contentType, size: f.bytes.length, bytes: f.bytes },
			]),
		),
	};
	return form;
}

export function isReply(value: unknown): value is Reply {
	return typeof value === 'object' && value !== null && 'status' in value && !('fields' in value);
}

/** Form field readers that add DRF-style errors. Empty optional fields count as absent. */
export class FormReader {
	constructor(
		private readonly form: MultipartForm,
		readonly errors: FieldErrors,
	) {}

	private raw(name: string, required: boolean): string | undefined {
		if (name in this.form.files) {
			// A file where a plain value is expected is simply not a valid value.
			this.errors.add(name, required ? MSG.required : MSG.blank);
			return undefined;
		}
		const value = this.form.fields[name];
		if (value === undefined || value === '') {
			if (required) this.errors.add(name, value === '' ? MSG.blank : MSG.required);
			return undefined;
		}
		return value;
	}

	text(name: string, maxLength: number, required: boolean): string | undefined {
		const value = this.raw(name, required);
		if (value !== undefined && [...value].length > maxLength) this.errors.add(name, MSG.maxLength(maxLength));
		return value;
	}

	integer(name: string, required: boolean): number | undefined {
		const value = this.raw(name, required);
		if (value === undefined) return undefined;
		const n = parseInteger(value);
		if (n === undefined) this.errors.add(name, MSG.integer);
		return n;
	}

	float(name: string, required: boolean): number | undefined {
		const value = this.raw(name, required);
		if (value === undefined) return undefined;
		const n = parseFloatStrict(value);
		if (n === undefined || !Number.isFinite(n)) this.errors.add(name, MSG.number);
		return n;
	}

	/** `DD.MM.YYYY` real date -> `YYYY-MM-DD`. */
	date(name: string, required: boolean): string | undefined {
		const value = this.raw(name, required);
		if (value === undefined) return undefined;
		const ymd = parseDmy(value);
		if (!ymd) this.errors.add(name, MSG.date);
		return ymd;
	}

	/** The program by id; unknown ids are a field error like DRF's PrimaryKeyRelatedField. */
	program(programs: Program[]): Program | undefined {
		const id = this.integer('advcampaign', true);
		if (id === undefined) return undefined;
		const program = programs.find((p) => p.id === id);
		if (!program) this.errors.add('advcampaign', MSG.pk(String(id)));
		return program;
	}

	/** Optional receipt: must be a real file whose content is JPEG, PNG or PDF. */
	receipt(): void {
		if ('receipt' in this.form.fields && !('receipt' in this.form.files)) {
			this.errors.add('receipt', 'The submitted data was not a file. Check the encoding type on the form.');
			return;
		}
		const file = this.form.files.receipt;
		if (!file) return;
		if (file.bytes.length === 0) this.errors.add('receipt', 'The submitted file is empty.');
		else if (!detectFileType(file.bytes))
			this.errors.add('receipt', 'Unsupported file type. Upload a JPEG, JPG, PNG or PDF file.');
	}
}
