/**
 * Changes
 * =======
 * From a git diff to what it touches (changes) and its review summary (changesMarkdown).
 */
export { changes, changesNodeIds } from './changes';
export type { ChangedDefinition, ChangedFile, ChangeDecision, ChangeDoc, ChangesOptions, ChangesResult, ChangeTest, StaleMention } from './changes';
export { changesMarkdown } from './markdown';
export { GitError } from './git';
