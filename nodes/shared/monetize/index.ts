/**
 * The click service's monetize API beside its statistics: merchants, coupons and the coupon
 * search (../shared/spec/published-api-facts.md, sections 9 and 11; docs/nodes.md, Click Report).
 */
export { MERCHANTS_PATH, fetchMerchants, merchantFilterQuery, merchantFilters, merchantPage, merchantProblem } from './merchants';
export { COUPONS_PATH, couponFilterQuery, couponFilters, couponPage, fetchCoupons } from './coupons';
export { COUPON_DATE_SLACK_MS, couponProblem, listFilterProblem } from './couponChecks';
export {
	COUPON_SEARCH_PATH,
	IRIS_PER_SEARCH,
	couponSearchAnswer,
	couponsPerIri,
	leftOutOf,
	searchAnswerProblem,
	searchBody,
	searchGroupKey,
	spreadCoupons,
} from './couponSearch';
export type { SearchGroup } from './couponSearch';
export { categoryIdsField, languageCodesField, readCategoryIds, readLanguageCodes } from './filterFields';
export { ARRAY_QUERY_FORM, putQueryArray, queryArray } from './queryArrays';
