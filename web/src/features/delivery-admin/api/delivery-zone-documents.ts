import { graphqlDocument } from '../../../lib/graphql-document';
/** Delivery zones by PIN prefix (decision 0068), for staff. */

export interface DeliveryZone {
  pinPrefix: string;
  label: string;
  serviceable: boolean;
  codAvailable: boolean;
  deliveryDays: number;
  updatedAt: string;
}

const ZONE = 'pinPrefix label serviceable codAvailable deliveryDays updatedAt';

export const DELIVERY_ZONES = graphqlDocument('DeliveryZones', `query DeliveryZones { deliveryZones { ${ZONE} } }`);
export interface DeliveryZonesData {
  deliveryZones: DeliveryZone[];
}

export const CREATE_DELIVERY_ZONE = graphqlDocument('CreateDeliveryZone', `mutation CreateDeliveryZone($input: DeliveryZoneInput!) { createDeliveryZone(input: $input) { success message zone { ${ZONE} } } }`);
export const UPDATE_DELIVERY_ZONE = graphqlDocument('UpdateDeliveryZone', `mutation UpdateDeliveryZone($pinPrefix: String!, $input: DeliveryZoneChange!) { updateDeliveryZone(pinPrefix: $pinPrefix, input: $input) { success message zone { ${ZONE} } } }`);
export const DELETE_DELIVERY_ZONE = graphqlDocument('DeleteDeliveryZone', `mutation DeleteDeliveryZone($pinPrefix: String!) { deleteDeliveryZone(pinPrefix: $pinPrefix) { success message } }`);

export type DeliveryZoneFields = Omit<DeliveryZone, 'updatedAt'>;
export type DeliveryZoneChange = Partial<Omit<DeliveryZoneFields, 'pinPrefix'>>;
