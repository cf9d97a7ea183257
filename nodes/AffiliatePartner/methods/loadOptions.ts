import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchPartnerList, listOf } from '../../shared/transport';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name, 'en');

/** Currencies for Base Currency and Target Currency: "USD - US Dollar" → USD. */
export async function getCurrencies(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const currencies = await fetchPartnerList(this, { path: '/currencies/', expect: listOf('code', 'a list of currencies') });
	return currencies
		.filter((currency: IDataObject) => typeof currency.code === 'string' && currency.code !== '')
		.map((currency) => ({
			name: currency.name ? `${String(currency.code)} - ${String(currency.name)}` : String(currency.code),
			value: String(currency.code),
		}))
		.sort(byName);
}

/** Languages for the language parameters: "Deutsch (de)" → de. */
export async function getLanguages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const languages = await fetchPartnerList(this, { path: '/languages/', expect: listOf('language_code', 'a list of languages') });
	return languages
		.filter((language: IDataObject) => typeof language.language_code === 'string' && language.language_code !== '')
		.map((language) => ({
			name: language.language
				? `${String(language.language)} (${String(language.language_code)})`
				: String(language.language_code),
			value: String(language.language_code),
		}))
		.sort(byName);
}

export { getAdSpaces, getPrograms } from '../../shared/partnerStatistics/loadOptions';
export { getCouponCategories } from '../../shared/partnerCoupons';
export { getAdSpacePrograms } from '../../shared/partnerPrograms/loadOptions';
