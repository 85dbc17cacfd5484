/**
 * Scaffold, replaced by its owner: keeps the extension building while the parts are written.
 */
import type { Ctx } from './ctx';

export function registerMcpHost(_ctx: Ctx): void {}
