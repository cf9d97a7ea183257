/**
 * Class B: the answers of the link operations, rewritten. A deeplink answer (a bare array, one
 * link per `ulp` asked, in two shapes: published-api-facts.md, sections 3 and 12.1) with an entry
 * dropped, added or repeated, wrapped in an object, of mixed shapes, a link that is none, or an
 * `is_affiliate_product` that is no boolean must fail naming the request, never output a shifted
 * pairing; its bare-strings shape means the same. A resolve or coupon-search answer (`data`, one
 * entry per iri) with an entry dropped, added or repeated, or a tracking link that is none, must
 * fail; its entries in another order mean the same (paired by iri, never by position), as does,
 * for a search, an iri written with its host in capitals. A server error must fail naming the
 * request, and a search, a POST, must not be sent again (catalogBLinks.ts). A program's get wrapped as
 * `{results: [program]}` means the same; with no program, two, or another in it, it must fail.
 */
import { isObject, withArray, withJson, type Family, type Json } from './answerFamily';

/** The entries of a resolve's or a search's `data`. */
const dataOf = (body: Json) => (Array.isArray(body.data) ? (body.data as Json[]) : undefined);

function changeEntries(items: unknown[], variant: string): void {
	if (variant === 'drop') items.pop();
	else if (variant === 'add') items.push(structuredClone(items[0]));
	else if (variant === 'duplicate') items.splice(1, 0, structuredClone(items[0]));
}

const hostInCapitals = (iri: string) => iri.replace(/^(https?:\/\/)([^/?#]+)/i, (_all, scheme: string, host: string) => `${scheme}${host.toUpperCase()}`);

export const LINK_FAMILIES: Family[] = [
	{
		name: 'deeplinkEntries',
		shapes: ['deeplinks'],
		variants: () => ['drop', 'add', 'duplicate', 'wrapObject', 'mixed', 'linkNotUrl', 'linkEmpty', 'linkNumber', 'affiliateYes', 'affiliateOne', 'affiliateObject'],
		rewrite: (answer, variant) => {
			if (variant === 'wrapObject') return { ...answer, text: JSON.stringify({ results: JSON.parse(answer.text) as unknown }) };
			return withArray(answer, (items) => {
				const first = items[0] as Json;
				if (['drop', 'add', 'duplicate'].includes(variant)) changeEntries(items, variant);
				else if (variant === 'mixed') items[0] = isObject(first) ? first.link : { link: first, is_affiliate_product: null };
				else if (variant === 'linkNotUrl') first.link = 'not a link';
				else if (variant === 'linkEmpty') first.link = '';
				else if (variant === 'linkNumber') first.link = 42;
				else first.is_affiliate_product = variant === 'affiliateYes' ? 'yes' : variant === 'affiliateOne' ? 1 : {};
			});
		},
	},
	{
		name: 'deeplinkStrings',
		shapes: ['deeplinks'],
		equivalent: true,
		variants: () => ['bareLinks'],
		rewrite: (answer) => withArray(answer, (items) => void items.splice(0, items.length, ...items.map((item) => (isObject(item) ? item.link : item)))),
	},
	{
		name: 'iriEntries',
		shapes: ['resolved', 'searched'],
		variants: (shape) => ['drop', 'add', 'duplicate', 'otherIri', ...(shape === 'resolved' ? ['trackingEmpty', 'trackingNotHttp', 'trackingNumber'] : ['couponsNotList'])],
		rewrite: (answer, variant) =>
			withJson(answer, (body) => {
				const entries = dataOf(body);
				if (!entries?.length) return;
				if (['drop', 'add', 'duplicate'].includes(variant)) changeEntries(entries, variant);
				else if (variant === 'otherIri') entries[0].iri = 'https://not-asked.example/p/1';
				else if (variant === 'trackingEmpty') entries[0].trackingLink = '';
				else if (variant === 'trackingNotHttp') entries[0].trackingLink = 'ftp://tatrck.example/h/1';
				else if (variant === 'trackingNumber') entries[0].trackingLink = 7;
				else entries[0].coupons = { coupon: entries[0].coupons };
			}),
	},
	{
		name: 'iriEquivalent',
		shapes: ['resolved', 'searched'],
		equivalent: true,
		// The resolve outputs the service's iri beside the URL given, so only a search may take another spelling of it.
		variants: (shape) => ['reversed', ...(shape === 'searched' ? ['hostInCapitals'] : [])],
		rewrite: (answer, variant) =>
			withJson(answer, (body) => {
				const entries = dataOf(body);
				if (!entries) return;
				if (variant === 'reversed') entries.reverse();
				else for (const entry of entries) entry.iri = hostInCapitals(String(entry.iri));
			}),
	},
	{
		// A server error in the click service's style: a resolve (an idempotent PUT) is read again, a search (a POST) never sent twice.
		name: 'serverError',
		shapes: ['resolved', 'searched'],
		variants: () => ['500', '503'],
		rewrite: (answer, variant) => ({ ...answer, status: Number(variant), text: JSON.stringify({ errors: [{ status: variant, title: 'fuzz: server error', code: '1000' }] }) }),
	},
	{
		name: 'programWrapped',
		shapes: ['record'],
		about: 'program',
		equivalent: true,
		variants: () => ['results'],
		rewrite: (answer) =>
			withJson(answer, (body) => {
				const program = { ...body };
				for (const key of Object.keys(body)) delete body[key];
				body.results = [program];
			}),
	},
	{
		name: 'programResults',
		shapes: ['record'],
		about: 'program',
		variants: () => ['none', 'two', 'another'],
		rewrite: (answer, variant) =>
			withJson(answer, (body) => {
				const program = { ...body };
				for (const key of Object.keys(body)) delete body[key];
				body.results = variant === 'none' ? [] : variant === 'two' ? [program, { ...program, id: Number(program.id) + 1 }] : [{ ...program, id: Number(program.id) + 1 }];
			}),
	},
];
