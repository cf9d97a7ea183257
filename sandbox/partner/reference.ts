// Reference data: ad space kinds, regions, categories, languages, currencies, exchange rates, traffic sources.

import { parseDmy } from '../dates';
import { json, partnerError, Reply } from '../reply';
import type { RequestContext } from '../state';
import type { Category } from '../types';
import { FieldErrors, last, MSG, pageParams, paginate, parseInteger } from './params';

function plainList<T>(ctx: RequestContext, items: T[]): Reply {
	const errors = new FieldErrors();
	const page = pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	return json(200, paginate(items, page));
}

export const websiteKinds = (ctx: RequestContext) => plainList(ctx, ctx.state.data.websiteKinds);
export const regions = (ctx: RequestContext) => plainList(ctx, ctx.state.data.regions);
export const languages = (ctx: RequestContext) => plainList(ctx, ctx.state.data.languages);
export const currencies = (ctx: RequestContext) => plainList(ctx, ctx.state.data.currencies);
export const traffic = (ctx: RequestContext) => plainList(ctx, ctx.state.data.traffic);

export function language(ctx: RequestContext): Reply {
	const found = ctx.state.data.languages.find((l) => l.language_code === ctx.params.code);
	return found ? json(200, found) : partnerError.notFound();
}

// ---- categories ----

interface RenderedCategory {
	id: number;
	name: string;
	language: string;
	parent: RenderedCategory | null;
}

/** `language` must be one of /languages/; names without a translation fall back to English (and say so). */
function languageParam(ctx: RequestContext, errors: FieldErrors): string {
	const raw = last(ctx.query, 'language');
	if (raw === undefined || raw === '') return 'en';
	if (!ctx.state.data.languages.some((l) => l.language_code === raw)) errors.add('language', MSG.choice(raw));
	return raw;
}

function orderByParam(ctx: RequestContext, errors: FieldErrors): string | undefined {
	const raw = last(ctx.query, 'order_by');
	if (raw === undefined || raw === '') return undefined;
	if (raw !== 'name' && raw !== '-name') errors.add('order_by', MSG.choice(raw));
	return raw;
}

export function renderCategory(category: Category, lang: string, all: Category[]): RenderedCategory {
	const translated = category.names[lang];
	const parent = category.parentId === null ? undefined : all.find((c) => c.id === category.parentId);
	return {
		id: category.id,
		name: translated ?? category.names.en,
		language: translated ? lang : 'en',
		parent: parent ? renderCategory(parent, lang, all) : null,
	};
}

function categoryList(ctx: RequestContext, pick: (all: Category[], errors: FieldErrors) => Category[]): Reply {
	const all = ctx.state.data.categories;
	const errors = new FieldErrors();
	const page = pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors);
	const lang = languageParam(ctx, errors);
	const orderBy = orderByParam(ctx, errors);
	const picked = pick(all, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	const items = picked.map((c) => renderCategory(c, lang, all));
	if (orderBy) {
		const collator = new Intl.Collator(lang);
		items.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
		if (orderBy === '-name') items.reverse();
	}
	return json(200, paginate(items, page));
}

/** GET /categories/: `campaign` repeatable, a category matches when any given program has it. */
export function categories(ctx: RequestContext): Reply {
	return categoryList(ctx, (all, errors) => {
		const raw = ctx.query.getAll('campaign').filter((v) => v !== '');
		const ids = raw.map(parseInteger);
		if (ids.some((id) => id === undefined)) {
			errors.add('campaign', MSG.integer);
			return [];
		}
		if (!ids.length) return all;
		const wanted = new Set(
			ctx.state.data.programs.filter((p) => ids.includes(p.id)).flatMap((p) => p.categoryIds),
		);
		return all.filter((c) => wanted.has(c.id));
	});
}

export function programCategories(ctx: RequestContext): Reply {
	const program = ctx.state.data.programs.find((p) => p.id === Number(ctx.params.id));
	if (!program) return partnerError.notFound();
	return categoryList(ctx, (all) => all.filter((c) => program.categoryIds.includes(c.id)));
}

export function category(ctx: RequestContext): Reply {
	const all = ctx.state.data.categories;
	const found = all.find((c) => c.id === Number(ctx.params.id));
	if (!found) return partnerError.notFound();
	const errors = new FieldErrors();
	const lang = languageParam(ctx, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	return json(200, renderCategory(found, lang, all));
}

// ---- exchange rates ----

/** Units per USD on a given day: the seeded base value moved by up to ±2 % by a hash of (currency, day). */
function unitsOnDay(base: number, code: string, ymd: string): number {
	if (code === 'USD') return 1;
	let h = 2166136261;
	for (const ch of `${code}|${ymd}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
	return base * (1 + ((h % 4001) - 2000) / 100_000);
}

/** GET /currencies/rate/?base&target&date: base * rate = target. */
export function currencyRate(ctx: RequestContext): Reply {
	const { unitsPerUsd } = ctx.state.data;
	const errors = new FieldErrors();
	const code = (name: string) => {
		const raw = last(ctx.query, name);
		if (raw === undefined || raw === '') {
			errors.add(name, MSG.required);
			return undefined;
		}
		const upper = raw.toUpperCase();
		if (!(upper in unitsPerUsd)) errors.add(name, MSG.choice(raw));
		return upper;
	};
	const base = code('base');
	const target = code('target');
	const rawDate = last(ctx.query, 'date');
	let date: string | undefined;
	if (rawDate === undefined || rawDate === '') errors.add('date', MSG.required);
	else if (!(date = parseDmy(rawDate))) errors.add('date', MSG.date);
	if (errors.any || !base || !target || !date) return partnerError.validation(errors.errors);

	const rate = unitsOnDay(unitsPerUsd[target], target, date) / unitsOnDay(unitsPerUsd[base], base, date);
	return json(200, { base, target, date, rate: rate.toFixed(6) });
}

