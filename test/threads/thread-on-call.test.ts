// ThreadOnCall (src/threads/thread-on-call.ts), with a real worker: answers come back to the
// question that asked them, a thrown error comes back as that question's refusal and the thread
// goes on, a thread that dies fails what it owed and the next question starts another, and an
// idle thread ends.

import { describe, expect, it } from 'vitest';
import { ThreadOnCall } from '../../src/threads/thread-on-call.ts';

type Question = { act: 'echo' | 'throw' | 'exit'; value: string };
const script = new URL('../fixtures/threads/echo-worker.ts', import.meta.url);

describe('a thread on call', () => {
  it('answers each question, in any number at once, with its own answer', async () => {
    const thread = new ThreadOnCall<Question, string>(script, 'The echo thread');
    const values = Array.from({ length: 20 }, (_, i) => `q${i}`);
    await expect(Promise.all(values.map((value) => thread.ask({ act: 'echo', value })))).resolves.toEqual(values.map((v) => `${v} (thread)`));
  });

  it('turns an error thrown on the thread into that question’s refusal, and goes on answering', async () => {
    const thread = new ThreadOnCall<Question, string>(script, 'The echo thread');
    const refused = thread.ask({ act: 'throw', value: 'a' });
    const answered = thread.ask({ act: 'echo', value: 'b' });
    await expect(refused).rejects.toThrow('refused a');
    await expect(answered).resolves.toBe('b (thread)');
  });

  it('fails what a dead thread owed, and starts another for the next question', async () => {
    const thread = new ThreadOnCall<Question, string>(script, 'The echo thread');
    await expect(thread.ask({ act: 'exit', value: '' })).rejects.toThrow('The echo thread exited (code 3).');
    await expect(thread.ask({ act: 'echo', value: 'again' })).resolves.toBe('again (thread)');
  });

  it('ends an idle thread, and starts it again when asked', async () => {
    const thread = new ThreadOnCall<Question, string>(script, 'The echo thread', 50);
    await expect(thread.ask({ act: 'echo', value: 'one' })).resolves.toBe('one (thread)');
    const first = (thread as unknown as { worker: { threadId: number } | undefined }).worker;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((thread as unknown as { worker: unknown }).worker).toBeUndefined();
    await expect(thread.ask({ act: 'echo', value: 'two' })).resolves.toBe('two (thread)');
    expect((thread as unknown as { worker: { threadId: number } }).worker.threadId).not.toBe(first!.threadId);
  });
});
