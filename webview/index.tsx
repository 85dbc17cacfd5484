/**
 * Explorer entry
 * ==============
 * Picks the host (a VS Code webview, else the browser page of `kg-memory serve --ui`), makes the
 * client and mounts the app. Loaded by explorer.html with the CSP nonce.
 */
import { createRoot } from 'react-dom/client';
import { EXPLORER_ROOT_ID } from '../extension/protocol/page';
import { ExplorerClient } from './host/client';
import { httpTransport, takeToken } from './host/http_transport';
import { inVsCode, vscodeTransport } from './host/vscode_transport';
import { App } from './ui/App';
import './styles.css';

const root = document.getElementById(EXPLORER_ROOT_ID);
if (!root) throw new Error(`kg-memory explorer: no #${EXPLORER_ROOT_ID} element in the page`);
const client = new ExplorerClient(inVsCode() ? vscodeTransport() : httpTransport(takeToken()));
createRoot(root).render(<App client={client} />);
