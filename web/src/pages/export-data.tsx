// Your data, as one JSON file to keep (GET /v1/me/export): in Settings, and first thing before
// deleting the account.

import { useState } from 'preact/hooks';
import { api, problemText } from '../api/client.ts';
import { session } from '../session.ts';
import { Message } from './message.tsx';


export function ExportData() {
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  async function download() {
    const { data, error } = await api.GET('/v1/me/export');
    if (!data) return setMessage({ text: problemText(error), error: true });
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${session.current()?.handle ?? 'my'}-export.json`;
    link.click();
    URL.revokeObjectURL(url);
    setMessage({ text: 'Your data is downloaded.' });
  }
  return (
    <div>
      <button type="button" onClick={download}>
        Export my data
      </button>
      <Message text={message?.text ?? null} error={message?.error} />
    </div>
  );
}
