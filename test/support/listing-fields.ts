/** A new listing's fields for storage tests (insertListing / newListingPut): a Laval house of a test broker. */
export function listingFields(address: string, broker: { id: number; firstname: string; lastname: string }) {
  return {
    address, city: 'Laval', postalcode: 'H7A 1A1', room_count: 4, is_house: true, lat: 45.6, lng: -73.7, state: 0,
    broker_id: broker.id, broker: { firstname: broker.firstname, lastname: broker.lastname },
  };
}
