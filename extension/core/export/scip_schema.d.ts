/**
 * The SCIP schema, as Sourcegraph publishes it
 * ============================================
 * `@sourcegraph/scip-typescript` ships the bindings protoc-gen-ts generated from scip.proto,
 * on the google-protobuf runtime, as JavaScript without declarations; these are the parts
 * of it the exporter and its checks use, typed as the generated source (src/scip.ts) declares them.
 */
declare module '@sourcegraph/scip-typescript/dist/src/scip.js' {
  export namespace scip {
    enum SymbolRole { UnspecifiedSymbolRole = 0, Definition = 1, Import = 2, WriteAccess = 4, ReadAccess = 8, Generated = 16, Test = 32, ForwardDefinition = 64 }
    enum ProtocolVersion { UnspecifiedProtocolVersion = 0 }
    enum TextEncoding { UnspecifiedTextEncoding = 0, UTF8 = 1, UTF16 = 2 }
    class Message {
      serializeBinary(): Uint8Array;
    }
    class ToolInfo extends Message {
      constructor(data?: { name?: string; version?: string; arguments?: string[] });
      name: string;
    }
    class Metadata extends Message {
      constructor(data?: { version?: ProtocolVersion; tool_info?: ToolInfo; project_root?: string; text_document_encoding?: TextEncoding });
      tool_info: ToolInfo;
      project_root: string;
    }
    class Relationship extends Message {
      constructor(data?: { symbol?: string; is_reference?: boolean; is_implementation?: boolean; is_type_definition?: boolean; is_definition?: boolean });
      symbol: string;
      is_implementation: boolean;
      is_reference: boolean;
      is_type_definition: boolean;
    }
    namespace SymbolInformation {
      enum Kind { UnspecifiedKind = 0, Class = 7, Constant = 8, Enum = 11, Field = 15, Function = 17, Interface = 21, Method = 26, Module = 29, Property = 41, TypeAlias = 55, Variable = 61 }
    }
    class SymbolInformation extends Message {
      constructor(data?: { symbol?: string; documentation?: string[]; relationships?: Relationship[]; kind?: SymbolInformation.Kind; display_name?: string; enclosing_symbol?: string });
      symbol: string;
      documentation: string[];
      relationships: Relationship[];
      kind: SymbolInformation.Kind;
      display_name: string;
      enclosing_symbol: string;
    }
    class Occurrence extends Message {
      constructor(data?: { range?: number[]; symbol?: string; symbol_roles?: number; enclosing_range?: number[] });
      range: number[];
      symbol: string;
      symbol_roles: number;
      enclosing_range: number[];
    }
    class Document extends Message {
      constructor(data?: { language?: string; relative_path?: string; occurrences?: Occurrence[]; symbols?: SymbolInformation[] });
      language: string;
      relative_path: string;
      occurrences: Occurrence[];
      symbols: SymbolInformation[];
    }
    class Index extends Message {
      constructor(data?: { metadata?: Metadata; documents?: Document[]; external_symbols?: SymbolInformation[] });
      static deserializeBinary(bytes: Uint8Array): Index;
      metadata: Metadata;
      documents: Document[];
      external_symbols: SymbolInformation[];
    }
  }
}
