/**
 * React context
 * =============
 * The explorer client and the dispatcher, provided once, so panels call `client.open(id)` or
 * dispatch actions without prop chains.
 */
import { createContext, useContext, type Dispatch } from 'react';
import type { ExplorerClient } from '../host/client';
import type { AppAction } from '../model/app_state';

export interface ExplorerCtx {
  client: ExplorerClient;
  dispatch: Dispatch<AppAction>;
  /** Select a node and move the camera to it. */
  goTo(id: string): void;
  /** Open the node's definition in the editor (VS Code) or say where it is. */
  open(id: string): void;
  /** Show the symbols of the node's file (or module's files), loading them from the host in a partial graph. */
  expand(id: string, path: string | undefined): void;
  /** Ask the host a question about the node (the core queries MCP uses) and highlight the answer. */
  ask(query: 'callers' | 'impact' | 'path', id: string, to?: string): void;
}

export const ExplorerContext = createContext<ExplorerCtx | undefined>(undefined);

export function useExplorer(): ExplorerCtx {
  const ctx = useContext(ExplorerContext);
  if (!ctx) throw new Error('useExplorer: no ExplorerContext.Provider above this component');
  return ctx;
}
