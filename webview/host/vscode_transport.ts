/**
 * VS Code transport
 * =================
 * postMessage to the extension, and the host's messages from the window. acquireVsCodeApi exists
 * only inside a VS Code webview and may be called once.
 */
import type { HostMessage, ViewMessage } from '../../extension/protocol/messages';
import type { Transport } from './client';

interface VsCodeApi {
  postMessage(message: ViewMessage): void;
}

declare global {
  function acquireVsCodeApi(): VsCodeApi;
}

export function inVsCode(): boolean {
  return typeof globalThis.acquireVsCodeApi === 'function';
}

export function vscodeTransport(): Transport {
  const api = acquireVsCodeApi();
  return {
    send: (m) => api.postMessage(m),
    listen: (fn) =>
      window.addEventListener('message', (e: MessageEvent<HostMessage>) => {
        if (typeof e.data === 'object' && e.data !== null && typeof e.data.type === 'string') fn(e.data);
      }),
  };
}
