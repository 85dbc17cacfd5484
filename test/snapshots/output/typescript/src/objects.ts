// Members of an object literal bound to a module-level name are definitions of their own.
export function helper(): number {
//              ^^^^^^ definition function ts:src/objects:helper
  return 1;
}

export const AppConfig = {
//           ^^^^^^^^^ definition constant ts:src/objects:AppConfig
  validate() {
//^^^^^^^^ definition method ts:src/objects:AppConfig.validate
    helper();
//  ^^^^^^ calls ts:src/objects:helper
    return this.load();
//              ^^^^ calls ts:src/objects:AppConfig.load
  },
  load: () => helper(),
//^^^^ definition method ts:src/objects:AppConfig.load
//            ^^^^^^ calls ts:src/objects:helper
  name: 'config',
};

export const opts = {
//           ^^^^ definition constant ts:src/objects:opts
  connect() {
//^^^^^^^ definition method ts:src/objects:opts.connect
    return AppConfig.validate();
//                   ^^^^^^^^ calls ts:src/objects:AppConfig.validate
  },
} as const;

export function main(): void {
//              ^^^^ definition function ts:src/objects:main
  AppConfig.validate();
//          ^^^^^^^^ calls ts:src/objects:AppConfig.validate
  opts.connect();
//     ^^^^^^^ calls ts:src/objects:opts.connect
  // An object literal in a function stays part of it.
  const local = { go() { helper(); } };
//                       ^^^^^^ calls ts:src/objects:helper
  local.go();
}
