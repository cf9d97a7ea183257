export { couponAnswersQuery } from './couponCheck';
export { COUPON_LANGUAGE_FIELD, COUPON_ORDER_FIELDS, couponFilters, couponOrderOptions, readCouponFilters, readCouponOrder } from './filters';
export { getCouponCategories } from './loadOptions';
