// A transaction a store adapter opened and hands to a callback, for the callback to hand back to
// a store adapter (an email job queued in the transaction that disables a webhook, a link issued
// in the one that sends a digest). Opaque to the channels: they never run a query on it.

export interface StoreTransaction {
  readonly storeTransaction: true;
}
