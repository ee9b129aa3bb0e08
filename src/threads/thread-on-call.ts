// A worker thread started on the first question and ended after a quiet spell: work that would
// hold up the event loop or swell its heap (the password checker's dictionaries, the bots'
// look-ahead) runs there, one question at a time, and a process that never asks keeps no thread.
// The worker answers with `answerQuestions` (./answer-questions.ts).

import { Worker } from 'node:worker_threads';

/** A question as it crosses to the thread: the caller's, numbered. */
export type Numbered<Question> = Question & { id: number };

/** What the thread sends back for question `id`: its answer, or why it has none. */
export type Reply<Answer> = { id: number; answer: Answer } | { id: number; error: string };

export class ThreadOnCall<Question extends object, Answer> {
  private worker: Worker | undefined;
  private idle: NodeJS.Timeout | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();

  private readonly script: URL;
  private readonly name: string;
  private readonly idleMs: number;

  constructor(
    /** The worker's module (Node strips its types, under vitest too). */
    script: URL,
    /** What the thread is, for an error's sentence: "the password checker's thread". */
    name: string,
    /** The thread ends once no question has come for this long, and starts again on the next. */
    idleMs = 60_000,
  ) {
    this.script = script;
    this.name = name;
    this.idleMs = idleMs;
  }

  ask(question: Question): Promise<Answer> {
    const thread = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ ...question, id } satisfies Numbered<Question>);
    });
  }

  private started(): Worker {
    clearTimeout(this.idle);
    if (this.worker) return this.worker;
    // None of the service's V8 flags are wanted on the thread.
    const thread = new Worker(this.script, { execArgv: [] });
    thread.on('message', (reply: Reply<Answer>) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.answer);
      if (this.pending.size === 0) this.rest(thread);
    });
    thread.on('error', (error) => this.end(thread, error));
    thread.on('exit', (code) => this.end(thread, new Error(`${this.name} exited (code ${code}).`)));
    this.worker = thread;
    return thread;
  }

  /** Idle: the thread no longer keeps the process alive, and ends after idleMs. */
  private rest(thread: Worker): void {
    thread.unref();
    this.idle = setTimeout(() => {
      if (this.worker === thread) this.worker = undefined; // a question that comes while it ends starts another
      void thread.terminate();
    }, this.idleMs).unref();
  }

  /** The thread is gone (ended idle, or failed): what it still owed fails, and the next question starts another. */
  private end(thread: Worker, error: Error): void {
    if (this.worker !== thread) return;
    this.worker = undefined;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
