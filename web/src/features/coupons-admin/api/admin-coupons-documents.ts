import { graphqlDocument, type ResultOf, type VariablesOf } from '../../../lib/graphql-document';
const COUPON_FIELDS = 'id code type value minOrder validFrom validTo maxUses maxUsesPerCustomer active uses';

/** Staff: coupons newest first with their uses, 20 a page. */
export const ADMIN_COUPONS = graphqlDocument('AdminCoupons', `
  query AdminCoupons($page: Int, $limit: Int) {
    adminCoupons(page: $page, limit: $limit) {
      total totalPages currentPage
      coupons { ${COUPON_FIELDS} }
    }
  }
`);
export const COUPONS_PAGE_SIZE = 20;

export const CREATE_COUPON = graphqlDocument('CreateCoupon', `
  mutation CreateCoupon($input: CouponInput!) {
    createCoupon(input: $input) { success message coupon { ${COUPON_FIELDS} } }
  }
`);
export const UPDATE_COUPON = graphqlDocument('UpdateCoupon', `
  mutation UpdateCoupon($id: ID!, $input: CouponInput!) {
    updateCoupon(id: $id, input: $input) { success message coupon { ${COUPON_FIELDS} } }
  }
`);
export const DELETE_COUPON = graphqlDocument('DeleteCoupon', `
  mutation DeleteCoupon($id: ID!) {
    deleteCoupon(id: $id) { success message }
  }
`);

const istDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The shop day (YYYY-MM-DD) a coupon starts on. */
export function startDayOf(iso: string): string {
  return istDay.format(new Date(iso));
}

/** The last shop day a coupon can be used on (validTo is the moment it ends). */
export function lastDayOf(iso: string): string {
  return istDay.format(new Date(new Date(iso).getTime() - 1));
}

/** A coupon's whole terms as the update mutation takes them, with some changed (e.g. `active`). */
export function couponInputOf(c: AdminCoupon, changes: Partial<CouponInput> = {}): CouponInput {
  return {
    code: c.code,
    type: c.type,
    value: c.value,
    minOrder: c.minOrder,
    validFrom: c.validFrom,
    validTo: c.validTo,
    maxUses: c.maxUses,
    maxUsesPerCustomer: c.maxUsesPerCustomer,
    active: c.active,
    ...changes,
  };
}

export type AdminCouponsData = ResultOf<typeof ADMIN_COUPONS>;
/** Coupons as staff manage them (the order subgraph's Coupon; money in rupees, decision 0028). */
export type AdminCoupon = AdminCouponsData['adminCoupons']['coupons'][number];
/** What the form sends: days are the shop's (Asia/Kolkata) days; empty means the default or no limit. */
export type CouponInput = VariablesOf<typeof CREATE_COUPON>['input'];
