/**
 * A grounded answer, as it arrives
 * ================================
 * A chat shows the answer while the model writes it, yet a claim the graph does not support must
 * not be shown. So nothing is released until the text cites something the context holds; from
 * then on it goes out a complete line at a time with unsupported citations taken out, and it
 * stops at the Sources heading (the checked sources are listed by the caller). An answer that
 * never cites the context is never released: the caller says "The graph does not say." instead.
 */
import type { ContextItem } from './ask';
import { answerBody, citesContext, stripUnsupported } from './citations';

export class GroundedStream {
  private text = '';
  /** How much of the body has gone out. */
  private released = 0;
  private grounded = false;

  constructor(
    private readonly items: readonly ContextItem[],
    private readonly emit: (markdown: string) => void,
  ) {}

  push(delta: string): void {
    this.text += delta;
    this.release(false);
  }

  /**
   * The reply is complete (`full` is all of it, for providers that did not stream) and was
   * checked. Releases what is left when it is grounded; says whether anything went out.
   */
  end(full: string, grounded: boolean): boolean {
    if (full.length > this.text.length) this.text = full;
    if (grounded) this.release(true);
    return this.released > 0;
  }

  private release(final: boolean): void {
    const body = answerBody(this.text);
    if (!this.grounded) {
      if (/the graph does not say/i.test(this.text) || !citesContext(body, this.items)) return;
      this.grounded = true;
    }
    const upto = final ? body.length : body.lastIndexOf('\n') + 1;
    if (upto <= this.released) return;
    const part = stripUnsupported(body.slice(this.released, upto), this.items);
    this.released = upto;
    if (part.trim() !== '' || part.includes('\n')) this.emit(final ? part.trimEnd() : part);
  }
}
