import { graphqlDocument, type ResultOf, type VariablesOf } from '../../../lib/graphql-document';
/** The GST rate table (decision 0046) and the monthly GST summary (decision 0049), for staff. */

export const GST_RATES = graphqlDocument('GstRates', `query GstRates { gstRates { id hsnPrefix upTo rate description } }`);
export const UPDATE_GST_RATE = graphqlDocument('UpdateGstRate', `mutation UpdateGstRate($id: ID!, $input: GstRateInput!) { updateGstRate(id: $id, input: $input) { success rate { id hsnPrefix upTo rate description } } }`);
export const CREATE_GST_RATE = graphqlDocument('CreateGstRate', `mutation CreateGstRate($input: GstRateInput!) { createGstRate(input: $input) { success rate { id hsnPrefix upTo rate description } } }`);
/** The rates GST 2.0 knows (percent): proto-contracts' list, the one the server checks against. */
export { GST_SLABS_PERCENT as GST_SLABS } from '@shop/proto-contracts/web';

export const GST_SUMMARY = graphqlDocument('GstSummary', `query GstSummary($month: String!) { gstSummary(month: $month) { month invoices creditNotes
  b2c { placeOfSupply rate taxableValue cgst sgst igst }
  hsn { hsnCode rate quantity totalValue taxableValue cgst sgst igst }
  totals { totalValue taxableValue cgst sgst igst } } }`);
export const gstSummaryCsvHref = (month: string) => `/api/v1/admin/gst-summary/csv?month=${encodeURIComponent(month)}`;

export type GstRatesData = ResultOf<typeof GST_RATES>;
/** A rate of the table: upTo is rupees per piece before tax (null: any value). */
export type GstRate = GstRatesData['gstRates'][number];
export type GstRateInput = VariablesOf<typeof CREATE_GST_RATE>['input'];
export type GstSummaryData = ResultOf<typeof GST_SUMMARY>;
export type GstSummary = GstSummaryData['gstSummary'];
