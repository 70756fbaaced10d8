import { graphqlDocument } from '../../../lib/graphql-document';

export const FIRST_ORDER_ELIGIBLE = graphqlDocument('FirstOrderEligible', `query FirstOrderEligible { me { id firstOrderDiscountEligible } }`);
