// A form's outcome in one line: said to screen readers as a status, or as an alert when it failed.

export function Message({ text, error }: { text: string | null; error?: boolean }) {
  if (!text) return null;
  return (
    <p role={error ? 'alert' : 'status'} class={error ? 'error' : 'ok'}>
      {text}
    </p>
  );
}
