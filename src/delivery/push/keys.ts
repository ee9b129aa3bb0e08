// The service's VAPID key pair (RFC 8292): made by web-push the first time any process needs it,
// stored once (src/store/push-records.ts, sealed like the signing keys when SIGNING_KEY_SECRET is
// set), and the same for every process from then on: browsers subscribed with its public half,
// and a push signed with another key would be refused.

import webpush from 'web-push';
import type { PushKeyRecords, VapidKeys } from '../../notify/ports/push-records.ts';

export class VapidKeyring {
  /** Read once per process: the pair never changes. */
  private loaded: Promise<VapidKeys> | undefined;

  private readonly records: PushKeyRecords;

  constructor(records: PushKeyRecords) {
    this.records = records;
  }

  keys(): Promise<VapidKeys> {
    this.loaded ??= this.records.keys(() => webpush.generateVAPIDKeys()).catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  async publicKey(): Promise<string> {
    return (await this.keys()).publicKey;
  }
}

/**
 * The VAPID `sub` (RFC 8292 §2.1): how a push service reaches the operator. The public URL when it
 * is https, else the address emails come from, else a placeholder that says there is none.
 */
export function vapidSubject(publicUrl: string | undefined, mailFrom: string | undefined): string {
  if (publicUrl?.startsWith('https://')) return publicUrl;
  const address = mailFrom?.match(/<([^<>@\s]+@[^<>\s]+)>/)?.[1] ?? mailFrom?.match(/^[^<>@\s]+@[^<>\s]+$/)?.[0];
  return `mailto:${address ?? 'operator@example.invalid'}`;
}
