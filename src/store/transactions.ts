// The store's transactions as the notification ports see them (src/notify/ports/transaction.ts):
// opaque handles that only a store adapter turns back into a connection to query on.

import type { Queryable } from '../db/queryable.ts';
import type { StoreTransaction } from '../notify/ports/transaction.ts';

export const asStoreTransaction = (tx: Queryable): StoreTransaction => tx as unknown as StoreTransaction;

/** The connection a handle stands for, or `otherwise` without one. */
export const queryableOf = (within: StoreTransaction | undefined, otherwise: Queryable): Queryable =>
  within === undefined ? otherwise : (within as unknown as Queryable);
