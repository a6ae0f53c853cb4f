// Every id the API hands out is a UUID (the contract's `format: uuid`): ids read outside the contract's validation
// (a token's claims, the x-organization-id header, a cursor) are checked against this before any query.
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
