import { graphqlDocument } from '../../../lib/graphql-document';
/** The GST rate table (decision 0046) and the monthly GST summary (decision 0049), for staff. */

export interface GstRate {
  id: string;
  hsnPrefix: string;
  /** Rupees per piece before tax; null: any value. */
  upTo: number | null;
  rate: number;
  description: string;
}

export const GST_RATES = graphqlDocument('GstRates', `query GstRates { gstRates { id hsnPrefix upTo rate description } }`);
export interface GstRatesData {
  gstRates: GstRate[];
}

export const UPDATE_GST_RATE = graphqlDocument('UpdateGstRate', `mutation UpdateGstRate($id: ID!, $input: GstRateInput!) { updateGstRate(id: $id, input: $input) { success rate { id hsnPrefix upTo rate description } } }`);
export const CREATE_GST_RATE = graphqlDocument('CreateGstRate', `mutation CreateGstRate($input: GstRateInput!) { createGstRate(input: $input) { success rate { id hsnPrefix upTo rate description } } }`);
export interface GstRateInput extends Record<string, unknown> {
  hsnPrefix?: string;
  upTo?: number | null;
  rate?: number;
  description?: string;
}

/** The rates GST 2.0 knows (percent): proto-contracts' list, the one the server checks against. */
export { GST_SLABS_PERCENT as GST_SLABS } from '@shop/proto-contracts/web';

interface Amounts {
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface GstSummary {
  month: string;
  invoices: number;
  creditNotes: number;
  b2c: Array<Amounts & { placeOfSupply: string; rate: number }>;
  hsn: Array<Amounts & { hsnCode: string; rate: number; quantity: number; totalValue: number }>;
  totals: Amounts & { totalValue: number };
}

export const GST_SUMMARY = graphqlDocument('GstSummary', `query GstSummary($month: String!) { gstSummary(month: $month) { month invoices creditNotes
  b2c { placeOfSupply rate taxableValue cgst sgst igst }
  hsn { hsnCode rate quantity totalValue taxableValue cgst sgst igst }
  totals { totalValue taxableValue cgst sgst igst } } }`);
export interface GstSummaryData {
  gstSummary: GstSummary;
}

export const gstSummaryCsvHref = (month: string) => `/api/v1/admin/gst-summary/csv?month=${encodeURIComponent(month)}`;
