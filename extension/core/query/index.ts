/**
 * Queries
 * =======
 * The one set of read queries behind MCP, the CLI, CodeLens, hover and the explorer.
 * Each is `fn(graph, options)`, validates first, returns plain JSON, throws QueryError.
 */
export { callees, callers } from './calls';
export type { CallItem, CallLevel, CallsOptions, CallsResult } from './calls';
export { fileContext } from './context';
export type { ClassEntry, ContextOptions, ContextResult, DocRefItem, FileItem, LinkItem, NoteItem } from './context';
export { decisionTouches, fileDecisions, governingDecisions, listDecisions, resolveDecision, unresolvedMentions } from './decisions';
export type { ConceptItem, DecisionItem, FileDecisions, GoverningItem, GoverningOptions, GoverningResult, LinkedItem, ListItem, ListOptions, TouchesOptions, TouchesResult, UnresolvedItem } from './decisions';
export { dependencies, dependents } from './deps';
export { docsByWords, docsMentioning, docsSearch, entityLookup, explainEntity } from './docs';
export type { ChunkItem, DocsSearchOptions, DocsSearchResult, EntityItem, EntityLookupOptions, ExplainOptions, ExplainResult, RelationItem, SourceItem } from './docs';
export type { DepItem, DependenciesResult, DependentsResult, DepsOptions } from './deps';
export { compareCandidates, describe, describeAttrs, kindRank, locOf } from './describe';
export type { DescribeOptions, Item } from './describe';
export { AmbiguousError, InvalidArgumentError, NotFoundError, QueryError } from './errors';
export type { QueryErrorCode, QueryErrorJSON } from './errors';
export { impact } from './impact';
export type { ImpactItem, ImpactOptions, ImpactResult } from './impact';
export { cut } from './options';
export type { Direction, Page } from './options';
export { shortestPath } from './path';
export type { PathOptions, PathResult, PathStep } from './path';
export { neighbors } from './relate';
export type { NeighborItem, NeighborsOptions, NeighborsResult } from './relate';
export { search } from './search';
export type { MatchTier, SearchItem, SearchOptions, SearchResult } from './search';
export { detail, findSymbol, source } from './symbols';
export type { FindSymbolOptions, FindSymbolResult, SourceOptions, SourceReader, SourceResult, SymbolDetail } from './symbols';
export { status } from './status';
export type { StatusResult, WorkspaceInfo } from './status';
export { matchTarget, resolveTarget, suggest } from './target';
export type { Matches, MatchedBy, TargetOptions } from './target';
export { testsFor } from './tests';
export type { TestHow, TestItem, TestsOptions, TestsResult } from './tests';
