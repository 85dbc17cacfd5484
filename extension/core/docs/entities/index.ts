/**
 * Docs entities and relations
 * ===========================
 * Pattern-first: the code graph as gazetteer, regex patterns, corpus-mined terms; linking by
 * string similarity, type prior, context and popularity; relations from sentence patterns and
 * document structure; an incremental index over it all.
 */
export * from './chunk';
export * from './entity_index';
export * from './fuzzy_names';
export * from './gazetteer';
export * from './link';
export * from './mentions';
export * from './merge';
export * from './ngrams';
export * from './patterns';
export * from './relations';
export * from './structure';
export * from './words';
