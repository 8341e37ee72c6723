/** Claude's question (ask_user) waiting for the person's answer while its turn pauses. */
export class PendingQuestion {
  /** The call waiting for an answer, or null. */
  callId = $state<string | null>(null);
  #resolve: ((answer: string) => void) | null = null;

  /** Resolves with the person's answer; rejects when `signal` aborts (Stop, another session). */
  wait(callId: string, signal: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new Error('Stopped before an answer.'));
      this.callId = callId;
      this.#resolve = resolve;
      signal.addEventListener(
        'abort',
        () => {
          if (this.callId === callId) this.#clear();
          reject(new Error('Stopped before an answer.'));
        },
        { once: true },
      );
    });
  }

  /** Hands the answer to the turn waiting for it; false when none waits for this call. */
  answer(callId: string, answer: string): boolean {
    const resolve = this.#resolve;
    if (this.callId !== callId || !resolve) return false;
    this.#clear();
    resolve(answer);
    return true;
  }

  #clear(): void {
    this.callId = null;
    this.#resolve = null;
  }
}
