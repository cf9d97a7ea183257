import type { ClickItem } from '../../nodes/shared/clickReport';
import { CLICK_PAGE_SIZE } from '../../nodes/shared/clickReport';
import type { Read, ReadResult } from '../../nodes/ClickReportTrigger/decide';
import { absorb, nextStep } from '../../nodes/ClickReportTrigger/decide';
import type { PollOutcome } from '../../nodes/ClickReportTrigger/outcome';
import { conclude } from '../../nodes/ClickReportTrigger/outcome';
import type { PollSettings, Range } from '../../nodes/ClickReportTrigger/progress';
import { startPoll } from '../../nodes/ClickReportTrigger/progress';
import type { TriggerState } from '../../nodes/ClickReportTrigger/state';

/**
 * The click report as a plain in-memory list, for table tests of the trigger's pure decisions:
 * no HTTP, no n8n. It orders and counts like the service (spec, section 4.4, rule 7) and stamps
 * by its own clock, which may differ from "n8n's" (`localNow`).
 */
export class ServiceModel {
	localNow: number;
	clockOffsetMs: number;
	private readonly items = new Map<string, ClickItem>();
	private nextId = 1;
	/** All items newest first, rebuilt after a change. */
	private sorted: ClickItem[] | undefined;

	constructor(localNow: number, clockOffsetMs = 0) {
		this.localNow = localNow;
		this.clockOffsetMs = clockOffsetMs;
	}

	serviceNow(): number {
		return this.localNow + this.clockOffsetMs;
	}

	/** A new item, stamped now by the service's clock unless `at` says otherwise (late statistics). */
	insert(at = this.serviceNow()): ClickItem {
		const id = `c${String(this.nextId++).padStart(7, '0')}`;
		const item = { id, updatedAt: new Date(at).toISOString(), count: 1 };
		this.items.set(id, item);
		this.sorted = undefined;
		return item;
	}

	update(id: string, at = this.serviceNow()): ClickItem {
		const before = this.items.get(id);
		if (!before) throw new Error(`no item ${id}`);
		const item = { ...before, updatedAt: new Date(at).toISOString(), count: Number(before.count) + 1 };
		this.items.set(id, item);
		this.sorted = undefined;
		return item;
	}

	get(id: string): ClickItem | undefined {
		return this.items.get(id);
	}

	all(): ClickItem[] {
		return [...this.items.values()];
	}

	list(range: Range): ClickItem[] {
		this.sorted ??= this.all().sort((a, b) => (a.updatedAt === b.updatedAt ? (a.id < b.id ? -1 : 1) : a.updatedAt < b.updatedAt ? 1 : -1));
		const from = new Date(range.from).toISOString();
		const to = new Date(range.to).toISOString();
		return this.sorted.filter((item) => item.updatedAt >= from && item.updatedAt <= to);
	}

	perform(read: Read): ReadResult {
		// The service refuses an updatedAt pair that ends before it starts.
		if (read.range.to < read.range.from) throw new Error(`an inverted updatedAt range: ${JSON.stringify(read.range)}`);
		const list = this.list(read.range);
		const clock = {
			serviceDate: Math.floor(this.serviceNow() / 1000) * 1000,
			sentAt: this.localNow,
			receivedAt: this.localNow,
			newestStamp: list.length ? Date.parse(list[0].updatedAt) : undefined,
		};
		if (read.kind === 'page') return { items: list.slice(0, CLICK_PAGE_SIZE), total: list.length, clock, requests: 1 };
		if (read.kind === 'all') return { items: list, total: list.length, clock, requests: Math.max(1, Math.ceil(list.length / CLICK_PAGE_SIZE)) };
		const start = Math.max(0, read.total - read.pages * CLICK_PAGE_SIZE);
		return { items: list.slice(start, read.total), total: list.length, requests: Math.ceil((read.total - start) / CLICK_PAGE_SIZE) };
	}
}

export interface ModelPoll {
	outcome: PollOutcome;
	requests: number;
	reads: Read[];
}

/**
 * One poll against the model, exactly as `poll.ts` runs it: the decisions ask, the model answers.
 * `beforeRead` may change the model between reads (changes while a poll pages) or throw (a 429
 * that outlived its retries).
 */
export function pollModel(
	model: ServiceModel,
	state: TriggerState | undefined,
	settings: PollSettings,
	options: { budget?: number; beforeRead?: (index: number, read: Read) => void } = {},
): ModelPoll {
	const progress = startPoll({ state, settings, localNow: model.localNow, budget: options.budget ?? 80 });
	const reads: Read[] = [];
	let step = nextStep(progress);
	while (step.kind !== 'stop') {
		options.beforeRead?.(reads.length, step);
		reads.push(step);
		absorb(progress, step, model.perform(step));
		step = nextStep(progress);
	}
	return { outcome: conclude(progress, step), requests: progress.requests, reads };
}
