import { Semaphore } from 'async-mutex';

/**
 * Characters of long rich text (events read whole because their texts are longer than a list row carries) that may be
 * in renders at once, across all requests. Each such character is held about four times while its answer is made (the
 * row's text, the JSON text, its UTF-8 bytes, the connection's buffer), so this keeps renders of very large answers to
 * a few tens of MB of heap whatever the number of readers; a render over budget waits its turn (first come, first
 * served), and one larger than the whole budget runs alone.
 */
const RENDER_TEXT_BUDGET_CHARS = 8 * 1024 * 1024;

/** The shared budget of long text being rendered (`RENDER_TEXT_BUDGET_CHARS`): one per process. */
export class RenderBudget {
  private readonly semaphore: Semaphore;

  constructor(private readonly capacity = RENDER_TEXT_BUDGET_CHARS) {
    this.semaphore = new Semaphore(capacity);
  }

  /** Waits until `chars` fit in the budget and takes them; call the returned function once to give them back. */
  async take(chars: number): Promise<() => void> {
    const [, release] = await this.semaphore.acquire(Math.min(Math.max(1, Math.ceil(chars)), this.capacity));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  }
}
