import { graphqlDocument, type ResultOf, type VariablesOf } from '../../../lib/graphql-document';
/** Delivery zones by PIN prefix (decision 0068), for staff. */

const ZONE = 'pinPrefix label serviceable codAvailable deliveryDays updatedAt';

export const DELIVERY_ZONES = graphqlDocument('DeliveryZones', `query DeliveryZones { deliveryZones { ${ZONE} } }`);
export const CREATE_DELIVERY_ZONE = graphqlDocument('CreateDeliveryZone', `mutation CreateDeliveryZone($input: DeliveryZoneInput!) { createDeliveryZone(input: $input) { success message zone { ${ZONE} } } }`);
export const UPDATE_DELIVERY_ZONE = graphqlDocument('UpdateDeliveryZone', `mutation UpdateDeliveryZone($pinPrefix: String!, $input: DeliveryZoneChange!) { updateDeliveryZone(pinPrefix: $pinPrefix, input: $input) { success message zone { ${ZONE} } } }`);
export const DELETE_DELIVERY_ZONE = graphqlDocument('DeleteDeliveryZone', `mutation DeleteDeliveryZone($pinPrefix: String!) { deleteDeliveryZone(pinPrefix: $pinPrefix) { success message } }`);

export type DeliveryZonesData = ResultOf<typeof DELIVERY_ZONES>;
export type DeliveryZone = DeliveryZonesData['deliveryZones'][number];
export type DeliveryZoneFields = VariablesOf<typeof CREATE_DELIVERY_ZONE>['input'];
export type DeliveryZoneChange = VariablesOf<typeof UPDATE_DELIVERY_ZONE>['input'];
