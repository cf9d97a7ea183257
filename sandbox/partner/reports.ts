// The aggregated reports /statistics/{dates,months,websites,campaigns,sub_ids,sub_ids1-4,sources,keywords}/
// (../shared/spec/published-api-facts.md section 2): one row per group and currency, {results, _meta}
// pages, or with total=1 a bare array of one object per currency (docs/sandbox.md).

import { partnerViews } from '../conversions/partnerActions';
import type { ReportDims } from '../conversions/seedTraffic';
import { json, partnerError, Reply } from '../reply';
import type { RequestContext } from '../state';
import { choiceParam, dmyParam, integerList, orderBy, OrderKeys } from './ordering';
import { FieldErrors, pageParams, paginate } from './params';
import { reportQueryKey } from './builtReports';
import { addAction, addTraffic, emptySums, figures, METRIC_FIELDS, pick, Sums } from './reportSums';

type Dims = ReportDims;
type SubidName = 'subid' | 'subid1' | 'subid2' | 'subid3' | 'subid4';
type Row = Record<string, string | number>;

interface Report {
	/** The row's key fields; undefined leaves the dims out of this report. */
	key(d: Dims): Row | undefined;
	metrics: string[];
	/** order_by values besides the metrics, each to the row field it sorts by. */
	orderFields: Record<string, string>;
	/** The row field sorted by when no order_by is given (ascending). */
	defaultOrder: string;
	filters: readonly string[];
}

const SOURCE_NAMES = { g: 'Google Adwords', y: 'Yandex.Direct' };
const PY_METRIC_ORDER = ['clicks', 'cr', 'ctr', 'ecpc', 'ecpm', 'payment_sum', 'payment_sum_approved', 'payment_sum_declined', 'payment_sum_open', 'views'];
const SUB_METRIC_ORDER = ['clicks', 'cr', 'ecpc', 'payment_sum', 'payment_sum_approved', 'payment_sum_declined', 'payment_sum_open'];
const SUBIDS: SubidName[] = ['subid', 'subid1', 'subid2', 'subid3', 'subid4'];
const ALIASES = { action: 'actions_sum_total', actions: 'actions_sum_total', leads: 'leads_sum', sales: 'sales_sum' };

const dated = (key: (d: Dims) => Row, nameField: string): Omit<Report, 'metrics'> => ({
	key,
	orderFields: { action: ALIASES.action, leads: ALIASES.leads, sales: ALIASES.sales, name: nameField },
	defaultOrder: nameField,
	filters: ['subid'],
});

function subIdReport(grouped: SubidName, path: number): Report {
	return {
		key: (d) => ({ [grouped]: d[grouped] ?? '' }),
		metrics: METRIC_FIELDS.subIds,
		orderFields: { actions: ALIASES.actions, leads: ALIASES.leads, sales: ALIASES.sales, [grouped]: grouped },
		defaultOrder: grouped,
		filters: path ? SUBIDS : [...SUBIDS, 'group_subids'],
	};
}

const REPORTS: Record<string, Report> = {
	dates: { ...dated((d) => ({ date: d.day }), 'date'), metrics: METRIC_FIELDS.dates },
	months: { ...dated((d) => ({ date: d.day.slice(0, 7) }), 'date'), metrics: METRIC_FIELDS.dates },
	campaigns: {
		...dated((d) => ({ advcampaign_id: d.program.id, advcampaign_name: d.program.name }), 'advcampaign_name'),
		metrics: METRIC_FIELDS.websites,
		defaultOrder: 'advcampaign_id',
	},
	websites: {
		key: (d) => ({ website_id: String(d.website.id), website_name: d.website.name }),
		metrics: METRIC_FIELDS.websites,
		orderFields: { website_id: 'website_id', website_name: 'website_name', leads_sum: 'leads_sum', sales_sum: 'sales_sum', currency: 'currency' },
		defaultOrder: 'website_id',
		filters: ['subid'],
	},
	sources: {
		key: (d) => (d.source ? { source: d.source, source_name: SOURCE_NAMES[d.source] } : undefined),
		metrics: METRIC_FIELDS.sources,
		orderFields: { actions: ALIASES.actions, leads: ALIASES.leads, sales: ALIASES.sales, source: 'source' },
		defaultOrder: 'source',
		filters: [],
	},
	keywords: {
		key: (d) => (d.keyword ? { keyword: d.keyword } : undefined),
		metrics: METRIC_FIELDS.sources,
		orderFields: { actions: ALIASES.actions, leads: ALIASES.leads, sales: ALIASES.sales, keyword: 'keyword', source: 'source' },
		defaultOrder: 'keyword',
		filters: ['source'],
	},
	sub_ids: subIdReport('subid', 0),
	...Object.fromEntries([1, 2, 3, 4].map((n) => [`sub_ids${n}`, subIdReport(`subid${n}` as SubidName, n)])),
};

export const REPORT_PATH = /^\/statistics\/(?<report>dates|months|websites|campaigns|sub_ids[1-4]?|sources|keywords)\/$/;

function dimsFilter(ctx: RequestContext, report: Report, errors: FieldErrors): (d: Dims) => boolean {
	const q = ctx.query;
	const [start, end] = [dmyParam(q, 'date_start', errors), dmyParam(q, 'date_end', errors)];
	const websites = integerList(q, 'website', errors);
	const campaigns = integerList(q, 'campaign', errors);
	const subids = SUBIDS.filter((n) => report.filters.includes(n)).map((n) => [n, q.getAll(n).filter((v) => v !== '')] as const);
	const source = report.filters.includes('source') ? choiceParam(q, 'source', ['g', 'y'], errors) : undefined;
	return (d) =>
		(start === undefined || d.day >= start) &&
		(end === undefined || d.day <= end) &&
		(websites === undefined || websites.includes(d.website.id)) &&
		(campaigns === undefined || campaigns.includes(d.program.id)) &&
		subids.every(([name, values]) => !values.length || values.includes(d[name] ?? '')) &&
		(source === undefined || d.source === source);
}

/** Every dims of the seeded traffic and of the actions visible now, with their figures added to a group. */
function groups(ctx: RequestContext, report: Report, keep: (d: Dims) => boolean): Map<string, { key: Row; sums: Sums }> {
	const out = new Map<string, { key: Row; sums: Sums }>();
	const add = (d: Dims, currency: string, fill: (s: Sums) => void) => {
		if (!keep(d)) return;
		const key = report.key(d);
		if (!key) return;
		const id = JSON.stringify([key, currency]);
		const group = out.get(id) ?? { key, sums: emptySums(currency) };
		fill(group.sums);
		out.set(id, group);
	};
	const { conversions } = ctx.state;
	for (const t of conversions.traffic) add(t, t.program.currency, (s) => addTraffic(s, t.views, t.clicks));
	for (const v of partnerViews(conversions.partner, ctx.state.now().getTime())) {
		const b = v.base;
		const dims: Dims = { ...b, day: b.action_date.slice(0, 10), website: { id: b.website_id, name: b.website_name }, program: { id: b.advcampaign_id, name: b.advcampaign_name } };
		add(dims, b.currency, (s) => addAction(s, v));
	}
	return out;
}

export function statisticsReport(ctx: RequestContext): Reply {
	const name = ctx.params.report;
	let report = REPORTS[name];
	const errors = new FieldErrors();
	if (report.filters.includes('group_subids')) {
		const grouped = choiceParam(ctx.query, 'group_subids', SUBIDS, errors) as SubidName | undefined;
		if (grouped) report = { ...subIdReport(grouped, 0), filters: report.filters };
	}
	const keep = dimsFilter(ctx, report, errors);
	const orderKeys: OrderKeys<Row> = {};
	const metricOrder = name === 'websites' ? report.metrics : name.startsWith('sub_ids') || name === 'sources' || name === 'keywords' ? SUB_METRIC_ORDER : PY_METRIC_ORDER;
	for (const field of metricOrder) orderKeys[field] = (row) => row[field];
	for (const [value, field] of Object.entries(report.orderFields)) orderKeys[value] = (row) => row[field];
	const compare = orderBy(ctx.query, orderKeys, { key: (row) => row[report.defaultOrder], sign: 1 }, (row) => row.currency, errors);
	const total = choiceParam(ctx.query, 'total', ['0', '1'], errors);
	const page = pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	const { conversions } = ctx.state;
	const builtFor = `${name}:${reportQueryKey(ctx.query)}:${conversions.partner.seenAt(ctx.state.now().getTime())}`;
	const rows = conversions.builtReports.get(builtFor, () => {
		const found = [...groups(ctx, report, keep).values()];
		if (total === '1') {
			const byCurrency = new Map<string, Sums>();
			for (const { sums } of found) byCurrency.set(sums.currency, mergeSums(byCurrency.get(sums.currency), sums));
			const currencies = [...byCurrency.keys()].sort();
			return currencies.map((c) => pick(figures(byCurrency.get(c)!), METRIC_FIELDS.total));
		}
		const fields = [...Object.keys(report.key(SAMPLE_DIMS) ?? {}), ...report.metrics];
		return found.map(({ key, sums }) => ({ ...key, ...figures(sums) }) as Row).sort(compare).map((row) => pick(row, fields));
	});
	return json(200, total === '1' ? rows : paginate(rows, page));
}

/** Dims that every report keys, to learn a report's key field names. */
const SAMPLE_DIMS: Dims = {
	day: '2000-01-01', website: { id: 0, name: '' }, program: { id: 0, name: '' },
	subid: '', subid1: '', subid2: '', subid3: '', subid4: '', source: 'g', keyword: 'k',
};

function mergeSums(into: Sums | undefined, add: Sums): Sums {
	const sum = into ?? emptySums(add.currency);
	sum.views += add.views;
	sum.clicks += add.clicks;
	for (const k of ['leads', 'sales', 'payment'] as const) for (let i = 0; i < 3; i++) sum[k][i] += add[k][i];
	return sum;
}
