/**
 * Sinks
 * =====
 * Where an export streams to: a file or stdout. Text is gathered into chunks of about 64 KB
 * and written with backpressure (a full stream is waited on), so a graph of any size goes out
 * without its whole text ever being in memory.
 */
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';

export interface Sink {
  write(text: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

const CHUNK = 64 * 1024;

/** A sink over a Node stream; `own` closes the stream at the end (a file), stdout stays open. */
export function streamSink(stream: Writable, own: boolean): Sink {
  let pending: string[] = [];
  let size = 0;
  const put = (data: string | Uint8Array): Promise<void> =>
    new Promise((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      stream.once('error', onError);
      const ok = stream.write(data, (err) => {
        if (err) reject(err);
      });
      const done = (): void => {
        stream.off('error', onError);
        resolve();
      };
      if (ok) done();
      else stream.once('drain', done);
    });
  const flush = async (): Promise<void> => {
    if (size === 0) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    await put(text);
  };
  return {
    async write(data) {
      if (typeof data !== 'string') {
        await flush();
        await put(data);
        return;
      }
      pending.push(data);
      size += data.length;
      if (size >= CHUNK) await flush();
    },
    async close() {
      await flush();
      if (!own) return;
      await new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.end(() => resolve());
      });
    },
  };
}

export function fileSink(path: string): Sink {
  return streamSink(createWriteStream(path), true);
}
