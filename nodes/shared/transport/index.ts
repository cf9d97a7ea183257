export type { ApiName } from './apis';
export { apiExchange, apiRequest } from './request';
export type { ApiExchange, ApiRequest, TransportContext } from './request';
export { PARTNER_MAX_PAGE_SIZE, fetchPartnerList } from './partnerList';
export type { ListRequest } from './partnerList';
export { resolveAccount } from './account';
export type { Account } from './account';
export { pagesInFlight, runPool } from './pool';
